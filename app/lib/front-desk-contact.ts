/**
 * The front desk's contact links and day wording, shared by the agenda, the appointment cards
 * and 'Rappels à envoyer': a `tel:` number, "mardi 24 novembre", and the shape of the reminder
 * links the loaders prepare (app/.server/reminder-links.ts): the WhatsApp and SMS hrefs carry
 * the staff's template filled with the personal link, which only the server can write (it needs
 * the secret), so components receive them ready.
 */
import { nationalDigits } from "~/lib/rules";
import type { ReminderChannel } from "~/lib/reminder-template";

const dayLong = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const dayLongYear = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A clinic day "2026-11-24" as "mardi 24 novembre" (with the year when asked). */
export function formatDayLong(ymd: string, opts: { year?: boolean } = {}): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return ymd;
  return (opts.year ? dayLongYear : dayLong).format(d);
}

/** The number as a `tel:` link dials it: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * The number in international form without '+', by its digits only: the fallback of the
 * reminder links for a number libphonenumber cannot read (toE164 gives null). An Algerian number
 * typed in any form ("0550 12 34 56", "+213 550…", "00213…") gives "213550123456"; a foreign
 * number typed with its prefix (+33…, 0033…) keeps it. Empty when there are too few digits.
 */
export function whatsappNumber(phone: string): string {
  const raw = phone.replace(/\D/g, "");
  const trimmed = phone.trim();
  let out: string;
  if (trimmed.startsWith("+") && !raw.startsWith("213")) out = raw;
  else if (raw.startsWith("00") && !raw.startsWith("00213")) out = raw.slice(2);
  else out = `213${nationalDigits(phone)}`;
  return out.length >= 8 ? out : "";
}

/** Who reminded a patient, when and how (the last "reminded" line of the history). */
export interface ReminderSent {
  /** ISO instant */
  at: string;
  /** the staff e-mail (null when the history has no line for it) */
  by: string | null;
  /** "WhatsApp", "SMS", "Appel téléphonique" */
  channel: string | null;
}

/**
 * The reminder side of an appointment, prepared by the loader: the one-tap WhatsApp and SMS
 * links (null when the number cannot be read), whether a reminder still makes sense (requested
 * or confirmed, not past), and what was done already.
 */
export interface ReminderLinks {
  /** the appointment, for the "reminded" POST to /admin/rappels */
  id: number;
  /** https://wa.me/213…?text=… (the template and the personal link when remindable; no text otherwise) */
  whatsapp: string | null;
  /** sms:+213…?body=… (likewise) */
  sms: string | null;
  /** requested or confirmed, today or later: a tap marks the reminder sent */
  remindable: boolean;
  reminded: ReminderSent | null;
  /** when the patient confirmed through the personal link */
  patientConfirmedAt: string | null;
}

/** The route every reminder mark posts to (intent "reminded"). */
export const REMINDER_ACTION = "/admin/rappels";

/** One fetcher per appointment: the link tapped and the button share its state. */
export function reminderFetcherKey(id: number): string {
  return `reminder:${id}`;
}

export type { ReminderChannel };



/** wa.me to the international digits, with the text (already URL-encoded) when there is one; null without digits. */
export function whatsappLink(digits: string, encodedText: string): string | null {
  return digits ? `https://wa.me/${digits}${encodedText ? `?text=${encodedText}` : ""}` : null;
}

/** sms: to the international digits, with the body (already URL-encoded) when there is one; null without digits. */
export function smsLink(digits: string, encodedBody: string): string | null {
  return digits ? `sms:+${digits}${encodedBody ? `?body=${encodedBody}` : ""}` : null;
}
