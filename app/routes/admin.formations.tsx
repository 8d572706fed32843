import { BookOpen, CalendarDays, Clock, GraduationCap, MapPin, Pencil, Plus, Trash2, Users, UsersRound } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link, redirect, useFetcher, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/admin.formations";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import {
  countEnrollmentsWithoutFormation,
  isEnrollmentStatus,
  listEnrollmentsForFormation,
  listEnrollmentsWithoutFormation,
  setEnrollmentStatus,
} from "~/.server/repos/enrollments";
import { createFormation, deleteFormation, formationStats, listFormations, updateFormation, type FormationWithCount } from "~/.server/repos/formations";
import { getStaff } from "~/.server/staff-guard";
import { EnrollmentsDialog, UNASSIGNED, type AdminEnrollment, type EnrollmentsTarget } from "~/components/formation/EnrollmentsDialog";
import { FillBar } from "~/components/formation/FillBar";
import { draftFrom, FormationEditorDialog, newDraft, TOAST_MS, type FormationActionResult, type FormationDraft } from "~/components/formation/FormationEditorDialog";
import { Dialog } from "~/components/ui/Dialog";
import { formatDA, formatLongDate } from "~/lib/format";
import { parseFormationForm } from "~/lib/formation-schema";
import { syllabusPath } from "~/lib/slug";

/** SPEC §2 "Admin: formations", §8 (toasts, 5 s) and §9 (fixed texts). */
export const ADMIN_FORMATION_TEXTS = {
  title: "Tableau de Bord des Formations",
  location: "KOUBA - ALGER",
  confirmDelete: "Êtes-vous sûr de vouloir supprimer cette formation ?",
  emptyEnrollments: "Aucune inscription pour cette formation",
  created: "Formation créée avec succès !",
  updated: "Formation modifiée avec succès !",
  deleted: "Formation supprimée avec succès !",
  statusUpdated: "Statut de l'inscription mis à jour !",
  loadError: "Erreur lors du chargement des formations",
  enrollmentsError: "Erreur lors du chargement des inscriptions",
  genericError: "Une erreur est survenue. Veuillez réessayer.",
  deleteError: "Erreur lors de la suppression. Veuillez réessayer.",
  statusError: "Erreur lors de la mise à jour du statut.",
} as const;

export const meta: Route.MetaFunction = () => [{ title: `${ADMIN_FORMATION_TEXTS.title} | Espace de Travail` }, { name: "robots", content: "noindex, nofollow" }];

type AdminFormation = Omit<FormationWithCount, "updated_at">;

function errText(err: unknown) {
  return err instanceof Error ? err.message : String(err);
}

export async function loader({ request }: Route.LoaderArgs) {
  const h = getDb();
  let formations: AdminFormation[] = [];
  let stats = { total: 0, active: 0, enrollments: 0 };
  let loadError = false;
  try {
    const [rows, s] = await Promise.all([listFormations(h), formationStats(h)]);
    formations = rows.map(({ updated_at: _u, ...f }) => f);
    stats = s;
  } catch (err) {
    log.error({ event: "admin_formations_load_failed", err: errText(err) }, "admin formations could not be loaded");
    loadError = true;
  }

  let unassigned = 0;
  try {
    unassigned = await countEnrollmentsWithoutFormation(h);
  } catch (err) {
    log.error({ event: "admin_enrollments_count_failed", err: errText(err) }, "enrolments without formation could not be counted");
  }

  // ?inscriptions={id|sans-session}: the enrolments modal
  const param = new URL(request.url).searchParams.get("inscriptions");
  let view: { target: number | typeof UNASSIGNED; enrollments: AdminEnrollment[]; error: boolean } | null = null;
  if (param && (/^\d{1,9}$/.test(param) || param === UNASSIGNED)) {
    const target = param === UNASSIGNED ? UNASSIGNED : Number(param);
    try {
      const rows = target === UNASSIGNED ? await listEnrollmentsWithoutFormation(h) : await listEnrollmentsForFormation(h, target);
      view = {
        target,
        error: false,
        enrollments: rows.map((e) => ({
          id: e.id,
          user_name: e.user_name,
          user_surname: e.user_surname,
          email: e.email,
          phone: e.phone,
          formation_chosen: e.formation_chosen,
          enrollment_date: e.enrollment_date,
          status: e.status,
        })),
      };
    } catch (err) {
      log.error({ event: "admin_enrollments_load_failed", err: errText(err) }, "enrolments could not be loaded");
      view = { target, error: true, enrollments: [] };
    }
  }
  return { formations, stats, loadError, view, unassigned };
}

