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

/** Integer centimes as an amount: 1500000 -> "15 000 DA", 1500050 -> "15 000,50 DA". */
export function formatDA(centimes: number | null | undefined): string {
  if (centimes === null || centimes === undefined || !Number.isFinite(centimes)) return "";
  return `${formatNumber(centimes / 100)}${NBSP}DA`;
}

/**
 * Parse a price typed by a person ("15000", "15 000", "15000,50", "15000.5") into centimes.
 * Returns null for empty input and NaN for anything that is not a number.
 */
export function parsePriceToCentimes(input: string | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const cleaned = String(input).replace(/[\s\u00a0\u202f]/g, "").replace(/DA$/i, "").replace(",", ".");
  if (cleaned === "") return null;
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

/** Centimes back to an input value: 1500050 -> "15000.5" */
export function centimesToInput(centimes: number | null | undefined): string {
  if (centimes === null || centimes === undefined) return "";
  return String(centimes / 100);
}

/** A price for visitors: "350 000 DA", or the on-request label when empty or 0. */
export function formationPriceLabel(centimes: number | null | undefined, onRequest: "Prix sur demande" | "Sur demande"): string {
  return centimes === null || centimes === undefined || centimes === 0 ? onRequest : formatDA(centimes);
}
