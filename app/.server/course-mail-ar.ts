import type { Clinic } from "~/lib/clinic";
import { clinicWords } from "~/i18n/clinic";
import { courseTitleAr, dateTimeAr, isolated, priceAr, sessionDatesAr, sessionDaysAr } from "~/lib/course-texts-ar";
import { formatDayFullAr, formatTimeRange } from "~/lib/format";
import type { FormationSession } from "~/lib/formation-session";
import { ltr } from "~/lib/message-language";
import { monthsAr } from "~/content/formation-ar";
import { clinicPhonesAr } from "./appointment-mail-ar";

/**
 * The course messages in Arabic (issue 32, the training side): the same plain-text e-mails as
 * ./enrollment-mail.ts, ./course-mail.ts and the certificate's (./certificate-actions.ts) write in
 * French, for a trainee whose enrolment (or waiting-list entry) was made on an /ar page
 * (`language` 'ar', migration 018). Dates in Arabic in the clinic's time zone, times, prices,
 * phone numbers and addresses isolated left to right (`ltr`), a French title or place isolated;
 * the clinic named as clinicWords gives it; the links go to the /ar pages. Like the French ones,
 * they repeat nothing the visitor typed but the address they go to.
 */

/** A formation named in an Arabic text: its Arabic title, else its French one isolated. */
type Named = { title: string; title_ar?: string | null };

function signatureAr(clinic: Clinic, withDoctor = false): string[] {
  const words = clinicWords(clinic, "ar");
  return [
    "",
    `لأيّ سؤال: ${clinicPhonesAr(clinic)}، أو ${ltr(clinic.email)}.`,
    "",
    "مع أطيب التحيات،",
    withDoctor ? `${words.doctorName} وفريق ${words.name}` : `فريق ${words.name}`,
    words.oneLine,
  ];
}

export interface ArabicCourseMail {
  subject: string;
  text: string;
}

/** The acknowledgement of an enrolment made on /ar/inscription (nothing typed in it). */
export function enrollmentAcknowledgementAr(
  formation: (Named & { id: number; duration_months: number; price: number | null; place: string }) | null,
  clinic: Clinic,
  publicUrl?: string,
): ArabicCourseMail {
  const words = clinicWords(clinic, "ar");
  const chosen = formation ? `دورة «${courseTitleAr(formation)}»` : "تكويننا (الدورة تُحدَّد معكم لاحقًا)";
  const lines = [
    "مرحبًا،",
    "",
    `تلقّينا طلب تسجيل في ${chosen}، أُرسل من موقعنا باستعمال عنوان البريد الإلكتروني هذا.`,
    "تسجيلكم في الانتظار: سيتصل بكم فريقنا قريبًا لتأكيده وإعطائكم التفاصيل العملية.",
    "",
  ];
  if (formation) {
    lines.push(
      "ملخّص:",
      `- التكوين: ${courseTitleAr(formation)}`,
      `- المدة: ${monthsAr(formation.duration_months)}`,
      `- السعر: ${priceAr(formation.price)}`,
      `- المكان: ${isolated(formation.place)}`,
      `- التوقيت: ${ltr(formatTimeRange("09:00", "17:00"))}`,
      "",
    );
  }
  lines.push(...signatureAr(clinic, true).slice(1));
  if (publicUrl && formation) lines.push("", `برنامج التكوين: ${publicUrl.replace(/\/$/, "")}/ar/syllabus/${formation.id}`);
  lines.push("", "تصلكم هذه الرسالة لأنّ طلب تسجيل أُرسل من موقعنا باستعمال عنوان بريدكم الإلكتروني. إن لم تكونوا أنتم، فتجاهلوا هذه الرسالة.");
  return { subject: `طلب تسجيلكم — ${words.name}`, text: lines.join("\n") };
}

