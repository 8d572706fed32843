import { ExternalLink } from "~/components/admin/icons";
import { Photo } from "~/components/ui/Photo";
import { formatDateTime, formatNumber } from "~/lib/format";
import type { PhotoSlot } from "~/lib/photo-slots";
import { advisedWidth, frameOf } from "./slot-advice";
import { AltTextForm, RemovePhotoForm, UploadPhotoForm, usePhotoForm } from "./PhotoForms";
import type { PhotoActionResult, SlotPhotoView } from "./types";

/** The thumbnail's box (3:2): a wider frame fills its width, a taller one its height. */
const THUMB_RATIO = 3 / 2;

/**
 * One picture slot on /admin/photos, a compact tile of the page's grid: what the page shows now
 * (the clinic's photo or the drawing, marked 'Photo' / 'Dessin') in the slot's frame, where, the
 * frame's advice, and the forms, each behind its own disclosure: put or replace a photo, change
 * its alt text, remove it. On a phone (two tiles a row) a tile with a form open takes the row.
 */
export function PhotoSlotCard({ slot, current, actionData }: { slot: PhotoSlot; current: SlotPhotoView | null; actionData?: PhotoActionResult }) {
  const remove = usePhotoForm("remove", slot.key, actionData);
  const headingId = `slot-${slot.key.replace(/[^a-z0-9-]/gi, "-")}`;
  const wide = slot.drawing.width / slot.drawing.height >= THUMB_RATIO;
  return (
    <article
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200 max-sm:has-[details[open]]:col-span-full"
    >
      <div className="relative flex aspect-[3/2] items-center justify-center overflow-hidden rounded-t-xl bg-slate-100">
        <Photo
          photo={current?.photo}
          drawing={slot.drawing}
          sizes="(min-width: 768px) 280px, 50vw"
          style={{ aspectRatio: `${slot.drawing.width} / ${slot.drawing.height}` }}
          className={`object-cover ${wide ? "h-auto w-full" : "h-full w-auto"}`}
        />
        <span
          className={`absolute left-2 top-2 rounded-full px-2.5 py-0.5 text-[11px] font-bold uppercase tracking-wider shadow ${current ? "bg-teal-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300"}`}
        >
          {current ? "Photo" : "Dessin"}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div>
          <h3 id={headingId} className="break-words font-sans text-sm font-semibold leading-snug text-navy-900">
            {slot.label}
          </h3>
          <a href={slot.page.path} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center gap-1 text-xs font-medium text-teal-700 hover:underline sm:text-sm">
            <span className="break-words">
              Voir la page « {slot.page.title} »<span className="sr-only"> (nouvel onglet)</span>
            </span>
            <ExternalLink aria-hidden className="h-3.5 w-3.5 shrink-0" />
          </a>
          <p className="text-xs text-slate-600">
            Cadre {frameOf(slot.drawing)} : la photo y est recadrée au centre. Idéalement {formatNumber(advisedWidth(slot.sizes))} px de large ou plus.
          </p>
          {current && (
            <dl className="mt-1.5 space-y-1 text-xs text-slate-600">
              <div>
                <dt className="inline font-medium text-slate-700">Texte alternatif : </dt>
                <dd className="inline break-words">{current.photo.alt}</dd>
              </div>
              <div>
                <dt className="inline font-medium text-slate-700">En arabe : </dt>
                {current.photo.altAr ? (
                  <dd className="inline break-words" dir="rtl" lang="ar">
                    {current.photo.altAr}
                  </dd>
                ) : (
                  <dd className="inline italic">pas encore écrit (les pages en arabe lisent la description du dessin)</dd>
                )}
              </div>
              <div>
                <dt className="inline font-medium text-slate-700">Mise en ligne : </dt>
                <dd className="inline">{formatDateTime(current.updatedAt)}</dd>
              </div>
            </dl>
          )}
        </div>
        {current && (
          <div className="flex flex-col items-start gap-2">
            <AltTextForm key={current.photo.id} slot={slot.key} alt={current.photo.alt} altAr={current.photo.altAr} actionData={actionData} />
            <RemovePhotoForm slot={slot.key} form={remove} />
          </div>
        )}
        <div className="mt-auto border-t border-slate-100 pt-1">
          <UploadPhotoForm slot={slot.key} hasPhoto={Boolean(current)} actionData={actionData}>
            {!current && <p className="text-sm text-slate-600">Le site montre le dessin ci-dessus tant qu'aucune photo n'est envoyée.</p>}
          </UploadPhotoForm>
        </div>
      </div>
    </article>
  );
}
