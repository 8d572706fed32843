import { z } from "~/lib/zod";
import { calendarDay, isValidYmd, requiredText, singleLine } from "./rules";
import {
  daysBetween,
  dayHours,
  fromMinutes,
  toMinutes,
  UNIT_MINUTES,
  WEEK_ORDER,
  type Schedule,
  type ScheduleException,
  type ScheduleSettings,
  type ServiceSetting,
  type TimeRange,
  type Weekday,
} from "./schedule";
import { SERVICES, type Service } from "./services";

/**
 * The forms of the staff screen 'Horaires et fermetures' (/admin/horaires): one Zod schema per
 * form, run by the action and the browser alike, with their French messages; and the small pure
 * helpers that turn the stored schedule into form values and into the texts the site shows.
 * The rules of the schedule itself are in ./schedule.ts.
 */

// ---- limits ------------------------------------------------------------------------------------

export const MAX_RANGES_PER_DAY = 4;
export const EXCEPTION_LABEL_MAX = 120;
export const EXCEPTION_MAX_DAYS = 366;
export const DURATION_LIMITS = { min: 15, max: 480 } as const;
export const BUFFER_LIMITS = { min: 0, max: 120 } as const;
/** the minimum notice, at most 7 days */
export const NOTICE_MAX_MINUTES = 7 * 24 * 60;
export const HORIZON_LIMITS = { min: 1, max: 365 } as const;
export const CHAIRS_LIMITS = { min: 1, max: 10 } as const;

export const RANGE_MESSAGES = {
  opensMissing: "Indiquez l'heure d'ouverture.",
  closesMissing: "Indiquez l'heure de fermeture.",
  invalid: "Heure invalide (format HH:MM, exemple : 09:00).",
  quarter: "Choisissez un quart d'heure : HH:00, HH:15, HH:30 ou HH:45.",
  order: "L'heure de fermeture doit être après l'heure d'ouverture.",
  tooMany: `Au plus ${MAX_RANGES_PER_DAY} plages horaires par jour.`,
  noRange: "Ajoutez au moins une plage horaire, ou choisissez « Fermé toute la journée ».",
} as const;

export function overlapMessage(other: TimeRange): string {
  return `Cette plage chevauche celle de ${other.opens} à ${other.closes}.`;
}

// ---- time ranges ---------------------------------------------------------------------------------

const HHMM = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A range as typed: two texts, checked together (see checkRanges). */
const rawRange = z.object({ opens: singleLine().optional(), closes: singleLine().optional() });
type RawRange = z.infer<typeof rawRange>;

type Issues = { addIssue: (issue: { code: "custom"; message: string; path: (string | number)[] }) => void };

/**
 * The rules of the ranges of one day, each message on the field it is about: HH:MM, on a
 * quarter hour, closing after opening, no overlap with another range of the day (said on the
 * later one), and at most MAX_RANGES_PER_DAY ranges (said on the list).
 */
function checkRanges(raw: RawRange[], ctx: Issues, base: (string | number)[]) {
  if (raw.length > MAX_RANGES_PER_DAY) ctx.addIssue({ code: "custom", path: base, message: RANGE_MESSAGES.tooMany });
  const valid: { i: number; opens: string; closes: string }[] = [];
  raw.forEach((r, i) => {
    const time = (v: string | undefined, key: "opens" | "closes") => {
      const missing = key === "opens" ? RANGE_MESSAGES.opensMissing : RANGE_MESSAGES.closesMissing;
      const text = v?.trim() ?? "";
      const message = !text ? missing : !HHMM.test(text) ? RANGE_MESSAGES.invalid : toMinutes(text) % UNIT_MINUTES !== 0 ? RANGE_MESSAGES.quarter : null;
      if (message) ctx.addIssue({ code: "custom", path: [...base, i, key], message });
      return message ? null : text.slice(0, 5);
    };
    const opens = time(r.opens, "opens");
    const closes = time(r.closes, "closes");
    if (opens === null || closes === null) return;
    if (toMinutes(closes) <= toMinutes(opens)) ctx.addIssue({ code: "custom", path: [...base, i, "closes"], message: RANGE_MESSAGES.order });
    else valid.push({ i, opens, closes });
  });
  const sorted = valid.sort((a, b) => a.opens.localeCompare(b.opens) || a.i - b.i);
  for (let k = 1; k < sorted.length; k++) {
    const before = sorted.slice(0, k).find((p) => sorted[k].opens < p.closes);
    if (before) ctx.addIssue({ code: "custom", path: [...base, sorted[k].i, "opens"], message: overlapMessage(before) });
  }
}

