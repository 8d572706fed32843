import { CalendarOff } from "lucide-react";
import { Link } from "react-router";
import { STATUS_ACCENT, StatusBadge } from "~/components/admin/front-desk/StatusBadge";
import { formatRanges } from "~/lib/schedule";
import { formatDayLong } from "~/lib/front-desk-contact";
import { agendaHref, type AgendaDay, type AgendaItem } from "./model";

const shortDay = new Intl.DateTimeFormat("fr-FR", { weekday: "short", day: "numeric", timeZone: "UTC" });

/**
 * The week, Saturday to Friday: seven columns from 1200 px, a list per day below. Each entry
 * (time, patient, service, status) opens the day at that appointment; a closed day shows
 * 'Fermé' and its label. Cancelled appointments are left out (the day view lists them).
 */
export function WeekView({ days, items, today }: { days: AgendaDay[]; items: AgendaItem[]; today: string }) {
  return (
    <section aria-label="Semaine" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-7 xl:gap-2">
      {days.map((day) => {
        const list = items.filter((i) => i.date === day.date && i.status !== "cancelled");
        const isToday = day.date === today;
        return (
          <div
            key={day.date}
            data-day={day.date}
            className={`flex min-w-0 flex-col rounded-xl ring-1 ${day.closed ? "bg-slate-100/70 ring-slate-200" : "bg-white ring-slate-200"} ${isToday ? "ring-2 ring-teal-600" : ""}`}
          >
            <h2 className="font-sans">
              <Link
                to={agendaHref(day.date, "jour")}
                className="flex min-h-12 items-center justify-between gap-2 rounded-t-xl border-b border-slate-100 px-3 py-2 hover:bg-slate-50"
                aria-label={`${formatDayLong(day.date)}${isToday ? " (aujourd'hui)" : ""} : ${day.closed ? "fermé" : `${list.length} rendez-vous`}`}
              >
                <span className={`text-sm font-semibold first-letter:uppercase ${isToday ? "text-teal-700" : "text-navy-900"}`}>
                  <span className="xl:hidden">{formatDayLong(day.date)}</span>
                  <span className="hidden xl:inline">{shortDay.format(new Date(`${day.date}T00:00:00Z`))}</span>
                </span>
                {!day.closed && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold tabular-nums text-slate-700">{list.length}</span>}
              </Link>
            </h2>
            <div className="flex-1 p-2">
              {day.closed ? (
                <p className="flex items-center gap-1.5 px-1 py-2 text-sm font-semibold text-slate-600">
                  <CalendarOff aria-hidden className="h-4 w-4 shrink-0" />
                  Fermé{day.label ? ` — ${day.label}` : ""}
                </p>
              ) : (
                <>
                  {day.special && <p className="mb-2 rounded bg-violet-50 px-2 py-1 text-xs font-medium text-violet-900">{day.label} : {formatRanges(day.ranges)}</p>}
                  {list.length === 0 ? (
                    <p className="px-1 py-2 text-sm text-slate-500">Aucun rendez-vous</p>
                  ) : (
                    <ul className="space-y-1.5">
                      {list.map((i) => (
                        <li key={i.id}>
                          <Link
                            to={agendaHref(day.date, "jour", `#rdv-${i.id}`)}
                            className={`flex gap-3 rounded-lg border-l-4 bg-slate-50 px-2 py-1.5 hover:bg-slate-100 xl:block ${STATUS_ACCENT[i.status]}`}
                          >
                            <span className="block w-12 shrink-0 text-xs font-bold tabular-nums text-navy-900 xl:w-auto">
                              {i.time} <span className="block font-normal text-slate-500 xl:inline">→ {i.end}</span>
                            </span>
                            <span className="block min-w-0 flex-1">
                              <span className="block truncate text-sm font-medium text-navy-900">{i.name}</span>
                              <span className="block truncate text-xs text-slate-600">{i.service}</span>
                              <StatusBadge status={i.status} forced={i.forced} size="sm" className="mt-1" />
                            </span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </div>
          </div>
        );
      })}
    </section>
  );
}
