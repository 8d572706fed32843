import { Download } from "~/components/admin/icons";
import type { ReportTable } from "~/lib/report-tables";
import { ReportChart } from "./ReportChart";
import { ReportTableView } from "./ReportTableView";

/** One report: its heading and definition, the chart and, beside it from 1200 px (under it when wide), its table; its .xlsx export. */
export function ReportSection({ table, exportHref }: { table: ReportTable; exportHref: string }) {
  const headingId = `rapport-${table.id}`;
  return (
    <section aria-labelledby={headingId} className="scroll-mt-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2 id={headingId} className="font-sans text-lg font-semibold text-navy-900 sm:text-xl">
            {table.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{table.definition}</p>
        </div>
        <a href={exportHref} download className="btn-ghost shrink-0 px-4 ring-1 ring-slate-300" aria-label={`Exporter (.xlsx) : ${table.title}`}>
          <Download aria-hidden className="h-4 w-4" />
          Exporter (.xlsx)
        </a>
      </div>
      {/* side by side from 1200 px when the table is narrow; a wide table (rates, statuses) goes under its chart */}
      <div className={`mt-4 grid gap-5 ${table.columns.length <= 4 ? "xl:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] xl:items-start" : ""}`}>
        <ReportChart table={table} />
        <ReportTableView table={table} />
      </div>
    </section>
  );
}
