/**
 * ContactLinks: one-tap contact of a patient from the front desk: call (`tel:`), WhatsApp
 * (wa.me with the number in international form, 213…, and a prefilled French confirmation of
 * the day and time) and e-mail (`mailto:`, only when the patient gave one). Big tap targets;
 * `compact` shows the icons only (with accessible names) for tight rows.
 *
 *   <ContactLinks name={row.name} phone={row.phone} email={row.email} date={row.date} time={row.time} />
 */
import { Mail, MessageCircle, Phone } from "lucide-react";
import { telHref, whatsappHref } from "./contact";

export interface ContactLinksProps {
  name: string;
  phone: string;
  email: string | null;
  /** the appointment's day (YYYY-MM-DD) and time (HH:MM), for the WhatsApp message */
  date: string;
  time: string;
  /** icons only (the accessible name keeps the words) */
  compact?: boolean;
  className?: string;
}

const BASE =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg text-sm font-semibold ring-1 ring-inset transition focus-visible:outline-offset-2";

export function ContactLinks({ name, phone, email, date, time, compact = false, className = "" }: ContactLinksProps) {
  const wa = whatsappHref(phone, name, date, time);
  const pad = compact ? "min-w-11 px-2.5" : "px-3";
  return (
    <div className={`flex flex-wrap items-center gap-2 print:hidden ${className}`} role="group" aria-label={`Contacter ${name}`}>
      <a href={telHref(phone)} className={`${BASE} ${pad} bg-white text-navy-900 ring-slate-300 hover:bg-slate-50`} aria-label={`Appeler ${name} au ${phone}`}>
        <Phone aria-hidden className="h-4 w-4 text-teal-600" />
        {compact ? null : <span>Appeler</span>}
      </a>
      {wa && (
        <a
          href={wa}
          target="_blank"
          rel="noopener noreferrer"
          className={`${BASE} ${pad} bg-white text-navy-900 ring-slate-300 hover:bg-emerald-50`}
          aria-label={`Écrire à ${name} sur WhatsApp`}
        >
          <MessageCircle aria-hidden className="h-4 w-4 text-emerald-700" />
          {compact ? null : <span>WhatsApp</span>}
        </a>
      )}
      {email && (
        <a href={`mailto:${email}`} className={`${BASE} ${pad} bg-white text-navy-900 ring-slate-300 hover:bg-slate-50`} aria-label={`Écrire à ${name} par e-mail (${email})`}>
          <Mail aria-hidden className="h-4 w-4 text-navy-700" />
          {compact ? null : <span>E-mail</span>}
        </a>
      )}
    </div>
  );
}
