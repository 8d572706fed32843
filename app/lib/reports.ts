import { addDaysYmd, daysBetween, weekdayOf } from "./schedule";

/**
 * The reports' period and its buckets (docs/product.md, "Staff: reports"): pure, shared by the
 * repo (app/.server/repos/reports.ts), the screen and the .xlsx export. A bucket is named by its
 * first day's text: a day 'YYYY-MM-DD', a week by its Saturday 'YYYY-MM-DD' (the clinic's week
 * starts on Saturday), a month 'YYYY-MM', a year 'YYYY' — the same keys the SQL builds.
 */

export const GRANULARITIES = ["jour", "semaine", "mois", "annee"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const GRANULARITY_LABELS: Record<Granularity, string> = { jour: "Jour", semaine: "Semaine", mois: "Mois", annee: "Année" };

export interface ReportPeriod {
  /** YYYY-MM-DD, both included */
  from: string;
  to: string;
  granularity: Granularity;
}

/** The longest period asked at once (five years), and the most buckets a chart shows. */
export const MAX_PERIOD_DAYS = 5 * 366;
export const MAX_BUCKETS = 120;

const YMD = /^\d{4}-\d{2}-\d{2}$/;

function isDay(v: string | null): v is string {
  if (!v || !YMD.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export function monthBounds(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 7)}-01`;
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from, to: `${today.slice(0, 7)}-${String(last).padStart(2, "0")}` };
}

/**
 * The period of the query string (?du=&au=&pas=): the current month by weeks by default; a
 * missing or impossible date falls back to the month's, reversed dates are swapped, a period
 * over five years is cut, and a granularity that would draw more than 120 bars is widened. Each
 * correction is said in `notes`.
 */
export function parseReportPeriod(params: URLSearchParams, today: string): { period: ReportPeriod; notes: string[] } {
  const notes: string[] = [];
  const month = monthBounds(today);
  const du = params.get("du");
  const au = params.get("au");
  let from = isDay(du) ? du : month.from;
  let to = isDay(au) ? au : month.to;
  if ((du && !isDay(du)) || (au && !isDay(au))) notes.push("Une date n'était pas valide : le mois en cours est utilisé à sa place.");
  if (from > to) {
    [from, to] = [to, from];
    notes.push("Les dates étaient inversées : elles ont été remises dans l'ordre.");
  }
  if (daysBetween(from, to) >= MAX_PERIOD_DAYS) {
    from = addDaysYmd(to, -(MAX_PERIOD_DAYS - 1));
    notes.push("La période est limitée à cinq ans : son début a été avancé.");
  }
  const pas = params.get("pas");
  let granularity: Granularity = (GRANULARITIES as readonly string[]).includes(pas ?? "") ? (pas as Granularity) : "semaine";
  while (bucketKeys({ from, to, granularity }).length > MAX_BUCKETS && granularity !== "annee") {
    granularity = GRANULARITIES[GRANULARITIES.indexOf(granularity) + 1];
    if (!notes.some((n) => n.startsWith("Trop de"))) notes.push("Trop de barres pour ce pas : un pas plus large est utilisé.");
  }
  return { period: { from, to, granularity }, notes };
}

/** The Saturday that starts the clinic's week of a day. */
export function weekStart(ymd: string): string {
  return addDaysYmd(ymd, -((weekdayOf(ymd) + 1) % 7));
}

/** The bucket of a day, as the SQL names it. */
export function bucketOf(ymd: string, g: Granularity): string {
  if (g === "jour") return ymd;
  if (g === "semaine") return weekStart(ymd);
  if (g === "mois") return ymd.slice(0, 7);
  return ymd.slice(0, 4);
}

/** Every bucket of the period, in order (empty ones included, so that a chart shows its zeros). */
export function bucketKeys(p: ReportPeriod): string[] {
  const keys: string[] = [];
  let day = p.from;
  while (day <= p.to) {
    const key = bucketOf(day, p.granularity);
    if (keys.at(-1) !== key) keys.push(key);
    if (p.granularity === "jour" || p.granularity === "semaine") day = addDaysYmd(p.granularity === "jour" ? day : weekStart(day), p.granularity === "jour" ? 1 : 7);
    else if (p.granularity === "mois") day = nextMonth(day);
    else day = `${Number(day.slice(0, 4)) + 1}-01-01`;
  }
  return keys;
}

function nextMonth(ymd: string): string {
  const [y, m] = [Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

const MONTHS = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."];

/** A bucket as a chart's axis and a table's row name it: '23/11', 'sem. du 21/11', 'nov. 2026', '2026'. */
export function bucketLabel(key: string, g: Granularity): string {
  if (g === "jour") return `${key.slice(8, 10)}/${key.slice(5, 7)}`;
  if (g === "semaine") return `sem. du ${key.slice(8, 10)}/${key.slice(5, 7)}`;
  if (g === "mois") return `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
  return key;
}

/** A rate kept as its two counts until it is shown. */
export interface Ratio {
  num: number;
  den: number;
}

/** The rate in percent, one decimal, or null when there is nothing to divide by. */
export function percentOf(r: Ratio): number | null {
  return r.den > 0 ? Math.round((r.num * 1000) / r.den) / 10 : null;
}

/** The age brackets of the balances due, in days since the appointment's day. */
export const BALANCE_AGES = ["0-30", "31-90", "91-180", "181+"] as const;
export type BalanceAge = (typeof BALANCE_AGES)[number];
export const BALANCE_AGE_LABELS: Record<BalanceAge, string> = { "0-30": "0 à 30 jours", "31-90": "31 à 90 jours", "91-180": "91 à 180 jours", "181+": "Plus de 180 jours" };

export const REPORTS = ["production", "modes", "soldes", "statuts", "jours", "services", "remplissage", "patients", "origine", "formations"] as const;
export type ReportId = (typeof REPORTS)[number];

export const REPORT_TITLES: Record<ReportId, string> = {
  production: "Production et encaissements",
  modes: "Encaissements par mode de paiement",
  soldes: "Soldes dus par ancienneté",
  statuts: "Rendez-vous par statut",
  jours: "Absences et annulations par jour de la semaine",
  services: "Absences et annulations par soin",
  remplissage: "Taux de remplissage des fauteuils",
  patients: "Nouveaux patients",
  origine: "Réservations en ligne et par le personnel",
  formations: "Inscriptions par formation",
};
