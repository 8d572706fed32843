import { Loader2, Save } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { Form } from "react-router";
import { Img } from "~/components/ui/Img";
import { BLOG_CONTENT_MAX, BLOG_TITLE_MAX, type BlogFormErrors } from "~/lib/blog-form";

export const BLOG_ADMIN_LABELS = {
  create: "enregistrer Blog",
  update: "Modifier le Blog",
} as const;

/** Mirrors the server's limits (app/.server/uploads.ts) so a too-large file is refused before it is sent. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const CLIENT_MESSAGES = {
  tooLarge: "L'image dépasse 5 Mo. Choisissez une image plus légère.",
  badType: "Format d'image non accepté : choisissez une image JPEG, PNG, WebP, GIF ou AVIF.",
};

export interface EditorValues {
  title: string;
  content: string;
  image_url: string;
  remove_image: boolean;
}

/**
 * The create/edit form of the staff blog screen. Fields are uncontrolled, so what the person
 * typed stays in place when the server answers with errors; `errors` are shown next to each
 * field and the first one receives the focus.
 */
export function BlogEditor({
  id,
  editing,
  defaults,
  currentImage,
  errors,
  errorsKey,
  busy,
}: {
  id: string;
  editing: { id: number } | null;
  defaults: EditorValues;
  currentImage: string | null;
  errors: BlogFormErrors | undefined;
  /** changes with every server answer, so the focus moves to the first error again */
  errorsKey: unknown;
  busy: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  // open: focus the title; after a refused submit: focus the first field in error
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const order = ["title", "content", "image", "image_url"] as const;
    const first = errors ? order.find((k) => errors[k]) : undefined;
    const target = form.elements.namedItem(first ?? "title");
    if (target instanceof HTMLElement) target.focus();
  }, [errors, errorsKey]);

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setPreview(null);
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setFileError(CLIENT_MESSAGES.tooLarge);
      e.target.value = "";
      return;
    }
    if (file.type && !ACCEPT.split(",").includes(file.type)) {
      setFileError(CLIENT_MESSAGES.badType);
      e.target.value = "";
      return;
    }
    setPreview(URL.createObjectURL(file));
  }

  const err = (k: keyof BlogFormErrors) => errors?.[k];
  const imageError = fileError ?? err("image");
  const f = (name: string) => `${uid}-${name}`;

  return (
    <Form
      ref={formRef}
      id={id}
      method="post"
      action="/admin/blog"
      encType="multipart/form-data"
      noValidate
      className="scroll-mt-28 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="font-serif text-2xl font-bold text-navy-900">
        {editing ? "Modifier l'article" : "Nouvel article"}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Les champs marqués * sont obligatoires. Le contenu est publié tel quel : chaque retour à la ligne commence un nouveau paragraphe.</p>
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing && <input type="hidden" name="id" value={editing.id} />}

      <div className="mt-6 grid gap-6">
        <div>
          <label htmlFor={f("title")} className="field-label">
            Titre *
          </label>
          <input
            id={f("title")}
            name="title"
            type="text"
            required
            maxLength={BLOG_TITLE_MAX}
            defaultValue={defaults.title}
            aria-invalid={err("title") ? true : undefined}
            aria-describedby={err("title") ? f("title-error") : undefined}
            className="field-input"
          />
          {err("title") && (
            <p id={f("title-error")} className="field-error">
              {err("title")}
            </p>
          )}
        </div>

        <div>
          <label htmlFor={f("content")} className="field-label">
            Contenu *
          </label>
          <textarea
            id={f("content")}
            name="content"
            required
            rows={12}
            maxLength={BLOG_CONTENT_MAX}
            defaultValue={defaults.content}
            aria-invalid={err("content") ? true : undefined}
            aria-describedby={err("content") ? f("content-error") : undefined}
            className="field-input min-h-56 leading-relaxed"
          />
          {err("content") && (
            <p id={f("content-error")} className="field-error">
              {err("content")}
            </p>
          )}
        </div>

        <fieldset className="rounded-xl border border-slate-200 p-4 md:p-5">
          <legend className="px-1 text-sm font-semibold text-slate-700">Image (facultative)</legend>
          <p id={f("image-hint")} className="text-sm text-slate-600">
            Un fichier JPEG, PNG, WebP, GIF ou AVIF de 5 Mo au plus (redimensionné automatiquement), ou l'adresse https:// d'une image en ligne. Sans image, une
            illustration neutre est affichée.
          </p>
          {currentImage && (
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <Img src={currentImage} alt="Image actuelle de l'article" width={160} height={100} className="h-20 w-32 rounded-lg object-cover ring-1 ring-slate-200" />
              <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-700">
                <input type="checkbox" name="remove_image" defaultChecked={defaults.remove_image} className="h-4 w-4 accent-red-700" />
                Retirer l'image actuelle
              </label>
            </div>
          )}
          <div className="mt-4 grid gap-5 md:grid-cols-2">
            <div>
              <label htmlFor={f("image")} className="field-label">
                {currentImage ? "Remplacer par un fichier" : "Fichier image"}
              </label>
              <input
                id={f("image")}
                name="image"
                type="file"
                accept={ACCEPT}
                onChange={onFile}
                aria-invalid={imageError ? true : undefined}
                aria-describedby={`${f("image-hint")}${imageError ? ` ${f("image-error")}` : ""}`}
                className="block w-full text-sm text-slate-700 file:mr-3 file:inline-flex file:min-h-10 file:cursor-pointer file:rounded-full file:border-0 file:bg-teal-50 file:px-4 file:font-semibold file:text-teal-800 hover:file:bg-teal-100"
              />
              {imageError && (
                <p id={f("image-error")} className="field-error">
                  {imageError}
                </p>
              )}
              {preview && (
                <img src={preview} alt="Aperçu de l'image choisie" width={320} height={200} className="mt-3 h-32 w-52 rounded-lg object-cover ring-1 ring-slate-200" />
              )}
            </div>
            <div>
              <label htmlFor={f("image_url")} className="field-label">
                ou adresse de l'image
              </label>
              <input
                id={f("image_url")}
                name="image_url"
                type="url"
                inputMode="url"
                placeholder="https://…"
                defaultValue={defaults.image_url}
                aria-invalid={err("image_url") ? true : undefined}
                aria-describedby={err("image_url") ? f("image_url-error") : undefined}
                className="field-input"
              />
              {err("image_url") && (
                <p id={f("image_url-error")} className="field-error">
                  {err("image_url")}
                </p>
              )}
            </div>
          </div>
        </fieldset>
      </div>

      <div className="mt-8 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Save aria-hidden className="h-4 w-4" />}
          {editing ? BLOG_ADMIN_LABELS.update : BLOG_ADMIN_LABELS.create}
        </button>
        {busy && (
          <span role="status" className="text-sm text-slate-600">
            Enregistrement en cours…
          </span>
        )}
      </div>
    </Form>
  );
}
