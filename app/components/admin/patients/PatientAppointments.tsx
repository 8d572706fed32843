import { CalendarClock, ChevronDown, ExternalLink } from "~/components/admin/icons";
import { useState } from "react";
import { Link } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { HistoryList } from "~/components/admin/front-desk/HistoryList";
import { STATUS_ACCENT, StatusBadge } from "~/components/admin/front-desk/StatusBadge";
import { CANCELLED_BY_LABELS } from "~/lib/appointment-status";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";
import type { PatientAppointment } from "./types";

const weekday = new Intl.DateTimeFormat("fr-FR", { weekday: "short", timeZone: "UTC" });

function dayLabel(ymd: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : `${weekday.format(d)} ${formatCalendarDate(ymd)}`;
}

/** One appointment of the record: day and time, service, status, amounts, and its history on demand. */
function AppointmentRow({ a }: { a: PatientAppointment }) {
  const [open, setOpen] = useState(false);
  const canOpenAgenda = useCan("agenda:read");
  const panel = `patient-appointment-${a.id}-history`;
  return (
    <li className={`rounded-xl border-l-4 bg-white ring-1 ring-slate-200 ${STATUS_ACCENT[a.status]}`} data-appointment-id={a.id}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 pt-3">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-1.5 font-semibold text-navy-900">
            <CalendarClock aria-hidden className="h-4 w-4 text-teal-600" />
            {dayLabel(a.date)} à {a.time}
          </p>
          <p className="text-sm font-medium text-teal-700">
            {a.service}
            {/* booked on the Arabic page (issue 32): its messages go in Arabic */}
            {a.language === "ar" && (
              <span title="Demande faite en arabe" className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                AR<span className="sr-only"> : demande faite en arabe</span>
              </span>
            )}
          </p>
        </div>
        <StatusBadge status={a.status} forced={a.forced === 1} size="sm" />
      </div>
      <dl className="grid grid-cols-3 gap-2 px-4 py-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Prix total</dt>
          <dd className="font-medium tabular-nums">{a.prixtotal === null ? <span className="font-normal text-slate-500">—</span> : formatDA(a.prixtotal)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Payé</dt>
          <dd className="font-medium tabular-nums">{a.prixpay === null ? <span className="font-normal text-slate-500">—</span> : formatDA(a.prixpay)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Reste à payer</dt>
          <dd className={`font-medium tabular-nums ${a.due ? "text-amber-900" : ""}`}>
            {a.due === null ? <span className="font-normal text-slate-500">—</span> : formatDA(a.due)}
          </dd>
        </div>
      </dl>
      {(a.progress || (a.status === "cancelled" && a.cancelReason)) && (
        <div className="space-y-1 px-4 pb-2 text-sm text-slate-700">
          {a.progress && (
            <p className="break-words">
              <span className="text-slate-500">Avancement : </span>
              {a.progress}
            </p>
          )}
          {a.status === "cancelled" && a.cancelReason && (
            <p className="break-words">
              <span className="text-slate-500">Annulé par {a.cancelledBy ? CANCELLED_BY_LABELS[a.cancelledBy] : "la clinique"} : </span>
              {a.cancelReason}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-1 border-t border-slate-100 px-2 py-1">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((o) => !o)}
          className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold transition ${open ? "bg-teal-50 text-teal-800" : "text-teal-700 hover:bg-teal-50"}`}
        >
          Historique ({a.history.length})
          <ChevronDown aria-hidden className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
        {canOpenAgenda && (
          <Link
            to={`/admin/agenda?jour=${a.date}`}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-teal-700 hover:bg-teal-50"
          >
            <ExternalLink aria-hidden className="h-4 w-4" />
            Voir dans l'agenda
          </Link>
        )}
      </div>
      {open && (
        <div id={panel} className="border-t border-slate-100 bg-slate-50/70 px-4 py-3">
          <HistoryList entries={a.history} />
        </div>
      )}
    </li>
  );
}

/** Every appointment of the record, the latest first, each with its status badge. */
export function PatientAppointments({ appointments }: { appointments: PatientAppointment[] }) {
  return (
    <section aria-labelledby="patient-appointments" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="patient-appointments" className="font-sans text-lg font-semibold text-navy-900">
        Rendez-vous ({appointments.length})
      </h2>
      {appointments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Aucun rendez-vous dans ce dossier.</p>
      ) : (
        <ol className="mt-4 space-y-3" aria-label="Rendez-vous du patient">
          {appointments.map((a) => (
            <AppointmentRow key={a.id} a={a} />
          ))}
        </ol>
      )}
    </section>
  );
}
