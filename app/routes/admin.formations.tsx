import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "~/components/admin/icons";
import { useCallback, useState } from "react";
import { data, isRouteErrorResponse, redirect, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/admin.formations";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { getDb, type Db } from "~/.server/db";
import { errorCode, log } from "~/.server/log";
import { countEnrollmentsWithoutFormation, isEnrollmentStatus, listEnrollmentsForStaff, setEnrollmentStatus } from "~/.server/repos/enrollments";
import { createFormation, deleteFormation, formationStats, listFormations, updateFormation } from "~/.server/repos/formations";
import { staffActor, type Actor } from "~/.server/actor";
import { getStaff } from "~/.server/staff-guard";
import { AdminFormationCard } from "~/components/admin/formations/AdminFormationCard";
import { ADMIN_FORMATION_TEXTS as T, failureOf, formationToast, type EditorTarget, type FormationActionResult, type FormationIntent } from "~/components/admin/formations/admin-formations";
import { type FormationAdminItem, UNASSIGNED } from "~/lib/formation";
import { DeleteFormationDialog } from "~/components/admin/formations/DeleteFormationDialog";
import { NoFormation, UnassignedEnrollments } from "~/components/admin/formations/ListNotes";
import { StatTiles } from "~/components/admin/formations/StatTiles";
import { useCan } from "~/components/admin/permissions";
import { EnrollmentsDialog, type EnrollmentsTarget } from "~/components/formation/EnrollmentsDialog";
import { FormationEditorDialog } from "~/components/formation/FormationEditorDialog";
import { useToast } from "~/components/toaster";
import { peekForm } from "~/lib/form-body";
import { arabicSyllabus, formationFormSchema } from "~/lib/formation-schema";
import { parseId } from "~/lib/rules";

const SCREEN = "admin_formations";

export const meta: Route.MetaFunction = () => [{ title: `${T.title} | Espace de Travail` }, { name: "robots", content: "noindex, nofollow" }];

/** Read a list for the screen; a failure is logged (never the rows) and reported. */
async function load<V>(event: string, read: () => Promise<V>, fallback: V) {
  try {
    return { value: await read(), error: false };
  } catch (err) {
    log.error({ event, screen: SCREEN, ...errorCode(err) }, "staff formations screen could not be read");
    return { value: fallback, error: true };
  }
}

/** ?inscriptions={id|sans-session}: the enrolments modal. */
async function loadEnrollments(h: Db, param: string | null) {
  const target = param === UNASSIGNED ? UNASSIGNED : parseId(param);
  if (target === null) return null;
  const { value: enrollments, error } = await load("admin_enrollments_load_failed", () => listEnrollmentsForStaff(h, target === UNASSIGNED ? null : target), []);
  return { target, error, enrollments };
}

const NO_STATS = { total: 0, active: 0, enrollments: 0 };

export async function loader({ url }: Route.LoaderArgs) {
  const h = getDb();
  const [list, unassigned, view] = await Promise.all([
    load("admin_formations_load_failed", () => Promise.all([listFormations(h), formationStats(h)]), [[], NO_STATS]),
    // a side note: its failure is logged, not toasted
    load("admin_enrollments_count_failed", () => countEnrollmentsWithoutFormation(h), 0),
    loadEnrollments(h, url.searchParams.get("inscriptions")),
  ]);
  const [rows, stats] = list.value;
  const formations: FormationAdminItem[] = rows.map(({ updated_at: _u, ...f }) => f);
  return {
    formations,
    stats,
    loadError: list.error,
    unassigned: unassigned.value,
    view,
    // shown once per load (each load makes new toasts)
    toasts: {
      list: list.error ? formationToast("error", T.loadError) : null,
      enrollments: view?.error ? formationToast("error", T.enrollmentsError) : null,
    },
  };
}

const answer = (status: number, result: FormationActionResult) => data(result, { status });
const done = (intent: FormationIntent, message: string) => answer(200, { intent, ok: true, toast: formationToast("success", message) });
const failed = (intent: FormationIntent | null, status: number, message: string, extra: Partial<FormationActionResult> = {}) =>
  answer(status, { intent, ok: false, toast: formationToast("error", message), ...extra });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const staffId = staff.userId;
  const form = await readForm(request);
  const intent = intentOf(form);
  switch (intent) {
    case "create":
    case "update":
      return saveFormation(form, intent, staffId);
    case "delete":
      return removeFormation(form, staffActor(staff));
    case "status":
      return changeEnrollmentStatus(form, staffId);
    default:
      return failed(null, 400, T.genericError);
  }
}

/** 'Créer la formation' and 'Enregistrer les modifications': the one schema, then one write. */
async function saveFormation(form: FormData, intent: "create" | "update", staffId: number) {
  const id = parseId(form.get("id"));
  if (intent === "update" && id === null) return failed(intent, 400, T.genericError);
  const submission = parseWithZod(form, { schema: formationFormSchema });
  if (submission.status !== "success") return failed(intent, 400, T.genericError, { reply: submission.reply() });
  const { objectives_ar, modules_ar, ...fields } = submission.value;
  const input = { ...fields, syllabus_ar: arabicSyllabus({ ...fields, objectives_ar, modules_ar }) };
  return guarded(
    SCREEN,
    intent,
    async () => {
      const h = getDb();
      const saved = id === null ? { ok: true as const, formation: await createFormation(h, input) } : await updateFormation(h, id, input);
      if (!saved.ok && saved.reason === "not_found") return failed(intent, 404, T.genericError);
      if (!saved.ok) {
        // max_participants below the places taken: said beside the field and in the toast
        const message = T.maxBelowTaken(saved.taken);
        log.info({ event: "formation_update_refused", reason: saved.reason, formationId: id, staffId }, "formation capacity below places taken");
        return failed(intent, 409, message, { reply: submission.reply({ fieldErrors: { max_participants: [message] } }) });
      }
      log.info({ event: `formation_${intent}d`, formationId: saved.formation.id, staffId }, "formation saved");
      return done(intent, intent === "create" ? T.created : T.updated);
    },
    () => failed(intent, 500, T.genericError),
  );
}

