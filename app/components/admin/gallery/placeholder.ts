import { PLACEHOLDER_SRC } from "~/components/ui/Img";
import type { Drawing } from "~/components/ui/Photo";

/** Shown where a case's photo is gone (deleted after a withdrawal): the site's neutral placeholder. */
export const PLACEHOLDER_DRAWING: Drawing = { src: PLACEHOLDER_SRC, alt: "Photo supprimée", width: 800, height: 600 };
