import type { ClinicNow } from "./clinic-time";
import { SERVICES, type Service } from "./services";
import { formatTimeRange } from "./format";

/**
 * The clinic's schedule and the availability rules (docs/product.md, "Schedule and free slots").
 * Pure functions shared by the server (which decides) and the browser (which only displays):
 * every time here is a wall-clock time in the clinic's time zone (Africa/Algiers), written
 * YYYY-MM-DD for days and HH:MM for times, and handled as minutes after midnight.
 *
 * A booking occupies whole 15-minute units of one chair: its duration, then the buffer after it
 * (sterilisation). The appointment itself must fit inside one opening range of its day; the
 * buffer may run past the range's end (the room is cleaned after the last patient). A start is
 * free when some chair has every unit of it free, it is at least the minimum notice after now,
 * and its day is within the booking horizon.
 */

export const UNIT_MINUTES = 15;

/** 0 = Sunday … 6 = Saturday (JavaScript's getUTCDay of the calendar day). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Saturday first: the clinic's week (Algeria's weekend is Friday). */
export const WEEK_ORDER: Weekday[] = [6, 0, 1, 2, 3, 4, 5];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  0: "Dimanche",
  1: "Lundi",
  2: "Mardi",
  3: "Mercredi",
  4: "Jeudi",
  5: "Vendredi",
  6: "Samedi",
};

/** schema.org day names, for the JSON-LD openingHoursSpecification. */
export const SCHEMA_DAYS: Record<Weekday, string> = {
  0: "Sunday",
  1: "Monday",
  2: "Tuesday",
  3: "Wednesday",
  4: "Thursday",
  5: "Friday",
  6: "Saturday",
};

/** An opening range of a day, HH:MM to HH:MM (end after start). */
export interface TimeRange {
  opens: string;
  closes: string;
}

/** A closure (no ranges) or special hours over a range of days, both ends included. */
export interface ScheduleException {
  id?: number;
  startDate: string;
  endDate: string;
  label: string;
  /** empty: closed on those days */
  ranges: TimeRange[];
}

export interface ServiceSetting {
  service: Service;
  durationMinutes: number;
  bufferMinutes: number;
  /** false: the public form says to call instead */
  online: boolean;
}

export interface ScheduleSettings {
  minNoticeMinutes: number;
  horizonDays: number;
  chairs: number;
}

export interface Schedule {
  weekly: Record<Weekday, TimeRange[]>;
  exceptions: ScheduleException[];
  services: Record<Service, ServiceSetting>;
  settings: ScheduleSettings;
}

// ---- defaults (also what the migration stores) ------------------------------------------------

const WORKDAY: TimeRange[] = [
  { opens: "09:00", closes: "12:30" },
  { opens: "13:30", closes: "17:00" },
];

export const DEFAULT_WEEKLY: Record<Weekday, TimeRange[]> = { 0: WORKDAY, 1: WORKDAY, 2: WORKDAY, 3: WORKDAY, 4: WORKDAY, 5: [], 6: WORKDAY };

/** Duration and sterilisation buffer per service, in minutes (multiples of 15). */
export const DEFAULT_SERVICE_MINUTES: Record<Service, { duration: number; buffer: number }> = {
  Implementation: { duration: 90, buffer: 15 },
  "Prothèses dentaires": { duration: 45, buffer: 15 },
  "Blanchiment des dents": { duration: 60, buffer: 15 },
  Orthodontie: { duration: 30, buffer: 15 },
  "Chirurgie dentaire": { duration: 60, buffer: 15 },
  "Extraction dentaire": { duration: 30, buffer: 15 },
  "Soins conservateurs": { duration: 45, buffer: 15 },
  "Esthétique dentaire": { duration: 60, buffer: 15 },
};

export const DEFAULT_SETTINGS: ScheduleSettings = { minNoticeMinutes: 120, horizonDays: 60, chairs: 1 };

export function defaultSchedule(): Schedule {
  const services = Object.fromEntries(
    SERVICES.map((s) => [s, { service: s, durationMinutes: DEFAULT_SERVICE_MINUTES[s].duration, bufferMinutes: DEFAULT_SERVICE_MINUTES[s].buffer, online: true }]),
  ) as Record<Service, ServiceSetting>;
  return { weekly: structuredClone(DEFAULT_WEEKLY), exceptions: [], services, settings: { ...DEFAULT_SETTINGS } };
}

// ---- clock arithmetic ---------------------------------------------------------------------------

export function toMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

