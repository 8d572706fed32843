import { CLINIC_TIME_ZONE } from "./clinic-time";

/** fr-FR formatting shared by server and browser. Money is integer centimes (1 DA = 100). */

const longDate = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: CLINIC_TIME_ZONE });
const shortDate = new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: CLINIC_TIME_ZONE });
const dateTime = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: CLINIC_TIME_ZONE,
});
const whole = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
const withCentimes = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
/** U+202F: fr-FR's thousands separator; U+00A0 before a unit. */
export const NARROW_NBSP = "\u202f";
export const NBSP = "\u00a0";

/**
 * The one number format of the site (figures and amounts): fr-FR, a narrow no-break space
 * between thousands, and two decimals whenever the value is not whole: 15000.5 -> "15 000,50",
 * 7000 -> "7 000". (Intl's fr-FR grouping is U+202F already; forced here so that an older ICU
 * printing U+00A0 or a plain space gives the same text.)
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return "";
  const rounded = Math.round(value * 100) / 100;
  const text = Number.isInteger(rounded) ? whole.format(rounded) : withCentimes.format(rounded);
  return frenchDigits(text);
}

/** Intl's fr-FR text with every group separator a narrow no-break space and a hyphen-minus sign. */
function frenchDigits(text: string): string {
  return text.replace(/[\u00a0\u202f ]/g, NARROW_NBSP).replace(/\u2212/g, "-");
}

/** A size in bytes as megabytes, one decimal at most: 1572864 -> "1,5 Mo", 2621440000 -> "2 500 Mo". */
export function formatMegabytes(bytes: number): string {
  return `${frenchDigits(oneDecimal.format(bytes / 1024 / 1024))} Mo`;
}

/** A rate in percent with one decimal at most: 12.5 -> "12,5 %", 40 -> "40 %" (the reports). */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return "";
  return `${frenchDigits(oneDecimal.format(value))}${NBSP}%`;
}

/** A public figure with its sign, written the same on every page: 7000 -> "7 000+". */
export function formatFigure(value: number, sign: "+" | "%" | "" = "+"): string {
  if (sign === "%") return `${formatNumber(value)}${NBSP}%`;
  return `${formatNumber(value)}${sign}`;
}

/** "22 novembre 2026" */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : longDate.format(d);
}

/** "22/11/2026" */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : shortDate.format(d);
}

/** "22/11/2026 14:05" in the clinic's time zone */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dateTime.format(d).replace(",", "");
}

/** A calendar date "2026-11-22" shown as "22/11/2026" (no time zone shift). */
export function formatCalendarDate(ymd: string | null | undefined): string {
  if (!ymd) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : ymd;
}

const dayFull = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11-24" → "mardi 24 novembre 2026" (a calendar day: no time zone shift). */
export function formatDayFull(ymd: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : dayFull.format(d);
}

/**
 * The one way the site writes a time of day (issue 30): "09:00", 24-hour, two-digit hours, as
 * the browser's time fields, Doctolib and the SNCF write it. Accepts "9:00", "09:00", "09:00:00";
 * anything else is returned unchanged.
 */
export function formatTime(hhmm: string | null | undefined): string {
  if (!hhmm) return "";
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(hhmm.trim());
  return m && Number(m[1]) < 24 ? `${m[1].padStart(2, "0")}:${m[2]}` : hhmm;
}

/** A span of time: "09:00 – 17:00" (en dash between no-break spaces, so it never breaks in two). */
export function formatTimeRange(from: string, to: string): string {
  return `${formatTime(from)}${NBSP}–${NBSP}${formatTime(to)}`;
}

// ---- Arabic (ar-DZ, Western digits as Algeria writes them; docs/decisions/029-arabic.md) --------

/** ar-DZ with Latin digits: "0123456789", not the Arabic-Indic ones. */
export const ARABIC_LOCALE = "ar-DZ-u-nu-latn";
const arLongDate = new Intl.DateTimeFormat(ARABIC_LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: CLINIC_TIME_ZONE });
const arDayFull = new Intl.DateTimeFormat(ARABIC_LOCALE, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const arWeekday = new Intl.DateTimeFormat(ARABIC_LOCALE, { weekday: "long", timeZone: "UTC" });

/** "22 نوفمبر 2026" in the clinic's time zone */
export function formatLongDateAr(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : arLongDate.format(d);
}

/** "2026-11-24" → "الثلاثاء، 24 نوفمبر 2026" (a calendar day: no time zone shift). */
export function formatDayFullAr(ymd: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : arDayFull.format(d);
}

/** A weekday (0 = Sunday … 6 = Saturday) in Arabic: 0 → "الأحد". */
export function weekdayAr(day: number): string {
  // 2026-11-22 is a Sunday
  return arWeekday.format(new Date(Date.UTC(2026, 10, 22 + day, 12)));
}

// Amounts (formatDA, parsing DA, sums, balances) are in ./money.ts: the one module of money.
