import { ExternalLink } from "lucide-react";
import { Photo } from "~/components/ui/Photo";
import { formatDateTime, formatNumber } from "~/lib/format";
import type { PhotoSlot } from "~/lib/photo-slots";
import { advisedWidth, frameOf } from "./slot-advice";
import { AltTextForm, RemovePhotoForm, UploadPhotoForm, usePhotoForm } from "./PhotoForms";
import type { PhotoActionResult, SlotPhotoView } from "./types";

/**
 * One picture slot on /admin/photos: what the page shows now (the clinic's photo or the drawing,
 * marked 'Photo' / 'Dessin'), where, and the forms: put or replace a photo, change its alt text,
 * remove it.
 */
export function PhotoSlotCard({ slot, current, actionData }: { slot: PhotoSlot; current: SlotPhotoView | null; actionData?: PhotoActionResult }) {
  const remove = usePhotoForm("remove", slot.key, actionData);
  const headingId = `slot-${slot.key.replace(/[^a-z0-9-]/gi, "-")}`;
  return (
    <article aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative overflow-hidden rounded-t-2xl bg-slate-100">
        <Photo
          photo={current?.photo}
          drawing={slot.drawing}
          sizes="(min-width: 1200px) 560px, (min-width: 768px) 50vw, 100vw"
          style={{ aspectRatio: `${slot.drawing.width} / ${slot.drawing.height}` }}
          className="h-auto w-full object-cover"
        />
        <span
          className={`absolute left-3 top-3 rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider shadow ${current ? "bg-teal-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300"}`}
        >
          {current ? "Photo" : "Dessin"}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4 sm:p-5">
        <div>
          <h3 id={headingId} className="font-sans text-base font-semibold text-navy-900">
            {slot.label}
          </h3>
          <a href={slot.page.path} target="_blank" rel="noopener" className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-teal-700 hover:underline">
            Voir la page « {slot.page.title} »<span className="sr-only"> (nouvel onglet)</span>
            <ExternalLink aria-hidden className="h-3.5 w-3.5" />
          </a>
          <p className="text-sm text-slate-600">
            Cadre {frameOf(slot.drawing)} : la photo y est recadrée au centre. Idéalement {formatNumber(advisedWidth(slot.sizes))} px de large ou plus.
          </p>
          {current ? (
            <dl className="mt-1 space-y-1 text-sm text-slate-600">
              <div>
                <dt className="inline font-medium text-slate-700">Texte alternatif : </dt>
                <dd className="inline break-words">{current.photo.alt}</dd>
              </div>
              <div>
                <dt className="inline font-medium text-slate-700">Mise en ligne : </dt>
                <dd className="inline">{formatDateTime(current.updatedAt)}</dd>
              </div>
            </dl>
          ) : (
            <p className="mt-1 text-sm text-slate-600">Le site montre le dessin ci-dessus tant qu'aucune photo n'est envoyée.</p>
          )}
        </div>
        {current && (
          <div className="flex flex-wrap items-start gap-3">
            <AltTextForm key={current.photo.id} slot={slot.key} alt={current.photo.alt} actionData={actionData} />
            <RemovePhotoForm slot={slot.key} form={remove} />
          </div>
        )}
        <div className="mt-auto border-t border-slate-100 pt-4">
          <h4 className="mb-3 font-sans text-sm font-semibold uppercase tracking-wider text-slate-600">{current ? "Remplacer la photo" : "Mettre une photo"}</h4>
          <UploadPhotoForm slot={slot.key} hasPhoto={Boolean(current)} actionData={actionData} />
        </div>
      </div>
    </article>
  );
}
