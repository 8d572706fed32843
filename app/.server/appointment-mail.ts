import type { Clinic } from "~/lib/clinic";
import { clinicInstant } from "~/lib/clinic-time";
import { formatTime } from "~/lib/format";
import { publicOrigin } from "./config";
import { getDb, type Db } from "./db";
import type { Appointment } from "./db/types";
import { getClinic } from "./clinic";
import { appointmentIcs, icsSequence } from "./ics";
import { log } from "./log";
import { queueAndSend, type MailAttachment, type MailMessage } from "./mail";
import { renderMail, type MailAction, type MailContent, type MailDetail } from "./mail-layout";
import { personalLink } from "./personal-link";
import { loadContactSettings } from "./repos/contact-settings";
import { isDemoAppointment } from "./demo";
import type { Locale } from "~/i18n/locale";
import { appointmentMailAr, APPOINTMENT_FOOTNOTE_AR } from "./appointment-mail-ar";
import { appointmentLanguage } from "./message-language";

/**
 * The e-mails a patient receives about an appointment (docs/product.md, "Patient e-mails"):
 * the clinic confirmed it, it was cancelled, it was moved, and the reminder before it
 * (queued by ./reminders.ts). The request-received message and the clinic's notification are in
 * ./booking-mail.ts. French, text and HTML (./mail-layout.ts), the clinic's identity at the end.
 *
 * Only the appointment's own address receives them; nothing is sent without one, nor for an
 * appointment whose start has passed (a record put straight after the fact), nor once its
 * identity is erased. A message names the service, the day and the time, never the patient's
 * name or anything else typed. The personal link is in every message but the cancellation; the
 * confirmation and the move carry the appointment as an .ics file (./ics.ts): same UID across
 * moves, SEQUENCE raised with each change, so a calendar updates the event it already holds.
 */
export type AppointmentMailEvent = "confirmed" | "cancelled" | "moved" | "reminder";

/** The outbox `kind` of each event's message. */
export const APPOINTMENT_MAIL_KINDS: Record<AppointmentMailEvent, string> = {
  confirmed: "appointment_confirmed",
  cancelled: "appointment_cancelled",
  moved: "appointment_moved",
  reminder: "reminder",
};

export const ICS_FILENAME = "rendez-vous.ics";
export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8; method=PUBLISH";

const weekdayDate = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-06-02" → "mardi 2 juin 2026" (a calendar day: no time-zone shift). */
export function formatDayLong(ymd: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : weekdayDate.format(d);
}

/** "mardi 2 juin 2026 à 14:30" */
export function formatWhen(a: Pick<Appointment, "date" | "time">): string {
  return `${formatDayLong(a.date)} à ${formatTime(a.time)}`;
}

/** "023 70 45 12 (cabinet) ou 0550 12 34 56 (mobile)" */
export function clinicPhones(clinic: Clinic): string {
  return clinic.phones.map((p) => `${p.display} (${p.label.toLowerCase()})`).join(" ou ");
}

/** The line under the personal link's button: what it does and until when. */
export function linkHint(clinic: Clinic, cancelCutoffHours?: number, changeable = true): string {
  if (!changeable) return `Ce lien est personnel : ne le transférez pas. Pour annuler ou déplacer ce rendez-vous maintenant, appelez-nous au ${clinicPhones(clinic)}.`;
  const until =
    cancelCutoffHours !== undefined && cancelCutoffHours > 0
      ? ` L'annulation et le changement d'horaire en ligne sont possibles jusqu'à ${cancelCutoffHours} h avant le rendez-vous ; ensuite, appelez-nous.`
      : "";
  return `Ce lien est personnel : ne le transférez pas.${until}`;
}

/** The personal link as the messages show it (button, text line, hint). */
export function linkAction(clinic: Clinic, link: string, textLabel: string, cancelCutoffHours?: number, label = "Gérer mon rendez-vous", changeable = true): MailAction {
  return { label, url: link, textLabel, hint: linkHint(clinic, cancelCutoffHours, changeable) };
}