/** A place freed in a full session: the offer link (/ar/offre-formation/<token>), valid until `expiresAt`. */
export function offerMessageAr(f: Named, s: FormationSession, link: string, expiresAt: string, clinic: Clinic): ArabicCourseMail {
  const title = courseTitleAr(f);
  const lines = [
    "مرحبًا،",
    "",
    `تحرّر مقعد في دورة «${title}» (${sessionDatesAr(s)}، ${isolated(s.place)})، وأنتم مسجّلون في قائمة انتظارها.`,
    `هذا المقعد محجوز لكم إلى غاية ${dateTimeAr(expiresAt)}: لحجزه، افتحوا هذا الرابط الخاص بكم:`,
    link,
    "",
    `السعر: ${priceAr(s.price)}. بعد انقضاء هذه المهلة، يُقترح المقعد على الشخص التالي.`,
    ...signatureAr(clinic),
  ];
  return { subject: `تحرّر مقعد — ${title}`, text: lines.join("\n") };
}

/** An unpaid enrolment near its deadline. */
export function paymentReminderMessageAr(f: Named, s: FormationSession, lastDay: string, clinic: Clinic): ArabicCourseMail {
  const title = courseTitleAr(f);
  const lines = [
    "مرحبًا،",
    "",
    `تسجيلكم في دورة «${title}» (${sessionDatesAr(s)}) في انتظار الدفع، وقد انقضت مهلة الدفع.`,
    `نحتفظ بمقعدكم إلى غاية ${dateTimeAr(lastDay)}: يتمّ الدفع (${priceAr(s.price)}) في العيادة (نقدًا، أو ببطاقة ${ltr("CIB")} أو البطاقة الذهبية، أو بصكّ أو تحويل).`,
    "إن لم يتمّ الدفع في هذا التاريخ، يُحرَّر المقعد ويُقترح على قائمة الانتظار.",
    ...signatureAr(clinic),
  ];
  return { subject: `تذكير: دفع مستحقات تسجيلكم — ${title}`, text: lines.join("\n") };
}

/** The place released after the deadline. */
export function releaseMessageAr(f: Named, s: FormationSession, clinic: Clinic): ArabicCourseMail {
  const title = courseTitleAr(f);
  const lines = [
    "مرحبًا،",
    "",
    `انقضت مهلة دفع تسجيلكم في دورة «${title}» (${sessionDaysAr(s)}): تمّ تحرير المقعد.`,
    "إن كنتم ما زلتم ترغبون في متابعة هذا التكوين، اتصلوا بنا أو سجّلوا من جديد عبر موقعنا.",
    ...signatureAr(clinic),
  ];
  return { subject: `تحرير التسجيل — ${title}`, text: lines.join("\n") };
}

/** The e-mail that carries a certificate (its PDF stays in French: the paper the clinic signs). */
export function certificateMailAr(
  c: { formationTitle: string; startsOn: string; endsOn: string; number: string; code: string; trainer: string },
  groupedCode: string,
  checkUrl: string,
  clinic: Clinic,
): ArabicCourseMail {
  const words = clinicWords(clinic, "ar");
  const period = c.startsOn === c.endsOn ? `يوم ${formatDayFullAr(c.startsOn)}` : `من ${formatDayFullAr(c.startsOn)} إلى ${formatDayFullAr(c.endsOn)}`;
  const lines = [
    "مرحبًا،",
    "",
    `تجدون مرفقًا شهادة حضوركم في تكوين «${isolated(c.formationTitle)}»، ${period}. الشهادة محرّرة باللغة الفرنسية.`,
    "",
    `الشهادة رقم ${ltr(c.number)} — الرمز ${ltr(groupedCode)}`,
    `يمكن لأيّ شخص التحقّق من صحّتها على هذا العنوان: ${checkUrl}`,
    "",
    "مع أطيب التحيات،",
    `${c.trainer === clinic.doctor.name ? words.doctorName : isolated(c.trainer)} وفريق ${words.name}`,
    words.oneLine,
  ];
  return { subject: `شهادة حضوركم — ${isolated(c.formationTitle)}`, text: lines.join("\n") };
}