/** Checked ranges as stored: HH:MM, in order of opening. */
function toRanges(raw: RawRange[]): TimeRange[] {
  return raw
    .map((r) => ({ opens: (r.opens ?? "").trim().slice(0, 5), closes: (r.closes ?? "").trim().slice(0, 5) }))
    .sort((a, b) => a.opens.localeCompare(b.opens));
}

/** The ranges of one weekday: none is a closed day. */
function dayRanges() {
  return z
    .array(rawRange)
    .superRefine((raw, ctx) => checkRanges(raw, ctx, []))
    .transform(toRanges);
}

/** The field of a weekday in the weekly form: d6 is Saturday, d0 Sunday … (Weekday numbers). */
export type DayKey = `d${Weekday}`;
export const dayKey = (day: Weekday): DayKey => `d${day}`;

/*
 * No schema of this screen transforms at its root: Conform's getZodConstraint cannot read a
 * root transform. Each has a `…FromForm` that turns its output into what the repo stores.
 */

/** 'Horaires de la semaine': the ranges of each weekday. */
export const weeklyHoursSchema = z.object({ d0: dayRanges(), d1: dayRanges(), d2: dayRanges(), d3: dayRanges(), d4: dayRanges(), d5: dayRanges(), d6: dayRanges() });

export function weeklyFromForm(v: z.output<typeof weeklyHoursSchema>): Record<Weekday, TimeRange[]> {
  return { 0: v.d0, 1: v.d1, 2: v.d2, 3: v.d3, 4: v.d4, 5: v.d5, 6: v.d6 };
}

export function weeklyFormValue(weekly: Record<Weekday, TimeRange[]>): Record<DayKey, TimeRange[]> {
  return Object.fromEntries(WEEK_ORDER.map((d) => [dayKey(d), (weekly[d] ?? []).map((r) => ({ ...r }))])) as Record<DayKey, TimeRange[]>;
}

/**
 * The range offered by 'Ajouter une plage': the morning on a closed day, else one that starts an
 * hour after the last range closes (a lunch break), three and a half hours long, before midnight.
 */
export function nextRangeSuggestion(ranges: Partial<RawRange>[]): TimeRange | { opens: ""; closes: "" } {
  const ends = ranges.map((r) => r.closes ?? "").filter((v) => HHMM.test(v));
  if (ranges.length === 0) return { opens: "09:00", closes: "12:30" };
  if (ends.length === 0) return { opens: "", closes: "" };
  const start = Math.max(...ends.map(toMinutes)) + 60;
  if (start > 23 * 60) return { opens: "", closes: "" };
  return { opens: fromMinutes(start), closes: fromMinutes(Math.min(start + 210, 23 * 60 + 45)) };
}

// ---- closures and special hours -----------------------------------------------------------------

/**
 * A form-level check that runs even when some field failed (Zod skips it otherwise), so that a
 * refused form shows every message at once; it reads the fields it needs defensively.
 */
const EVERY_TIME = { when: () => true } as const;

export const EXCEPTION_KINDS = ["closed", "special"] as const;

export const EXCEPTION_MESSAGES = {
  startMissing: "Choisissez le premier jour.",
  endMissing: "Choisissez le dernier jour.",
  endBeforeStart: "Le dernier jour doit être le même que le premier, ou après.",
  tooLong: `Une période dure au plus ${EXCEPTION_MAX_DAYS} jours.`,
  past: "Cette période est déjà passée : choisissez des jours à venir.",
  labelMissing: "Indiquez un libellé (exemple : Aïd el-Fitr, Congé annuel).",
  labelTooLong: `Le libellé ne peut pas dépasser ${EXCEPTION_LABEL_MAX} caractères.`,
  kind: "Choisissez : fermé toute la journée, ou horaires spéciaux.",
} as const;

