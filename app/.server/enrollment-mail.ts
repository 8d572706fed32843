import type { Clinic } from "~/lib/clinic";
import { formatDateTime } from "~/lib/format";
import { FORMATION_HOURS } from "~/lib/formation";
import { formationPriceLabel } from "~/lib/money";
import { getClinic } from "./clinic";
import { getConfig } from "./config";
import type { Db } from "./db";
import { getDb } from "./db";
import type { Enrollment } from "./db/types";
import { log } from "./log";
import { clinicInbox, queueAndSend, type MailMessage } from "./mail";
import { enrollmentAcknowledgementAr } from "./course-mail-ar";
import type { Locale } from "~/i18n";

export interface EnrollmentMailFormation {
  id: number;
  title: string;
  duration_months: number;
  price: number | null;
  place: string;
  /** its Arabic title ('En arabe'), for a trainee who enrolled in Arabic */
  title_ar?: string | null;
}

/**
 * The acknowledgement sent to the address typed in the enrolment form. Whoever typed that
 * address may not own it, so the message repeats nothing that was typed (no name, no phone): only
 * the clinic's fixed text, the session picked from the list (its title, duration and price as
 * the staff wrote them) and a link built from the configured public address. In the enrolment's
 * language (`language`: the page's it was made on): an Arabic enrolment gets it in Arabic, linking
 * to the /ar pages (./course-mail-ar.ts).
 */
export function enrollmentAcknowledgement(to: string, formation: EnrollmentMailFormation | null, clinic: Clinic, publicUrl?: string, language: Locale = "fr"): MailMessage {
  if (language === "ar") return { to, ...enrollmentAcknowledgementAr(formation, clinic, publicUrl), kind: "enrollment_received" };
  const chosen = formation ? `la session « ${formation.title} »` : "notre formation (session à convenir avec vous)";
  const phones = clinic.phones.map((p) => `${p.label} : ${p.display}`).join(" — ");
  const lines = [
    "Bonjour,",
    "",
    `Nous avons bien reçu une demande d'inscription à ${chosen}, faite avec cette adresse e-mail sur notre site.`,
    "Votre inscription est en attente : notre équipe vous contactera prochainement pour la confirmer et vous donner les détails pratiques.",
    "",
  ];
  if (formation) {
    lines.push(
      "Récapitulatif :",
      `- Formation : ${formation.title}`,
      `- Durée : ${formation.duration_months} mois`,
      `- Tarif : ${formationPriceLabel(formation.price, "Prix sur demande")}`,
      `- Lieu : ${formation.place}`,
      `- Horaires : ${FORMATION_HOURS}`,
      "",
    );
  }
  lines.push(
    `Pour toute question : ${phones}, ou ${clinic.email}.`,
    "",
    "Cordialement,",
    `${clinic.doctor.name} et l'équipe de la ${clinic.name}`,
    clinic.address.oneLine,
  );
  if (publicUrl && formation) lines.push("", `Programme de la formation : ${publicUrl.replace(/\/$/, "")}/syllabus/${formation.id}`);
  lines.push("", "Vous recevez ce message parce qu'une demande d'inscription a été faite avec votre adresse e-mail sur notre site. Si ce n'est pas vous, ignorez simplement ce message.");
  return { to, subject: `Votre demande d'inscription — ${clinic.name}`, text: lines.join("\n"), kind: "enrollment_received" };
}

/**
 * The two messages of a new enrolment: the acknowledgement to the address typed
 * (`enrollmentAcknowledgement`, nothing typed in it) and a notice to the clinic with every
 * detail. Pure, so that it can be tested; sending goes through the outbox (mail.ts).
 */
export function buildEnrollmentEmails(
  e: Pick<Enrollment, "id" | "user_name" | "user_surname" | "email" | "phone" | "enrollment_date"> & { language?: string | null },
  formation: EnrollmentMailFormation | null,
  opts: { clinic: Clinic; publicUrl?: string; clinicAddress: string },
): MailMessage[] {
  const staff = [
    "Nouvelle demande d'inscription à une formation.",
    "",
    `Nom : ${e.user_name}`,
    `Prénom : ${e.user_surname}`,
    `E-mail : ${e.email}`,
    `Téléphone : ${e.phone}`,
    `Formation : ${formation ? formation.title : "aucune session choisie"}`,
    `Date : ${formatDateTime(e.enrollment_date)}`,
    "Statut : En attente",
  ];
  // the clinic reads French; it is told when the trainee's messages go in Arabic
  if (e.language === "ar") staff.push("Langue des messages : arabe (inscription faite sur la page en arabe)");
  if (opts.publicUrl) {
    const base = opts.publicUrl.replace(/\/$/, "");
    staff.push("", formation ? `Voir les inscriptions : ${base}/admin/formations?inscriptions=${formation.id}` : `Espace de travail : ${base}/admin/formations`);
  }

  return [
    enrollmentAcknowledgement(e.email, formation, opts.clinic, opts.publicUrl, e.language === "ar" ? "ar" : "fr"),
    { to: opts.clinicAddress, subject: `Nouvelle inscription${formation ? ` : ${formation.title}` : ""}`, text: staff.join("\n"), kind: "enrollment_clinic" },
  ];
}

/**
 * Queue (and send, when SMTP is configured) the messages of a committed enrolment. Never
 * throws: the enrolment is stored, a mail problem is only logged (without personal data).
 */
export async function sendEnrollmentEmails(e: Enrollment, formation: EnrollmentMailFormation | null, h: Db = getDb()): Promise<void> {
  try {
    const clinic = await getClinic(h);
    const messages = buildEnrollmentEmails(e, formation, { clinic, publicUrl: getConfig().PUBLIC_URL, clinicAddress: clinicInbox(clinic.email) });
    const { sending } = await queueAndSend(messages, h);
    // not awaited by the request: the visitor does not wait for SMTP
    sending.catch(() => undefined);
  } catch (err) {
    log.error({ event: "enrollment_mail_failed", enrollmentId: e.id, err: err instanceof Error ? err.message : String(err) }, "enrolment mail could not be queued");
  }
}
