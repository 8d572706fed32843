import { formatDA } from "~/lib/money";
import { PAYMENT_MODE_LABELS } from "~/lib/payment-schema";
import type { AgendaCounts as Counts } from "./model";

/**
 * The day's (or week's) counts at the top of the agenda: 'À confirmer', 'Confirmés', 'Venus',
 * 'Absents', then the money: 'Reste à payer' and 'Encaissé aujourd'hui' with each mode's part
 * ('Espèces 12 000 DA · CIB 5 000 DA'). A figure that means nothing (no price set on the days)
 * reads '—' (docs/product.md, "Staff: agenda"). On a phone the four counts in one row and the
 * money tiles in a second (the day's list starts high), one row from 992 px.
 */
export function AgendaCounts({ counts, label, collectedLabel }: { counts: Counts; label: string; collectedLabel: string }) {
  const tiles = [
    { key: "requested", label: "À confirmer", value: String(counts.requested), tone: counts.requested > 0 ? "text-amber-800" : "text-navy-900", dot: "bg-amber-500" },
    { key: "confirmed", label: "Confirmés", value: String(counts.confirmed), tone: "text-navy-900", dot: "bg-sky-600" },
    { key: "attended", label: "Venus", value: String(counts.attended), tone: "text-navy-900", dot: "bg-emerald-600" },
    { key: "no_show", label: "Absents", value: String(counts.no_show), tone: counts.no_show > 0 ? "text-rose-800" : "text-navy-900", dot: "bg-rose-600" },
  ];
  // a phone: the four counts in one row (number under its label), the money in a second
  const tile = "rounded-xl bg-white px-2 py-1.5 ring-1 ring-slate-200 sm:px-3 sm:py-2 lg:py-2.5";
  const term = "flex items-center gap-1 whitespace-nowrap text-[11px] font-semibold leading-tight text-slate-600 sm:gap-1.5 sm:whitespace-normal sm:text-xs sm:uppercase sm:tracking-wide sm:text-slate-500";
  const collected = counts.collected;
  return (
    <section aria-label={label} className="print:hidden">
      <dl className="grid grid-cols-4 gap-1.5 sm:gap-2 lg:grid-cols-8">
        {tiles.map((t) => (
          <div key={t.key} data-count={t.key} className={`min-w-0 sm:flex sm:items-center sm:justify-between sm:gap-2 lg:block ${tile}`}>
            <dt className={term}>
              <span aria-hidden className={`h-2 w-2 shrink-0 rounded-full max-sm:hidden ${t.dot}`} />
              {t.label}
            </dt>
            <dd className={`text-lg font-bold leading-6 tabular-nums sm:text-xl lg:mt-0.5 lg:text-2xl ${t.tone}`}>{t.value}</dd>
          </div>
        ))}
        {/* a large amount goes under its label rather than out of the tile (a phone: half of 375 px) */}
        <div data-count="due" className={`col-span-2 flex min-w-0 flex-wrap items-center justify-between gap-x-2 lg:block ${tile}`}>
          <dt className={term}>
            <span aria-hidden className="h-2 w-2 shrink-0 rounded-full bg-amber-600" />
            Reste à payer
          </dt>
          <dd className={`text-lg font-bold tabular-nums sm:text-xl lg:mt-0.5 lg:text-2xl ${counts.due ? "text-amber-900" : "text-navy-900"}`}>
            <Amount value={counts.due} />
          </dd>
        </div>
        <div data-count="collected" className={`col-span-2 grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 lg:block ${tile}`}>
          <dt className={term}>
            <span aria-hidden className="h-2 w-2 shrink-0 rounded-full bg-emerald-700" />
            {collectedLabel}
          </dt>
          <dd className={`text-lg font-bold tabular-nums sm:text-xl lg:mt-0.5 lg:text-2xl ${collected?.total ? "text-emerald-800" : "text-navy-900"}`}>
            <Amount value={collected ? collected.total : null} />
          </dd>
          {collected && collected.byMode.length > 0 && (
            <dd data-split className="col-span-2 mt-0.5 text-sm text-slate-600">
              {collected.byMode.map((m, i) => (
                <span key={m.mode} className="whitespace-nowrap">
                  {i > 0 && <span aria-hidden> · </span>}
                  {PAYMENT_MODE_LABELS[m.mode]} <span className="font-semibold tabular-nums text-navy-900">{formatDA(m.amount)}</span>
                  {i < collected.byMode.length - 1 && <span className="sr-only">,</span>}
                </span>
              ))}
            </dd>
          )}
        </div>
      </dl>
    </section>
  );
}

/** An amount, or '—' when there is none to show. */
function Amount({ value }: { value: number | null }) {
  if (value === null) {
    return (
      <>
        <span aria-hidden>—</span>
        <span className="sr-only">aucun prix fixé</span>
      </>
    );
  }
  return <>{formatDA(value)}</>;
}
