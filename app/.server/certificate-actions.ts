import { data } from "react-router";
import { z } from "~/lib/zod";
import { staffActor } from "./actor";
import { guarded, intentOf, readForm } from "./admin-action";
import { getClinic } from "./clinic";
import { publicOrigin } from "./config";
import { getDb, type Db } from "./db";
import { log } from "./log";
import { queueAndSend, type MailMessage } from "./mail";
import { certificateMailAr } from "./course-mail-ar";
import type { Locale } from "~/i18n";
import { certificatesPdf } from "./pdf/certificate";
import { countLinkMiss, linkGuessBlocked } from "./personal-link";
import { RDV_HEADERS } from "./rdv-actions";
import { attendanceSheet, certificateByCode, certificateLanguages, certificatesByIds, issueCertificates, markAttendance, revokeCertificate, type StoredCertificate } from "./repos/certificates";
import type { StaffSession } from "./session";
import { certificatePath, certificatePeriod, groupCode, isCertificateCode } from "~/lib/certificate";
import type { Clinic } from "~/lib/clinic";
import { todayInClinic } from "~/lib/clinic-time";

/**
 * Attendance and certificates (issue 31, item 6; ADR 028): the public check of a certificate, the
 * staff sheet's actions, the e-mail that carries a certificate.
 */

/** The public verification page's data: a well-formed code that exists, else 404 (429 after too many misses). */
export async function openCertificate(code: string | undefined, ip: string) {
  const blocked = await linkGuessBlocked(ip);
  if (blocked.blocked) throw data({ message: "Trop de tentatives." }, { status: 429, headers: { ...RDV_HEADERS, "Retry-After": String(blocked.retryAfterSeconds) } });
  const found = code && isCertificateCode(code) ? await certificateByCode(getDb(), code) : undefined;
  if (!found) {
    await countLinkMiss(ip).catch(() => undefined);
    throw data({ message: "Attestation introuvable." }, { status: 404, headers: RDV_HEADERS });
  }
  const clinic = await getClinic();
  // only what the certificate says: no e-mail, no enrolment, no session id
  const { email: _email, id: _id, sessionId: _sessionId, ...certificate } = found;
  return { certificate, clinicName: clinic.name };
}

function publicBase(): string {
  return publicOrigin().replace(/\/$/, "");
}

/**
 * The e-mail that carries one certificate, its PDF attached, in the trainee's language (the
 * enrolment's): in Arabic, linking to /ar/attestation/<code>; the PDF itself stays in French.
 */
