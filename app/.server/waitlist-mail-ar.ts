import type { Clinic } from "~/lib/clinic";
import { clinicWords } from "~/i18n/clinic";
import { formatDayFullAr, formatTime } from "~/lib/format";
import { ltr } from "~/lib/message-language";
import { serviceIn } from "~/lib/services-ar";
import { clinicPhonesAr } from "./appointment-mail-ar";
import type { WaitlistOffer } from "./db/types";
import { renderMail } from "./mail-layout";

/**
 * The waiting-list offer's e-mail in Arabic (issue 32), for an entry made in Arabic
 * (waitlist_entries.language): the French one's content (./waitlist.ts, offerMessage), the day in
 * Arabic, the times and phones left to right (`ltr`), the link to /ar/offre/<token>.
 */
export function offerMailAr(offer: Pick<WaitlistOffer, "service" | "date" | "time">, clinic: Clinic, link: string, until: string): { subject: string; text: string; html: string } {
  const name = clinicWords(clinic, "ar").name;
  const when = `${formatDayFullAr(offer.date)} على الساعة ${ltr(formatTime(offer.time))}`;
  const untilTime = ltr(formatTime(until));
  const subject = `تحرّر موعد يوم ${when} — ${name}`;
  return {
    subject,
    ...renderMail({
      clinic,
      locale: "ar",
      title: subject,
      preheader: `موعد متاح يوم ${when}، يمكن حجزه حتى الساعة ${untilTime}.`,
      heading: "تحرّر موعد",
      intro: ["أنت مسجّل في قائمة الانتظار لدينا: تحرّر للتوّ موعد يوافق الأوقات التي تناسبك."],
      details: [
        { label: "الخدمة", value: serviceIn("ar", offer.service) },
        { label: "التاريخ", value: formatDayFullAr(offer.date) },
        { label: "الساعة", value: ltr(formatTime(offer.time)) },
      ],
      action: {
        label: "احجز هذا الموعد",
        url: link,
        textLabel: "احجز هذا الموعد",
        hint: `هذا الرابط خاص بك. يحصل على الموعد أوّل مريض يؤكّده؛ العرض صالح حتى الساعة ${untilTime}.`,
      },
      outro: [`لأيّ سؤال، اتصل بنا على ${clinicPhonesAr(clinic)}.`],
      footnote: "تصلك هذه الرسالة لأنك سجّلت في قائمة الانتظار لدى عيادتنا.",
    }),
  };
}
