/**
 * What 'Galerie et avis' receives (type-only imports from the server: nothing of it reaches the
 * browser bundle). The action's answer and intents: ~/lib/gallery-form.
 */
import type { GalleryCase } from "~/.server/repos/gallery";
import type { Review } from "~/.server/repos/reviews";

export type { GalleryCase, Review };
