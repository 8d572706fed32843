import { STATUS_LABELS, type AppointmentStatus } from "./appointment-status";
import { PAYMENT_MODE_LABELS, type StoredPaymentMode } from "./payment-schema";
import { BALANCE_AGE_LABELS, bucketLabel, percentOf, REPORT_TITLES, type BalanceAge, type ReportId, type ReportPeriod } from "./reports";
import { WEEKDAY_LABELS, type Weekday } from "./schedule";

/**
 * The reports as tables (docs/product.md, "Staff: reports"): one definition of each report's
 * columns and rows, read by the screen (the table beside each chart, and the chart's data) and by
 * the .xlsx export, so the file, the table and the chart always say the same numbers.
 * Cells: text; integer; amount in centimes; percent (one decimal, null when nothing to divide).
 */

export type CellKind = "text" | "integer" | "amount" | "percent";
export type ReportCell = string | number | null;

export interface ReportColumn {
  header: string;
  kind: CellKind;
}

export interface ChartSeries {
  /** the column the series reads */
  column: number;
  label: string;
  color: string;
}

export interface ReportTable {
  id: ReportId;
  title: string;
  /** what the figures are, in a sentence (the table's caption says it too) */
  definition: string;
  columns: ReportColumn[];
  rows: ReportCell[][];
  /** the period's total, when a sum or an overall rate means something */
  footer?: ReportCell[];
  chart: { stacked?: boolean; unit: "amount" | "count" | "percent"; series: ChartSeries[] };
}

/** The raw figures of every report, as app/.server/repos/reports.ts returns them. */
export interface ReportData {
  period: ReportPeriod;
  /** the day the balances are aged on */
  asOf: string;
  money: { bucket: string; production: number; collected: number }[];
  modes: { mode: StoredPaymentMode; amount: number; count: number }[];
  balances: { age: BalanceAge; amount: number; count: number }[];
  statuses: ({ bucket: string } & Record<AppointmentStatus, number>)[];
  weekdays: ({ weekday: Weekday } & Rates)[];
  services: ({ service: string } & Rates)[];
  fill: { bucket: string; booked: number; open: number }[];
  patients: { bucket: string; count: number }[];
  sources: { bucket: string; online: number; staff: number; other: number }[];
  courses: { formationId: number | null; title: string; active: number; confirmed: number; cancelled: number }[];
}

interface Rates {
  attended: number;
  noShow: number;
  cancelled: number;
  total: number;
}

/** Colours with at least 3:1 against white; every series is also named in the legend and the table. */
export const CHART_COLORS = { teal: "#0f766e", amber: "#b45309", navy: "#1e3a8a", rose: "#be123c", slate: "#64748b", violet: "#6d28d9" } as const;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const pct = (num: number, den: number) => percentOf({ num, den });

const STATUS_ORDER: AppointmentStatus[] = ["attended", "no_show", "cancelled", "confirmed", "requested"];
const STATUS_COLORS: Record<AppointmentStatus, string> = { attended: CHART_COLORS.teal, no_show: CHART_COLORS.amber, cancelled: CHART_COLORS.rose, confirmed: CHART_COLORS.navy, requested: CHART_COLORS.slate };

function rateTable(id: "jours" | "services", header: string, rows: { name: string; r: Rates }[]): ReportTable {
  const all = { attended: sum(rows.map((x) => x.r.attended)), noShow: sum(rows.map((x) => x.r.noShow)), cancelled: sum(rows.map((x) => x.r.cancelled)), total: sum(rows.map((x) => x.r.total)) };
  const line = (name: string, r: Rates): ReportCell[] => [name, r.attended, r.noShow, r.cancelled, r.total, pct(r.noShow, r.attended + r.noShow), pct(r.cancelled, r.total)];
  return {
    id,
    title: REPORT_TITLES[id],
    definition: "Taux d'absence : absents ÷ (honorés + absents). Taux d'annulation : annulés ÷ tous les rendez-vous de la période.",
    columns: [
      { header, kind: "text" },
      { header: "Honorés", kind: "integer" },
      { header: "Absents", kind: "integer" },
      { header: "Annulés", kind: "integer" },
      { header: "Total", kind: "integer" },
      { header: "Taux d'absence", kind: "percent" },
      { header: "Taux d'annulation", kind: "percent" },
    ],
    rows: rows.map((x) => line(x.name, x.r)),
    footer: rows.length > 0 ? line("Total", all) : undefined,
    chart: {
      unit: "percent",
      series: [
        { column: 5, label: "Taux d'absence", color: CHART_COLORS.amber },
        { column: 6, label: "Taux d'annulation", color: CHART_COLORS.rose },
      ],
    },
  };
}

