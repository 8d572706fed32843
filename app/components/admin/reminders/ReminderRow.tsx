import { MessageCircle, MessageSquareText, Phone } from "~/components/admin/icons";
import { telHref } from "~/lib/front-desk-contact";
import { STATUS_ACCENT, StatusBadge } from "~/components/admin/front-desk/StatusBadge";
import { MarkReminderForm } from "./MarkReminderForm";
import { PresenceBadge, ReminderNote } from "./ReminderNote";
import type { ReminderRowView } from "~/lib/reminder-view";
import { useReminderMark } from "./use-reminder-mark";

const BIG =
  "inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl px-4 text-base font-semibold shadow-sm transition focus-visible:outline-offset-2 sm:flex-none";

/**
 * One patient to remind: time, name, service, phone, status, 'Présence confirmée', what was
 * done ('Rappelé le … par …' or 'Pas encore rappelé'), the big WhatsApp and SMS buttons (the
 * prefilled reminder; the tap is recorded), 'Appeler', and 'Marquer comme envoyé'.
 */
export function ReminderRow({ row }: { row: ReminderRowView }) {
  const state = useReminderMark(row.links);
  const { links } = row;
  const nameId = `rappel-${row.id}-name`;
  return (
    <article aria-labelledby={nameId} data-appointment-id={row.id} className={`rounded-xl border-l-4 bg-white shadow-sm ring-1 ring-slate-200 ${STATUS_ACCENT[row.status]}`}>
      <div className="flex gap-4 p-4">
        <p className="w-14 shrink-0 pt-0.5 text-xl font-bold tabular-nums leading-none text-navy-900 sm:w-16">{row.time}</p>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
            <div className="min-w-0">
              <h3 id={nameId} className="break-words font-sans text-base font-semibold leading-snug text-navy-900 sm:text-lg">
                {row.name}
              </h3>
              <p className="flex flex-wrap gap-x-1.5 text-sm text-slate-600">
                <span className="font-medium text-teal-700">{row.service}</span>
                <span aria-hidden className="hidden sm:inline">
                  ·
                </span>
                <a href={telHref(row.phone)} className="whitespace-nowrap tabular-nums text-navy-900 underline decoration-slate-300 underline-offset-2 hover:decoration-navy-900">
                  {row.phone}
                </a>
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-1.5">
              <StatusBadge status={row.status} />
              <PresenceBadge at={links.patientConfirmedAt} />
            </div>
          </div>
          <ReminderNote links={links} pendingChannel={state.pendingChannel} showNotYet className="mt-2" />
        </div>
      </div>

      <div className="flex flex-wrap gap-2 border-t border-slate-100 px-4 py-3">
        {links.whatsapp && (
          <a
            href={links.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => state.mark("whatsapp")}
            className={`${BIG} bg-emerald-700 text-white hover:bg-emerald-800`}
            aria-label={`Écrire à ${row.name} sur WhatsApp`}
          >
            <MessageCircle aria-hidden className="h-5 w-5" />
            WhatsApp
          </a>
        )}
        {links.sms && (
          <a href={links.sms} onClick={() => state.mark("sms")} className={`${BIG} bg-sky-700 text-white hover:bg-sky-800`} aria-label={`Écrire à ${row.name} par SMS`}>
            <MessageSquareText aria-hidden className="h-5 w-5" />
            SMS
          </a>
        )}
        <a href={telHref(row.phone)} className={`${BIG} bg-white text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50`} aria-label={`Appeler ${row.name} au ${row.phone}`}>
          <Phone aria-hidden className="h-5 w-5 text-teal-600" />
          Appeler
        </a>
      </div>
      {!links.whatsapp && !links.sms && (
        <p className="px-4 pb-3 text-sm text-amber-900">Ce numéro ne peut pas être lu pour WhatsApp ou SMS : appelez le patient puis notez le rappel.</p>
      )}
      {state.canMark && (
        <div className="border-t border-slate-100 bg-slate-50/60 px-4 py-3">
          <MarkReminderForm id={row.id} name={row.name} state={state} size="lg" />
        </div>
      )}
    </article>
  );
}
