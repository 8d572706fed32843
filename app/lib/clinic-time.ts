/**
 * The clinic's clock, once: its time zone, its "today" and "now", the instant of a clinic day and
 * time, the UTC bounds of a clinic day and the zone's offset at an instant. Shared by the server
 * and the browser. Calendar days are written YYYY-MM-DD and times HH:MM, in the clinic's wall-clock
 * time. The offset is always read from Intl (Africa/Algiers is UTC+1 all year today, but nothing
 * here counts on it).
 */

/** The clinic's time zone (IANA); nothing else in app/ names it. */
export const CLINIC_TIME_ZONE = "Africa/Algiers";

/** Now in the clinic: its calendar day and the minutes after its midnight. */
export interface ClinicNow {
  date: string;
  minutes: number;
}

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: CLINIC_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

interface WallParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function wallParts(at: Date): WallParts {
  const p: Record<string, string> = {};
  for (const x of wallClock.formatToParts(at)) p[x.type] = x.value;
  return p as unknown as WallParts;
}

/** The clinic's calendar day and time at `at` (now by default). */
export function clinicNow(at: Date = new Date()): ClinicNow {
  const p = wallParts(at);
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

/** Today in the clinic as YYYY-MM-DD (the day at `at`, now by default). */
export function todayInClinic(at: Date = new Date()): string {
  return clinicNow(at).date;
}

/** The hour (0-23) in the clinic at `at`. */
export function clinicHour(at: Date = new Date()): number {
  return Math.floor(clinicNow(at).minutes / 60);
}

/** Minutes the clinic's wall clock is ahead of UTC at `at` (60 for UTC+1). */
export function clinicOffsetMinutes(at: Date): number {
  const p = wallParts(at);
  const wallAsUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((wallAsUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The zone's offset at `at` as ISO 8601 writes it: "+01:00". */
export function clinicOffset(at: Date): string {
  const minutes = clinicOffsetMinutes(at);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** The instant of a clinic day and wall-clock time ("2026-11-23", "09:30" or "09:30:00"); an Invalid Date for a bad one. */
export function clinicInstant(ymd: string, hhmm: string): Date {
  const wall = Date.parse(`${ymd}T${hhmm.slice(0, 5)}:00Z`);
  if (Number.isNaN(wall)) return new Date(Number.NaN);
  // the offset at the wall time read as UTC, then again at the instant found: right across a change of offset
  const first = wall - clinicOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - clinicOffsetMinutes(new Date(first)) * 60_000);
}

/** The calendar day after `ymd`. */
function nextDay(ymd: string): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The UTC bounds of a clinic day, as ISO strings: its midnight (included) and the next midnight (excluded). */
export function clinicDayBounds(ymd: string): [string, string] {
  return [clinicInstant(ymd, "00:00").toISOString(), clinicInstant(nextDay(ymd), "00:00").toISOString()];
}
