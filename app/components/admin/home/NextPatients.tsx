import { ArrowRight, CalendarCheck } from "~/components/admin/icons";
import { Link } from "react-router";
import { agendaHref } from "~/components/admin/agenda/model";
import { StatusBadge } from "~/components/admin/front-desk/StatusBadge";
import { dueText, type NextPatient } from "./model";

/**
 * 'Prochains patients': the patients still expected today, each line opening its card in the
 * day's agenda, with its 'Reste à payer' for who may see prices ('—' while no price is set);
 * 'et N autres' and 'Voir l'agenda du jour' lead to the rest.
 */
export function NextPatients({ today, list, more }: { today: string; list: NextPatient[]; more: number }) {
  return (
    <section aria-labelledby="prochains-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center justify-between gap-x-3 border-b border-slate-100 px-4 py-2 sm:px-5">
        <h2 id="prochains-title" className="font-sans text-lg font-semibold text-navy-900">
          Prochains patients
        </h2>
        <Link to="/admin/agenda" className="-mx-2 inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-lg px-2 text-sm font-semibold text-teal-700 hover:bg-teal-50">
          Voir l'agenda du jour
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </header>
      {list.length === 0 ? (
        <p className="flex items-center gap-2 px-4 py-6 text-sm text-slate-600 sm:px-5">
          <CalendarCheck aria-hidden className="h-5 w-5 text-emerald-600" />
          Plus aucun patient attendu aujourd'hui.
        </p>
      ) : (
        <ol aria-label="Patients attendus aujourd'hui" className="divide-y divide-slate-100">
          {list.map((p) => (
            <li key={p.id}>
              {/* the whole line is the link to the patient's card in the day's agenda: a big target for a thumb */}
              <Link
                to={agendaHref(today, "jour", `#rdv-${p.id}`)}
                className="grid min-h-14 grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 px-4 py-3 transition hover:bg-slate-50 sm:grid-cols-[3.5rem_minmax(0,1fr)_auto] sm:px-5"
              >
                <span className="text-base font-bold tabular-nums text-navy-900">{p.time}</span>
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-navy-900">{p.name}</span>
                  <span className="block truncate text-sm text-slate-600">{p.service}</span>
                </span>
                <span className="col-start-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:col-start-3 sm:flex-col sm:items-end">
                  <StatusBadge status={p.status} size="sm" />
                  {p.due !== undefined && (
                    <span className="text-xs text-slate-600">
                      Reste à payer : <span className="font-semibold tabular-nums text-navy-900">{dueText(p.due, true)}</span>
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {more > 0 && (
        <p className="border-t border-slate-100 px-4 py-3 text-sm sm:px-5">
          <Link to="/admin/agenda" className="inline-flex min-h-11 items-center font-semibold text-teal-700 hover:underline">
            et {more === 1 ? "1 autre patient" : `${more} autres patients`} dans l'agenda
          </Link>
        </p>
      )}
    </section>
  );
}