/** A write on the row named by the posted id: a bad id is the intent's 400, a failure its 500. */
function writeRow(form: FormData, intent: "delete" | "status", failure: string, write: (id: number) => Promise<ReturnType<typeof answer>>) {
  const id = parseId(form.get("id"));
  if (id === null) return failed(intent, 400, failure);
  return guarded(SCREEN, intent, () => write(id), () => failed(intent, 500, failure));
}

const removeFormation = (form: FormData, actor: Actor) =>
  writeRow(form, "delete", T.deleteError, async (id) => {
    const staffId = actor.staffUserId;
    if (!(await deleteFormation(getDb(), id, actor))) return failed("delete", 404, T.deleteError);
    log.info({ event: "formation_deleted", formationId: id, staffId }, "formation deleted");
    return done("delete", T.deleted);
  });

/** Any status to any other (docs/product.md, "Staff: formations"), never past the formation's capacity. */
const changeEnrollmentStatus = (form: FormData, staffId: number) =>
  writeRow(form, "status", T.statusError, async (id) => {
    const status = form.get("status");
    if (!isEnrollmentStatus(status)) return failed("status", 400, T.statusError);
    const changed = await setEnrollmentStatus(getDb(), id, status);
    if (!changed.ok && changed.reason === "full") {
      log.info({ event: "enrollment_status_refused", reason: changed.reason, enrollmentId: id, status, staffId }, "formation full");
      return failed("status", 409, T.statusFull);
    }
    if (!changed.ok) return failed("status", 404, T.statusError);
    log.info({ event: "enrollment_status_changed", enrollmentId: id, status, staffId }, "enrolment status changed");
    return done("status", T.statusUpdated);
  });

/**
 * In the browser: a lost connection becomes the toast of the action that failed, never an error
 * page; an expired session leads back to the login page.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await peekForm(request)).get("intent");
  try {
    return await serverAction();
  } catch (err) {
    if (isRouteErrorResponse(err) && err.status === 401) throw redirect(`/login?redirectTo=${encodeURIComponent("/admin/formations")}`);
    console.error("Formations : action impossible", err);
    return failureOf(intent);
  }
}

export default function AdminFormations({ loaderData }: Route.ComponentProps) {
  const { formations, stats, loadError, view, unassigned, toasts } = loaderData;
  useToast(toasts.list);
  useToast(toasts.enrollments);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The editor stays mounted once opened (its toasts need it). Closed by the cross or Escape it
  // keeps its draft for a reopening; 'Annuler' or a save drop it: the next opening starts afresh.
  const [editor, setEditor] = useState<{ target: EditorTarget; open: boolean; draft: boolean; n: number } | null>(null);
  const [toDelete, setToDelete] = useState<FormationAdminItem | null>(null);
  // 'Nouvelle Formation' and 'Modifier' need `formation:manage`, 'Supprimer' `formation:delete` (AdminFormationCard)
  const canCreate = useCan("formation:manage");

  const openEditor = (target: EditorTarget) =>
    setEditor((e) => (e?.draft && editorKey(e.target) === editorKey(target) ? { ...e, open: true } : { target, open: true, draft: true, n: (e?.n ?? 0) + 1 }));
  const closeEditor = useCallback(() => setEditor((e) => e && { ...e, open: false }), []);
  const dropEditor = useCallback(() => setEditor((e) => e && { ...e, open: false, draft: false }), []);
  const closeDelete = useCallback(() => setToDelete(null), []);

  let enrollmentsTarget: EnrollmentsTarget | null = null;
  if (view && !view.error) {
    const formation = formations.find((f) => f.id === view.target);
    enrollmentsTarget = view.target === UNASSIGNED ? { kind: "unassigned" } : formation ? { kind: "formation", formation } : null;
  }
  const closeEnrollments = useCallback(() => {
    if (!params.has("inscriptions")) return;
    const next = new URLSearchParams(params);
    next.delete("inscriptions");
    const qs = next.toString();
    navigate(qs ? `?${qs}` : ".", { replace: true, preventScrollReset: true });
  }, [params, navigate]);

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold">{T.title}</h1>
        {canCreate && (
          <button type="button" onClick={() => openEditor({ kind: "create" })} className="btn-primary" aria-haspopup="dialog">
            <Plus aria-hidden className="h-4 w-4" />
            Nouvelle Formation
          </button>
        )}
      </div>

      <StatTiles stats={stats} />

      {formations.length === 0 ? (
        <NoFormation loadFailed={loadError} />
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {formations.map((f) => (
            <li key={f.id}>
              <AdminFormationCard formation={f} onEdit={() => openEditor({ kind: "edit", formation: f })} onDelete={() => setToDelete(f)} />
            </li>
          ))}
        </ul>
      )}
      <UnassignedEnrollments count={unassigned} />

      {editor && (
        <FormationEditorDialog key={editor.n} target={editor.target} open={editor.open} onClose={closeEditor} onCancel={dropEditor} onSaved={dropEditor} />
      )}
      <EnrollmentsDialog open={Boolean(enrollmentsTarget)} onClose={closeEnrollments} target={enrollmentsTarget} enrollments={view?.enrollments ?? []} />
      <DeleteFormationDialog formation={toDelete} onClose={closeDelete} />
    </div>
  );
}

const editorKey = (t: EditorTarget) => (t.kind === "create" ? "new" : `edit-${t.formation.id}`);
