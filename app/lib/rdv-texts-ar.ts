import type { Clinic } from "~/lib/clinic";
import type { Locale } from "~/i18n/locale";
import { messageText } from "~/i18n/messages";
import { z } from "~/lib/zod";
import { CANCEL_REASON_MAX } from "~/lib/front-desk-schema";
import { requiredText, timeOfDay } from "~/lib/rules";
import { bookingDaySchema, ruleMessagesIn } from "./booking-schema";
import { ltr } from "./message-language";
import { RDV_MESSAGE_KEYS, RDV_TEXTS, rdvCancelSchema, rdvMoveSchema } from "./rdv-schema";

/**
 * The personal page's sentences in Arabic (/ar/rdv/<token>, issue 32 item 6): the same shape as
 * RDV_TEXTS (./rdv-schema.ts, the French ones), the phone numbers kept left to right.
 */
/** RDV_TEXTS' shape, each text a string. */
export type RdvTexts = { [K in keyof typeof RDV_TEXTS]: (typeof RDV_TEXTS)[K] extends string ? string : (typeof RDV_TEXTS)[K] };

const phonesAr = (c: Clinic) => c.phones.map((p) => ltr(p.display)).join(" أو ");

export const RDV_TEXTS_AR: RdvTexts = {
  confirmed: "شكرًا، تمّ تأكيد حضورك.",
  cancelled: "أُلغي موعدك. شكرًا لإعلامنا.",
  moved: (when: string) => `تغيّر موعدك إلى ${when}.`,
  cutoff: (hours: number, c: Clinic) =>
    hours > 0
      ? `فات أوان إلغاء هذا الموعد أو تغييره عبر الإنترنت (آخر أجل ${ltr(String(hours))} ساعة قبل الموعد). اتصل بنا على ${phonesAr(c)}.`
      : `فات أوان إلغاء هذا الموعد أو تغييره عبر الإنترنت. اتصل بنا على ${phonesAr(c)}.`,
  cutoffPage: (hours: number) =>
    `يمكن إلغاء الموعد أو تغيير وقته عبر الإنترنت حتى ${hours > 0 ? `${ltr(String(hours))} ساعة قبل بدايته` : "بدايته"}. لإلغائه أو تغييره الآن، اتصل بنا:`,
  closed: (c: Clinic) => `لم يعد من الممكن تعديل هذا الموعد عبر الإنترنت. لأيّ سؤال، اتصل بنا على ${phonesAr(c)}.`,
  conflict: "عدّلت العيادة هذا الموعد للتوّ: الصفحة محدَّثة، فراجِعها ثم أعد المحاولة إن لزم.",
  sameSlot: "هذا هو وقت موعدك الحالي: اختر وقتًا آخر.",
  notOnline: (c: Clinic) => `لا يمكن تغيير وقت هذا العلاج عبر الإنترنت: اتصل بنا على ${phonesAr(c)} للاتفاق على وقت آخر.`,
  storeFailed: (c: Clinic | null) =>
    c?.phones[0]
      ? `تعذّر حفظ طلبك. يُرجى إعادة المحاولة بعد لحظات أو الاتصال بنا على ${ltr(c.phones[0].display)}.`
      : "تعذّر حفظ طلبك. يُرجى إعادة المحاولة بعد لحظات أو الاتصال بالعيادة.",
  unknownIntent: "إجراء غير معروف: أعد تحميل الصفحة ثم أعد المحاولة.",
};

/** The page's sentences in `locale`. */
export function rdvTexts(locale: Locale): RdvTexts {
  return locale === "ar" ? RDV_TEXTS_AR : RDV_TEXTS;
}

/** The cancel form's schema in `locale`, its messages by key (the French one is rdvCancelSchema, unchanged). */
export function rdvCancelSchemaIn(locale: Locale) {
  if (locale !== "ar") return rdvCancelSchema;
  const m = (key: string) => messageText(locale, key);
  return z.object({
    reason: requiredText({
      missing: m(RDV_MESSAGE_KEYS.reason),
      max: CANCEL_REASON_MAX,
      tooLong: m(RDV_MESSAGE_KEYS.reasonTooLong),
      multiline: true,
      messages: ruleMessagesIn(locale),
    }),
  });
}

/** The move form's schema in `locale`, its messages by key (the French one is rdvMoveSchema, unchanged). */
export function rdvMoveSchemaIn(today: string, horizonDays: number, locale: Locale) {
  if (locale !== "ar") return rdvMoveSchema(today, horizonDays);
  return z.object({
    date: bookingDaySchema(today, horizonDays, { locale }).shape.date,
    time: timeOfDay({ missing: messageText(locale, RDV_MESSAGE_KEYS.time), messages: ruleMessagesIn(locale) }),
  });
}