export interface AppointmentMailOptions {
  /** the clinic's identity as stored (getClinic()) */
  clinic: Clinic;
  /** the personal link (personalLink(a)); left out of the cancellation */
  link?: string | null;
  /** the .ics SEQUENCE (see icsSequence) */
  sequence?: number;
  /** shown next to the link (loadContactSettings().cancelCutoffHours) */
  cancelCutoffHours?: number;
  /** the site's origin (publicOrigin()), for the .ics UID and the booking page's address */
  origin?: string;
  /** false once the cut-off has passed: the link then only confirms presence (default true) */
  changeable?: boolean;
  /** the patient's language (appointmentLanguage; French by default): Arabic texts, .ics and link */
  locale?: Locale;
}

function details(clinic: Clinic, a: Appointment, withAddress: boolean): MailDetail[] {
  return [
    { label: "Service", value: a.service },
    { label: "Date", value: formatDayLong(a.date) },
    { label: "Heure", value: a.time },
    ...(withAddress ? [{ label: "Adresse", value: `${clinic.name}, ${clinic.address.oneLine}` }] : []),
  ];
}

/** The message of an event, or null when the appointment has no e-mail address (or no identity). */
export function appointmentMessage(a: Appointment, event: AppointmentMailEvent, opts: AppointmentMailOptions): MailMessage | null {
  const { clinic } = opts;
  if (!a.email || a.anonymised_at || isDemoAppointment(a)) return null;
  const origin = opts.origin ?? publicOrigin();
  const when = formatWhen(a);
  const link = event === "cancelled" ? null : (opts.link ?? null);
  const pending = a.status === "requested";
  // a calendar file for an appointment the clinic holds for sure: the confirmation, and a move of a confirmed one
  const withIcs = event === "confirmed" || (event === "moved" && a.status === "confirmed");
  const phones = clinicPhones(clinic);
  const changeable = opts.changeable ?? true;
  if (opts.locale === "ar") {
    const { subject: arSubject, content: arContent } = appointmentMailAr(a, event, { clinic, link, origin, cancelCutoffHours: opts.cancelCutoffHours, changeable, withIcs });
    const arAttachments: MailAttachment[] = withIcs
      ? [{ filename: ICS_FILENAME, contentType: ICS_CONTENT_TYPE, content: appointmentIcs(a, { origin, link, sequence: opts.sequence ?? 0, clinic, locale: "ar" }) }]
      : [];
    return {
      to: a.email,
      subject: arSubject,
      ...renderMail({ ...arContent, clinic, title: arSubject, footnote: APPOINTMENT_FOOTNOTE_AR, locale: "ar" }),
      ...(arAttachments.length ? { attachments: arAttachments } : {}),
      kind: APPOINTMENT_MAIL_KINDS[event],
      appointmentId: a.id,
    };
  }
  const manage = (l: string) =>
    changeable
      ? linkAction(clinic, l, "Confirmer votre présence, annuler ou déplacer le rendez-vous", opts.cancelCutoffHours)
      : linkAction(clinic, l, "Confirmer votre présence", opts.cancelCutoffHours, "Confirmer ma présence", false);

  let subject: string;
  let content: Omit<MailContent, "title" | "clinic">;
  switch (event) {
    case "confirmed":
      subject = `Rendez-vous confirmé le ${when} — ${clinic.name}`;
      content = {
        preheader: `Votre rendez-vous du ${when} est confirmé.`,
        heading: "Votre rendez-vous est confirmé",
        intro: ["Nous avons le plaisir de vous confirmer votre rendez-vous :"],
        details: details(opts.clinic, a, true),
        action: link ? manage(link) : undefined,
        outro: [
          `Le fichier ${ICS_FILENAME} joint ajoute ce rendez-vous à votre agenda.`,
          `En cas d'empêchement, prévenez-nous au plus tôt pour libérer le créneau : ${phones}.`,
        ],
      };
      break;
    case "cancelled":
      subject = `Rendez-vous annulé : ${when} — ${clinic.name}`;
      content = {
        preheader: `Votre rendez-vous du ${when} est annulé.`,
        heading: "Votre rendez-vous est annulé",
        intro: [a.cancelled_by === "patient" ? "Comme vous l'avez demandé, ce rendez-vous est annulé :" : "Nous vous informons que ce rendez-vous est annulé :"],
        details: details(opts.clinic, a, false),
        action: { label: "Prendre un nouveau rendez-vous", url: `${origin}/appointment`, textLabel: "Prendre un nouveau rendez-vous en ligne" },
        outro: [`Pour toute question ou pour convenir d'un autre horaire, appelez-nous au ${phones}.`],
      };
      break;
    case "moved":
      subject = `Rendez-vous déplacé au ${when} — ${clinic.name}`;
      content = {
        preheader: `Nouvel horaire : ${when}.`,
        heading: "Votre rendez-vous change d'horaire",
        intro: [
          pending ? "Votre demande de rendez-vous est déplacée. Voici le nouvel horaire :" : "Votre rendez-vous est déplacé. Voici le nouvel horaire :",
        ],
        details: details(opts.clinic, a, true),
        action: link ? manage(link) : undefined,
        outro: [
          ...(pending ? ["Ce créneau n'est pas encore confirmé : notre équipe vous contactera pour le confirmer."] : []),
          ...(withIcs ? [`Le fichier ${ICS_FILENAME} joint met à jour le rendez-vous dans votre agenda.`] : []),
          `Si ce nouvel horaire ne vous convient pas, appelez-nous au ${phones}.`,
        ],
      };
      break;
    case "reminder":
      subject = `Rappel : rendez-vous le ${when} — ${clinic.name}`;
      content = {
        preheader: `Rappel de votre rendez-vous du ${when}.`,
        heading: "Rappel de votre rendez-vous",
        intro: [pending ? "Nous vous rappelons votre demande de rendez-vous :" : "Nous vous rappelons votre rendez-vous :"],
        details: details(opts.clinic, a, true),
        action: link ? manage(link) : undefined,
        outro: [
          ...(pending ? ["Ce créneau n'est pas encore confirmé par notre équipe : en cas de doute, appelez-nous."] : []),
          `En cas d'empêchement, prévenez-nous au plus tôt pour libérer le créneau : ${phones}.`,
        ],
      };
      break;
  }

  const attachments: MailAttachment[] = withIcs
    ? [{ filename: ICS_FILENAME, contentType: ICS_CONTENT_TYPE, content: appointmentIcs(a, { origin, link, sequence: opts.sequence ?? 0, clinic }) }]
    : [];
  return {
    to: a.email,
    subject,
    ...renderMail({
      ...content,
      clinic,
      title: subject,
      footnote: "Vous recevez ce message parce qu'un rendez-vous a été pris avec votre adresse e-mail auprès de notre clinique.",
    }),
    ...(attachments.length ? { attachments } : {}),
    kind: APPOINTMENT_MAIL_KINDS[event],
    appointmentId: a.id,
  };
}


