import { CalendarRange } from "~/components/admin/icons";
import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { getDb } from "~/.server/db";
import { checklistFor, goLiveChecklist } from "~/.server/go-live-checklist";
import { listAgenda, listAppointments } from "~/.server/repos/appointments";
import { countRemindersToSend } from "~/.server/repos/reminder-list";
import { loadSchedule } from "~/.server/repos/schedule";
import { getStaff } from "~/.server/staff-guard";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { countItems, toAgendaItem } from "~/components/admin/agenda/model";
import { GoLiveChecklist } from "~/components/admin/home/GoLiveChecklist";
import { MoneyWaiting } from "~/components/admin/home/MoneyWaiting";
import { lateInstalments } from "~/.server/repos/plans";
import { pendingQuotes } from "~/.server/repos/quotes";
import { nextPatients, todayMoney } from "~/components/admin/home/model";
import { NextPatients } from "~/components/admin/home/NextPatients";
import { TodayCounts } from "~/components/admin/home/TodayCounts";
import { WaitingList } from "~/components/admin/home/WaitingList";
import { formatDayFull } from "~/lib/format";
import { clinicNow } from "~/lib/clinic-time";
import { can } from "~/lib/permissions";
import { PHOTO_SLOTS } from "~/lib/photo-slot-list";
import { addDaysYmd } from "~/lib/schedule";
import { countDueRecalls } from "~/.server/repos/recalls";

export const meta: Route.MetaFunction = () => [{ title: "Aujourd'hui | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * The staff home, 'Aujourd'hui' (docs/product.md, "Staff: home"), for every role: the day's
 * counts and the patients still expected (the agenda's own query and read model), what waits —
 * requests to confirm, reminders to send, and for who may see prices what today's appointments
 * still owe — and, while it has lines this member may fix, the go-live checklist. Each part is
 * read only for a role that may open the screen it summarises.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const db = getDb();
  const now = clinicNow();
  const day = now.date;
  const may = (p: Parameters<typeof can>[1]) => can(staff.permissions, p);
  const [schedule, rows, requests, reminders, checklist, quotes, late, recalls] = await Promise.all([
    may("agenda:read") ? loadSchedule(db, day) : null,
    may("agenda:read") ? listAgenda(db, day, day) : [],
    may("appointment:read") ? listAppointments(db, { state: "requested" }, { limit: 1, offset: 0 }).then((r) => r.total) : null,
    may("appointment:read") ? countRemindersToSend(db, addDaysYmd(day, 1)) : null,
    goLiveChecklist({ h: db, photoSlots: PHOTO_SLOTS.map((s) => s.key) }).then((all) => checklistFor(all, staff.permissions)),
    may("quote:manage") ? pendingQuotes(db, 8) : null,
    may("payment:take") ? lateInstalments(db, day) : null,
    may("appointment:read") ? countDueRecalls(db, day) : null,
  ]);
  const items = schedule ? rows.map((r) => toAgendaItem(r, schedule)) : [];
  const { requested, confirmed, attended, no_show } = countItems(items, 0);
  // no amount at all for a role without the price permission (an assistant, unless the team setting says so)
  const withMoney = may("appointment:price");
  return {
    day,
    agenda: schedule ? { counts: { requested, confirmed, attended, no_show }, next: nextPatients(items, { withMoney }) } : null,
    requests,
    reminders,
    recalls,
    money: schedule && withMoney ? todayMoney(items) : null,
    checklist,
    quotes: quotes?.map((q) => ({ id: q.id, number: q.number, patientName: q.patientName, total: q.total, waitedDays: Math.floor((Date.now() - Date.parse(q.proposedAt ?? q.createdAt)) / 86_400_000) })) ?? null,
    late: late?.slice(0, 8) ?? null,
  };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { day, agenda, requests, reminders, recalls, money, checklist, quotes, late } = loaderData;
  return (
    <div className="space-y-5 sm:space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold md:text-4xl">Aujourd'hui</h1>
          <p className="mt-1 text-sm font-medium text-slate-600 first-letter:uppercase">{formatDayFull(day)}</p>
        </div>
        {agenda && (
          <Link to="/admin/agenda" className="btn-primary w-full sm:w-auto">
            <CalendarRange aria-hidden className="h-4 w-4" />
            Ouvrir l'agenda du jour
          </Link>
        )}
      </div>
      {agenda && <TodayCounts counts={agenda.counts} />}
      {(agenda || requests !== null || reminders !== null || money) && (
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-6">
          {agenda && <NextPatients today={day} list={agenda.next.list} more={agenda.next.more} />}
          <WaitingList today={day} requests={requests} reminders={reminders} recalls={recalls} money={money} />
        </div>
      )}
      <MoneyWaiting quotes={quotes} late={late} />
      {checklist.length > 0 && <GoLiveChecklist items={checklist} />}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path="/admin" title="L'accueil n'a pas pu être lu." text="La base de données n'a pas répondu. Réessayez dans un instant." />;
}
