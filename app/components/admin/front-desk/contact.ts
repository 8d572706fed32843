/**
 * The front desk's contact links and day wording, shared by the agenda and the appointment
 * cards: a `tel:` number, a WhatsApp link to the patient's number in international form
 * (213… for an Algerian number) with a prefilled French message, and "mardi 24 novembre".
 */
import { clinic } from "~/content/clinic";
import { nationalDigits } from "~/lib/rules";

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
 * The number in international form without '+', as wa.me wants it: an Algerian number typed
 * in any form ("0550 12 34 56", "+213 550…", "00213…") gives "213550123456"; a foreign number
 * typed with its prefix (+33…, 0033…) keeps it. Empty when there are too few digits.
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

/** The first name as a greeting uses it ("Mme Amina Benali" → "Amina"). */
export function firstName(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => !/^(m\.?|mme\.?|mlle\.?|dr\.?)$/i.test(w));
  return words[0] ?? name.trim();
}

/** The prefilled WhatsApp message: a confirmation of the day and time, from the clinic. */
export function whatsappMessage(name: string, date: string, time: string): string {
  const phone = clinic.phones[0]?.display;
  return (
    `Bonjour ${firstName(name)}, nous vous confirmons votre rendez-vous du ${formatDayLong(date)} à ${time} ` +
    `à la ${clinic.name} (${clinic.address.district}).` +
    (phone ? ` En cas d'empêchement, merci de nous prévenir au ${phone}.` : "")
  );
}

export function whatsappHref(phone: string, name: string, date: string, time: string): string | null {
  const number = whatsappNumber(phone);
  if (!number) return null;
  return `https://wa.me/${number}?text=${encodeURIComponent(whatsappMessage(name, date, time))}`;
}
