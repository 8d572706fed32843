import { clinic } from "~/content/clinic";
import { formatCalendarDate } from "~/lib/format";
import { getDb, type Db } from "./db";
import type { Appointment } from "./db/types";
import { log } from "./log";
import { queueAndSend, type MailMessage } from "./mail";
import { personalLink } from "./personal-link";

/**
 * The e-mails a patient receives about an appointment (docs/product.md, "Patient e-mails"):
 * the clinic confirmed it, it was cancelled, it was moved. The request-received message and the
 * clinic's notification are in ./booking-mail.ts; the reminder in ./reminders.ts.
 * Only the appointment's own address receives them; nothing is sent without one.
 */
export type AppointmentMailEvent = "confirmed" | "cancelled" | "moved";

export function appointmentMessage(a: Appointment, event: AppointmentMailEvent, opts: { link?: string | null } = {}): MailMessage | null {
  if (!a.email) return null;
  const when = `${formatCalendarDate(a.date)} à ${a.time}`;
  const phones = clinic.phones.map((p) => p.display).join(" ou ");
  const subject = {
    confirmed: `Rendez-vous confirmé le ${when} — ${clinic.name}`,
    cancelled: `Rendez-vous annulé — ${clinic.name}`,
    moved: `Rendez-vous déplacé au ${when} — ${clinic.name}`,
  }[event];
  const lead = {
    confirmed: `Votre rendez-vous (${a.service}) est confirmé le ${when}.`,
    cancelled: `Votre rendez-vous (${a.service}) du ${when} est annulé.`,
    moved: `Votre rendez-vous (${a.service}) est déplacé au ${when}.`,
  }[event];
  const link = event === "cancelled" ? null : opts.link;
  return {
    to: a.email,
    subject,
    kind: `appointment_${event}`,
    appointmentId: a.id,
    text: ["Bonjour,", "", lead, ...(link ? ["", `Confirmer, annuler ou déplacer : ${link}`] : []), "", `Pour toute question : ${phones}.`, "", clinic.name, clinic.address.oneLine].join("\n"),
  };
}

/** Queue and start sending the message of an event. Never throws: the change is already committed. */
export async function notifyAppointment(a: Appointment, event: AppointmentMailEvent, h: Db = getDb()): Promise<{ ids: number[]; sending: Promise<unknown> }> {
  try {
    const message = appointmentMessage(a, event, { link: personalLink(a) });
    if (!message) return { ids: [], sending: Promise.resolve() };
    return await queueAndSend([message], h);
  } catch (err) {
    log.error({ event: "appointment_mail_queue_failed", appointmentId: a.id, kind: event, err: err instanceof Error ? err.name : "unknown" }, "change stored, but its e-mail could not be queued");
    return { ids: [], sending: Promise.resolve() };
  }
}
