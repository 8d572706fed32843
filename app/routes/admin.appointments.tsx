import { parseWithZod } from "@conform-to/zod/v4";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { Loader2 } from "~/components/admin/icons";
import { data, useLocation, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/admin.appointments";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { frontDeskIntent, isFrontDeskIntent } from "~/.server/front-desk-actions";
import { log } from "~/.server/log";
import { appointmentCard, toAppointmentLine } from "~/.server/appointment-list";
import { appointmentTotals, listAppointments, updateAppointment } from "~/.server/repos/appointments";
import { staffActor } from "~/.server/actor";
import { bookAppointment } from "~/.server/repos/booking";
import { loadSettings } from "~/.server/repos/schedule";
import type { StaffSession } from "~/.server/session";
import { getStaff } from "~/.server/staff-guard";
import { AddAppointmentForm } from "~/components/admin/appointments/AddAppointmentForm";
import { AppointmentCard, AppointmentTableHeader } from "~/components/admin/appointments/AppointmentCard";
import { AppointmentFilters } from "~/components/admin/appointments/AppointmentFilters";
import { AppointmentPagination } from "~/components/admin/appointments/AppointmentPagination";
import { AppointmentTotals } from "~/components/admin/appointments/AppointmentTotals";
import { useCan } from "~/components/admin/permissions";
import type { AppointmentsActionResult } from "~/components/admin/appointments/types";
import { adminCreateSchemaFor, adminUpdateSchemaFor, APPOINTMENTS_PAGE_SIZE, appointmentQueryString, parseAppointmentQuery, postsPrices } from "~/lib/appointment-schema";
import { todayInClinic } from "~/lib/clinic-time";
import { formatNumber } from "~/lib/format";
import { slotRefusalText } from "~/lib/front-desk-schema";
import { parseId, parseSubmissionKey } from "~/lib/rules";
import { makeToast } from "~/lib/toast";

const BASE_PATH = "/admin/appointments";

export const meta: Route.MetaFunction = () => [{ title: "Liste des Rendez-vous | Admin Dashboard" }, { name: "robots", content: "noindex, nofollow" }];

/** A list's address without the card opened in it (`rdv`). */
function listOf(search: string): string {
  const p = new URLSearchParams(search);
  p.delete("rdv");
  return p.toString();
}

/** The last day of a day's month: "2026-02-10" → "2026-02-28". */
function monthEnd(ymd: string): string {
  const [y, m] = ymd.split("-").map(Number);
  return `${ymd.slice(0, 8)}${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
}

export async function loader({ url }: Route.LoaderArgs) {
  const query = parseAppointmentQuery(url.searchParams);
  const db = getDb();
  const { rows, total, more } = await listAppointments(
    db,
    {
      q: query.q || undefined,
      submitted: query.submitted || undefined,
      date: query.date || undefined,
      service: query.service || undefined,
      status: query.status || undefined,
      state: query.state || undefined,
      due: query.due || undefined,
    },
    { limit: APPOINTMENTS_PAGE_SIZE, offset: (query.page - 1) * APPOINTMENTS_PAGE_SIZE },
  );
  // the totals of the day the list is filtered on, else of today (clinic time), and of its month
  const day = query.date || todayInClinic();
  // the card 'Détails' opened (`rdv`), when it is on this page
  const openId = parseId(url.searchParams.get("rdv"));
  const openRow = openId === null ? undefined : rows.find((r) => Number(r.id) === openId);
  const [dayTotals, monthTotals, open] = await Promise.all([
    appointmentTotals(db, day, day),
    appointmentTotals(db, `${day.slice(0, 8)}01`, monthEnd(day)),
    openRow ? appointmentCard(db, openRow, todayInClinic()) : null,
  ]);
  return {
    rows: rows.map(toAppointmentLine),
    open,
    total,
    more,
    query,
    totals: { day, isToday: !query.date, dayTotals, monthTotals },
    pageCount: Math.max(1, Math.ceil(total / APPOINTMENTS_PAGE_SIZE)),
    submissionKey: crypto.randomUUID(),
  };
}

const SCREEN = "appointments";
const STORE_FAILED = "la base de données n'a pas répondu. Réessayez dans un instant.";

/** The action's answer, with its HTTP status (a refused form is a 400, a store failure a 503). */
function answer(body: AppointmentsActionResult, status = 200) {
  return data(body, { status });
}

/**
 * Staff screen (docs/product.md, "Staff: appointments"): add an appointment, edit a card, and the
 * front desk's intents from a card (status, move), shared with the agenda.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const form = await readForm(request);
  const intent = intentOf(form);
  switch (intent) {
    case "create":
      return create(form, staff);
    case "update":
      return update(form, staff);
    default:
      if (isFrontDeskIntent(intent)) return frontDeskIntent(intent, form, staff, SCREEN);
      return answer({ intent: "unknown", message: "action inconnue." }, 400);
  }
}

/**
 * The add form books like the agenda: at a free slot under the schedule's rules ("staff"), or
 * over them when 'Forcer (hors horaires)' is ticked; taken by the clinic, it is confirmed at once.
 * A refused slot is said beside 'Heure' with the nearest free times, every field kept.
 */
async function create(form: FormData, staff: StaffSession) {
  // without price fields (a role that may not set prices): stored without prices
  const submission = parseWithZod(form, { schema: adminCreateSchemaFor(postsPrices(form)) });
  if (submission.status !== "success") return answer({ intent: "create", ok: false, result: submission.reply() }, 400);
  const key = parseSubmissionKey(form.get("submission_key"));
  const { forced, ...input } = submission.value;
  return guarded(
    SCREEN,
    "create",
    async () => {
      const db = getDb();
      const outcome = await bookAppointment(db, input, { actor: staffActor(staff), mode: forced ? "forced" : "staff", submissionKey: key && `admin:${key}`, status: "confirmed" });
      if (!outcome.ok) {
        const message = slotRefusalText(outcome.reason, await loadSettings(db), outcome.alternatives);
        return answer({ intent: "create", ok: false, result: submission.reply({ fieldErrors: { time: [message] } }), alternatives: outcome.alternatives }, 409);
      }
      if (!outcome.duplicate) log.info({ event: "appointment_added", appointmentId: outcome.appointment.id, userId: staff.userId, forced }, "appointment added by staff");
      const toast = makeToast({ type: "success", description: forced ? "Rendez-vous ajouté. Hors des règles de l'agenda : c'est noté dans l'historique." : "Rendez-vous ajouté.", duration: 5000 });
      return answer({ intent: "create", ok: true, result: submission.reply({ resetForm: true }), toast });
    },
    () => answer({ intent: "create", ok: false, result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

async function update(form: FormData, staff: StaffSession) {
  // without price fields (a role that may not set prices): the stored prices stay
  const submission = parseWithZod(form, { schema: adminUpdateSchemaFor(postsPrices(form)) });
  const refuse = (message: string, status: number) => answer({ intent: "update", ok: false, result: submission.reply({ formErrors: [message] }) }, status);
  const id = parseId(form.get("id"));
  if (id === null) return refuse("rendez-vous inconnu.", 400);
  if (submission.status !== "success") return answer({ intent: "update", ok: false, result: submission.reply() }, 400);
  return guarded(
    SCREEN,
    "update",
    async () => {
      const row = await updateAppointment(getDb(), id, submission.value, staffActor(staff));
      if (!row) return refuse("ce rendez-vous n'existe plus.", 404);
      log.info({ event: "appointment_updated", appointmentId: id, userId: staff.userId }, "appointment updated");
      return answer({ intent: "update", ok: true, result: submission.reply({ resetForm: true }) });
    },
    () => refuse(STORE_FAILED, 503),
  );
}

export default function AdminAppointments({ loaderData }: Route.ComponentProps) {
  const { rows, open, total, more, query, pageCount, totals } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const canCreate = useCan("appointment:create");
  const next = navigation.state === "loading" && navigation.location.pathname === BASE_PATH ? navigation.location : null;
  // 'Détails' reads the same list again with another card open (or none): the list is not dimmed for it
  const sameList = next !== null && listOf(next.search) === listOf(location.search);
  const opening = sameList ? parseId(new URLSearchParams(next.search).get("rdv")) : null;
  const loading = (next !== null && !sameList) || revalidator.state === "loading";
  const cardHref = (id: number) => {
    const list = appointmentQueryString(query);
    return open?.id === id ? `${BASE_PATH}${list}` : `${BASE_PATH}${list}${list ? "&" : "?"}rdv=${id}#rdv-${id}`;
  };

  const first = total === 0 ? 0 : (query.page - 1) * APPOINTMENTS_PAGE_SIZE + 1;
  const last = Math.min(total, query.page * APPOINTMENTS_PAGE_SIZE);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold md:text-4xl">Liste des Rendez-vous</h1>
          <p className="mt-1 text-sm text-slate-600">Les demandes les plus récentes d'abord.</p>
        </div>
      </div>

      {canCreate && <AddAppointmentForm submissionKey={loaderData.submissionKey} />}

      <AppointmentTotals {...totals} />

      <AppointmentFilters query={query} basePath={BASE_PATH} />

      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2 text-sm text-slate-600" aria-live="polite">
        {loading ? (
          <p role="status" className="inline-flex items-center gap-2 font-medium text-teal-700">
            <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
            Chargement des rendez-vous...
          </p>
        ) : (
          <p>{total === 0 ? "0 rendez-vous" : `${first}–${last} sur ${more ? "plus de " : ""}${formatNumber(total)} rendez-vous${more ? " : précisez la recherche" : ""}`}</p>
        )}
      </div>

      <div className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
        {rows.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <p className="font-medium text-slate-700">Aucun rendez-vous trouvé.</p>
          </div>
        ) : (
          // from 1024 px a table: a header line, then one line per appointment (AppointmentCard)
          <div className="lg:overflow-hidden lg:rounded-2xl lg:bg-white lg:shadow-sm lg:ring-1 lg:ring-slate-200">
            <AppointmentTableHeader />
            <ul className="grid grid-cols-1 items-start gap-5 lg:gap-0 lg:divide-y lg:divide-slate-200" aria-label="Rendez-vous">
              {rows.map((row) => (
                <li key={row.id} className="min-w-0">
                  <AppointmentCard row={row} details={open?.id === row.id ? open : null} href={cardHref(row.id)} opening={opening === row.id} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <AppointmentPagination page={query.page} pageCount={pageCount} more={more} pageLink={(page) => `${BASE_PATH}${appointmentQueryString({ ...query, page })}`} />
    </div>
  );
}

/** The list could not be loaded: say so in French and offer to try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path={BASE_PATH}
      title="Impossible de charger les rendez-vous."
      text="La liste n'a pas pu être lue. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
