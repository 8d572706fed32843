import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Loader2, Save } from "lucide-react";
import { useEffect, useState, type ChangeEvent } from "react";
import type { FetcherWithComponents } from "react-router";
import { ErrorList, Field, TextareaField, useAppForm } from "~/components/forms";
import { Img } from "~/components/ui/Img";
import { BLOG_CONTENT_MAX, BLOG_IMAGE_TYPES, BLOG_TITLE_MAX, blogFormSchema, blogImageSchema } from "~/lib/blog-form";
import type { AdminBlogResult } from "~/lib/admin-blog";

export const BLOG_ADMIN_LABELS = {
  create: "enregistrer Blog",
  update: "Modifier le Blog",
} as const;

const ACCEPT = BLOG_IMAGE_TYPES.join(",");

/** The post being edited (null: a new post). */
export interface EditedPost {
  id: number;
  title: string;
  content: string;
  image_url: string | null;
  title_ar: string | null;
  content_ar: string | null;
}

/**
 * The create/edit form of the staff blog screen (docs/product.md, "Staff: blog"): one schema
 * (app/lib/blog-form.ts) checked in the browser and by the action, French errors beside the
 * fields, the typed text kept after a refusal. The picture is sent as a file (multipart) and
 * checked again on the server, whose errors come back beside the image field.
 */
export function BlogEditor({
  id,
  post,
  lastResult,
  fetcher,
}: {
  id: string;
  post: EditedPost | null;
  lastResult: SubmissionResult<string[]> | undefined;
  fetcher: FetcherWithComponents<AdminBlogResult>;
}) {
  const [form, fields] = useAppForm({
    id,
    schema: blogFormSchema,
    lastResult,
    defaultValue: post ? { title: post.title, content: post.content, title_ar: post.title_ar ?? "", content_ar: post.content_ar ?? "" } : undefined,
  });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  // a chosen file is checked at once (size, type); a fitting one is previewed
  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    setPreview(file && blogImageSchema.safeParse(file).success ? URL.createObjectURL(file) : null);
    form.validate({ name: fields.image.name });
  }

  const busy = fetcher.state === "submitting";
  // a post with a picture waits for the server's image queue (one upload at a time)
  const sent = fetcher.formData?.get("image");
  const withPicture = typeof sent === "object" && sent !== null && sent.size > 0;
  const hintId = `${id}-image-hint`;
  const { key: imageKey, ...imageProps } = getInputProps(fields.image, { type: "file", ariaDescribedBy: hintId });
  const { key: removeKey, ...removeProps } = getInputProps(fields.remove_image, { type: "checkbox" });

  return (
    <fetcher.Form
      {...getFormProps(form)}
      method="post"
      action="/admin/blog"
      encType="multipart/form-data"
      className="scroll-mt-28 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8"
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold text-navy-900">
        {post ? "Modifier l'article" : "Nouvel article"}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Les champs marqués * sont obligatoires. Le contenu est publié tel quel : chaque retour à la ligne commence un nouveau paragraphe.</p>
      <input type="hidden" name="intent" value={post ? "update" : "create"} />
      {post && <input type="hidden" name="id" value={post.id} />}

      <div className="mt-6 grid gap-6">
        {/* the star is part of the label's text, as the screen always showed it */}
        <Field meta={fields.title} label="Titre *" maxLength={BLOG_TITLE_MAX} autoFocus />
        <TextareaField meta={fields.content} label="Contenu *" rows={12} maxLength={BLOG_CONTENT_MAX} textareaClassName="field-input min-h-56 leading-relaxed" />

        {/* the Arabic version (/ar/blog): optional; without it the Arabic blog links to the French article */}
        <fieldset className="rounded-xl border border-slate-200 p-4 md:p-5">
          <legend className="px-1 text-sm font-semibold text-slate-700">En arabe (facultatif)</legend>
          <p className="text-sm text-slate-600">
            Remplissez les deux champs pour publier l'article sur le blog en arabe. Laissés vides, le blog en arabe indique que l'article n'existe qu'en français.
          </p>
          <div className="mt-4 grid gap-6">
            <Field meta={fields.title_ar} label="Titre en arabe" maxLength={BLOG_TITLE_MAX} dir="rtl" lang="ar" />
            <TextareaField meta={fields.content_ar} label="Texte en arabe" rows={12} maxLength={BLOG_CONTENT_MAX} dir="rtl" lang="ar" textareaClassName="field-input min-h-56 leading-relaxed" />
          </div>
        </fieldset>

        <fieldset className="rounded-xl border border-slate-200 p-4 md:p-5">
          <legend className="px-1 text-sm font-semibold text-slate-700">Image (facultative)</legend>
          <p id={hintId} className="text-sm text-slate-600">
            Un fichier JPEG, PNG, WebP, GIF ou AVIF de 5 Mo au plus (redimensionné automatiquement), ou l'adresse https:// d'une image en ligne. Sans image, une
            illustration neutre est affichée.
          </p>
          {post?.image_url && (
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <Img src={post.image_url} alt="Image actuelle de l'article" width={160} height={100} className="h-20 w-32 rounded-lg object-cover ring-1 ring-slate-200" />
              <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-700">
                <input key={removeKey} {...removeProps} className="h-4 w-4 accent-red-700" />
                Retirer l'image actuelle
              </label>
            </div>
          )}
          <div className="mt-4 grid gap-5 md:grid-cols-2">
            <div>
              <label htmlFor={fields.image.id} className="field-label">
                {post?.image_url ? "Remplacer par un fichier" : "Fichier image"}
              </label>
              <input
                key={imageKey}
                {...imageProps}
                accept={ACCEPT}
                onChange={onFile}
                className="block w-full text-sm text-slate-700 file:me-3 file:inline-flex file:min-h-10 file:cursor-pointer file:rounded-full file:border-0 file:bg-teal-50 file:px-4 file:font-semibold file:text-teal-800 hover:file:bg-teal-100"
              />
              <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
              {preview && (
                <img src={preview} alt="Aperçu de l'image choisie" width={320} height={200} className="mt-3 h-32 w-52 rounded-lg object-cover ring-1 ring-slate-200" />
              )}
            </div>
            <Field meta={fields.image_url} type="url" label="ou adresse de l'image" inputMode="url" placeholder="https://…" />
          </div>
        </fieldset>
      </div>

      <div className="mt-8 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Save aria-hidden className="h-4 w-4" />}
          {post ? BLOG_ADMIN_LABELS.update : BLOG_ADMIN_LABELS.create}
        </button>
        {busy && (
          <span role="status" className="text-sm text-slate-600">
            {withPicture ? "Traitement en cours…" : "Enregistrement en cours…"}
          </span>
        )}
      </div>
    </fetcher.Form>
  );
}
