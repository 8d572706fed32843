import { clinic } from "~/content/clinic";
import { formatCalendarDate } from "~/lib/format";
import { isValidYmd } from "~/lib/rules";
import { SERVICES, type Service } from "~/lib/services";
import { getConfig } from "./config";
import { getDb, type Db } from "./db";
import type { Appointment } from "./db/types";
import { log } from "./log";
import { clinicInbox, queueAndSend, type MailMessage } from "./mail";

/** What a patient picked from the booking form's lists: the only details an acknowledgement repeats. */
export interface BookingChoice {
  service: Service;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The list choices of a stored booking; null when one of them is not a value the lists offer. */
export function bookingChoice(a: Pick<Appointment, "service" | "date" | "time">): BookingChoice | null {
  const service = SERVICES.find((s) => s === a.service);
  if (!service || !isValidYmd(a.date) || !HH_MM.test(a.time)) return null;
  return { service, date: a.date, time: a.time };
}

/**
 * The acknowledgement sent to the address typed in the booking form (docs/product.md,
 * "Booking"). Whoever typed that address may not own it, so the message repeats nothing that was
 * typed: no name, no message, no link from the form; only the clinic's fixed text and the
 * service, day and time picked from the form's lists. A stranger can make the clinic send its own
 * words to someone, never a text or a link of their own.
 */
export function bookingAcknowledgement(to: string, choice: BookingChoice | null): MailMessage {
  const phones = clinic.phones.map((p) => `${p.display} (${p.label.toLowerCase()})`).join(" ou ");
  return {
    to,
    subject: `Votre demande de rendez-vous — ${clinic.name}`,
    text: [
      "Bonjour,",
      "",
      `Nous avons bien reçu une demande de rendez-vous faite avec cette adresse e-mail sur le site de la ${clinic.name}${choice ? " :" : "."}`,
      ...(choice ? ["", `  Service : ${choice.service}`, `  Date souhaitée : ${formatCalendarDate(choice.date)} à ${choice.time}`] : []),
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
}

/**
 * The two e-mails of a new booking: a notification to the clinic, with every detail typed, and
 * the acknowledgement to the address typed, with none (`bookingAcknowledgement`). Plain text,
 * French. The patient's data appears in the messages only, never in a log line.
 */
export function bookingMessages(a: Appointment, opts: { clinicTo: string; publicUrl?: string }): MailMessage[] {
  const when = `${formatCalendarDate(a.date)} à ${a.time}`;
  // the agenda of that day: no patient data in a URL that a server would log
  const adminLink = opts.publicUrl ? `${opts.publicUrl}/admin/agenda?jour=${a.date}` : null;

  const toClinic: MailMessage = {
    to: opts.clinicTo,
    subject: `Nouvelle demande de rendez-vous : ${a.service}, ${when}`,
    text: [
      "Une nouvelle demande de rendez-vous vient d'être envoyée depuis le site.",
      "",
      `Nom complet : ${a.name}`,
      `E-mail : ${a.email ?? "(aucun)"}`,
      `Téléphone : ${a.phone}`,
      `Service : ${a.service}`,
      `Date souhaitée : ${when}`,
      `Message : ${a.message?.trim() ? a.message : "(aucun)"}`,
      "",
      "Pensez à rappeler le patient pour confirmer le créneau.",
      ...(adminLink ? ["", `Voir la demande dans l'espace de travail : ${adminLink}`] : []),
    ].join("\n"),
  };

  return a.email ? [toClinic, bookingAcknowledgement(a.email, bookingChoice(a))] : [toClinic];
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
