import { weekdayAr } from "./format";
import { parseWishes, WEEKDAYS } from "./waitlist";

/** A weekday of the waiting list (ISO: 1 = Monday … 7 = Sunday) in Arabic: 6 → "السبت". */
export function isoWeekdayAr(n: number): string {
  return weekdayAr(n % 7);
}

/** The wishes in Arabic, the week as the clinic lives it: "السبت صباحًا، الاثنين صباحًا وبعد الظهر". */
export function wishesTextAr(stored: string): string {
  const set = new Set(parseWishes(stored));
  const parts: string[] = [];
  for (const d of WEEKDAYS) {
    const am = set.has(`${d.n}am`);
    const pm = set.has(`${d.n}pm`);
    if (am && pm) parts.push(`${isoWeekdayAr(d.n)} صباحًا وبعد الظهر`);
    else if (am || pm) parts.push(`${isoWeekdayAr(d.n)} ${am ? "صباحًا" : "بعد الظهر"}`);
  }
  return parts.join("، ") || "—";
}
