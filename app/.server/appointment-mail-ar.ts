import type { Clinic } from "~/lib/clinic";
import { clinicWords, phoneLabel } from "~/i18n/clinic";
import { localizedPath } from "~/i18n/locale";
import { formatDayFullAr, formatTime } from "~/lib/format";
import { ltr } from "~/lib/message-language";
import { serviceIn } from "~/lib/services-ar";
import type { Appointment } from "./db/types";
import type { MailAction, MailContent, MailDetail } from "./mail-layout";

/**
 * The Arabic texts of a patient's e-mails about an appointment (issue 32, item 6): the same
 * messages as ./appointment-mail.ts and ./booking-mail.ts write in French, for a patient whose
 * language is Arabic (app/lib/message-language.ts). Dates in Arabic in the clinic's time zone,
 * times and phone numbers left to right (`ltr`), the clinic's names as clinicWords gives them.
 */

/** "الأربعاء، 2 ديسمبر 2026 على الساعة 14:30" */
export function formatWhenAr(a: Pick<Appointment, "date" | "time">): string {
  return `${formatDayFullAr(a.date)} على الساعة ${ltr(formatTime(a.time))}`;
}

/** "023 70 45 12 (العيادة) أو 0550 12 34 56 (الجوّال)" */
export function clinicPhonesAr(clinic: Clinic): string {
  return clinic.phones.map((p) => `${ltr(p.display)} (${phoneLabel(p.label, "ar")})`).join(" أو ");
}

export function linkHintAr(clinic: Clinic, cancelCutoffHours?: number, changeable = true): string {
  const personal = "هذا الرابط خاص بك، فلا تُرسله إلى غيرك.";
  if (!changeable) return `${personal} لإلغاء هذا الموعد أو تغيير وقته الآن، اتصل بنا على ${clinicPhonesAr(clinic)}.`;
  const until =
    cancelCutoffHours !== undefined && cancelCutoffHours > 0
      ? ` يمكنك إلغاء الموعد أو تغيير وقته عبر الإنترنت حتى ${ltr(String(cancelCutoffHours))} ساعة قبل موعدك؛ بعد ذلك، اتصل بنا.`
      : "";
  return `${personal}${until}`;
}

export function linkActionAr(clinic: Clinic, link: string, textLabel: string, cancelCutoffHours?: number, label = "إدارة موعدي", changeable = true): MailAction {
  return { label, url: link, textLabel, hint: linkHintAr(clinic, cancelCutoffHours, changeable) };
}

export type ArabicMail = { subject: string; content: Omit<MailContent, "title" | "clinic"> };

interface Options {
  clinic: Clinic;
  link: string | null;
  origin: string;
  cancelCutoffHours?: number;
  changeable: boolean;
  withIcs: boolean;
}

function details(clinic: Clinic, a: Appointment, withAddress: boolean): MailDetail[] {
  const words = clinicWords(clinic, "ar");
  return [
    { label: "الخدمة", value: serviceIn("ar", a.service) },
    { label: "التاريخ", value: formatDayFullAr(a.date) },
    { label: "الساعة", value: ltr(formatTime(a.time)) },
    ...(withAddress ? [{ label: "العنوان", value: `${words.name}، ${words.oneLine}` }] : []),
  ];
}

export const APPOINTMENT_FOOTNOTE_AR = "تصلك هذه الرسالة لأنّ موعدًا حُجز لدى عيادتنا باستعمال عنوان بريدك الإلكتروني.";

