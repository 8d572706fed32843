import { AlertTriangle, ChevronLeft, ChevronRight, Loader2, RefreshCw } from "lucide-react";
import { data, isRouteErrorResponse, Link, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/admin.appointments";
import { getDb } from "~/.server/db";
import type { Appointment } from "~/.server/db/types";
import { log } from "~/.server/log";
import { createAppointment, listAppointments, updateAppointment } from "~/.server/repos/appointments";
import { getStaff } from "~/.server/staff-guard";
import { AddAppointmentForm } from "~/components/admin/appointments/AddAppointmentForm";
import { AppointmentCard } from "~/components/admin/appointments/AppointmentCard";
import { AppointmentFilters } from "~/components/admin/appointments/AppointmentFilters";
import type { AppointmentsActionResult, AppointmentView } from "~/components/admin/appointments/types";
import {
  ADMIN_CREATE_FIELDS,
  ADMIN_UPDATE_FIELDS,
  APPOINTMENTS_PAGE_SIZE,
  appointmentQueryString,
  formValues,
  parseAdminCreate,
  parseAdminUpdate,
  parseAppointmentQuery,
} from "~/lib/appointment-schema";

const BASE_PATH = "/admin/appointments";

export const meta: Route.MetaFunction = () => [
  { title: "Liste des Rendez-vous | Admin Dashboard" },
  { name: "robots", content: "noindex, nofollow" },
];

function toView(a: Appointment): AppointmentView {
  return {
    id: Number(a.id),
    name: a.name,
    email: a.email,
    phone: a.phone,
    service: a.service,
    date: a.date,
    time: a.time,
    message: a.message,
    prixtotal: a.prixtotal === null ? null : Number(a.prixtotal),
    prixpay: a.prixpay === null ? null : Number(a.prixpay),
    progress: a.progress,
    tips: a.tips,
    created_at: a.created_at || null,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseAppointmentQuery(new URL(request.url).searchParams);
  const { rows, total } = await listAppointments(
    getDb(),
    {
      q: query.q || undefined,
      submitted: query.submitted || undefined,
      date: query.date || undefined,
      service: query.service || undefined,
      status: query.status || undefined,
    },
    { limit: APPOINTMENTS_PAGE_SIZE, offset: (query.page - 1) * APPOINTMENTS_PAGE_SIZE },
  );
  return {
    rows: rows.map(toView),
    total,
    query,
    pageCount: Math.max(1, Math.ceil(total / APPOINTMENTS_PAGE_SIZE)),
    submissionKey: crypto.randomUUID(),
  };
}

const STORE_FAILED = "la base de données n'a pas répondu. Réessayez dans un instant.";

function logFailure(event: string, err: unknown) {
  const e = err as { code?: unknown; name?: unknown };
  log.error({ event, code: String(e?.code ?? ""), name: String(e?.name ?? "") }, "appointment write failed");
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "update") {
    const id = Number(form.get("id"));
    const reply = (status: number, body: AppointmentsActionResult) => data(body, { status });
    if (!Number.isInteger(id) || id <= 0) {
      return reply(400, { intent: "update", ok: false, id: null, message: "rendez-vous inconnu.", fieldErrors: {} });
    }
    const parsed = parseAdminUpdate(formValues(form, ADMIN_UPDATE_FIELDS));
    if (!parsed.ok) {
      const first = ADMIN_UPDATE_FIELDS.map((f) => parsed.fieldErrors[f]).find(Boolean) ?? "valeurs invalides.";
      return reply(400, { intent: "update", ok: false, id, message: first, fieldErrors: parsed.fieldErrors });
    }
    try {
      const row = await updateAppointment(getDb(), id, parsed.data);
      if (!row) return reply(404, { intent: "update", ok: false, id, message: "ce rendez-vous n'existe plus.", fieldErrors: {} });
      log.info({ event: "appointment_updated", appointmentId: id, userId: staff.userId }, "appointment updated");
      return reply(200, { intent: "update", ok: true, appointment: toView(row) });
    } catch (err) {
      logFailure("appointment_update_failed", err);
      return reply(503, { intent: "update", ok: false, id, message: STORE_FAILED, fieldErrors: {} });
    }
  }

  if (intent === "create") {
    const values = formValues(form, ADMIN_CREATE_FIELDS);
    const reply = (status: number, body: AppointmentsActionResult) => data(body, { status });
    const parsed = parseAdminCreate(values);
    if (!parsed.ok) {
      return reply(400, {
        intent: "create",
        ok: false,
        message: "certains champs sont à corriger (voir les messages sous les champs).",
        fieldErrors: parsed.fieldErrors,
        values,
      });
    }
    const rawKey = form.get("submission_key");
    const submissionKey = typeof rawKey === "string" && /^[A-Za-z0-9-]{8,100}$/.test(rawKey) ? `admin:${rawKey}` : null;
    try {
      const { appointment, duplicate } = await createAppointment(getDb(), parsed.data, { submissionKey });
      if (!duplicate) log.info({ event: "appointment_added", appointmentId: appointment.id, userId: staff.userId }, "appointment added by staff");
      return reply(200, { intent: "create", ok: true, appointment: toView(appointment) });
    } catch (err) {
      logFailure("appointment_add_failed", err);
      return reply(503, { intent: "create", ok: false, message: STORE_FAILED, fieldErrors: {}, values });
    }
  }

  return data<AppointmentsActionResult>({ intent: "unknown", ok: false, message: "action inconnue." }, { status: 400 });
}

export default function AdminAppointments({ loaderData }: Route.ComponentProps) {
  const { rows, total, query, pageCount } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading =
    (navigation.state === "loading" && navigation.location.pathname === BASE_PATH) || revalidator.state === "loading";

  const pageLink = (page: number) => `${BASE_PATH}${appointmentQueryString({ ...query, page })}`;
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

      <AddAppointmentForm initialKey={loaderData.submissionKey} />

      <AppointmentFilters query={query} basePath={BASE_PATH} />

      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2 text-sm text-slate-600" aria-live="polite">
        {loading ? (
          <p role="status" className="inline-flex items-center gap-2 font-medium text-teal-700">
            <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
            Chargement des rendez-vous...
          </p>
        ) : (
          <p>
            {total === 0
              ? "0 rendez-vous"
              : `${first}–${last} sur ${total.toLocaleString("fr-FR")} rendez-vous`}
          </p>
        )}
      </div>

      <div className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
        {rows.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <p className="font-medium text-slate-700">Aucun rendez-vous trouvé.</p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 items-start gap-5 md:grid-cols-2 xl:grid-cols-3" aria-label="Rendez-vous">
            {rows.map((row) => (
              <li key={row.id} className="min-w-0">
                <AppointmentCard row={row} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {pageCount > 1 && (
        <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-3">
          {query.page > 1 ? (
            <Link to={pageLink(query.page - 1)} className="btn-ghost ring-1 ring-slate-300" preventScrollReset={false}>
              <ChevronLeft aria-hidden className="h-4 w-4" />
              Précédent
            </Link>
          ) : (
            <span aria-disabled="true" className="btn cursor-not-allowed text-slate-400 ring-1 ring-slate-200">
              <ChevronLeft aria-hidden className="h-4 w-4" />
              Précédent
            </span>
          )}
          <span className="text-sm text-slate-600">
            Page {Math.min(query.page, pageCount)} sur {pageCount}
          </span>
          {query.page < pageCount ? (
            <Link to={pageLink(query.page + 1)} className="btn-ghost ring-1 ring-slate-300">
              Suivant
              <ChevronRight aria-hidden className="h-4 w-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className="btn cursor-not-allowed text-slate-400 ring-1 ring-slate-200">
              Suivant
              <ChevronRight aria-hidden className="h-4 w-4" />
            </span>
          )}
        </nav>
      )}
    </div>
  );
}

/** The list could not be loaded: say so in French and offer to try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    return (
      <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-amber-200 bg-white p-8 text-center shadow-sm">
        <h1 className="font-sans text-xl font-semibold text-navy-900">Votre session a expiré.</h1>
        <p className="mt-2 text-slate-600">Reconnectez-vous pour continuer ; ce qui n'a pas été enregistré est à refaire.</p>
        <Link to={`/login?redirectTo=${encodeURIComponent(BASE_PATH)}`} className="btn-primary mt-6">
          Se reconnecter
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm">
      <AlertTriangle aria-hidden className="mx-auto h-10 w-10 text-red-600" />
      <h1 className="mt-4 font-sans text-xl font-semibold text-navy-900">Impossible de charger les rendez-vous.</h1>
      <p className="mt-2 text-slate-600">La liste n'a pas pu être lue. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site.</p>
      <button type="button" className="btn-primary mt-6" onClick={() => revalidator.revalidate()} disabled={revalidator.state === "loading"}>
        <RefreshCw aria-hidden className={`h-4 w-4 ${revalidator.state === "loading" ? "animate-spin" : ""}`} />
        Réessayer
      </button>
    </div>
  );
}
