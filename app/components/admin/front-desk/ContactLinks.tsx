/**
 * ContactLinks: one-tap contact of a patient from the front desk: call (`tel:`), WhatsApp and SMS
 * (prepared by the loader: `links`, see app/.server/reminder-links.ts) and e-mail (`mailto:`,
 * only when the patient gave one). Big tap targets; `compact` shows the icons only (with
 * accessible names) for tight rows.
 *
 * While the appointment waits for its patient (`links.remindable`), the WhatsApp and SMS links
 * carry the staff's reminder text with the personal link, and tapping one records the reminder
 * (a POST to /admin/rappels that never holds the link back); 'Noter le rappel' opens
 * 'Marquer comme envoyé' for a phone call, or for a tap made without JavaScript. What was done
 * shows below: 'Rappelé le … par … (WhatsApp)'.
 *
 *   <ContactLinks name={row.name} phone={row.phone} email={row.email} date={row.date} time={row.time} links={row.reminder} />
 *
 * Without `links` only the call and the e-mail are offered (the WhatsApp and SMS texts need the
 * server).
 */
import { BellRing, ChevronDown, Mail, MessageCircle, MessageSquareText, Phone } from "~/components/admin/icons";
import type { ReactNode } from "react";
import { MarkReminderForm } from "~/components/admin/reminders/MarkReminderForm";
import { ReminderNote } from "~/components/admin/reminders/ReminderNote";
import { useReminderMark } from "~/components/admin/reminders/use-reminder-mark";
import { telHref, type ReminderLinks } from "~/lib/front-desk-contact";

export interface ContactLinksProps {
  name: string;
  phone: string;
  email: string | null;
  /** the appointment's day (YYYY-MM-DD) and time (HH:MM) */
  date: string;
  time: string;
  /** the WhatsApp and SMS links and the reminder state, prepared by the loader (reminderLinksOf) */
  links?: ReminderLinks | null;
  /** icons only (the accessible name keeps the words) */
  compact?: boolean;
  className?: string;
}

/** a contact button's shape (staff.css); its colours beside it */
const BASE = "btn-contact";

export function ContactLinks({ name, phone, email, links, compact = false, className = "" }: ContactLinksProps) {
  const pad = compact ? "min-w-11 px-2.5" : "px-3";
  const tel = (
    <a href={telHref(phone)} className={`${BASE} ${pad} hover:bg-slate-50`} aria-label={`Appeler ${name} au ${phone}`}>
      <Phone aria-hidden className="h-4 w-4 text-teal-600" />
      {compact ? null : <span>Appeler</span>}
    </a>
  );
  const mail = email ? (
    <a href={`mailto:${email}`} className={`${BASE} ${pad} hover:bg-slate-50`} aria-label={`Écrire à ${name} par e-mail (${email})`}>
      <Mail aria-hidden className="h-4 w-4 text-navy-700" />
      {compact ? null : <span>E-mail</span>}
    </a>
  ) : null;
  return (
    <div className={`print:hidden ${className}`}>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Contacter ${name}`}>
        {links ? (
          <WithReminder name={name} links={links} pad={pad} compact={compact} tel={tel} mail={mail} />
        ) : (
          <>
            {tel}
            {mail}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * Call, WhatsApp, SMS, e-mail, then 'Noter le rappel' (its form opens on a line of its own) and
 * what was done; one fetcher for the appointment.
 */
function WithReminder({ name, links, pad, compact, tel, mail }: { name: string; links: ReminderLinks; pad: string; compact: boolean; tel: ReactNode; mail: ReactNode }) {
  const state = useReminderMark(links);
  return (
    <>
      {tel}
      {links.whatsapp && (
        <a
          href={links.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => state.mark("whatsapp")}
          className={`${BASE} ${pad} hover:bg-emerald-50`}
          aria-label={`Écrire à ${name} sur WhatsApp`}
        >
          <MessageCircle aria-hidden className="h-4 w-4 text-emerald-700" />
          {compact ? null : <span>WhatsApp</span>}
        </a>
      )}
      {links.sms && (
        <a href={links.sms} onClick={() => state.mark("sms")} className={`${BASE} ${pad} hover:bg-sky-50`} aria-label={`Écrire à ${name} par SMS`}>
          <MessageSquareText aria-hidden className="h-4 w-4 text-sky-700" />
          {compact ? null : <span>SMS</span>}
        </a>
      )}
      {mail}
      {links.remindable && state.canMark && (
        <details className="group open:basis-full">
          <summary
            className={`${BASE} btn-contact-summary ${pad}`}
            aria-label={compact ? `Noter le rappel de ${name}` : undefined}
          >
            <BellRing aria-hidden className="h-4 w-4 text-teal-700" />
            {compact ? null : <span>Noter le rappel</span>}
            <ChevronDown aria-hidden className="summary-chevron" />
          </summary>
          <div className="mt-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            <MarkReminderForm id={links.id} name={name} state={state} />
          </div>
        </details>
      )}
      {(links.reminded || state.pendingChannel) && <ReminderNote links={links} pendingChannel={state.pendingChannel} className="basis-full" />}
    </>
  );
}