/** The subject and the content of an appointment's e-mail in Arabic. */
export function appointmentMailAr(a: Appointment, event: "confirmed" | "cancelled" | "moved" | "reminder", o: Options): ArabicMail {
  const { clinic, link } = o;
  const name = clinicWords(clinic, "ar").name;
  const when = formatWhenAr(a);
  const pending = a.status === "requested";
  const phones = clinicPhonesAr(clinic);
  const manage = (l: string) =>
    o.changeable
      ? linkActionAr(clinic, l, "تأكيد حضورك أو إلغاء الموعد أو تغيير وقته", o.cancelCutoffHours)
      : linkActionAr(clinic, l, "تأكيد حضورك", o.cancelCutoffHours, "تأكيد حضوري", false);
  const warnEarly = `إذا تعذّر عليك الحضور، نرجو إعلامنا في أقرب وقت حتى نُتيح الموعد لمريض آخر: ${phones}.`;
  switch (event) {
    case "confirmed":
      return {
        subject: `تأكيد موعدك يوم ${when} — ${name}`,
        content: {
          preheader: `موعدك يوم ${when} مؤكَّد.`,
          heading: "تمّ تأكيد موعدك",
          intro: ["يسعدنا أن نؤكّد لك موعدك:"],
          details: details(clinic, a, true),
          action: link ? manage(link) : undefined,
          outro: ["يُضيف ملفّ التقويم المرفق هذا الموعد إلى رزنامة هاتفك أو حاسوبك.", warnEarly],
        },
      };
    case "cancelled":
      return {
        subject: `إلغاء موعدك: ${when} — ${name}`,
        content: {
          preheader: `أُلغي موعدك يوم ${when}.`,
          heading: "تمّ إلغاء موعدك",
          intro: [a.cancelled_by === "patient" ? "بناءً على طلبك، أُلغي هذا الموعد:" : "نُعلمك بأنّ هذا الموعد قد أُلغي:"],
          details: details(clinic, a, false),
          action: { label: "حجز موعد جديد", url: `${o.origin}${localizedPath("ar", "/appointment")}`, textLabel: "احجز موعدًا جديدًا عبر الإنترنت" },
          outro: [`لأيّ سؤال أو للاتفاق على موعد آخر، اتصل بنا على ${phones}.`],
        },
      };
    case "moved":
      return {
        subject: `تغيير موعدك إلى ${when} — ${name}`,
        content: {
          preheader: `الموعد الجديد: ${when}.`,
          heading: "تغيّر وقت موعدك",
          intro: [pending ? "تغيّر وقت طلب موعدك. إليك الوقت الجديد:" : "تغيّر وقت موعدك. إليك الوقت الجديد:"],
          details: details(clinic, a, true),
          action: link ? manage(link) : undefined,
          outro: [
            ...(pending ? ["لم يُؤكَّد هذا الموعد بعد: سيتصل بك فريقنا لتأكيده."] : []),
            ...(o.withIcs ? ["يُحدِّث ملفّ التقويم المرفق هذا الموعد في رزنامتك."] : []),
            `إذا لم يناسبك هذا الوقت الجديد، اتصل بنا على ${phones}.`,
          ],
        },
      };
    case "reminder":
      return {
        subject: `تذكير بموعدك يوم ${when} — ${name}`,
        content: {
          preheader: `تذكير بموعدك يوم ${when}.`,
          heading: "تذكير بموعدك",
          intro: [pending ? "نذكّرك بطلب موعدك:" : "نذكّرك بموعدك:"],
          details: details(clinic, a, true),
          action: link ? manage(link) : undefined,
          outro: [...(pending ? ["لم يؤكّد فريقنا هذا الموعد بعد: إن كان لديك أيّ شكّ، اتصل بنا."] : []), warnEarly],
        },
      };
  }
}

/** The acknowledgement of a booking request in Arabic (./booking-mail.ts writes the French one). */
export function bookingAcknowledgementAr(
  choice: { service: string; date: string; time: string } | null,
  o: { clinic: Clinic; link: string | null; cancelCutoffHours?: number; changeable: boolean },
): ArabicMail & { footnote: string } {
  const { clinic, link } = o;
  const name = clinicWords(clinic, "ar").name;
  return {
    subject: `طلب موعدك — ${name}`,
    footnote: `تصلك هذه الرسالة لأنّ طلب موعد أُرسل بعنوان بريدك الإلكتروني عبر موقعنا. إن لم تكن صاحب هذا الطلب، فتجاهل هذه الرسالة${link && o.changeable ? " أو ألغِ الطلب بالرابط أعلاه" : ""}.`,
    content: {
      preheader: "وصلنا طلبك، وسيتصل بك فريقنا لتأكيده.",
      heading: "استلمنا طلب موعدك",
      intro: [`استلمنا طلب موعد أُرسل بعنوان البريد الإلكتروني هذا عبر موقع ${name}${choice ? ":" : "."}`],
      details: choice
        ? [
            { label: "الخدمة", value: serviceIn("ar", choice.service) },
            { label: "التاريخ المطلوب", value: formatDayFullAr(choice.date) },
            { label: "الساعة المطلوبة", value: ltr(formatTime(choice.time)) },
          ]
        : undefined,
      action: link
        ? o.changeable
          ? linkActionAr(clinic, link, "متابعة طلبك أو تغيير وقته أو إلغاؤه", o.cancelCutoffHours, "إدارة طلبي")
          : linkActionAr(clinic, link, "متابعة طلبك", o.cancelCutoffHours, "عرض طلبي", false)
        : undefined,
      outro: [
        "لم يُؤكَّد هذا الموعد بعد: سيتصل بك فريقنا قريبًا لتأكيده أو لاقتراح وقت آخر.",
        `لأيّ سؤال، اتصل بنا على ${clinicPhonesAr(clinic)}.`,
      ],
    },
  };
}
