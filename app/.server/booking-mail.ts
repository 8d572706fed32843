import { clinic } from "~/content/clinic";
import { formatCalendarDate } from "~/lib/format";
import { getConfig } from "./config";
import { getDb, type Db } from "./db";
import type { Appointment } from "./db/types";
import { log } from "./log";
import { clinicInbox, queueAndSend, type MailMessage } from "./mail";

/**
 * The two e-mails of a new booking: a notification to the clinic and an acknowledgement to
 * the patient. Plain text, French. The patient's data appears in the messages only, never
 * in a log line.
 */
export function bookingMessages(a: Appointment, opts: { clinicTo: string; publicUrl?: string }): MailMessage[] {
  const when = `${formatCalendarDate(a.date)} à ${a.time}`;
  const phones = clinic.phones.map((p) => `${p.display} (${p.label.toLowerCase()})`).join(" ou ");
  const adminLink = opts.publicUrl ? `${opts.publicUrl}/admin/appointments?q=${encodeURIComponent(a.email)}` : null;

  const toClinic: MailMessage = {
    to: opts.clinicTo,
    subject: `Nouvelle demande de rendez-vous : ${a.service}, ${when}`,
    text: [
      "Une nouvelle demande de rendez-vous vient d'être envoyée depuis le site.",
      "",
      `Nom complet : ${a.name}`,
      `E-mail : ${a.email}`,
      `Téléphone : ${a.phone}`,
      `Service : ${a.service}`,
      `Date souhaitée : ${when}`,
      `Message : ${a.message?.trim() ? a.message : "(aucun)"}`,
      "",
      "Pensez à rappeler le patient pour confirmer le créneau.",
      ...(adminLink ? ["", `Voir la demande dans l'espace de travail : ${adminLink}`] : []),
    ].join("\n"),
  };

  const toPatient: MailMessage = {
    to: a.email,
    subject: `Votre demande de rendez-vous — ${clinic.name}`,
    text: [
      `Bonjour ${a.name},`,
      "",
      `Nous avons bien reçu votre demande de rendez-vous à la ${clinic.name} :`,
      "",
      `  Service : ${a.service}`,
      `  Date souhaitée : ${when}`,
      "",
      "Ce créneau n'est pas encore confirmé : notre équipe vous contactera rapidement pour le confirmer ou vous proposer un autre horaire.",
      "",
      `Pour toute question, appelez-nous au ${phones}.`,
      "",
      `${clinic.name}`,
      `${clinic.address.oneLine}`,
      "",
      "Vous recevez ce message parce qu'une demande de rendez-vous a été faite avec votre adresse e-mail sur notre site. Si ce n'est pas vous, ignorez simplement ce message.",
    ].join("\n"),
  };

  return [toClinic, toPatient];
}

/**
 * Queue both messages after the booking is committed and start sending them. Never throws:
 * the booking is already stored, a mail problem must not turn it into a failure. Returns the
 * sending promise for tests; request handlers do not await it.
 */
export async function notifyNewBooking(a: Appointment, h: Db = getDb()): Promise<{ ids: number[]; sending: Promise<unknown> }> {
  try {
    const messages = bookingMessages(a, { clinicTo: clinicInbox(clinic.email), publicUrl: getConfig().PUBLIC_URL });
    const { ids, sending } = await queueAndSend(messages, h);
    return { ids, sending };
  } catch (err) {
    log.error(
      { event: "booking_mail_queue_failed", appointmentId: a.id, err: err instanceof Error ? err.name : "unknown" },
      "booking stored, but its e-mails could not be queued",
    );
    return { ids: [], sending: Promise.resolve() };
  }
}