/** 'Ajouter une fermeture ou des horaires spéciaux'; `today` is the clinic's day (no period in the past). */
export function exceptionSchema(today: string) {
  return z
    .object({
      startDate: calendarDay({ missing: EXCEPTION_MESSAGES.startMissing }),
      endDate: calendarDay({ missing: EXCEPTION_MESSAGES.endMissing }),
      label: requiredText({ missing: EXCEPTION_MESSAGES.labelMissing, max: EXCEPTION_LABEL_MAX, tooLong: EXCEPTION_MESSAGES.labelTooLong }),
      kind: z.enum(EXCEPTION_KINDS, { error: EXCEPTION_MESSAGES.kind }),
      ranges: z.array(rawRange),
    })
    .superRefine((v, ctx) => {
      // runs even when a field failed (`when` below), so every message shows at once
      const dates = isValidYmd(String(v.startDate ?? "")) && isValidYmd(String(v.endDate ?? ""));
      if (!dates) {
        // the date fields say what is wrong with themselves
      } else if (v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: EXCEPTION_MESSAGES.endBeforeStart });
      else if (daysBetween(v.startDate, v.endDate) >= EXCEPTION_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["endDate"], message: EXCEPTION_MESSAGES.tooLong });
      else if (v.endDate < today) ctx.addIssue({ code: "custom", path: ["endDate"], message: EXCEPTION_MESSAGES.past });
      if (v.kind !== "special") return;
      const ranges = Array.isArray(v.ranges) ? v.ranges : [];
      if (ranges.length === 0) ctx.addIssue({ code: "custom", path: ["ranges"], message: RANGE_MESSAGES.noRange });
      checkRanges(ranges, ctx, ["ranges"]);
    }, EVERY_TIME);
}

export function exceptionFromForm(v: z.output<ReturnType<typeof exceptionSchema>>): Omit<ScheduleException, "id"> {
  return { startDate: v.startDate, endDate: v.endDate, label: v.label, ranges: v.kind === "closed" ? [] : toRanges(v.ranges) };
}

/** The defaults of the add form: one day, closed; special hours start as Ramadan's 10:00–15:00. */
export function exceptionFormDefaults(today: string) {
  return { startDate: today, endDate: today, label: "", kind: "closed", ranges: [{ opens: "10:00", closes: "15:00" }] };
}

// ---- services ----------------------------------------------------------------------------------

function minutesField(o: { what: string; min: number; max: number }) {
  const range = `${o.what} : de ${o.min} à ${o.max} minutes.`;
  return z
    .number({ error: (iss) => (iss.input === undefined ? `Indiquez ${o.what.toLowerCase()} en minutes.` : "Indiquez un nombre entier de minutes.") })
    .int({ error: "Indiquez un nombre entier de minutes." })
    .min(o.min, { error: range })
    .max(o.max, { error: range })
    .refine((m) => m % UNIT_MINUTES === 0, { error: "Par quarts d'heure : 0, 15, 30, 45, 60… minutes." });
}

/** 'Soins': per service, its duration, the sterilisation buffer after it, and 'Réservable en ligne'. */
export const servicesSchema = z.object({
  services: z.array(
    z.object({
      service: z.enum(SERVICES, { error: "Soin inconnu." }),
      duration: minutesField({ what: "La durée", ...DURATION_LIMITS }),
      buffer: minutesField({ what: "La stérilisation", ...BUFFER_LIMITS }),
      online: z
        .boolean()
        .optional()
        .transform((v) => v === true),
    }),
  ),
});

export function servicesFromForm(value: z.output<typeof servicesSchema>): ServiceSetting[] {
  return value.services.map((s) => ({ service: s.service, durationMinutes: s.duration, bufferMinutes: s.buffer, online: s.online }));
}

export function servicesFormValue(services: Record<Service, ServiceSetting>) {
  return { services: SERVICES.map((s) => ({ service: s, duration: String(services[s].durationMinutes), buffer: String(services[s].bufferMinutes), online: services[s].online ? "on" : "" })) };
}

// ---- booking rules -------------------------------------------------------------------------------

export const NOTICE_UNITS = ["hours", "minutes"] as const;

