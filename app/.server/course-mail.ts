import type { Clinic } from "~/lib/clinic";
import { formatDateTime } from "~/lib/format";
import { formationPriceLabel } from "~/lib/money";
import { sessionDates, type FormationSession } from "~/lib/formation-session";
import type { MailMessage } from "./mail";
import type { Locale } from "~/i18n";
import { offerMessageAr, paymentReminderMessageAr, releaseMessageAr } from "./course-mail-ar";

/**
 * The messages of a course's waiting list and payment deadline (issue 31, items 4 and 5). Pure:
 * the repos queue them in the outbox in the transaction that decides them. Like the enrolment
 * acknowledgement, they repeat nothing the visitor typed but the address they go to. Each in the
 * trainee's language (`language`: the enrolment's or the waiting-list entry's; Arabic:
 * ./course-mail-ar.ts, with the formation's Arabic title `titleAr` when staff wrote one).
 */


function signature(clinic: Clinic): string[] {
  const phones = clinic.phones.map((p) => `${p.label} : ${p.display}`).join(" — ");
  return ["", `Pour toute question : ${phones}, ou ${clinic.email}.`, "", "Cordialement,", `L'équipe de la ${clinic.name}`, clinic.address.oneLine];
}

/** A place freed in a full session: the offer link, valid until `expiresAt`. */
export function offerMessage(to: string, title: string, s: FormationSession, link: string, expiresAt: string, clinic: Clinic, language: Locale = "fr", titleAr: string | null = null): MailMessage {
  if (language === "ar") return { to, ...offerMessageAr({ title, title_ar: titleAr }, s, link, expiresAt, clinic), kind: "course_offer" };
  const lines = [
    "Bonjour,",
    "",
    `Une place s'est libérée dans la session « ${title} » (${sessionDates(s)}, ${s.place}), pour laquelle vous êtes sur la liste d'attente.`,
    `Elle vous est réservée jusqu'au ${formatDateTime(expiresAt)} : pour la prendre, ouvrez ce lien personnel :`,
    link,
    "",
    `Tarif : ${formationPriceLabel(s.price, "Prix sur demande")}. Passé ce délai, la place est proposée à la personne suivante.`,
    ...signature(clinic),
  ];
  return { to, subject: `Une place s'est libérée — ${title}`, text: lines.join("\n"), kind: "course_offer" };
}

/** An unpaid enrolment near its deadline: pay before it, or the place goes to the waiting list. */
export function paymentReminderMessage(to: string, title: string, s: FormationSession, lastDay: string, clinic: Clinic, language: Locale = "fr", titleAr: string | null = null): MailMessage {
  if (language === "ar") return { to, ...paymentReminderMessageAr({ title, title_ar: titleAr }, s, lastDay, clinic), kind: "course_payment_reminder" };
  const lines = [
    "Bonjour,",
    "",
    `Votre inscription à la session « ${title} » (${sessionDates(s)}) est en attente de paiement et son délai de paiement est passé.`,
    `Nous gardons votre place jusqu'au ${formatDateTime(lastDay)} : le règlement (${formationPriceLabel(s.price, "Prix sur demande")}) se fait à la clinique (espèces, carte CIB ou Edahabia, chèque ou virement).`,
    "Sans règlement à cette date, la place est libérée et proposée à la liste d'attente.",
    ...signature(clinic),
  ];
  return { to, subject: `Rappel : paiement de votre inscription — ${title}`, text: lines.join("\n"), kind: "course_payment_reminder" };
}

/** The place released after the deadline. */
export function releaseMessage(to: string, title: string, s: FormationSession, clinic: Clinic, language: Locale = "fr", titleAr: string | null = null): MailMessage {
  if (language === "ar") return { to, ...releaseMessageAr({ title, title_ar: titleAr }, s, clinic), kind: "course_released" };
  const lines = [
    "Bonjour,",
    "",
    `Le délai de paiement de votre inscription à la session « ${title} » (${sessionDates(s)}) est passé : la place a été libérée.`,
    "Si vous souhaitez toujours suivre cette formation, contactez-nous ou inscrivez-vous à nouveau sur notre site.",
    ...signature(clinic),
  ];
  return { to, subject: `Inscription libérée — ${title}`, text: lines.join("\n"), kind: "course_released" };
}
