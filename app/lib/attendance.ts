/**
 * The days an attendance sheet offers (issue 31, item 6): every day of the session up to today
 * when the session is short enough to list (up to 31 days: a course week, a month of Saturdays'
 * span), else the days already held and today; the day shown is the one asked for when it is
 * offered, else today, else the last one offered.
 */
export const LISTED_SPAN_DAYS = 31;

function addDays(ymd: string, n: number): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function sessionDays(start: string, end: string, today: string, held: readonly string[]): string[] {
  const last = end < today ? end : today;
  if (last < start) return [];
  const out = new Set<string>(held.filter((d) => d >= start && d <= last));
  const spanDays = Math.round((Date.parse(`${end}T12:00:00Z`) - Date.parse(`${start}T12:00:00Z`)) / 86_400_000) + 1;
  if (spanDays <= LISTED_SPAN_DAYS) {
    for (let d = start; d <= last; d = addDays(d, 1)) out.add(d);
  } else if (today >= start && today <= end) {
    out.add(today);
  }
  return [...out].sort();
}

/** The day the sheet shows: `asked` when offered, else today when offered, else the last offered (null: none yet). */
export function pickDay(days: readonly string[], asked: string | null, today: string): string | null {
  if (asked && days.includes(asked)) return asked;
  if (days.includes(today)) return today;
  return days.at(-1) ?? null;
}

/** A day the staff may add by hand on a long session: within the session, not after today. */
export function isMarkableDay(day: string, start: string, end: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= start && day <= end && day <= today;
}
