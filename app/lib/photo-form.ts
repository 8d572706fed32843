import { z } from "~/lib/zod";
import { ALT_MAX_LENGTH, PHOTO_MAX_BYTES, PHOTO_TYPES } from "./media";
import { optionalText, requiredText, singleLine } from "./rules";

/**
 * The forms of /admin/photos (docs/product.md, "Staff: photos"): put a photo in a slot (file and
 * alt text), change the alt text, remove the photo. One schema per form, run by the browser
 * before posting and by the action every time; the server checks the file's bytes again
 * (app/.server/media.ts).
 */
export const PHOTO_FORM_MESSAGES = {
  altMissing: "Écrivez le texte alternatif : décrivez la photo en quelques mots (il est lu aux personnes malvoyantes).",
  altTooLong: `Le texte alternatif ne doit pas dépasser ${ALT_MAX_LENGTH} caractères.`,
  altArTooLong: `Le texte alternatif en arabe ne doit pas dépasser ${ALT_MAX_LENGTH} caractères.`,
  photoMissing: "Choisissez une photo.",
  photoTooLarge: "La photo dépasse 12 Mo. Choisissez une photo plus légère.",
  photoBadType: "Format de photo non accepté : choisissez une photo JPEG, PNG, WebP ou AVIF.",
} as const;

const M = PHOTO_FORM_MESSAGES;

/** A slot key as posted; the action checks it against app/lib/photo-slot-list.ts. */
const slot = singleLine().trim().min(1).max(100);

export const photoAltField = requiredText({ missing: M.altMissing, max: ALT_MAX_LENGTH, tooLong: M.altTooLong });
/** The Arabic alternative text, read on the Arabic pages (optional: without it they read the drawing's Arabic description). */
export const photoAltArField = optionalText({ max: ALT_MAX_LENGTH, tooLong: M.altArTooLong });

/**
 * A chosen photo: at most 12 MB, of an accepted type when the browser names one (the server
 * checks the bytes). The one rule of every photo form (this one, the gallery's cases); `missing`
 * is the message when no file is sent.
 */
export function photoFile(missing?: string) {
  return z
    .file(missing === undefined ? undefined : { error: missing })
    .max(PHOTO_MAX_BYTES, { error: M.photoTooLarge })
    .refine((f) => !f.type || (PHOTO_TYPES as readonly string[]).includes(f.type), { error: M.photoBadType });
}

/** The photo of a slot. */
export const photoFileSchema = photoFile(M.photoMissing);

export const photoUploadSchema = z.object({ slot, alt: photoAltField, altAr: photoAltArField, photo: photoFileSchema });
export const photoAltSchema = z.object({ slot, alt: photoAltField, altAr: photoAltArField });
export const photoRemoveSchema = z.object({ slot });

export const PHOTO_ACCEPT = PHOTO_TYPES.join(",");
