import type { Clinic } from "~/lib/clinic";
import { formatCalendarDate, formatTime } from "~/lib/format";
import { isValidYmd } from "~/lib/rules";
import { clinicInstant } from "~/lib/clinic-time";
import { SERVICES, type Service } from "~/lib/services";
import { getConfig } from "./config";
import { getDb, type Db } from "./db";
import type { Appointment } from "./db/types";
import { getClinic } from "./clinic";
import { log } from "./log";
import { clinicPhones, formatDayLong, linkAction } from "./appointment-mail";
import { clinicInbox, queueAndSend, type MailMessage } from "./mail";
import { renderHtml, renderMail } from "./mail-layout";
import { personalLink } from "./personal-link";
import { loadContactSettings } from "./repos/contact-settings";
import { isDemoAppointment } from "./demo";
import type { Locale } from "~/i18n/locale";
import { bookingAcknowledgementAr } from "./appointment-mail-ar";
import { appointmentLanguage } from "./message-language";

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
 * "Patient e-mails"). Whoever typed that address may not own it, so the message repeats nothing
 * that was typed: no name, no message; only the clinic's fixed text, the service, day and time
 * picked from the form's lists, and the appointment's personal link (docs/decisions/009), which
 * shows no identity and lets whoever holds it cancel a request they did not make. A stranger can
 * make the clinic send its own words to someone, never a text or a link of their own.
 */
export function bookingAcknowledgement(
  to: string,
  choice: BookingChoice | null,
  opts: { clinic: Clinic; link?: string | null; appointmentId?: number; cancelCutoffHours?: number; changeable?: boolean; locale?: Locale },
): MailMessage {
  const { clinic } = opts;
  if (opts.locale === "ar") {
    const ar = bookingAcknowledgementAr(choice, { clinic, link: opts.link ?? null, cancelCutoffHours: opts.cancelCutoffHours, changeable: opts.changeable ?? true });
    return {
      to,
      subject: ar.subject,
      ...renderMail({ ...ar.content, clinic, title: ar.subject, footnote: ar.footnote, locale: "ar" }),
      kind: "booking_received",
      ...(opts.appointmentId !== undefined ? { appointmentId: opts.appointmentId } : {}),
    };
  }
  const subject = `Votre demande de rendez-vous — ${clinic.name}`;
  const link = opts.link ?? null;
  // past the cut-off the link no longer cancels or moves online
  const changeable = opts.changeable ?? true;
  return {
    to,
    subject,
    ...renderMail({
      clinic,
      title: subject,
      preheader: "Votre demande est bien reçue ; notre équipe vous contactera pour la confirmer.",
      heading: "Demande de rendez-vous reçue",
      intro: [`Nous avons bien reçu une demande de rendez-vous faite avec cette adresse e-mail sur le site de la ${clinic.name}${choice ? " :" : "."}`],
      details: choice
        ? [
            { label: "Service", value: choice.service },
            { label: "Date souhaitée", value: formatDayLong(choice.date) },
            { label: "Heure souhaitée", value: choice.time },
          ]
        : undefined,
      action: link
        ? changeable
          ? linkAction(clinic, link, "Suivre, déplacer ou annuler votre demande", opts.cancelCutoffHours, "Gérer ma demande")
          : linkAction(clinic, link, "Suivre votre demande", opts.cancelCutoffHours, "Voir ma demande", false)
        : undefined,
      outro: [
        "Ce créneau n'est pas encore confirmé : notre équipe vous contactera rapidement pour le confirmer ou vous proposer un autre horaire.",
        `Pour toute question, appelez-nous au ${clinicPhones(clinic)}.`,
      ],
      footnote: `Vous recevez ce message parce qu'une demande de rendez-vous a été faite avec votre adresse e-mail sur notre site. Si ce n'est pas vous, ignorez simplement ce message${link && changeable ? " ou annulez la demande avec le lien ci-dessus" : ""}.`,
    }),
    kind: "booking_received",
    ...(opts.appointmentId !== undefined ? { appointmentId: opts.appointmentId } : {}),
  };
}

/**
 * The two e-mails of a new booking: a notification to the clinic, with every detail typed, and
 * the acknowledgement to the address typed, with none (`bookingAcknowledgement`). French, text
 * and HTML (every value escaped). The patient's data appears in the messages only, never in a
 * log line.
 */
export function bookingMessages(
  a: Appointment,
  opts: { clinic: Clinic; clinicTo: string; publicUrl?: string; link?: string | null; cancelCutoffHours?: number; changeable?: boolean; locale?: Locale },
): MailMessage[] {
  const when = `${formatCalendarDate(a.date)} à ${formatTime(a.time)}`;
  // the agenda of that day: no patient data in a URL that a server would log
  const adminLink = opts.publicUrl ? `${opts.publicUrl}/admin/agenda?jour=${a.date}` : null;
  const subject = `Nouvelle demande de rendez-vous : ${a.service}, ${when}`;
  const fields: [string, string][] = [
    ["Nom complet", a.name],
    ["E-mail", a.email ?? "(aucun)"],
    ["Téléphone", a.phone],
    ["Service", a.service],
    ["Date souhaitée", when],
    ["Message", a.message?.trim() ? a.message : "(aucun)"],
  ];

  const toClinic: MailMessage = {
    to: opts.clinicTo,
    subject,
    text: [
      "Une nouvelle demande de rendez-vous vient d'être envoyée depuis le site.",
      "",
      ...fields.map(([label, value]) => `${label} : ${value}`),
      "",
      "Pensez à rappeler le patient pour confirmer le créneau.",
      ...(adminLink ? ["", `Voir la demande dans l'espace de travail : ${adminLink}`] : []),
    ].join("\n"),
    html: renderHtml({
      clinic: opts.clinic,
      title: subject,
      greeting: null,
      heading: "Nouvelle demande de rendez-vous",
      intro: ["Une nouvelle demande de rendez-vous vient d'être envoyée depuis le site."],
      details: fields.map(([label, value]) => ({ label, value })),
      action: adminLink ? { label: "Voir l'agenda du jour", url: adminLink, textLabel: "Voir la demande dans l'espace de travail" } : undefined,
      outro: ["Pensez à rappeler le patient pour confirmer le créneau."],
    }),
    kind: "booking_clinic",
    appointmentId: a.id,
  };

  return a.email
    ? [toClinic, bookingAcknowledgement(a.email, bookingChoice(a), { clinic: opts.clinic, link: opts.link, appointmentId: a.id, cancelCutoffHours: opts.cancelCutoffHours, changeable: opts.changeable, locale: opts.locale })]
    : [toClinic];
}

/**
 * Queue both messages after the booking is committed and start sending them. Never throws:
 * the booking is already stored, a mail problem must not turn it into a failure. Returns the
 * sending promise for tests; request handlers do not await it.
 */
export async function notifyNewBooking(a: Appointment, h: Db = getDb()): Promise<{ ids: number[]; sending: Promise<unknown> }> {
  if (isDemoAppointment(a)) return { ids: [], sending: Promise.resolve() };
  try {
    const [settings, clinic, locale] = await Promise.all([loadContactSettings(h), getClinic(h), appointmentLanguage(h, a)]);
    const messages = bookingMessages(a, {
      clinic,
      clinicTo: clinicInbox(clinic.email),
      publicUrl: getConfig().PUBLIC_URL,
      link: personalLink(a, undefined, locale),
      locale,
      cancelCutoffHours: settings.cancelCutoffHours,
      changeable: clinicInstant(a.date, a.time).getTime() - Date.now() > settings.cancelCutoffHours * 3_600_000,
    });
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
