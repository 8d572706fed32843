import ical, { ICalCalendarMethod } from "ical-generator";
import type { Clinic } from "~/lib/clinic";
import { CLINIC_TIME_ZONE, clinicInstant, clinicOffset } from "~/lib/clinic-time";
import { oneLine } from "~/lib/control-characters";
import { formatDayFullAr, formatTime } from "~/lib/format";
import { clinicWords, phoneLabel } from "~/i18n/clinic";
import type { Locale } from "~/i18n/locale";
import { serviceIn } from "~/lib/services-ar";
import { reminderDate } from "~/lib/reminder-template";
import { addMinutesToClock } from "~/lib/schedule";
import { publicOrigin } from "./config";
import type { Db } from "./db";
import type { Appointment } from "./db/types";
import { countAppointmentChanges } from "./repos/appointments";

/**
 * The appointment as an iCalendar file (RFC 5545), written by ical-generator: METHOD:PUBLISH, a
 * stable UID per appointment (the same after a move, so a calendar updates the event rather than
 * adding one), SEQUENCE raised with each change, DTSTART/DTEND in the clinic's local time with
 * TZID=Africa/Algiers (CLINIC_TIME_ZONE) and its VTIMEZONE (UTC+1 all year, no summer time since 1981).
 * The event names the service and the clinic, never the patient.
 *
 * Every text comes from the clinic's identity as stored, which may hold control characters saved
 * before the forms refused them (app/lib/control-characters.ts): each is written on one line
 * (`oneLine`), and the properties ical-generator writes without escaping (PRODID, NAME,
 * X-WR-CALNAME) are escaped here (`icsText`), so that no value can end a line and start a
 * property, an event or a calendar of its own.
 */

/**
 * The clinic zone's VTIMEZONE: one standard-time rule at the zone's offset when the appointment
 * starts, as Intl gives it ("+01:00" written "+0100"). One rule is enough for a zone without
 * summer time, which Africa/Algiers has been since 1981.
 */
function clinicVtimezone(at: Date): string {
  const offset = clinicOffset(at).replace(":", "");
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${CLINIC_TIME_ZONE}`,
    `X-LIC-LOCATION:${CLINIC_TIME_ZONE}`,
    "BEGIN:STANDARD",
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    "TZNAME:CET",
    "DTSTART:19700101T000000",
    "END:STANDARD",
    "END:VTIMEZONE",
  ].join("\r\n");
}

/**
 * A TEXT value (RFC 5545, 3.3.11) for a property ical-generator writes as it is given: one line,
 * with "\\", ";" and "," escaped. SUMMARY, LOCATION and DESCRIPTION are escaped by the library
 * itself and get `oneLine` values only.
 */
export function icsText(value: string): string {
  return oneLine(value).replace(/[\\;,]/g, (c) => `\\${c}`);
}

export function appointmentUid(a: Pick<Appointment, "id">, origin: string = publicOrigin()): string {
  return `rdv-${a.id}@${new URL(origin).hostname}`;
}

export function appointmentIcs(
  a: Pick<Appointment, "id" | "service" | "date" | "time" | "duration_minutes" | "status" | "updated_at" | "created_at">,
  opts: { origin?: string; link?: string | null; sequence?: number; clinic: Clinic; locale?: Locale },
): string {
  // the stored identity (getClinic())
  const { clinic } = opts;
  const origin = opts.origin ?? publicOrigin();
  const duration = Number(a.duration_minutes ?? 60);
  const end = addMinutesToClock(a.date, a.time, duration);
  const ar = opts.locale === "ar";
  const words = clinicWords(clinic, ar ? "ar" : "fr");
  const cal = ical({
    method: ICalCalendarMethod.PUBLISH,
    // the library requires a company: a short name of control characters only leaves one
    prodId: { company: icsText(clinic.shortName) || "Clinique", product: "Rendez-vous", language: opts.locale === "ar" ? "AR" : "FR" },
    name: icsText(words.name),
    timezone: { name: CLINIC_TIME_ZONE, generator: () => clinicVtimezone(clinicInstant(a.date, a.time)) },
  });
  const name = oneLine(words.name);
  const service = oneLine(serviceIn(ar ? "ar" : "fr", a.service));
  const phones = ar
    ? clinic.phones.map((p) => `${oneLine(p.display)} (${oneLine(phoneLabel(p.label, "ar"))})`).join("، ")
    : clinic.phones.map((p) => `${oneLine(p.display)} (${oneLine(p.label).toLowerCase()})`).join(", ");
  // the event's texts in the patient's language (app/lib/message-language.ts)
  const description = ar
    ? [`موعد: ${service}، يوم ${formatDayFullAr(a.date)} على الساعة ${formatTime(a.time)}.`, `هاتف العيادة: ${phones}.`, ...(opts.link ? [`تأكيد الموعد أو إلغاؤه أو تغيير وقته: ${opts.link}`] : [])]
    : [`Rendez-vous : ${service}, le ${reminderDate(a.date)} à ${formatTime(a.time)}.`, `Téléphone de la clinique : ${phones}.`, ...(opts.link ? [`Confirmer, annuler ou déplacer : ${opts.link}`] : [])];
  cal.createEvent({
    id: appointmentUid(a, origin),
    sequence: opts.sequence ?? 0,
    start: `${a.date}T${a.time}:00`,
    end: `${end.date}T${end.time}:00`,
    timezone: CLINIC_TIME_ZONE,
    stamp: new Date(a.updated_at ?? a.created_at),
    summary: `${service} — ${name}`,
    location: ar ? `${name}، ${oneLine(words.oneLine)}` : `${name}, ${oneLine(clinic.address.oneLine)}`,
    description: description.join("\n"),
    url: opts.link ?? undefined,
    // a request the clinic has not confirmed yet is tentative in the patient's calendar
    status: (a.status === "cancelled" ? "CANCELLED" : a.status === "requested" ? "TENTATIVE" : "CONFIRMED") as never,
  });
  // ical-generator writes DTSTAMP in the process's local time once a calendar time zone is set;
  // RFC 5545 wants it in UTC ("…Z")
  const stamp = new Date(a.updated_at ?? a.created_at).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  return cal.toString().replace(/^DTSTAMP:[^\r\n]*/m, `DTSTAMP:${stamp}`);
}

/**
 * The .ics SEQUENCE of the appointment as it is now: how many changes (status changes, moves)
 * its history holds. It only grows, so each new file replaces the one a calendar already holds.
 */
export async function icsSequence(h: Pick<Db, "db">, appointmentId: number): Promise<number> {
  return countAppointmentChanges(h, appointmentId);
}
