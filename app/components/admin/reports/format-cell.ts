import { formatNumber, formatPercent } from "~/lib/format";
import { formatDA } from "~/lib/money";
import type { CellKind, ReportCell } from "~/lib/report-tables";

/** A report's cell as the screen writes it: amounts through formatDA, figures through format.ts. */
export function formatCell(kind: CellKind, value: ReportCell): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  if (kind === "amount") return formatDA(value);
  if (kind === "percent") return formatPercent(value);
  return formatNumber(value);
}

/** An axis tick: amounts in whole DA, rates in percent, counts as figures. */
export function formatTick(unit: "amount" | "count" | "percent", value: number): string {
  if (unit === "amount") return formatDA(Math.round(value / 100) * 100);
  if (unit === "percent") return formatPercent(value);
  return formatNumber(value);
}
