import type { Clinic } from "~/lib/clinic";
import { clinicWords } from "~/i18n/clinic";
import type { Locale } from "~/i18n/locale";
import { oneLine } from "./control-characters";
import { ltrMarked } from "./message-language";
import { ARABIC_LOCALE } from "./format";
import { firstName, reminderDate, reminderTime, type TemplateKey, type TemplateValues } from "./reminder-template";

/**
 * The Arabic WhatsApp and SMS templates (issue 32, item 6): rows of `message_templates` under
 * their own keys, "ar:" + the French template's key ("ar:whatsapp", "ar:offer-sms"), with these
 * defaults until staff write their own. The placeholders are the French ones ({prénom}, {date},
 * {heure}, {lien}: staff type them), filled with Arabic values (reminderValuesIn). Pure: the
 * editor's preview runs it too.
 */

/** The row key of a template in a language: "whatsapp" in French, "ar:whatsapp" in Arabic. */
export function templateRowKey<K extends string>(locale: Locale, key: K): K | `ar:${K}` {
  return locale === "ar" ? `ar:${key}` : key;
}

// kept left to right by a mark (ltrMarked): in an Arabic line, "023 70 45 12" alone shows its groups reversed
const mainPhone = (clinic: Clinic) => (clinic.phones[0] ? ltrMarked(oneLine(clinic.phones[0].display)) : "");

export const defaultTemplatesAr = (clinic: Clinic): Record<TemplateKey, string> => {
  const words = clinicWords(clinic, "ar");
  return {
    whatsapp: [
      "مرحبًا {prénom}،",
      "",
      `نذكّرك بموعدك في ${oneLine(words.name)} يوم {date} على الساعة {heure}.`,
      "",
      "لتأكيد حضورك أو إلغاء الموعد أو تغيير وقته: {lien}",
      "",
      `لأيّ سؤال، اتصل بنا على ${mainPhone(clinic)}.`,
      "إلى اللقاء،",
      oneLine(words.name),
    ].join("\n"),
    // Arabic is sent in UCS-2 (70 characters a part): as short as it can be
    sms: `${oneLine(words.shortName)}: موعدك يوم {date} على الساعة {heure}. للتأكيد أو الإلغاء: {lien}`,
    "offer-whatsapp": [
      "مرحبًا {prénom}،",
      "",
      "تحرّر موعد يوم {date} على الساعة {heure}. لحجزه، اضغط على هذا الرابط (الموعد لأوّل من يؤكّد): {lien}",
      "",
      "إلى اللقاء،",
      oneLine(words.name),
    ].join("\n"),
    "offer-sms": "تحرّر موعد يوم {date} على الساعة {heure}. لحجزه: {lien}",
  };
};

/** Said instead of the sentence that holds {lien}, for an appointment without a personal link. */
export const noLinkSentenceAr = (clinic: Clinic) => `لتأكيد موعدك أو إلغائه أو تغيير وقته، اتصل بنا على ${mainPhone(clinic)}.`;

const dayLongAr = new Intl.DateTimeFormat(ARABIC_LOCALE, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** "2026-11-24" → "الثلاثاء، 24 نوفمبر" (a calendar day). */
export function reminderDateAr(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : dayLongAr.format(d);
}

/** The placeholders' values of an appointment in the patient's language. */
export function reminderValuesIn(locale: Locale, a: { name: string; date: string; time: string }, link: string | null): TemplateValues {
  return { prénom: firstName(a.name), date: locale === "ar" ? reminderDateAr(a.date) : reminderDate(a.date), heure: reminderTime(a.time), lien: link };
}