function wholeNumber(o: { missing: string; min: number; max: number; range: string }) {
  return z
    .number({ error: (iss) => (iss.input === undefined ? o.missing : "Indiquez un nombre entier.") })
    .int({ error: "Indiquez un nombre entier." })
    .min(o.min, { error: o.range })
    .max(o.max, { error: o.range });
}

/** 'Règles de réservation': minimum notice (hours or minutes), booking horizon in days, chairs. */
export const settingsSchema = z
  .object({
    notice: wholeNumber({ missing: "Indiquez le délai minimum (0 pour aucun).", min: 0, max: NOTICE_MAX_MINUTES, range: "Le délai minimum va de 0 à 7 jours (168 heures)." }),
    noticeUnit: z.enum(NOTICE_UNITS, { error: "Choisissez heures ou minutes." }),
    horizonDays: wholeNumber({
      missing: "Indiquez le nombre de jours.",
      ...HORIZON_LIMITS,
      range: `De ${HORIZON_LIMITS.min} à ${HORIZON_LIMITS.max} jours.`,
    }),
    chairs: wholeNumber({ missing: "Indiquez le nombre de fauteuils.", ...CHAIRS_LIMITS, range: `De ${CHAIRS_LIMITS.min} à ${CHAIRS_LIMITS.max} fauteuils.` }),
  })
  .superRefine((v, ctx) => {
    if (!Number.isInteger(v.notice) || !Number.isInteger(v.horizonDays) || !NOTICE_UNITS.includes(v.noticeUnit)) return;
    const minutes = v.noticeUnit === "hours" ? v.notice * 60 : v.notice;
    if (minutes > NOTICE_MAX_MINUTES) ctx.addIssue({ code: "custom", path: ["notice"], message: "Le délai minimum va de 0 à 7 jours (168 heures)." });
    else if (minutes >= v.horizonDays * 1440)
      ctx.addIssue({ code: "custom", path: ["notice"], message: "Le délai minimum doit être plus court que la période de réservation, sinon aucun créneau n'est proposé." });
  }, EVERY_TIME);

export function settingsFromForm(v: z.output<typeof settingsSchema>): ScheduleSettings {
  return { minNoticeMinutes: v.noticeUnit === "hours" ? v.notice * 60 : v.notice, horizonDays: v.horizonDays, chairs: v.chairs };
}

/** The notice as the form shows it: in hours when it is whole hours, else in minutes. */
export function settingsFormValue(s: ScheduleSettings) {
  const hours = s.minNoticeMinutes % 60 === 0;
  return {
    notice: String(hours ? s.minNoticeMinutes / 60 : s.minNoticeMinutes),
    noticeUnit: hours ? "hours" : "minutes",
    horizonDays: String(s.horizonDays),
    chairs: String(s.chairs),
  };
}

// ---- what a change leaves outside the hours ----------------------------------------------------

/**
 * The appointments (already booked, holding their slot) that no longer fit in the opening hours
 * of their day: the screen says how many, so that staff call the patients. Nothing is moved or
 * cancelled automatically.
 */
export function outsideOpeningHours<A extends { date: string; time: string; duration_minutes: number | null }>(
  schedule: Pick<Schedule, "weekly" | "exceptions">,
  appointments: A[],
): A[] {
  return appointments.filter((a) => {
    const start = toMinutes(a.time);
    const end = start + (a.duration_minutes ?? UNIT_MINUTES);
    return !dayHours(schedule, a.date).ranges.some((r) => start >= toMinutes(r.opens) && end <= toMinutes(r.closes));
  });
}

export function outsideWarning(count: number): string | null {
  if (count === 0) return null;
  const n = count === 1 ? "1 rendez-vous déjà pris tombe" : `${count} rendez-vous déjà pris tombent`;
  return `${n} en dehors des heures d'ouverture (horaires changés, fermeture ou horaires spéciaux). Rien n'est annulé : appelez ${count === 1 ? "le patient" : "les patients"} et déplacez ${count === 1 ? "le rendez-vous" : "les rendez-vous"} depuis l'agenda.`;
}

// ---- texts of the site ---------------------------------------------------------------------------

const longDay = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-03-30" -> "lundi 30 mars 2026" (a calendar day: no time-zone shift) */
export function formatLongDay(ymd: string): string {
  return longDay.format(new Date(`${ymd}T00:00:00Z`));
}

