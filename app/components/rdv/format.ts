const dayFull = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11-24" → "mardi 24 novembre 2026" (a calendar day: no time zone shift). */
export function formatDayFull(ymd: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : dayFull.format(d);
}
