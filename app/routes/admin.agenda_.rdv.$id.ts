import { data } from "react-router";
import type { Route } from "./+types/admin.agenda_.rdv.$id";
import { toHistoryView } from "~/.server/appointment-list";
import { getDb } from "~/.server/db";
import { reminderLinksOf } from "~/.server/reminder-links";
import { getAppointment, historyFor } from "~/.server/repos/appointments";
import { loadSchedule } from "~/.server/repos/schedule";
import { toAgendaItem, type AgendaCardAnswer } from "~/components/admin/agenda/model";
import { clinicNow } from "~/lib/clinic-time";
import { parseId } from "~/lib/rules";

/**
 * GET /admin/agenda/rdv/:id — an appointment's card for the agenda (AgendaCard), loaded when a
 * block or a line is opened: the whole item (e-mail, prices, who cancelled and why), its WhatsApp
 * and SMS links with the personal link written here (the server holds the secret), and its
 * history. `agenda:read`, as the agenda (ROUTE_POLICY); a post is refused.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const row = id === null ? undefined : await getAppointment(db, id);
  if (id === null || !row) return data<AgendaCardAnswer>({ ok: false, message: "Ce rendez-vous n'existe plus." }, { status: 404 });
  const [schedule, history, links] = await Promise.all([loadSchedule(db, row.date), historyFor(db, [id]), reminderLinksOf(db, [row], clinicNow().date)]);
  const answer: AgendaCardAnswer = {
    ok: true,
    item: { ...toAgendaItem(row, schedule), links: links.get(id) ?? null },
    history: (history.get(id) ?? []).map(toHistoryView),
  };
  return answer;
}

export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
