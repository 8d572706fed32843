import { Images } from "~/components/admin/icons";
import { Link } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { formatCalendarDate } from "~/lib/format";
import { CONSENT_SCOPE_LABELS, GALLERY_PATH } from "~/lib/gallery-form";
import { StatusBadge } from "./CaseList";
import type { GalleryCase } from "./types";

/**
 * 'Galerie avant/après' on a patient record: the record's cases with their consent (date, scope)
 * and status. Shown only when the record has some; the link to manage them only to the roles that
 * manage the gallery.
 */
export function PatientGalleryCases({ cases }: { cases: GalleryCase[] }) {
  const canManage = useCan("content:manage");
  if (cases.length === 0) return null;
  return (
    <section aria-labelledby="galerie-patient" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="galerie-patient" className="flex items-center gap-2 font-sans text-lg font-semibold text-navy-900">
        <Images aria-hidden className="h-5 w-5 text-teal-600" />
        Galerie avant/après ({cases.length})
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {cases.map((c) => (
          <li key={c.id} className="space-y-1 py-3 text-sm">
            <p className="font-semibold text-navy-900">{c.treatment}</p>
            <p className="text-slate-700">
              Consentement du {formatCalendarDate(c.consentDate)} · {CONSENT_SCOPE_LABELS[c.consentScope]}
            </p>
            <StatusBadge c={c} />
            {canManage && !c.withdrawnAt && (
              <p>
                <Link to={`${GALLERY_PATH}?modifier=${c.id}#formulaire-cas`} className="font-medium text-teal-700 underline">
                  Gérer ce cas dans « Galerie et avis »
                </Link>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
