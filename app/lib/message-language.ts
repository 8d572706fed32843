import type { Locale } from "~/i18n/locale";

/**
 * The language of what reaches a patient about an appointment (issue 32, item 6; migration 018):
 * the e-mails, the .ics text, the personal page a message links to and the WhatsApp/SMS text.
 *
 * THE rule, in one place: the linked patient record's language when the appointment has one
 * (staff can change it on the record), else the appointment's own (the page it was booked on).
 * Anything that is not 'ar' reads as French, the default.
 */
export function messageLanguage(
  appointment: { language?: string | null },
  patient?: { language?: string | null } | null,
): Locale {
  const chosen = patient ? patient.language : appointment.language;
  return chosen === "ar" ? "ar" : "fr";
}

/** Unicode isolates (LRI … PDI): a time, a phone number or a price kept left to right inside Arabic text. */
export function ltr(value: string): string {
  return `\u2066${value}\u2069`;
}

/**
 * A phone number kept left to right in a template staff may edit (WhatsApp/SMS): the forms refuse
 * the isolates of `ltr` (app/lib/control-characters.ts), so a left-to-right mark (U+200E, allowed)
 * goes before it. Without it, "023 70 45 12" in an Arabic line shows its groups reversed.
 */
export function ltrMarked(value: string): string {
  return `\u200E${value}`;
}
