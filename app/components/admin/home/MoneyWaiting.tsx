/**
 * The staff home's money that waits (docs/product.md, "Staff: home"; issue 29): 'Devis en attente
 * de réponse' with how long each has waited, and 'Échéances en retard' with what is still due.
 * Each list only for a role that may act on it; left out when empty.
 */
import { Link } from "react-router";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";

export interface PendingQuoteItem {
  id: number;
  number: string;
  patientName: string | null;
  total: number;
  waitedDays: number;
}

export interface LateItem {
  quoteId: number;
  quoteNumber: string;
  patientId: number | null;
  patientName: string | null;
  dueDay: string;
  due: number;
}

const waited = (d: number) => (d <= 0 ? "depuis aujourd'hui" : d === 1 ? "depuis 1 jour" : `depuis ${d} jours`);

export function MoneyWaiting({ quotes, late }: { quotes: PendingQuoteItem[] | null; late: LateItem[] | null }) {
  if (!quotes?.length && !late?.length) return null;
  return (
    <div className="grid items-start gap-5 lg:grid-cols-2 lg:gap-6">
      {quotes && quotes.length > 0 && (
        <section aria-labelledby="home-quotes" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <h2 id="home-quotes" className="font-sans text-lg font-semibold text-navy-900">
            Devis en attente de réponse
          </h2>
          <ul className="mt-2 divide-y divide-slate-100">
            {quotes.map((q) => (
              <li key={q.id}>
                <Link to={`/admin/devis/${q.id}`} className="flex min-h-11 flex-wrap items-center gap-x-3 py-2 hover:bg-slate-50">
                  <span className="font-semibold text-navy-900">n° {q.number}</span>
                  <span className="min-w-0 grow truncate text-slate-700">{q.patientName ?? "—"}</span>
                  <span className="tabular-nums text-navy-900">{formatDA(q.total)}</span>
                  <span className={`text-xs ${q.waitedDays >= 7 ? "font-semibold text-amber-800" : "text-slate-500"}`}>{waited(q.waitedDays)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {late && late.length > 0 && (
        <section aria-labelledby="home-late" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <h2 id="home-late" className="font-sans text-lg font-semibold text-navy-900">
            Échéances en retard
          </h2>
          <ul className="mt-2 divide-y divide-slate-100">
            {late.map((l, i) => (
              <li key={i}>
                <Link to={l.patientId ? `/admin/patients/${l.patientId}` : `/admin/devis/${l.quoteId}/echeancier`} className="flex min-h-11 flex-wrap items-center gap-x-3 py-2 hover:bg-slate-50">
                  <span className="min-w-0 grow truncate font-medium text-navy-900">{l.patientName ?? "—"}</span>
                  <span className="text-sm text-slate-600">devis n° {l.quoteNumber}, échéance du {formatCalendarDate(l.dueDay)}</span>
                  <span className="font-semibold tabular-nums text-red-800">{formatDA(l.due)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/admin/rappels#echeances" className="mt-2 inline-block text-sm font-medium text-teal-800 underline">
            Relancer depuis les rappels
          </Link>
        </section>
      )}
    </div>
  );
}