export function reportTables(d: ReportData): ReportTable[] {
  const g = d.period.granularity;
  const period = (bucket: string) => bucketLabel(bucket, g);
  const booked = sum(d.fill.map((f) => f.booked));
  const open = sum(d.fill.map((f) => f.open));
  return [
    {
      id: "production",
      title: REPORT_TITLES.production,
      definition: "Production : total facturé des rendez-vous honorés, au jour du rendez-vous. Encaissé : paiements reçus, au jour du paiement.",
      columns: [
        { header: "Période", kind: "text" },
        { header: "Production", kind: "amount" },
        { header: "Encaissé", kind: "amount" },
      ],
      rows: d.money.map((m) => [period(m.bucket), m.production, m.collected]),
      footer: ["Total", sum(d.money.map((m) => m.production)), sum(d.money.map((m) => m.collected))],
      chart: {
        unit: "amount",
        series: [
          { column: 1, label: "Production", color: CHART_COLORS.navy },
          { column: 2, label: "Encaissé", color: CHART_COLORS.teal },
        ],
      },
    },
    {
      id: "modes",
      title: REPORT_TITLES.modes,
      definition: "Paiements reçus pendant la période, par mode de paiement.",
      columns: [
        { header: "Mode", kind: "text" },
        { header: "Montant", kind: "amount" },
        { header: "Paiements", kind: "integer" },
      ],
      rows: d.modes.map((m) => [PAYMENT_MODE_LABELS[m.mode] ?? m.mode, m.amount, m.count]),
      footer: d.modes.length > 0 ? ["Total", sum(d.modes.map((m) => m.amount)), sum(d.modes.map((m) => m.count))] : undefined,
      chart: { unit: "amount", series: [{ column: 1, label: "Montant", color: CHART_COLORS.teal }] },
    },
    {
      id: "soldes",
      title: REPORT_TITLES.soldes,
      definition: `Reste à payer au ${d.asOf.slice(8, 10)}/${d.asOf.slice(5, 7)}/${d.asOf.slice(0, 4)} des rendez-vous non annulés jusqu'à cette date, selon l'âge du rendez-vous.`,
      columns: [
        { header: "Ancienneté", kind: "text" },
        { header: "Montant dû", kind: "amount" },
        { header: "Rendez-vous", kind: "integer" },
      ],
      rows: d.balances.map((b) => [BALANCE_AGE_LABELS[b.age], b.amount, b.count]),
      footer: ["Total", sum(d.balances.map((b) => b.amount)), sum(d.balances.map((b) => b.count))],
      chart: { unit: "amount", series: [{ column: 1, label: "Montant dû", color: CHART_COLORS.amber }] },
    },
    {
      id: "statuts",
      title: REPORT_TITLES.statuts,
      definition: "Rendez-vous de la période (au jour du rendez-vous), par statut à ce jour.",
      columns: [{ header: "Période", kind: "text" }, ...STATUS_ORDER.map((s) => ({ header: STATUS_LABELS[s], kind: "integer" as const })), { header: "Total", kind: "integer" }],
      rows: d.statuses.map((s) => [period(s.bucket), ...STATUS_ORDER.map((k) => s[k]), sum(STATUS_ORDER.map((k) => s[k]))]),
      footer: ["Total", ...STATUS_ORDER.map((k) => sum(d.statuses.map((s) => s[k]))), sum(d.statuses.flatMap((s) => STATUS_ORDER.map((k) => s[k])))],
      chart: { unit: "count", stacked: true, series: STATUS_ORDER.map((s, i) => ({ column: i + 1, label: STATUS_LABELS[s], color: STATUS_COLORS[s] })) },
    },
    rateTable(
      "jours",
      "Jour",
      d.weekdays.map((w) => ({ name: WEEKDAY_LABELS[w.weekday], r: w })),
    ),
    rateTable(
      "services",
      "Soin",
      d.services.map((s) => ({ name: s.service, r: s })),
    ),
    {
      id: "remplissage",
      title: REPORT_TITLES.remplissage,
      definition: "Minutes de soin des rendez-vous qui tiennent un créneau (demandés, confirmés, honorés) ÷ minutes d'ouverture des fauteuils selon les horaires et fermetures.",
      columns: [
        { header: "Période", kind: "text" },
        { header: "Minutes réservées", kind: "integer" },
        { header: "Minutes d'ouverture", kind: "integer" },
        { header: "Taux de remplissage", kind: "percent" },
      ],
      rows: d.fill.map((f) => [period(f.bucket), f.booked, f.open, pct(f.booked, f.open)]),
      footer: ["Total", booked, open, pct(booked, open)],
      chart: { unit: "percent", series: [{ column: 3, label: "Taux de remplissage", color: CHART_COLORS.teal }] },
    },
    {
      id: "patients",
      title: REPORT_TITLES.patients,
      definition: "Dossiers patients créés pendant la période (les doublons fusionnés ne comptent pas).",
      columns: [
        { header: "Période", kind: "text" },
        { header: "Nouveaux patients", kind: "integer" },
      ],
      rows: d.patients.map((p) => [period(p.bucket), p.count]),
      footer: ["Total", sum(d.patients.map((p) => p.count))],
      chart: { unit: "count", series: [{ column: 1, label: "Nouveaux patients", color: CHART_COLORS.violet }] },
    },
    {
      id: "origine",
      title: REPORT_TITLES.origine,
      definition: "Rendez-vous reçus pendant la période : pris en ligne par le patient, ou saisis par le personnel (autre : données importées ou de démonstration).",
      columns: [
        { header: "Période", kind: "text" },
        { header: "En ligne", kind: "integer" },
        { header: "Personnel", kind: "integer" },
        { header: "Autre", kind: "integer" },
      ],
      rows: d.sources.map((s) => [period(s.bucket), s.online, s.staff, s.other]),
      footer: ["Total", sum(d.sources.map((s) => s.online)), sum(d.sources.map((s) => s.staff)), sum(d.sources.map((s) => s.other))],
      chart: {
        unit: "count",
        stacked: true,
        series: [
          { column: 1, label: "En ligne", color: CHART_COLORS.teal },
          { column: 2, label: "Personnel", color: CHART_COLORS.navy },
          { column: 3, label: "Autre", color: CHART_COLORS.slate },
        ],
      },
    },
    {
      id: "formations",
      title: REPORT_TITLES.formations,
      definition: "Inscriptions reçues pendant la période, par formation : actives (toutes sauf les annulées), dont confirmées ou terminées, et annulées.",
      columns: [
        { header: "Formation", kind: "text" },
        { header: "Inscriptions", kind: "integer" },
        { header: "Dont confirmées", kind: "integer" },
        { header: "Annulées", kind: "integer" },
      ],
      rows: d.courses.map((c) => [c.title, c.active, c.confirmed, c.cancelled]),
      footer: d.courses.length > 0 ? ["Total", sum(d.courses.map((c) => c.active)), sum(d.courses.map((c) => c.confirmed)), sum(d.courses.map((c) => c.cancelled))] : undefined,
      chart: {
        unit: "count",
        series: [
          { column: 1, label: "Inscriptions", color: CHART_COLORS.navy },
          { column: 2, label: "Dont confirmées", color: CHART_COLORS.teal },
          { column: 3, label: "Annulées", color: CHART_COLORS.rose },
        ],
      },
    },
  ];
}
