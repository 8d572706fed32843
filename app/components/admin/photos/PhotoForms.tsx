import { getFormProps, getInputProps } from "@conform-to/react";
import { ChevronDown, ImageUp, Loader2, Pencil, Trash2 } from "~/components/admin/icons";
import { useEffect, useState, type ChangeEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { ErrorList, Field, FormErrors, useAppForm } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { Alert } from "~/components/ui/Alert";
import { ALT_MAX_LENGTH } from "~/lib/media";
import { PHOTO_ACCEPT, photoAltSchema, photoFileSchema, photoUploadSchema } from "~/lib/photo-form";
import type { PhotoActionResult, PhotoIntent } from "./types";

/**
 * One form of a slot's card: its own fetcher (so that each card keeps its answer while the list
 * is read again), its answer (the fetcher's, or the page's action data when posted without
 * JavaScript), the toast of a success, and Conform's last result once the fetcher is idle.
 */
export function usePhotoForm(intent: PhotoIntent, slot: string, actionData: PhotoActionResult | undefined) {
  const fetcher = useFetcher<PhotoActionResult>({ key: `${intent}:${slot}` });
  const answer = fetcher.data ?? (actionData?.intent === intent && actionData.slot === slot ? actionData : undefined);
  useToast(answer?.toast);
  return { fetcher, answer, busy: fetcher.state !== "idle", lastResult: fetcher.state === "idle" ? answer?.reply : undefined };
}

const domId = (prefix: string, slot: string) => `${prefix}-${slot.replace(/[^a-z0-9-]/gi, "-")}`;

const ALT_HINT = `En français, ce que montre la photo (${ALT_MAX_LENGTH} caractères au plus), par exemple « Le docteur explique un plan de traitement à une patiente ». Il est lu aux personnes malvoyantes et aux moteurs de recherche.`;
const ALT_AR_HINT = "Le même texte en arabe, lu sur les pages en arabe. Sans lui, elles lisent la description du dessin de cet emplacement, jamais le texte français.";

/** 'Texte alternatif en arabe': optional, typed right to left. */
function AltArField({ meta }: { meta: Parameters<typeof Field>[0]["meta"] }) {
  return <Field meta={meta} label="Texte alternatif en arabe" optional hint={ALT_AR_HINT} maxLength={ALT_MAX_LENGTH} dir="rtl" lang="ar" />;
}

/**
 * 'Mettre une photo' / 'Remplacer la photo': the file and its alt text, both required, behind a
 * disclosure titled so (a <details>: it opens without JavaScript), with `children` above the form.
 * A refused upload keeps it open; a stored photo closes it.
 */
export function UploadPhotoForm({ slot, hasPhoto, actionData, children }: { slot: string; hasPhoto: boolean; actionData?: PhotoActionResult; children?: ReactNode }) {
  const { fetcher, answer, busy, lastResult } = usePhotoForm("upload", slot, actionData);
  const [open, setOpen] = useState(answer !== undefined && !answer.ok);
  const id = domId("photo", slot);
  const [form, fields] = useAppForm({ id, schema: photoUploadSchema, lastResult });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  // a stored photo empties the form (and its preview)
  useEffect(() => {
    if (!answer?.ok) return;
    setPreview(null);
    setOpen(false);
  }, [answer]);

  // a chosen file is checked at once (size, type); a fitting one is previewed
  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    setPreview(file && photoFileSchema.safeParse(file).success ? URL.createObjectURL(file) : null);
    form.validate({ name: fields.photo.name });
  }

  const hintId = `${id}-file-hint`;
  const { key: fileKey, ...fileProps } = getInputProps(fields.photo, { type: "file", ariaDescribedBy: hintId });
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group/upload">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-lg text-teal-800 hover:text-teal-900 [&::-webkit-details-marker]:hidden">
        <h4 className="font-sans text-xs font-semibold uppercase tracking-wider">{hasPhoto ? "Remplacer la photo" : "Mettre une photo"}</h4>
        <ChevronDown aria-hidden className="h-4 w-4 shrink-0 transition-transform group-open/upload:rotate-180" />
      </summary>
      <div className="space-y-3 pb-1 pt-1">
        {children}
        <fetcher.Form {...getFormProps(form)} method="post" action="/admin/photos" encType="multipart/form-data" className="space-y-4">
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="slot" value={slot} />
          <div>
            <label htmlFor={fields.photo.id} className="field-label">
              {hasPhoto ? "Nouvelle photo" : "Photo"}
              <span className="ml-0.5 text-red-700" aria-hidden>
                *
              </span>
            </label>
            <input
              key={fileKey}
              {...fileProps}
              accept={PHOTO_ACCEPT}
              onChange={onFile}
              className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:inline-flex file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-teal-50 file:px-4 file:font-semibold file:text-teal-800 hover:file:bg-teal-100"
            />
            <p id={hintId} className="mt-1 text-xs text-slate-500">
              JPEG, PNG, WebP ou AVIF, 12 Mo au plus. La photo est redressée, débarrassée de ses données (position GPS, appareil) et publiée en plusieurs tailles.
            </p>
            <ErrorList id={fields.photo.errorId} errors={fields.photo.errors} />
            {preview && (
              // a file whose bytes are no picture (the server will say so) shows no broken preview
              <img
                src={preview}
                alt="Aperçu de la photo choisie"
                width={320}
                height={200}
                onError={() => setPreview(null)}
                className="mt-3 h-32 w-full max-w-52 rounded-lg object-cover ring-1 ring-slate-200"
              />
            )}
          </div>
          <Field meta={fields.alt} label="Texte alternatif" required hint={ALT_HINT} maxLength={ALT_MAX_LENGTH} />
          <AltArField meta={fields.altAr} />
          <FormErrors form={form} className="mt-0" />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <ImageUp aria-hidden className="h-4 w-4" />}
            {busy ? "Traitement en cours…" : hasPhoto ? "Remplacer la photo" : "Enregistrer la photo"}
          </button>
          {fetcher.state === "submitting" && (
            // the photo is sent, then waits for its turn: the server processes one upload at a time
            <p role="status" className="text-sm text-slate-600">
              Photo en cours de traitement : cela peut prendre quelques secondes.
            </p>
          )}
        </fetcher.Form>
      </div>
    </details>
  );
}

