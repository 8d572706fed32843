import { smsLink, whatsappLink, whatsappNumber, type ReminderLinks, type ReminderSent } from "~/lib/front-desk-contact";
import type { Clinic } from "~/lib/clinic";
import { cleanText } from "~/lib/control-characters";
import { toE164, whatsappDigits } from "~/lib/phone";
import { renderTemplate } from "~/lib/reminder-template";
import { noLinkSentenceAr, reminderValuesIn } from "~/lib/reminder-template-ar";
import type { Locale } from "~/i18n/locale";
import { appointmentLanguages } from "./message-language";
import { getClinic } from "./clinic";
import type { Appointment } from "./db/types";
import { personalLink } from "./personal-link";
import type { Db } from "./db";
import { loadTemplates, type MessageTemplates } from "./repos/message-templates";
import { lastReminders } from "./repos/reminder-list";

/**
 * The WhatsApp and SMS links of the front desk (docs/decisions/009-patients-and-links.md), built
 * in the loaders because the text carries the patient's personal link, which needs the server's
 * secret: `https://wa.me/<E.164 digits>?text=…` and `sms:+213…?body=…` (the form Android and iOS
 * both open), the text being the staff's template filled for the appointment.
 *
 * The number is the canonical E.164 form (libphonenumber-js, Algeria by default); a number it
 * cannot read falls back to its digits (~/components/admin/front-desk/contact whatsappNumber),
 * so a typo in a stored phone still leaves staff a link to try. No readable digits: no link.
 *
 * The text is written without control characters (app/lib/control-characters.ts: a template or a
 * name stored before the forms refused them), its line breaks as LF, then URL-encoded whole
 * (encodeURIComponent), so that nothing in it can add a parameter or end the address.
 */

/** The text of a link: no control character, no lone surrogate (encodeURIComponent would throw), LF line breaks. */
function linkText(text: string): string {
  return encodeURIComponent(cleanText(text));
}

/** the most phones whose digits are remembered (a day's, a list's: read again at each page) */
const DIGITS_CACHE_SIZE = 2000;
const digitsOf = new Map<string, string>();

/** The international digits of a stored phone ("213550123456"), or "" when there are too few. Remembered per phone (libphonenumber's parse is the costly part of a day's links). */
export function reminderDigits(phone: string): string {
  const known = digitsOf.get(phone);
  if (known !== undefined) return known;
  const e164 = toE164(phone);
  const digits = e164 ? whatsappDigits(e164) : whatsappNumber(phone);
  if (digitsOf.size >= DIGITS_CACHE_SIZE) digitsOf.delete(digitsOf.keys().next().value!);
  digitsOf.set(phone, digits);
  return digits;
}

/** wa.me to the patient, with the text prefilled when there is one. */
export function whatsappHref(phone: string, text: string | null): string | null {
  return whatsappLink(reminderDigits(phone), text ? linkText(text) : "");
}

/** sms: to the patient, with the body prefilled when there is one. */
export function smsHref(phone: string, text: string | null): string | null {
  return smsLink(reminderDigits(phone), text ? linkText(text) : "");
}

/** A reminder makes sense while the appointment waits for its patient, from today on. */
export function isRemindable(a: Pick<Appointment, "status" | "date" | "anonymised_at">, today: string): boolean {
  return (a.status === "requested" || a.status === "confirmed") && !a.anonymised_at && a.date >= today;
}

/**
 * The reminder links of one appointment. A remindable appointment gets the templates filled with
 * its personal link (or, without one, the sentence to call); any other (past, attended,
 * cancelled) gets plain links to the patient's chat, without a reminder text.
 */
export function reminderLinksFor(
  a: Appointment,
  templates: MessageTemplates,
  opts: { clinic: Clinic; today: string; reminded?: ReminderSent | null; origin?: string; locale?: Locale },
): ReminderLinks {
  const remindable = isRemindable(a, opts.today);
  let wa: string | null = null;
  let sms: string | null = null;
  if (remindable) {
    // `templates` are the patient's language's (reminderLinksOf); the values and the link follow it
    const locale = opts.locale ?? "fr";
    const values = reminderValuesIn(locale, a, personalLink(a, opts.origin, locale));
    const noLink = locale === "ar" ? noLinkSentenceAr(opts.clinic) : undefined;
    wa = renderTemplate(templates.whatsapp.body, values, opts.clinic, noLink);
    sms = renderTemplate(templates.sms.body, values, opts.clinic, noLink);
  }
  return {
    id: Number(a.id),
    whatsapp: whatsappHref(a.phone, wa),
    sms: smsHref(a.phone, sms),
    remindable,
    reminded: opts.reminded ?? (a.reminded_at ? { at: a.reminded_at, by: null, channel: null } : null),
    patientConfirmedAt: a.patient_confirmed_at,
  };
}

/**
 * The reminder links of the appointments a screen shows, by id: the templates and the last
 * reminders read once for all of them. `today` is the clinic's day.
 */
/** What the links of a screen's appointments need, read once for all of them. */
async function linksContext(h: Pick<Db, "db">, rows: Appointment[]) {
  const clinic = await getClinic(h);
  const [templates, templatesAr, reminders, languages] = await Promise.all([
    loadTemplates(h, clinic),
    loadTemplates(h, clinic, "ar"),
    lastReminders(h, rows.map((r) => Number(r.id))),
    appointmentLanguages(h, rows),
  ]);
  return { clinic, templates, templatesAr, reminders, languages };
}

export async function reminderLinksOf(h: Pick<Db, "db">, rows: Appointment[], today: string): Promise<Map<number, ReminderLinks>> {
  const out = new Map<number, ReminderLinks>();
  if (rows.length === 0) return out;
  const { clinic, templates, templatesAr, reminders, languages } = await linksContext(h, rows);
  for (const a of rows) {
    // each patient's message in their language (app/lib/message-language.ts)
    const locale = languages.get(Number(a.id)) ?? "fr";
    out.set(Number(a.id), reminderLinksFor(a, locale === "ar" ? templatesAr : templates, { clinic, today, reminded: reminders.get(Number(a.id)) ?? null, locale }));
  }
  return out;
}
