import type { AgendaCounts } from "~/components/admin/agenda/model";

type Counts = Pick<AgendaCounts, "requested" | "confirmed" | "attended" | "no_show">;

/**
 * The day's four counts on the staff home ('À confirmer', 'Confirmés', 'Venus', 'Absents'), in
 * the agenda's tones (app/components/admin/agenda/AgendaCounts.tsx); the money is apart, for who
 * may see it. Two columns on a phone, four in a row from 640 px.
 */
export function TodayCounts({ counts }: { counts: Counts }) {
  const tiles = [
    { key: "requested", label: "À confirmer", value: counts.requested, tone: counts.requested > 0 ? "text-amber-800" : "text-navy-900", dot: "bg-amber-500" },
    { key: "confirmed", label: "Confirmés", value: counts.confirmed, tone: "text-navy-900", dot: "bg-sky-600" },
    { key: "attended", label: "Venus", value: counts.attended, tone: "text-navy-900", dot: "bg-emerald-600" },
    { key: "no_show", label: "Absents", value: counts.no_show, tone: counts.no_show > 0 ? "text-rose-800" : "text-navy-900", dot: "bg-rose-600" },
  ];
  return (
    <section aria-label="Chiffres du jour">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {tiles.map((t) => (
          <div key={t.key} data-count={t.key} className="rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
            <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
              <span aria-hidden className={`h-2 w-2 shrink-0 rounded-full ${t.dot}`} />
              {t.label}
            </dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums md:text-3xl ${t.tone}`}>{t.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
