import { z } from "zod";

/** The staff blog form (SPEC §5: title and content required), checked by the action every time. */
export const BLOG_TITLE_MAX = 200;
export const BLOG_CONTENT_MAX = 50_000;
export const BLOG_IMAGE_URL_MAX = 2000;

export const BLOG_FORM_MESSAGES = {
  titleRequired: "Le titre est obligatoire.",
  titleTooLong: `Le titre ne doit pas dépasser ${BLOG_TITLE_MAX} caractères.`,
  contentRequired: "Le contenu est obligatoire.",
  contentTooLong: "Le contenu ne doit pas dépasser 50 000 caractères.",
  imageUrlInvalid: "L'adresse de l'image doit être un lien complet commençant par https://",
  imageUrlTooLong: "L'adresse de l'image est trop longue.",
  imageBoth: "Choisissez soit un fichier, soit une adresse d'image, pas les deux.",
} as const;

export function isHttpsUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "https:" && Boolean(u.hostname) && !u.username && !u.password;
  } catch {
    return false;
  }
}

export const blogFormSchema = z.object({
  title: z.string().trim().min(1, BLOG_FORM_MESSAGES.titleRequired).max(BLOG_TITLE_MAX, BLOG_FORM_MESSAGES.titleTooLong),
  content: z
    .string()
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, BLOG_FORM_MESSAGES.contentRequired).max(BLOG_CONTENT_MAX, BLOG_FORM_MESSAGES.contentTooLong)),
  image_url: z
    .string()
    .trim()
    .max(BLOG_IMAGE_URL_MAX, BLOG_FORM_MESSAGES.imageUrlTooLong)
    .refine((v) => v === "" || isHttpsUrl(v), BLOG_FORM_MESSAGES.imageUrlInvalid),
});

export type BlogFormField = "title" | "content" | "image" | "image_url";
export type BlogFormErrors = Partial<Record<BlogFormField, string>>;

export interface BlogFormValues {
  title: string;
  content: string;
  image_url: string;
}

/** Validate the text fields; the first message of each field, in French. */
export function parseBlogForm(input: Record<keyof BlogFormValues, unknown>):
  | { ok: true; value: z.output<typeof blogFormSchema> }
  | { ok: false; errors: BlogFormErrors } {
  const result = blogFormSchema.safeParse({
    title: typeof input.title === "string" ? input.title : "",
    content: typeof input.content === "string" ? input.content : "",
    image_url: typeof input.image_url === "string" ? input.image_url : "",
  });
  if (result.success) return { ok: true, value: result.data };
  const errors: BlogFormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as BlogFormField;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
