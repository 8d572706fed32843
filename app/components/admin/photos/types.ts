import type { SubmissionResult } from "@conform-to/react";
import type { MediaRef } from "~/lib/media";
import type { Toast } from "~/lib/toast";

/** The forms of /admin/photos (docs/product.md, "Staff: photos"). */
export type PhotoIntent = "upload" | "alt" | "remove";

/** The action's typed answer: which slot and form it is about, Conform's reply, the toast. */
export interface PhotoActionResult {
  intent: PhotoIntent | null;
  slot: string | null;
  ok: boolean;
  reply?: SubmissionResult<string[]>;
  toast?: Toast;
  /** the refusal of a form without fields (the removal), in French */
  message?: string;
}

/** A slot's current photo as the screen shows it. */
export interface SlotPhotoView {
  photo: MediaRef & { alt: string; altAr: string | null };
  updatedAt: string;
}

export const PHOTO_TEXTS = {
  title: "Photos du site",
  intro:
    "Chaque emplacement du site public montre un dessin tant que la clinique n'y a pas mis sa propre photo. Une photo envoyée est vérifiée, recadrée pour chaque taille d'écran et publiée tout de suite ; la retirer remet le dessin.",
  uploaded: "Photo enregistrée : elle est en ligne.",
  altSaved: "Texte alternatif enregistré.",
  removed: "Photo retirée : le dessin est de retour sur la page.",
  storeFailed: "La photo n'a pas pu être enregistrée : la base de données n'a pas répondu. Réessayez dans un instant.",
  saveFailed: "Rien n'a été enregistré : la base de données n'a pas répondu. Réessayez dans un instant.",
  unknownSlot: "Cet emplacement n'existe plus sur le site. Rechargez la page.",
  alreadyRemoved: "Cet emplacement n'a plus de photo : elle a déjà été retirée.",
  unexpected: "Requête invalide : rien n'a été enregistré. Rechargez la page et réessayez.",
} as const;