/** The message of an event as it would be sent at `now`: link, sequence and cut-off read. */
export async function buildAppointmentMessage(a: Appointment, event: AppointmentMailEvent, h: Db = getDb(), now: Date = new Date()): Promise<MailMessage | null> {
  if (!a.email || a.anonymised_at) return null;
  const [sequence, settings, clinic, locale] = await Promise.all([icsSequence(h, a.id), loadContactSettings(h), getClinic(h), appointmentLanguage(h, a)]);
  const changeable = clinicInstant(a.date, a.time).getTime() - now.getTime() > settings.cancelCutoffHours * 3_600_000;
  return appointmentMessage(a, event, { clinic, link: personalLink(a, undefined, locale), sequence, cancelCutoffHours: settings.cancelCutoffHours, changeable, locale });
}

/**
 * Queue the message of an event and start sending it; call once the change is committed, and do
 * not await `sending` in a request. Never throws: the change is stored, a mail problem must not
 * turn it into a failure. Nothing is queued for an appointment whose start has passed.
 */
export async function notifyAppointment(
  a: Appointment,
  event: AppointmentMailEvent,
  h: Db = getDb(),
  opts: { now?: Date } = {},
): Promise<{ ids: number[]; sending: Promise<unknown> }> {
  const none = { ids: [], sending: Promise.resolve() };
  try {
    if (clinicInstant(a.date, a.time).getTime() <= (opts.now ?? new Date()).getTime()) return none;
    const message = await buildAppointmentMessage(a, event, h, opts.now);
    if (!message) return none;
    return await queueAndSend([message], h);
  } catch (err) {
    log.error({ event: "appointment_mail_queue_failed", appointmentId: a.id, kind: event, err: err instanceof Error ? err.name : "unknown" }, "change stored, but its e-mail could not be queued");
    return none;
  }
}
