import { CalendarCheck, CalendarClock, ChevronRight, Mail, Phone, Wallet } from "~/components/admin/icons";
import { Link } from "react-router";
import { formatCalendarDate, NARROW_NBSP } from "~/lib/format";
import { formatDA } from "~/lib/money";
import type { PatientListRow } from "./types";

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** 'Reste à payer': amber when something is due, a quiet dash otherwise. */
function Due({ due }: { due: number }) {
  if (due <= 0) return <span className="text-slate-500">—</span>;
  return <span className="font-semibold text-amber-900">{formatDA(due)}</span>;
}

/**
 * The patient list (docs/product.md, "Staff: patients"): a card per patient on a phone (one tap
 * opens the record), a table from 992 px. Each shows the name, the phone as staff read it, the
 * e-mail, the number of appointments, of visits ('Honoré') and of no-shows, what is still due and
 * the day of the latest appointment.
 */
export function PatientList({ rows }: { rows: PatientListRow[] }) {
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label="Patients">
        {rows.map((p) => (
          <li key={p.id}>
            <Link
              to={`/admin/patients/${p.id}`}
              className="flex items-start gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-teal-600/40 focus-visible:outline-offset-2"
            >
              <div className="min-w-0 flex-1">
                <p className="break-words font-sans text-base font-semibold text-navy-900">{p.name}</p>
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                  {p.phoneDisplay && (
                    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
                      <Phone aria-hidden className="h-3.5 w-3.5 text-teal-600" />
                      {p.phoneDisplay}
                    </span>
                  )}
                  {p.email && (
                    <span className="inline-flex min-w-0 items-center gap-1.5">
                      <Mail aria-hidden className="h-3.5 w-3.5 shrink-0 text-slate-500" />
                      <span className="truncate">{p.email}</span>
                    </span>
                  )}
                </p>
                <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs font-medium text-slate-600">
                  <span>{plural(p.appointments, "rendez-vous", "rendez-vous")}</span>
                  <span>{plural(p.attended, "venue", "venues")}</span>
                  <span className={p.noShows > 0 ? "text-rose-800" : ""}>{plural(p.noShows, "absence", "absences")}</span>
                  {p.lastVisit && (
                    <span className="inline-flex items-center gap-1">
                      <CalendarCheck aria-hidden className="h-3.5 w-3.5" />
                      Dernière visite{NARROW_NBSP}: {formatCalendarDate(p.lastVisit)}
                    </span>
                  )}
                  {p.nextDate && (
                    <span className="inline-flex items-center gap-1 text-teal-800">
                      <CalendarClock aria-hidden className="h-3.5 w-3.5" />
                      Prochain rendez-vous{NARROW_NBSP}: {formatCalendarDate(p.nextDate)}
                    </span>
                  )}
                </p>
                {p.due > 0 && (
                  <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/30">
                    <Wallet aria-hidden className="h-3.5 w-3.5" />
                    Reste à payer : {formatDA(p.due)}
                  </p>
                )}
              </div>
              <ChevronRight aria-hidden className="mt-1 h-5 w-5 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>

      <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Patients</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Patient
              </th>
              <th scope="col" className="px-4 py-3">
                Téléphone
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Rendez-vous
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Venues
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Absences
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Reste à payer
              </th>
              <th scope="col" className="px-4 py-3">
                Dernière visite
              </th>
              <th scope="col" className="px-4 py-3">
                Prochain rendez-vous
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((p) => (
              <tr key={p.id} className="hover:bg-slate-50">
                <td className="max-w-80 px-4 py-2">
                  <Link
                    to={`/admin/patients/${p.id}`}
                    className="inline-flex min-h-11 flex-col justify-center font-semibold text-navy-900 underline decoration-slate-300 underline-offset-2 hover:decoration-navy-900"
                  >
                    {p.name}
                  </Link>
                  {p.email && <p className="truncate pb-1 text-xs text-slate-500">{p.email}</p>}
                </td>
                <td className="whitespace-nowrap px-4 py-2 text-slate-700">{p.phoneDisplay ?? <span className="text-slate-500">—</span>}</td>
                <td className="px-4 py-2 text-right tabular-nums">{p.appointments}</td>
                <td className="px-4 py-2 text-right tabular-nums">{p.attended}</td>
                <td className={`px-4 py-2 text-right tabular-nums ${p.noShows > 0 ? "font-semibold text-rose-800" : ""}`}>{p.noShows}</td>
                <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                  <Due due={p.due} />
                </td>
                <td className="whitespace-nowrap px-4 py-2 text-slate-700">{p.lastVisit ? formatCalendarDate(p.lastVisit) : "—"}</td>
                <td className="whitespace-nowrap px-4 py-2 text-slate-700">{p.nextDate ? <span className="font-medium text-teal-800">{formatCalendarDate(p.nextDate)}</span> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
