import type { ReportTable } from "~/lib/report-tables";
import { toXlsx, type XlsxColumn, type XlsxValue } from "./xlsx";

/**
 * The reports as an Excel workbook (docs/product.md, "Staff: reports"): one sheet per report, the
 * same columns and rows as the table beside its chart (app/lib/report-tables.ts), then its total
 * row. Amounts are numbers of DA (centimes / 100, exact to the centime), rates Excel percentages.
 */
export function reportsXlsx(tables: ReportTable[]): Promise<Uint8Array<ArrayBuffer>> {
  return toXlsx(
    tables.map((t) => {
      const columns: XlsxColumn[] = t.columns.map((c, i) => ({ header: c.header, kind: c.kind, width: i === 0 ? 28 : Math.max(12, c.header.length + 2) }));
      const cell = (kind: XlsxColumn["kind"], v: string | number | null): XlsxValue => (kind === "amount" && typeof v === "number" ? v / 100 : v);
      const line = (row: (string | number | null)[]) => row.map((v, i) => cell(columns[i].kind, v));
      return { name: t.title, columns, rows: [...t.rows.map(line), ...(t.footer ? [line(t.footer)] : [])] };
    }),
  );
}
