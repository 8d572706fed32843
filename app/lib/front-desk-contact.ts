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

/**
 * The reminder links as a list's loader sends them (issue 33, item 4): a day of 40 appointments
 * carried 40 WhatsApp and SMS texts, each the same template URL-encoded around a first name, a
 * time and a personal link (29 KiB). The texts go once per page as patterns
 * (`ReminderPatterns`, the template filled with a mark per placeholder, on the server); each
 * appointment carries its number's digits, the keys of its two patterns and its values.
 * `expandReminderLinks` gives back the same `ReminderLinks` the server would have written.
 */
export interface ReminderLinksWire extends Omit<ReminderLinks, "whatsapp" | "sms"> {
  /** the international digits of the number ("213550123456"); "" when it cannot be read */
  to: string;
  /** the keys of its WhatsApp and SMS patterns; null: links to the chat without a text */
  text: { whatsapp: string; sms: string } | null;
  /** the placeholders' values, each on one line, in PATTERN_MARKS' order */
  values: string[];
}
export type ReminderPatterns = Record<string, string>;

/** The marks of the placeholders in a pattern (prénom, date, heure, lien): private-use characters, stripped from what staff type. */
export const PATTERN_MARKS = ["\uE000", "\uE001", "\uE002", "\uE003"] as const;
const MARK = /[\uE000-\uE003]/g;

/** wa.me to the international digits, with the text (already URL-encoded) when there is one; null without digits. */
export function whatsappLink(digits: string, encodedText: string): string | null {
  return digits ? `https://wa.me/${digits}${encodedText ? `?text=${encodedText}` : ""}` : null;
}

/** sms: to the international digits, with the body (already URL-encoded) when there is one; null without digits. */
export function smsLink(digits: string, encodedBody: string): string | null {
  return digits ? `sms:+${digits}${encodedBody ? `?body=${encodedBody}` : ""}` : null;
}

/** The links the components use, from the wire form and the page's patterns. */
export function expandReminderLinks(wire: ReminderLinksWire, patterns: ReminderPatterns): ReminderLinks {
  const { to, text, values, ...rest } = wire;
  const fill = (key: string | undefined) => (key ? encodeURIComponent((patterns[key] ?? "").replace(MARK, (m) => values[m.charCodeAt(0) - 0xe000] ?? "")) : "");
  return { ...rest, whatsapp: whatsappLink(to, fill(text?.whatsapp)), sms: smsLink(to, fill(text?.sms)) };
}