export function fromMinutes(m: number): string {
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

export function weekdayOf(ymd: string): Weekday {
  return new Date(`${ymd}T00:00:00Z`).getUTCDay() as Weekday;
}

export function addDaysYmd(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A clinic day and time moved by some minutes, across midnight if need be. */
export function addMinutesToClock(ymd: string, hhmm: string, minutes: number): { date: string; time: string } {
  const total = toMinutes(hhmm) + minutes;
  const days = Math.floor(total / 1440);
  return { date: addDaysYmd(ymd, days), time: fromMinutes(total - days * 1440) };
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The key of a 15-minute unit: "2026-11-23T09:15" (clinic wall-clock time). */
export function unitKey(ymd: string, minutes: number): string {
  return `${ymd}T${fromMinutes(minutes)}`;
}

export function roundUpToUnit(minutes: number): number {
  return Math.ceil(minutes / UNIT_MINUTES) * UNIT_MINUTES;
}

/** The unit keys a booking occupies: its duration plus the buffer after it. */
export function occupiedUnits(ymd: string, time: string, durationMinutes: number, bufferMinutes: number): string[] {
  const start = toMinutes(time);
  const total = roundUpToUnit(durationMinutes) + roundUpToUnit(bufferMinutes);
  const units: string[] = [];
  for (let m = start - (start % UNIT_MINUTES); m < start + total; m += UNIT_MINUTES) {
    // a booking running past midnight (a forced late one) continues on the next day
    units.push(m >= 1440 ? unitKey(addDaysYmd(ymd, 1), m - 1440) : unitKey(ymd, m));
  }
  return units;
}

// ---- the day's hours ---------------------------------------------------------------------------

/**
 * The opening ranges of one day, and the exception that set them, if any.
 * - A closure closes any day.
 * - Special hours over several days (Ramadan hours over a month) replace the hours of the days
 *   that are open in the week, and leave the weekly closed days (Fridays) closed; special hours
 *   on a single day apply even to a day usually closed (an exceptional opening).
 * When several exceptions cover a day, the latest one added wins: the highest id (stored ones
 * come in date order, not in the order they were added), and, between equal ids or unsaved ones
 * (no id yet, so newer than any stored), the later in the list.
 */
export function dayHours(schedule: Pick<Schedule, "weekly" | "exceptions">, ymd: string): { ranges: TimeRange[]; exception?: ScheduleException } {
  const weekly = schedule.weekly[weekdayOf(ymd)] ?? [];
  let exception: ScheduleException | undefined;
  for (const e of schedule.exceptions) {
    if (e.startDate > ymd || ymd > e.endDate) continue;
    if (e.ranges.length > 0 && weekly.length === 0 && e.startDate !== e.endDate) continue;
    if (!exception || (e.id ?? Infinity) >= (exception.id ?? Infinity)) exception = e;
  }
  return exception ? { ranges: exception.ranges, exception } : { ranges: weekly };
}

/** Busy units per chair (1-based chair numbers). */
export type BusyUnits = Map<number, Set<string>>;

export function busyFromRows(rows: { chair: number; unit_start: string }[]): BusyUnits {
  const busy: BusyUnits = new Map();
  for (const r of rows) {
    const chair = Number(r.chair);
    let set = busy.get(chair);
    if (!set) busy.set(chair, (set = new Set()));
    set.add(r.unit_start);
  }
  return busy;
}

/** The chairs (1…n) on which every unit of the booking is free. */
export function freeChairs(settings: ScheduleSettings, busy: BusyUnits, units: string[]): number[] {
  const chairs: number[] = [];
  for (let c = 1; c <= settings.chairs; c++) {
    const set = busy.get(c);
    if (!set || units.every((u) => !set.has(u))) chairs.push(c);
  }
  return chairs;
}

export type DayState = "open" | "closed" | "full" | "past" | "beyond";

export interface DaySlots {
  date: string;
  state: DayState;
  /** free start times HH:MM, in order */
  times: string[];
  /** the label of a closure or special hours on that day */
  label?: string;
}

/**
 * The free start times of one day for one service. `now` decides the past and the minimum
 * notice; `busy` holds the units already taken (at least those of that day and the next).
 */
export function freeStartsOfDay(schedule: Schedule, service: Service, ymd: string, busy: BusyUnits, now: ClinicNow): DaySlots {
  const { settings } = schedule;
  const setting = schedule.services[service];
  const offset = daysBetween(now.date, ymd);
  if (offset < 0) return { date: ymd, state: "past", times: [] };
  if (offset > settings.horizonDays) return { date: ymd, state: "beyond", times: [] };
  const { ranges, exception } = dayHours(schedule, ymd);
  const label = exception?.label;
  if (ranges.length === 0) return { date: ymd, state: "closed", times: [], label };
  const duration = roundUpToUnit(setting.durationMinutes);
  // the earliest start allowed today, in minutes after this day's midnight
  const earliest = offset * 1440 > now.minutes + settings.minNoticeMinutes ? 0 : now.minutes + settings.minNoticeMinutes - offset * 1440;
  const times: string[] = [];
  for (const r of ranges) {
    const opens = toMinutes(r.opens);
    const closes = toMinutes(r.closes);
    const first = Math.max(opens, roundUpToUnit(earliest));
    for (let start = Math.ceil(first / UNIT_MINUTES) * UNIT_MINUTES; start + duration <= closes; start += UNIT_MINUTES) {
      if (start < opens) continue;
      const time = fromMinutes(start);
      if (freeChairs(settings, busy, occupiedUnits(ymd, time, setting.durationMinutes, setting.bufferMinutes)).length > 0) times.push(time);
    }
  }
  const unique = [...new Set(times)].sort();
  // open that day but nothing left: every start taken, or (today) the remaining ones too near
  return { date: ymd, state: unique.length > 0 ? "open" : "full", times: unique, label };
}

/** The first day from `from` (included) with a free start, within the horizon; undefined if none. */
export function nextFreeDay(schedule: Schedule, service: Service, from: string, busy: BusyUnits, now: ClinicNow): DaySlots | undefined {
  const start = daysBetween(now.date, from) < 0 ? now.date : from;
  for (let d = start; daysBetween(now.date, d) <= schedule.settings.horizonDays; d = addDaysYmd(d, 1)) {
    const day = freeStartsOfDay(schedule, service, d, busy, now);
    if (day.times.length > 0) return day;
  }
  return undefined;
}

export interface SlotChoice {
  date: string;
  time: string;
}

/**
 * The `count` free starts nearest to the wanted one (same day first by distance, then the
 * following days), for the refusal message of a slot that is taken, closed or too near.
 */
export function nearestFreeSlots(schedule: Schedule, service: Service, wanted: SlotChoice, busy: BusyUnits, now: ClinicNow, count = 3): SlotChoice[] {
  const target = toMinutes(wanted.time);
  const sameDay = freeStartsOfDay(schedule, service, wanted.date, busy, now)
    .times.map((time) => ({ date: wanted.date, time, distance: Math.abs(toMinutes(time) - target) }))
    .sort((a, b) => a.distance - b.distance || a.time.localeCompare(b.time))
    .slice(0, count)
    .map(({ date, time }) => ({ date, time }))
    .sort((a, b) => a.time.localeCompare(b.time));
  const out: SlotChoice[] = [...sameDay];
  // a day in the past or beyond the horizon: the first free times from today
  const outside = daysBetween(now.date, wanted.date) < 0 || daysBetween(now.date, wanted.date) > schedule.settings.horizonDays;
  let d = outside ? now.date : addDaysYmd(wanted.date, 1);
  while (out.length < count && daysBetween(now.date, d) <= schedule.settings.horizonDays) {
    for (const time of freeStartsOfDay(schedule, service, d, busy, now).times) {
      if (out.length >= count) break;
      out.push({ date: d, time });
    }
    d = addDaysYmd(d, 1);
  }
  return out;
}

/** Why a wanted slot cannot be booked, or null when it can (for one service, at `now`). */
export type SlotRefusal = "past" | "too_soon" | "beyond" | "closed" | "outside_hours" | "taken" | "not_online";

export function checkSlot(schedule: Schedule, service: Service, wanted: SlotChoice, busy: BusyUnits, now: ClinicNow, opts: { online?: boolean } = {}): SlotRefusal | null {
  const setting = schedule.services[service];
  if (opts.online && !setting.online) return "not_online";
  const offset = daysBetween(now.date, wanted.date);
  const start = toMinutes(wanted.time);
  if (offset < 0 || (offset === 0 && start < now.minutes)) return "past";
  if (offset * 1440 + start < now.minutes + schedule.settings.minNoticeMinutes) return "too_soon";
  if (offset > schedule.settings.horizonDays) return "beyond";
  const { ranges } = dayHours(schedule, wanted.date);
  if (ranges.length === 0) return "closed";
  const duration = roundUpToUnit(setting.durationMinutes);
  const inRange = ranges.some((r) => start >= toMinutes(r.opens) && start + duration <= toMinutes(r.closes));
  if (!inRange || start % UNIT_MINUTES !== 0) return "outside_hours";
  const units = occupiedUnits(wanted.date, wanted.time, setting.durationMinutes, setting.bufferMinutes);
  return freeChairs(schedule.settings, busy, units).length > 0 ? null : "taken";
}

export const SLOT_REFUSAL_MESSAGES: Record<SlotRefusal, string> = {
  past: "Cet horaire est déjà passé. Choisissez un autre créneau.",
  too_soon: "Ce créneau est trop proche : les rendez-vous en ligne se prennent au moins {notice} à l'avance.",
  beyond: "Les rendez-vous en ligne s'ouvrent {horizon} jours à l'avance au plus. Choisissez une date plus proche.",
  closed: "La clinique est fermée ce jour-là. Choisissez un autre jour.",
  outside_hours: "Cet horaire est en dehors des heures d'ouverture. Choisissez l'un des horaires proposés.",
  taken: "Ce créneau vient d'être pris. Choisissez l'un des horaires encore libres.",
  not_online: "Ce soin ne se réserve pas en ligne : appelez-nous pour convenir d'un rendez-vous.",
};

/** A date past the booking horizon (the schedule's 'horizon', in days from today): the booking's own refusal. */
export function farDateMessage(horizonDays: number): string {
  return SLOT_REFUSAL_MESSAGES.beyond.replace("{horizon}", String(horizonDays));
}

/** "2 h", "30 min", "1 h 30" */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, "0")}`;
}

export function slotRefusalMessage(refusal: SlotRefusal, settings: ScheduleSettings): string {
  return SLOT_REFUSAL_MESSAGES[refusal].replace("{notice}", formatDuration(settings.minNoticeMinutes)).replace("{horizon}", String(settings.horizonDays));
}

// ---- the hours as the site shows them ---------------------------------------------------------

export function formatRanges(ranges: TimeRange[]): string {
  return ranges.length === 0 ? "Fermé" : ranges.map((r) => formatTimeRange(r.opens, r.closes)).join(", ");
}

/** Consecutive days (Saturday first) with the same ranges, grouped: "Samedi – Jeudi", "Vendredi". */
export function weeklySummary(weekly: Record<Weekday, TimeRange[]>, labels: Record<Weekday, string> = WEEKDAY_LABELS): { label: string; days: Weekday[]; ranges: TimeRange[] }[] {
  const groups: { days: Weekday[]; ranges: TimeRange[] }[] = [];
  for (const day of WEEK_ORDER) {
    const ranges = weekly[day] ?? [];
    const last = groups[groups.length - 1];
    if (last && JSON.stringify(last.ranges) === JSON.stringify(ranges)) last.days.push(day);
    else groups.push({ days: [day], ranges });
  }
  return groups.map((g) => ({
    ...g,
    label: g.days.length === 1 ? labels[g.days[0]] : `${labels[g.days[0]]} – ${labels[g.days[g.days.length - 1]]}`,
  }));
}

/** schema.org OpeningHoursSpecification, one entry per range shared by a group of days. */
export function openingHoursSpecification(weekly: Record<Weekday, TimeRange[]>) {
  return weeklySummary(weekly).flatMap((g) =>
    g.ranges.map((r) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: g.days.map((d) => SCHEMA_DAYS[d]), opens: r.opens, closes: r.closes })),
  );
}

// ---- texts of the site (the footer and contact blocks show the coming closures) ----------------

/** "2026-03-30" -> "30/03" */
export function dayMonth(ymd: string): string {
  return `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}`;
}

/** "le 30/03" or "du 30/03 au 01/04" */
export function periodText(startDate: string, endDate: string): string {
  return startDate === endDate ? `le ${dayMonth(startDate)}` : `du ${dayMonth(startDate)} au ${dayMonth(endDate)}`;
}

/**
 * A closure or special hours as the public site says it:
 * 'Fermé du 30/03 au 01/04 : Aïd el-Fitr', 'Horaires du Ramadan du 01/03 au 29/03 : 10:00 – 15:00'.
 */
export function exceptionSummary(e: Pick<ScheduleException, "startDate" | "endDate" | "label" | "ranges">): string {
  const period = periodText(e.startDate, e.endDate);
  return e.ranges.length === 0 ? `Fermé ${period} : ${e.label}` : `${e.label} ${period} : ${formatRanges(e.ranges)}`;
}