export function certificateMail(c: StoredCertificate, clinic: Clinic, pdf: Buffer, base: string, language: Locale = "fr"): MailMessage | null {
  if (!c.email) return null;
  const attachments = [{ filename: `attestation-${c.number}.pdf`, contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" as const }];
  if (language === "ar") {
    const ar = certificateMailAr(c, groupCode(c.code), `${base}/ar${certificatePath(c.code)}`, clinic);
    return { to: c.email, subject: ar.subject, text: ar.text, kind: "certificate", dedupeKey: `certificate:${c.id}`, attachments };
  }
  const lines = [
    "Bonjour,",
    "",
    `Vous trouverez ci-joint votre attestation de présence à la formation « ${c.formationTitle} », ${certificatePeriod(c)}.`,
    "",
    `Attestation n° ${c.number} — code ${groupCode(c.code)}`,
    `Toute personne peut vérifier qu'elle est authentique à cette adresse : ${base}${certificatePath(c.code)}`,
    "",
    "Cordialement,",
    `${c.trainer} et l'équipe de la ${clinic.name}`,
    clinic.address.oneLine,
  ];
  return {
    to: c.email,
    subject: `Votre attestation de présence — ${c.formationTitle}`,
    text: lines.join("\n"),
    kind: "certificate",
    dedupeKey: `certificate:${c.id}`,
    attachments,
  };
}

/** Queue the e-mails of these certificates (after their transaction committed); returns how many were queued. */
export async function sendCertificates(h: Db, ids: number[]): Promise<number> {
  const clinic = await getClinic(h);
  const base = publicBase();
  const languages = await certificateLanguages(h, ids);
  let sent = 0;
  for (const c of await certificatesByIds(h, ids)) {
    const mail = certificateMail(c, clinic, await certificatesPdf(clinic, [c], base), base, languages.get(c.id));
    if (!mail) continue;
    await queueAndSend([mail], h);
    sent++;
  }
  return sent;
}

/** The PDF of some certificates (one, or every one of a session). */
export async function certificatesFile(h: Db, certificates: StoredCertificate[]): Promise<Buffer> {
  return certificatesPdf(await getClinic(h), certificates, publicBase());
}

export async function attendanceData(sessionId: number | null) {
  const sheet = sessionId === null ? undefined : await attendanceSheet(getDb(), sessionId);
  if (!sheet) throw data({ message: "Session introuvable." }, { status: 404 });
  return { sheet, today: todayInClinic() };
}

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Jour invalide.");
const markSchema = z.object({ enrollment: z.coerce.number().int().positive(), day: DAY, present: z.enum(["1", "0"]) });
const certificateSchema = z.object({ id: z.coerce.number().int().positive() });

export type AttendanceReply = { ok: boolean; message: string };

const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.";
const MARK_REFUSED: Record<string, string> = {
  not_found: "Cette session n'existe plus.",
  not_participant: "Cette personne ne participe pas à cette session (inscription annulée ou non confirmée).",
  day_outside: "Ce jour n'est pas un jour de la session.",
  day_future: "On ne marque pas la présence d'un jour à venir.",
};

function reply(ok: boolean, message: string, status = 200) {
  return data<AttendanceReply>({ ok, message }, { status });
}

/** The attendance sheet's actions: 'mark' (one tap), 'issue' (the certificates), 'revoke', 'resend'. */
export async function attendanceAction(request: Request, sessionId: number | null, staff: StaffSession) {
  if (sessionId === null) throw data({ message: "Session introuvable." }, { status: 404 });
  const form = await readForm(request);
  const intent = intentOf(form);
  const actor = staffActor(staff);
  const h = getDb();
  const today = todayInClinic();
  switch (intent) {
    case "mark": {
      const parsed = markSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return reply(false, "Présence non reconnue : rechargez la page.", 400);
      const { enrollment, day, present } = parsed.data;
      return guarded(
        "presences",
        intent,
        async () => {
          const r = await markAttendance(h, { sessionId, enrollmentId: enrollment, day, present: present === "1", today }, actor);
          if (!r.ok) return reply(false, MARK_REFUSED[r.reason], r.reason === "not_found" ? 404 : 409);
          return reply(true, present === "1" ? "Présence enregistrée." : "Absence enregistrée.");
        },
        () => reply(false, STORE_FAILED, 503),
      );
    }
    case "issue":
      return guarded(
        "presences",
        intent,
        async () => {
          const clinic = await getClinic(h);
          const r = await issueCertificates(h, sessionId, { today, trainer: clinic.doctor.name }, actor);
          if (!r.ok) {
            const message =
              r.reason === "not_found"
                ? "Cette session n'existe plus."
                : r.reason === "not_ended"
                  ? "Les attestations se délivrent à partir du dernier jour de la session."
                  : "Aucune attestation à délivrer : chaque participant présent au moins un jour a déjà la sienne.";
            return reply(false, message, r.reason === "not_found" ? 404 : 409);
          }
          log.info({ event: "certificates_issued", sessionId, count: r.issued.length }, "certificates issued");
          const n = r.issued.length;
          const issued = `${n} attestation${n > 1 ? "s" : ""} délivrée${n > 1 ? "s" : ""}`;
          try {
            const sent = await sendCertificates(h, r.issued);
            return reply(true, `${issued}, ${sent} envoyée${sent > 1 ? "s" : ""} par e-mail.`);
          } catch (err) {
            log.error({ event: "certificate_mail_failed", sessionId, ...(err instanceof Error ? { code: err.name } : {}) }, "certificate mail failed");
            return reply(false, `${issued}, mais l'envoi par e-mail a échoué : utilisez « Renvoyer » sur chaque ligne.`, 500);
          }
        },
        () => reply(false, STORE_FAILED, 503),
      );
    case "resend":
    case "revoke": {
      const parsed = certificateSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return reply(false, "Attestation non reconnue : rechargez la page.", 400);
      const id = parsed.data.id;
      const [c] = await certificatesByIds(h, [id]);
      if (!c || c.sessionId !== sessionId) return reply(false, "Cette attestation n'existe pas.", 404);
      return guarded(
        "presences",
        intent,
        async () => {
          if (intent === "revoke") {
            const done = await revokeCertificate(h, id, actor);
            return done ? reply(true, `Attestation n° ${c.number} retirée : la page de vérification le dit désormais.`) : reply(false, "Cette attestation est déjà retirée.", 409);
          }
          if (c.revokedAt) return reply(false, "Une attestation retirée ne s'envoie plus.", 409);
          if (!c.email) return reply(false, "Pas d'adresse e-mail pour cette inscription.", 409);
          const clinic = await getClinic(h);
          const base = publicBase();
          const language = (await certificateLanguages(h, [c.id])).get(c.id);
          const mail = certificateMail(c, clinic, await certificatesPdf(clinic, [c], base), base, language)!;
          await queueAndSend([{ ...mail, dedupeKey: undefined }], h);
          return reply(true, `Attestation n° ${c.number} renvoyée par e-mail.`);
        },
        () => reply(false, STORE_FAILED, 503),
      );
    }
    default:
      return reply(false, "Action inconnue.", 400);
  }
}
