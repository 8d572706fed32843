import { AlertCircle, CalendarClock, CheckCircle2, ChevronDown, Mail, Phone } from "lucide-react";
import { useId, useState } from "react";
import { isAppointmentDone } from "~/lib/appointment-status";
import { formatCalendarDate, formatDA, formatDateTime } from "~/lib/format";
import { AppointmentEditForm } from "./AppointmentEditForm";
import type { AppointmentView } from "./types";

/**
 * One appointment: name, contact, service, date and time, submission date, prices, progress,
 * the completion badge ('Terminé', ~/lib/appointment-status), and 'Voir plus' for the patient's
 * message and the inline edit of progress, prices and tips.
 */
export function AppointmentCard({ row }: { row: AppointmentView }) {
  const [open, setOpen] = useState(false);
  const uid = useId();
  const panelId = `${uid}-details`;
  const done = isAppointmentDone(row);

  return (
    <article
      className="flex flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
      aria-labelledby={`${uid}-name`}
      data-appointment-id={row.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 p-5">
        <div className="min-w-0">
          <h3 id={`${uid}-name`} className="break-words font-sans text-lg font-semibold text-navy-900">
            {row.name}
          </h3>
          <p className="mt-0.5 text-sm font-medium text-teal-700">{row.service}</p>
        </div>
        {done ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-800 ring-1 ring-green-600/20">
            <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
            Terminé
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-3 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-600/20">
            <AlertCircle aria-hidden className="h-3.5 w-3.5" />
            Le travail n'est pas terminé
          </span>
        )}
      </div>

      <dl className="grid flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 p-5 text-sm">
        <dt className="text-slate-500">Email</dt>
        <dd className="min-w-0">
          <a href={`mailto:${row.email}`} className="inline-flex max-w-full items-start gap-1 text-navy-900 underline-offset-2 hover:underline">
            <Mail aria-hidden className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-400" />
            <span className="break-all">{row.email}</span>
          </a>
        </dd>
        <dt className="text-slate-500">Téléphone</dt>
        <dd>
          <a href={`tel:${row.phone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1 text-navy-900 underline-offset-2 hover:underline">
            <Phone aria-hidden className="h-3.5 w-3.5 text-slate-400" />
            {row.phone}
          </a>
        </dd>
        <dt className="text-slate-500">Service</dt>
        <dd>{row.service}</dd>
        <dt className="text-slate-500">Date et heure</dt>
        <dd className="inline-flex items-center gap-1 font-medium text-navy-900">
          <CalendarClock aria-hidden className="h-3.5 w-3.5 text-slate-400" />
          {formatCalendarDate(row.date)} à {row.time}
        </dd>
        <dt className="text-slate-500">Soumis le</dt>
        <dd>{row.created_at ? formatDateTime(row.created_at) : "N/A"}</dd>
        <dt className="text-slate-500">Prix total</dt>
        <dd className="font-medium">{row.prixtotal === null ? <span className="text-slate-500">Non renseigné</span> : formatDA(row.prixtotal)}</dd>
        <dt className="text-slate-500">Prix payé</dt>
        <dd className="font-medium">{row.prixpay === null ? <span className="text-slate-500">Non renseigné</span> : formatDA(row.prixpay)}</dd>
        <dt className="text-slate-500">Avancement</dt>
        <dd className="break-words">{row.progress || <span className="text-slate-500">Non renseigné</span>}</dd>
      </dl>

      <div className="border-t border-slate-100 px-5 py-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-teal-700 hover:bg-teal-50"
        >
          Voir plus
          <ChevronDown aria-hidden className={`h-4 w-4 transition-transform duration-300 ${open ? "rotate-180" : ""}`} />
        </button>
      </div>

      {open && (
        <div id={panelId} className="border-t border-slate-100 bg-slate-50/70 p-5">
          {row.message && (
            <div className="mb-4">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Message du patient</p>
              <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{row.message}</p>
            </div>
          )}

          <AppointmentEditForm row={row} onClose={() => setOpen(false)} />
        </div>
      )}
    </article>
  );
}
