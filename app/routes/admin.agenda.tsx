import { Loader2 } from "~/components/admin/icons";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { useCallback, useState } from "react";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/admin.agenda";
import { intentOf, readForm } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { frontDeskIntent } from "~/.server/front-desk-actions";
import { appointmentTotals, listAgenda } from "~/.server/repos/appointments";
import { collectedTotals } from "~/.server/repos/payments";
import { countRemindersToSend } from "~/.server/repos/reminder-list";
import { loadSchedule } from "~/.server/repos/schedule";
import { getStaff } from "~/.server/staff-guard";
import { AddBookingForm, type BookingPrefill } from "~/components/admin/agenda/AddBookingForm";
import { AgendaCounts } from "~/components/admin/agenda/AgendaCounts";
import { AgendaToolbar } from "~/components/admin/agenda/AgendaToolbar";
import { DayScreen } from "~/components/admin/agenda/DayScreen";
import type { GridFree } from "~/components/admin/agenda/grid";
import { countItems, parseAgendaQuery, toAgendaDay, toAgendaEntry, toAgendaItem, weekStart } from "~/components/admin/agenda/model";
import { WeekGrid } from "~/components/admin/agenda/WeekGrid";
import { useCan } from "~/components/admin/permissions";
import { addDaysYmd } from "~/lib/schedule";
import { clinicNow } from "~/lib/clinic-time";

const SCREEN = "agenda";

export const meta: Route.MetaFunction = () => [{ title: "Agenda | Admin Dashboard" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * The front desk's agenda (docs/product.md, "Staff: agenda"): ?jour=YYYY-MM-DD&vue=jour|semaine,
 * today's day view by default. The day: counts, the day's hours or closure, the grid (a column
 * per chair, 15-minute rows; ADR 023) with the selected appointment's actions and the add form
 * beside it, a compact list on a phone. The week: Saturday to Friday on the same time axis.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const db = getDb();
  const now = clinicNow();
  const { day, view } = parseAgendaQuery(url.searchParams, now.date);
  const from = view === "semaine" ? weekStart(day) : day;
  const to = view === "semaine" ? addDaysYmd(from, 6) : day;
  const [schedule, rows, totals, collected, remindersToSend] = await Promise.all([
    loadSchedule(db, from),
    listAgenda(db, from, to),
    appointmentTotals(db, from, to),
    collectedTotals(db, from, to),
    countRemindersToSend(db, addDaysYmd(now.date, 1)),
  ]);
  const full = rows.map((r) => toAgendaItem(r, schedule));
  const days = Array.from({ length: view === "semaine" ? 7 : 1 }, (_, i) => toAgendaDay(schedule, addDaysYmd(from, i)));
  // what the grid and the lines show; a card's details, its reminder links (the personal link is
  // written on the server) and its history are loaded when it opens (/admin/agenda/rdv/:id)
  return {
    day,
    view,
    today: now.date,
    now,
    from,
    to,
    days,
    items: full.map(toAgendaEntry),
    chairs: schedule.settings.chairs,
    counts: countItems(full, totals.due, collected),
    remindersToSend,
    submissionKey: crypto.randomUUID(),
  };
}

/** Status changes, moves, bookings and payments ('Encaisser'), the same intents as the appointment cards. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const form = await readForm(request);
  const intent = intentOf(form);
  switch (intent) {
    case "status":
    case "move":
    case "book":
    case "pay":
      return frontDeskIntent(intent, form, staff, SCREEN);
    default:
      return data({ intent: "unknown" as const, ok: false, message: "action inconnue." }, { status: 400 });
  }
}

export default function AdminAgenda({ loaderData }: Route.ComponentProps) {
  const { day, view, today, now, from, to, days, items, chairs, counts, remindersToSend, submissionKey } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/agenda";
  const [prefill, setPrefill] = useState<BookingPrefill | null>(null);
  // the add form and 'Ajouter ici' only for who may book (`appointment:create`)
  const canBook = useCan("appointment:create");
  const pickFree = useCallback((free: GridFree) => setPrefill({ date: day, time: free.from, nonce: Date.now() }), [day]);
  const countsLabel = view === "semaine" ? "Chiffres de la semaine" : day === today ? "Chiffres du jour" : "Chiffres de ce jour";

  return (
    <div className="space-y-4 sm:space-y-5">
      <AgendaToolbar day={day} view={view} today={today} weekFrom={from} weekTo={to} remindersToSend={remindersToSend} />
      <AgendaCounts counts={counts} label={countsLabel} collectedLabel={view === "semaine" ? "Encaissé cette semaine" : day === today ? "Encaissé aujourd'hui" : "Encaissé ce jour"} />
      {loading && (
        <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-teal-700 print:hidden">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
          Chargement de l'agenda…
        </p>
      )}
      <div className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
        {view === "semaine" ? (
          <WeekGrid key={from} days={days} items={items} chairs={chairs} today={today} now={now} />
        ) : (
          <DayScreen
            key={day}
            day={days[0]}
            items={items}
            chairs={chairs}
            now={now}
            onPickFree={canBook ? pickFree : undefined}
            aside={canBook ? <AddBookingForm submissionKey={submissionKey} defaultDate={day} prefill={prefill} /> : undefined}
          />
        )}
      </div>
    </div>
  );
}

/** The agenda could not be loaded: said in French, with 'Réessayer'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path="/admin/agenda"
      title="Impossible de charger l'agenda."
      text="L'agenda n'a pas pu être lu. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
