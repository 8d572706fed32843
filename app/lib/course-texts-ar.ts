import { formatDateTime, formatDayFullAr, formatLongDateAr, formatTimeRange } from "./format";
import type { FormationSession } from "./formation-session";
import { ltr } from "./message-language";
import { formatDA } from "./money";

/**
 * The pieces of a course's texts in Arabic, as plain strings (e-mails, a server message): what
 * app/components/formation/arabic writes with <bdi>, isolated here with Unicode isolates (`ltr`,
 * U+2066…U+2069; a French name with U+2068…U+2069). Dates in Arabic, in the clinic's time zone,
 * Western digits (docs/decisions/029-arabic.md).
 */

/** A French text inside Arabic (a formation's French title, a place): isolated, its own direction. */
export function isolated(value: string): string {
  return `\u2068${value}\u2069`;
}

/** A formation's title in Arabic text: its Arabic title, else the French one isolated. */
export function courseTitleAr(f: { title: string; title_ar?: string | null }): string {
  return f.title_ar || isolated(f.title);
}

/** "يوم الاثنين، 15 فبراير 2027" or "من … إلى …". */
export function sessionDaysAr(s: Pick<FormationSession, "start_date" | "end_date">): string {
  return s.start_date === s.end_date ? `يوم ${formatDayFullAr(s.start_date)}` : `من ${formatDayFullAr(s.start_date)} إلى ${formatDayFullAr(s.end_date)}`;
}

/** The days and the daily hours: "من … إلى …، ‎09:00 – 17:00‎". */
export function sessionDatesAr(s: Pick<FormationSession, "start_date" | "end_date" | "day_start" | "day_end">): string {
  return `${sessionDaysAr(s)}، ${ltr(formatTimeRange(s.day_start, s.day_end))}`;
}

/** A price: the figure isolated left to right, or 'السعر عند الطلب'. */
export function priceAr(centimes: number | null | undefined): string {
  return centimes === null || centimes === undefined || centimes === 0 ? "السعر عند الطلب" : ltr(formatDA(centimes));
}

/** An instant in the clinic's time zone: "22 نوفمبر 2026 على الساعة ‎14:05‎". */
export function dateTimeAr(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = formatDateTime(iso).split(" ")[1] ?? "";
  return `${formatLongDateAr(iso)} على الساعة ${ltr(time)}`;
}
