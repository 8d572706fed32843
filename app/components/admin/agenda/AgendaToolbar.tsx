import { BellRing, CalendarDays, ChevronLeft, ChevronRight, Printer, Rows3, ListOrdered } from "~/components/admin/icons";
import { Form, Link, useSubmit } from "react-router";
import { formatDayLong } from "~/lib/front-desk-contact";
import { useCan } from "~/components/admin/permissions";
import { addDaysYmd } from "~/lib/schedule";
import { agendaHref, type AgendaView } from "./model";

const NAV_BTN =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg bg-white px-3 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50";

/**
 * The agenda's title and navigation: the day (or week) shown, 'Jour' / 'Semaine', previous /
 * 'Aujourd'hui' / next, a date picker (a plain GET form: 'Aller' without JavaScript), and
 * 'Imprimer' for the day list, and, when tomorrow's patients wait for a reminder, a link to
 * 'Rappels à envoyer' with their number. Nothing of it prints but the title.
 */
export function AgendaToolbar({
  day,
  view,
  today,
  weekFrom,
  weekTo,
  remindersToSend = 0,
}: {
  day: string;
  view: AgendaView;
  today: string;
  weekFrom: string;
  weekTo: string;
  /** tomorrow's patients not reminded or not confirmed yet */
  remindersToSend?: number;
}) {
  const canOpenReminders = useCan("appointment:read");
  const submit = useSubmit();
  const step = view === "semaine" ? 7 : 1;
  const title =
    view === "semaine" ? `Semaine du ${formatDayLong(weekFrom)} au ${formatDayLong(weekTo, { year: true })}` : formatDayLong(day, { year: true });
  const isToday = view === "semaine" ? weekFrom <= today && today <= weekTo : day === today;
  return (
    <div className="space-y-3">
      <div>
        <div className="flex items-center justify-between gap-3">
          <h1 className="font-sans text-2xl font-bold text-navy-900 sm:text-3xl">
            Agenda<span className="sr-only"> — {title}</span>
          </h1>
          <div className="flex items-center gap-2 print:hidden">
            <div className="inline-flex rounded-lg bg-slate-200/70 p-1" role="group" aria-label="Affichage">
              {(["jour", "semaine"] as const).map((v) => (
                <Link
                  key={v}
                  to={agendaHref(day, v)}
                  aria-current={view === v ? "page" : undefined}
                  className={`inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold ${view === v ? "bg-white text-navy-900 shadow-sm" : "text-slate-600 hover:text-navy-900"}`}
                >
                  {v === "jour" ? <Rows3 aria-hidden className="h-4 w-4" /> : <CalendarDays aria-hidden className="h-4 w-4" />}
                  {v === "jour" ? "Jour" : "Semaine"}
                </Link>
              ))}
            </div>
            {view === "jour" && (
              <button type="button" onClick={() => window.print()} className={`${NAV_BTN.replace("inline-flex ", "")} hidden sm:inline-flex`}>
                <Printer aria-hidden className="h-4 w-4" />
                Imprimer
              </button>
            )}
          </div>
        </div>
        <div className="mt-1 flex items-center gap-x-2 gap-y-1 sm:flex-wrap">
          <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm font-medium text-slate-700 sm:text-base">
            <span className="first-letter:uppercase">{title}</span>
            {isToday && <span className="rounded-full bg-teal-600 px-2 py-0.5 text-xs font-semibold text-white print:hidden">{view === "semaine" ? "Cette semaine" : "Aujourd'hui"}</span>}
          </p>
          <Link
            to="/admin/liste-attente"
            // from 640 px: a phone's row keeps the day and the reminders (the menu has 'Liste d'attente')
            className="hidden min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 sm:inline-flex print:hidden"
          >
            <ListOrdered aria-hidden className="h-4 w-4" />
            Liste d'attente
          </Link>
          {remindersToSend > 0 && canOpenReminders && (
            <Link
              to="/admin/rappels"
              className="ml-auto inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-amber-900 hover:bg-amber-50 print:hidden"
            >
              <BellRing aria-hidden className="h-4 w-4" />
              <span className="rounded-full bg-amber-100 px-2 py-0.5 tabular-nums ring-1 ring-inset ring-amber-600/30">{remindersToSend}</span>
              {/* a phone shows '2 rappels' (the date beside it); the name stays whole */}
              {remindersToSend > 1 ? "rappels" : "rappel"}
              <span className="-ms-1 max-sm:sr-only"> à envoyer demain</span>
            </Link>
          )}
        </div>
      </div>

      <div className="flex items-center gap-2 print:hidden">
        <Link to={agendaHref(addDaysYmd(day, -step), view)} className={NAV_BTN} aria-label={view === "semaine" ? "Semaine précédente" : "Jour précédent"}>
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </Link>
        <Link to={agendaHref(today, view)} className={NAV_BTN}>
          Aujourd'hui
        </Link>
        <Link to={agendaHref(addDaysYmd(day, step), view)} className={NAV_BTN} aria-label={view === "semaine" ? "Semaine suivante" : "Jour suivant"}>
          <ChevronRight aria-hidden className="h-5 w-5" />
        </Link>
        <Form method="get" action="/admin/agenda" className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-2">
          {view === "semaine" && <input type="hidden" name="vue" value="semaine" />}
          <label htmlFor="agenda-jour" className="sr-only">
            Aller au jour
          </label>
          <input
            id="agenda-jour"
            type="date"
            name="jour"
            defaultValue={day}
            key={day}
            onChange={(e) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(e.currentTarget.value)) submit(e.currentTarget.form);
            }}
            className="field-input min-h-11 w-full min-w-0 px-2 py-2 sm:w-auto sm:px-3"
          />
          <noscript>
            <button type="submit" className={NAV_BTN}>
              Aller
            </button>
          </noscript>
        </Form>
      </div>
    </div>
  );
}
