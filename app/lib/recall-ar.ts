import type { Clinic } from "~/lib/clinic";
import { clinicWords } from "~/i18n/clinic";
import { localizedPath, type Locale } from "~/i18n/locale";
import { oneLine } from "./control-characters";
import { ltrMarked } from "./message-language";
import { defaultRecallTemplates, recallValues, type RecallTemplateKey, type RecallValues } from "./recall";
import { serviceIn } from "./services-ar";

/**
 * The recall messages in Arabic (issue 32): the WhatsApp and SMS templates of 'Suivis à proposer'
 * have an Arabic twin each, a row of `message_templates` under "ar:" + the French key
 * ("ar:recall-whatsapp", as the reminders' templates: ~/lib/reminder-template-ar), with these
 * defaults until staff write their own. A patient whose record is in Arabic (patients.language,
 * the rule of ./message-language.ts) gets them, filled with the service's Arabic name and the
 * Arabic pages' links (/ar/appointment, /ar/rappel/<token>). Pure: the editor's preview runs it.
 */

export const defaultRecallTemplatesAr = (clinic: Clinic): Record<RecallTemplateKey, string> => {
  const words = clinicWords(clinic, "ar");
  // kept left to right by a mark: the template is editable, and the forms refuse the isolates of `ltr`
  const phone = clinic.phones[0] ? ltrMarked(oneLine(clinic.phones[0].display)) : "";
  return {
    "recall-whatsapp": [
      "مرحبًا {prénom}،",
      "",
      `حان وقت تحديد موعد المتابعة القادم («{soin}») في ${oneLine(words.name)}.`,
      "",
      "اختر اليوم والساعة اللذين يناسبانك: {lien}",
      "",
      `لأيّ سؤال، اتصل بنا على ${phone}.`,
      "لإيقاف هذه الرسائل: {stop}",
    ].join("\n"),
    // Arabic is sent in UCS-2 (70 characters a part): as short as it can be
    // one line per link: a link and Arabic words on one line read in a jumbled order
    "recall-sms": `${oneLine(words.shortName)}: حان وقت متابعة {soin}.\nللحجز: {lien}\nللإيقاف: {stop}`,
  };
};

/** The defaults of a language. */
export function defaultRecallTemplatesIn(locale: Locale, clinic: Clinic): Record<RecallTemplateKey, string> {
  return locale === "ar" ? defaultRecallTemplatesAr(clinic) : defaultRecallTemplates(clinic);
}

/** The booking page in `locale` with the service chosen: /appointment?service=… or /ar/appointment?service=…. */
export function bookingPathIn(locale: Locale, service: string): string {
  return `${localizedPath(locale, "/appointment")}?${new URLSearchParams({ service }).toString()}`;
}

/** The placeholders' values of a recall in the patient's language (the links given are that language's). */
export function recallValuesIn(locale: Locale, r: { name: string; service: string }, bookingLink: string, stopLink: string): RecallValues {
  const values = recallValues(r, bookingLink, stopLink);
  return locale === "ar" ? { ...values, soin: serviceIn("ar", r.service) } : values;
}
