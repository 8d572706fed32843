import { formatDA } from "~/lib/format";
import type { AgendaCounts as Counts } from "./model";

/**
 * The day's (or week's) counts at the top of the agenda: 'À confirmer', 'Confirmés', 'Venus',
 * 'Absents' and 'Reste à payer'. Two columns on a phone, five in a row from 768 px.
 */
export function AgendaCounts({ counts, label }: { counts: Counts; label: string }) {
  const tiles = [
    { key: "requested", label: "À confirmer", value: String(counts.requested), tone: counts.requested > 0 ? "text-amber-800" : "text-navy-900", dot: "bg-amber-500" },
    { key: "confirmed", label: "Confirmés", value: String(counts.confirmed), tone: "text-navy-900", dot: "bg-sky-600" },
    { key: "attended", label: "Venus", value: String(counts.attended), tone: "text-navy-900", dot: "bg-emerald-600" },
    { key: "no_show", label: "Absents", value: String(counts.no_show), tone: counts.no_show > 0 ? "text-rose-800" : "text-navy-900", dot: "bg-rose-600" },
    { key: "due", label: "Reste à payer", value: formatDA(counts.due), tone: counts.due > 0 ? "text-amber-900" : "text-navy-900", dot: "bg-slate-400" },
  ];
  return (
    <section aria-label={label} className="print:hidden">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:grid-cols-5">
        {tiles.map((t) => (
          <div
            key={t.key}
            data-count={t.key}
            className={`flex items-center justify-between gap-2 rounded-xl bg-white px-3 py-2 ring-1 ring-slate-200 md:block md:py-2.5 ${t.key === "due" ? "col-span-2 sm:col-span-4 md:col-span-1" : ""}`}
          >
            <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
              <span aria-hidden className={`h-2 w-2 shrink-0 rounded-full ${t.dot}`} />
              {t.label}
            </dt>
            <dd className={`text-xl font-bold tabular-nums md:mt-0.5 md:text-2xl ${t.tone}`}>{t.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
