import type { ReportCell, ReportTable } from "~/lib/report-tables";
import { formatCell } from "./format-cell";

/** The numbers of one chart, as a table with its caption (what screen readers and the export read). */
export function ReportTableView({ table }: { table: ReportTable }) {
  const cells = (row: ReportCell[], head: boolean) =>
    row.map((v, i) =>
      i === 0 ? (
        <th key={i} scope="row" className={`px-3 py-2 text-left font-medium ${table.id === "services" || table.id === "formations" ? "" : "whitespace-nowrap"} ${head ? "text-navy-900" : "text-slate-800"}`}>
          {formatCell("text", v)}
        </th>
      ) : (
        <td key={i} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
          {formatCell(table.columns[i].kind, v)}
        </td>
      ),
    );
  return (
    <div role="region" aria-label={`Tableau : ${table.title}`} tabIndex={0} className="max-h-[26rem] overflow-auto rounded-xl ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-teal-600">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{table.title} : les chiffres du graphique</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            {table.columns.map((c, i) => (
              <th key={c.header} scope="col" className={`px-3 py-2 font-semibold ${i === 0 ? "" : "whitespace-nowrap"} ${i === 0 ? "text-left" : "text-right"}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length} className="px-3 py-4 text-center text-slate-600">
                Rien sur cette période.
              </td>
            </tr>
          ) : (
            table.rows.map((row, r) => <tr key={r}>{cells(row, false)}</tr>)
          )}
        </tbody>
        {table.footer && table.rows.length > 0 && (
          <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold">
            <tr>{cells(table.footer, true)}</tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