/** 'Modifier le texte alternatif' of the slot's photo, in place (a <details>: it opens without JavaScript). */
export function AltTextForm({ slot, alt, altAr, actionData }: { slot: string; alt: string; altAr: string | null; actionData?: PhotoActionResult }) {
  const { fetcher, answer, busy, lastResult } = usePhotoForm("alt", slot, actionData);
  const id = domId("alt", slot);
  const [form, fields] = useAppForm({ id, schema: photoAltSchema, lastResult, defaultValue: { alt, altAr: altAr ?? "" } });
  const [open, setOpen] = useState(answer !== undefined && !answer.ok);
  useEffect(() => {
    if (answer?.ok) setOpen(false);
  }, [answer]);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group/alt">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 text-sm font-semibold text-navy-900 ring-1 ring-slate-300 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <Pencil aria-hidden className="h-4 w-4" />
        Modifier le texte alternatif
      </summary>
      <fetcher.Form {...getFormProps(form)} method="post" action="/admin/photos" className="mt-3 space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
        <input type="hidden" name="intent" value="alt" />
        <input type="hidden" name="slot" value={slot} />
        <Field meta={fields.alt} label="Texte alternatif" required maxLength={ALT_MAX_LENGTH} />
        <AltArField meta={fields.altAr} />
        <FormErrors form={form} className="mt-0" />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? "Enregistrement..." : "Enregistrer le texte"}
        </button>
      </fetcher.Form>
    </details>
  );
}

/**
 * 'Retirer la photo', confirmed in place; the drawing comes back. Its fetcher is the card's
 * (`usePhotoForm("remove", …)` there): once removed, this form is gone but the toast still shows.
 */
export function RemovePhotoForm({ slot, form }: { slot: string; form: ReturnType<typeof usePhotoForm> }) {
  const { fetcher, answer, busy } = form;
  const failure = answer && !answer.ok ? answer.message : undefined;
  return (
    <div>
      <details className="group/confirm">
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
          <Trash2 aria-hidden className="h-4 w-4" />
          <span className="group-open/confirm:hidden">Retirer la photo</span>
          <span className="hidden group-open/confirm:inline">Ne pas retirer</span>
        </summary>
        <fetcher.Form method="post" action="/admin/photos" className="mt-3 rounded-xl bg-red-50 p-3 ring-1 ring-red-200">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="slot" value={slot} />
          <p className="text-sm text-red-900">Retirer cette photo du site ? Le dessin reprendra sa place tout de suite ; la photo sera effacée du serveur.</p>
          <button type="submit" disabled={busy} className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 sm:w-auto">
            {busy ? "Retrait..." : "Oui, retirer la photo"}
          </button>
        </fetcher.Form>
      </details>
      {failure && (
        <Alert tone="error" className="mt-2">
          <p>{failure}</p>
        </Alert>
      )}
    </div>
  );
}
