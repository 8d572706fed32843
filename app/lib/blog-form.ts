import { z } from "~/lib/zod";
import { multiLine, optionalText, requiredText } from "./rules";

/**
 * The staff blog form (docs/product.md, "Staff: blog"): title and content required, an optional
 * picture sent as a file or given as an https address. One schema, run by the browser before
 * posting and by the action every time.
 */
export const BLOG_TITLE_MAX = 200;
export const BLOG_CONTENT_MAX = 50_000;
export const BLOG_IMAGE_URL_MAX = 2000;

/**
 * The picture's own limits. The browser checks the declared size and type before sending; the
 * server (app/.server/uploads.ts) checks the bytes again with the same values.
 */
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;

export const BLOG_FORM_MESSAGES = {
  titleRequired: "Le titre est obligatoire.",
  titleTooLong: `Le titre ne doit pas dépasser ${BLOG_TITLE_MAX} caractères.`,
  contentRequired: "Le contenu est obligatoire.",
  contentTooLong: "Le contenu ne doit pas dépasser 50 000 caractères.",
  titleArTooLong: `Le titre en arabe ne doit pas dépasser ${BLOG_TITLE_MAX} caractères.`,
  contentArTooLong: "Le texte en arabe ne doit pas dépasser 50 000 caractères.",
  titleArMissing: "Le titre en arabe est obligatoire quand le texte en arabe est rempli.",
  contentArMissing: "Le texte en arabe est obligatoire quand le titre en arabe est rempli.",
  imageUrlInvalid: "L'adresse de l'image doit être un lien complet commençant par https://",
  imageUrlTooLong: "L'adresse de l'image est trop longue.",
  imageBoth: "Choisissez soit un fichier, soit une adresse d'image, pas les deux.",
  imageTooLarge: "L'image dépasse 5 Mo. Choisissez une image plus légère.",
  imageBadType: "Format d'image non accepté : choisissez une image JPEG, PNG, WebP, GIF ou AVIF.",
} as const;

export function isHttpsUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "https:" && Boolean(u.hostname) && !u.username && !u.password;
  } catch {
    return false;
  }
}

const M = BLOG_FORM_MESSAGES;

/** A chosen file: at most 5 MB, of an accepted type when the browser names one. */
export const blogImageSchema = z
  .file()
  .max(BLOG_IMAGE_MAX_BYTES, { error: M.imageTooLarge })
  .refine((f) => !f.type || (BLOG_IMAGE_TYPES as readonly string[]).includes(f.type), { error: M.imageBadType });

export const blogFormSchema = z
  .object({
    title: requiredText({ missing: M.titleRequired, max: BLOG_TITLE_MAX, tooLong: M.titleTooLong }),
    // line breaks as the browser sends them (\r\n) count once
    content: multiLine({ error: M.contentRequired })
      .transform((v) => v.replace(/\r\n?/g, "\n"))
      .pipe(requiredText({ missing: M.contentRequired, max: BLOG_CONTENT_MAX, tooLong: M.contentTooLong, multiline: true })),
    // the Arabic version ('En arabe'): optional, both or neither, the French limits
    title_ar: optionalText({ max: BLOG_TITLE_MAX, tooLong: M.titleArTooLong }),
    content_ar: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v),
      optionalText({ max: BLOG_CONTENT_MAX, tooLong: M.contentArTooLong, multiline: true }),
    ),
    image_url: optionalText({ max: BLOG_IMAGE_URL_MAX, tooLong: M.imageUrlTooLong }).refine((v) => v === null || isHttpsUrl(v), { error: M.imageUrlInvalid }),
    image: blogImageSchema.optional(),
    remove_image: z.boolean().optional(),
  })
  .refine((v) => !(v.image && v.image_url), { error: M.imageBoth, path: ["image_url"] })
  .refine((v) => !(v.content_ar && !v.title_ar), { error: M.titleArMissing, path: ["title_ar"] })
  .refine((v) => !(v.title_ar && !v.content_ar), { error: M.contentArMissing, path: ["content_ar"] });

export type BlogFormValue = z.output<typeof blogFormSchema>;