function idFrom(form: FormData): number | null {
  const raw = String(form.get("id") ?? "");
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

function fail(intent: string, message: string, status: number, extra: Partial<Extract<FormationActionResult, { ok: false }>> = {}) {
  return data<FormationActionResult>({ intent, ok: false, message, ...extra }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const h = getDb();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail("unknown", ADMIN_FORMATION_TEXTS.genericError, 400);
  }
  const intent = String(form.get("intent") ?? "");

  if (intent === "create" || intent === "update") {
    const id = idFrom(form);
    if (intent === "update" && id === null) return fail(intent, ADMIN_FORMATION_TEXTS.genericError, 400);
    const parsed = parseFormationForm(form);
    if (!parsed.success) return fail(intent, ADMIN_FORMATION_TEXTS.genericError, 400, { fieldErrors: parsed.fieldErrors });
    const input = { ...parsed.data, syllabus: parsed.data.syllabus };
    try {
      if (intent === "create") {
        const f = await createFormation(h, input);
        log.info({ event: "formation_created", formationId: f.id, staffId: staff.userId }, "formation created");
        return data<FormationActionResult>({ intent, ok: true, message: ADMIN_FORMATION_TEXTS.created });
      }
      const f = await updateFormation(h, id!, input);
      if (!f) return fail(intent, ADMIN_FORMATION_TEXTS.genericError, 404);
      log.info({ event: "formation_updated", formationId: f.id, staffId: staff.userId }, "formation updated");
      return data<FormationActionResult>({ intent, ok: true, message: ADMIN_FORMATION_TEXTS.updated });
    } catch (err) {
      log.error({ event: `formation_${intent}_failed`, err: errText(err) }, "formation could not be saved");
      return fail(intent, ADMIN_FORMATION_TEXTS.genericError, 500);
    }
  }

  if (intent === "delete") {
    const id = idFrom(form);
    if (id === null) return fail(intent, ADMIN_FORMATION_TEXTS.deleteError, 400);
    try {
      const done = await deleteFormation(h, id);
      if (!done) return fail(intent, ADMIN_FORMATION_TEXTS.deleteError, 404);
      log.info({ event: "formation_deleted", formationId: id, staffId: staff.userId }, "formation deleted");
      return data<FormationActionResult>({ intent, ok: true, message: ADMIN_FORMATION_TEXTS.deleted });
    } catch (err) {
      log.error({ event: "formation_delete_failed", err: errText(err) }, "formation could not be deleted");
      return fail(intent, ADMIN_FORMATION_TEXTS.deleteError, 500);
    }
  }

  if (intent === "status") {
    const id = idFrom(form);
    const status = form.get("status");
    if (id === null || !isEnrollmentStatus(status)) return fail(intent, ADMIN_FORMATION_TEXTS.statusError, 400);
    try {
      const row = await setEnrollmentStatus(h, id, status);
      if (!row) return fail(intent, ADMIN_FORMATION_TEXTS.statusError, 404);
      log.info({ event: "enrollment_status_changed", enrollmentId: id, status, staffId: staff.userId }, "enrolment status changed");
      return data<FormationActionResult>({ intent, ok: true, message: ADMIN_FORMATION_TEXTS.statusUpdated });
    } catch (err) {
      log.error({ event: "enrollment_status_failed", err: errText(err) }, "enrolment status could not be changed");
      return fail(intent, ADMIN_FORMATION_TEXTS.statusError, 500);
    }
  }

  return fail(intent || "unknown", ADMIN_FORMATION_TEXTS.genericError, 400);
}

/**
 * In the browser: a lost connection becomes the toast of the action that failed, never an error
 * page; an expired session leads back to the login page.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  try {
    return (await serverAction()) as FormationActionResult;
  } catch (err) {
    if (isRouteErrorResponse(err) && err.status === 401) throw redirect(`/login?redirectTo=${encodeURIComponent("/admin/formations")}`);
    console.error("Formations : action impossible", err);
    const message =
      intent === "delete" ? ADMIN_FORMATION_TEXTS.deleteError : intent === "status" ? ADMIN_FORMATION_TEXTS.statusError : ADMIN_FORMATION_TEXTS.genericError;
    return { intent, ok: false, message } satisfies FormationActionResult;
  }
}

export default function AdminFormations({ loaderData }: Route.ComponentProps) {
  const { formations, stats, loadError, view, unassigned } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<FormationDraft | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [toDelete, setToDelete] = useState<AdminFormation | null>(null);

  // load failures: one toast per load
  const toastedLoad = useRef<unknown>(null);
  useEffect(() => {
    if (toastedLoad.current === loaderData) return;
    toastedLoad.current = loaderData;
    if (loadError) toast.error(ADMIN_FORMATION_TEXTS.loadError, { duration: TOAST_MS });
    if (view?.error) toast.error(ADMIN_FORMATION_TEXTS.enrollmentsError, { duration: TOAST_MS });
  }, [loaderData, loadError, view]);

  const openCreate = () => {
    setDraft((d) => (d && d.mode === "create" ? d : newDraft()));
    setEditorOpen(true);
  };
  const openEdit = (f: AdminFormation) => {
    setDraft((d) => (d && d.mode === "edit" && d.id === f.id ? d : draftFrom(f)));
    setEditorOpen(true);
  };
  const closeEditor = useCallback(() => setEditorOpen(false), []);
  const cancelEditor = useCallback(() => {
    setEditorOpen(false);
    setDraft(null);
  }, []);
  const onSaved = useCallback(() => {
    setEditorOpen(false);
    setDraft(null);
  }, []);

  let target: EnrollmentsTarget | null = null;
  if (view && !view.error) {
    if (view.target === UNASSIGNED) target = { kind: "unassigned" };
    else {
      const f = formations.find((x) => x.id === view.target);
      if (f) target = { kind: "formation", id: f.id, title: f.title, taken: f.taken, max_participants: f.max_participants };
    }
  }
  const closeEnrollments = useCallback(() => {
    if (!params.has("inscriptions")) return;
    const next = new URLSearchParams(params);
    next.delete("inscriptions");
    const qs = next.toString();
    navigate(qs ? `?${qs}` : ".", { replace: true, preventScrollReset: true });
  }, [params, navigate]);

  const tiles = [
    { label: "Total Formations", value: stats.total, icon: BookOpen },
    { label: "Inscriptions Totales", value: stats.enrollments, icon: UsersRound },
    { label: "Formations Actives", value: stats.active, icon: GraduationCap },
  ];

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold">{ADMIN_FORMATION_TEXTS.title}</h1>
        <button type="button" onClick={openCreate} className="btn-primary" aria-haspopup="dialog">
          <Plus aria-hidden className="h-4 w-4" />
          Nouvelle Formation
        </button>
      </div>

      <ul aria-label="Chiffres clés" className="mt-8 grid gap-4 sm:grid-cols-3">
        {tiles.map(({ label, value, icon: Icon }) => (
          <li key={label} data-tile={label} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-600">
              <Icon aria-hidden className="h-6 w-6" />
            </span>
            <p className="flex flex-col">
              <span className="font-serif text-3xl font-bold text-navy-900" data-value>
                {value}
              </span>
              <span className="text-sm font-medium text-slate-600">{label}</span>
            </p>
          </li>
        ))}
      </ul>

      {formations.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-white px-6 py-14 text-center ring-1 ring-slate-200">
          <GraduationCap aria-hidden className="mx-auto h-10 w-10 text-teal-600" />
          <p className="mt-4 font-semibold text-navy-900">{loadError ? ADMIN_FORMATION_TEXTS.loadError : "Aucune formation pour le moment."}</p>
          {!loadError && <p className="mt-1 text-sm text-slate-600">Créez la première avec « Nouvelle Formation ».</p>}
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {formations.map((f) => (
            <li key={f.id}>
              <FormationCard formation={f} onEdit={() => openEdit(f)} onDelete={() => setToDelete(f)} />
            </li>
          ))}
        </ul>
      )}

      {unassigned > 0 && (
        <div className="mt-8 flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-sans text-base font-semibold text-navy-900">Inscriptions sans session</h2>
            <p className="text-sm text-slate-600">
              {unassigned} inscription{unassigned > 1 ? "s" : ""} sans session choisie ou d'une formation supprimée.
            </p>
          </div>
          <Link to={`?inscriptions=${UNASSIGNED}`} preventScrollReset className="btn border border-navy-900 text-navy-900 hover:bg-slate-50">
            <Users aria-hidden className="h-4 w-4" />
            Voir ces inscriptions
          </Link>
        </div>
      )}

      {draft && <FormationEditorDialog draft={draft} open={editorOpen} onChange={setDraft} onClose={closeEditor} onCancel={cancelEditor} onSaved={onSaved} />}

      <EnrollmentsDialog open={Boolean(target)} onClose={closeEnrollments} target={target} enrollments={view?.enrollments ?? []} />

      <DeleteDialog formation={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

function FormationCard({ formation: f, onEdit, onDelete }: { formation: AdminFormation; onEdit: () => void; onDelete: () => void }) {
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex-1 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="font-serif text-xl font-bold leading-snug">{f.title}</h2>
          <span
            className={`shrink-0 rounded-full px-3 py-1 text-xs font-bold ring-1 ${f.is_active ? "bg-teal-50 text-teal-900 ring-teal-200" : "bg-slate-100 text-slate-700 ring-slate-300"}`}
          >
            {f.is_active ? "Actif" : "Inactif"}
          </span>
        </div>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{f.description}</p>
        <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden className="h-4 w-4 text-teal-600" />
            Créée le {formatLongDate(f.created_at)}
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden className="h-4 w-4 text-teal-600" />
            {f.duration_months} mois
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden className="h-4 w-4 text-teal-600" />
            {ADMIN_FORMATION_TEXTS.location}
          </li>
        </ul>
        <div className="mt-4">
          <FillBar taken={f.taken} max={f.max_participants} />
        </div>
        <p className="mt-4 text-lg font-bold text-navy-900">{f.price ? formatDA(f.price) : "Prix sur demande"}</p>
        {f.is_active && (
          <Link to={syllabusPath(f.id)} className="mt-1 inline-block text-sm font-semibold text-teal-700 underline-offset-2 hover:underline">
            Voir la page publique<span className="sr-only"> de « {f.title} »</span>
          </Link>
        )}
      </div>
      <div className="grid grid-cols-3 gap-1 border-t border-slate-200 p-2">
        <button type="button" onClick={onEdit} aria-haspopup="dialog" className="btn-ghost min-h-10 px-2 text-xs">
          <Pencil aria-hidden className="h-4 w-4" />
          Modifier<span className="sr-only"> « {f.title} »</span>
        </button>
        <Link to={`?inscriptions=${f.id}`} preventScrollReset className="btn-ghost min-h-10 px-2 text-xs">
          <Users aria-hidden className="h-4 w-4" />
          Inscriptions<span className="sr-only"> de « {f.title} »</span>
        </Link>
        <button type="button" onClick={onDelete} aria-haspopup="dialog" className="btn min-h-10 px-2 text-xs text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden className="h-4 w-4" />
          Supprimer<span className="sr-only"> « {f.title} »</span>
        </button>
      </div>
    </article>
  );
}

function DeleteDialog({ formation, onClose }: { formation: AdminFormation | null; onClose: () => void }) {
  const fetcher = useFetcher<FormationActionResult>();
  const handled = useRef<unknown>(null);
  const [shown, setShown] = useState<AdminFormation | null>(formation);
  useEffect(() => {
    if (formation) setShown(formation);
  }, [formation]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message, { duration: TOAST_MS });
      onClose();
    } else {
      toast.error(fetcher.data.message, { duration: TOAST_MS });
    }
  }, [fetcher.state, fetcher.data, onClose]);

  return (
    <Dialog open={Boolean(formation)} onClose={onClose} title="Supprimer la formation">
      <p className="font-medium text-navy-900">{ADMIN_FORMATION_TEXTS.confirmDelete}</p>
      {shown && (
        <p className="mt-2 text-sm text-slate-600">
          « {shown.title} » sera retirée du site. Ses inscriptions sont conservées, avec le titre de la formation, dans « Inscriptions sans session ».
        </p>
      )}
      <fetcher.Form method="post" action="/admin/formations" className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={shown?.id ?? ""} />
        <button type="button" onClick={onClose} className="btn border border-slate-300 text-slate-700 hover:bg-slate-50">
          Annuler
        </button>
        <button type="submit" disabled={fetcher.state !== "idle"} className="btn bg-red-700 text-white hover:bg-red-800">
          <Trash2 aria-hidden className="h-4 w-4" />
          Supprimer
        </button>
      </fetcher.Form>
    </Dialog>
  );
}
