import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.formations_.$id.sessions";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { staffActor } from "~/.server/actor";
import { getDb } from "~/.server/db";
import { formationSessionsAction, loadFormationSessions, type SessionsActionResult } from "~/.server/formation-sessions-actions";
import { getStaff } from "~/.server/staff-guard";
import { useCan } from "~/components/admin/permissions";
import { SessionCard, SessionForm } from "~/components/admin/formations/SessionEditor";
import { parseId } from "~/lib/rules";

/**
 * /admin/formations/:id/sessions (issue 31, items 3 to 5): the dated sessions of a formation, each
 * with its days, hours, place, places, price, status, payment days and offer hours, its enrolments
 * (an unpaid one gets 'Paiement reçu': a Money receipt without patient, ADR 026), its waiting list
 * ('Retirer') and 'Supprimer la session' when nobody is enrolled or waiting. The loader and the
 * action live in app/.server/formation-sessions-actions.ts.
 */
export const meta: Route.MetaFunction = () => [{ title: "Sessions de la formation | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ params }: Route.LoaderArgs) {
  return loadFormationSessions(getDb(), parseId(params.id));
}

export async function action({ request, params, context }: Route.ActionArgs): Promise<SessionsActionResult> {
  const formationId = parseId(params.id);
  if (formationId === null) throw data({ message: "Formation introuvable." }, { status: 404 });
  const form = await readForm(request);
  const intent = intentOf(form);
  const actor = staffActor(getStaff(context));
  return guarded("admin_formation_sessions", intent, () => formationSessionsAction(getDb(), formationId, intent, form, actor), () => ({ ok: false, target: "form", message: "L'enregistrement a échoué. Réessayez." }));
}

export default function FormationSessions({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const canEdit = useCan("formation:manage");
  const { formation, sessions, enrollments, waitlist } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const errorsFor = (target: string) => (failure?.target === target ? failure.fieldErrors : undefined);
  // a refusal about one session (delete, withdraw) is said on its card; field errors beside their fields
  const noticeFor = (sessionId: number) => (failure?.target === `s${sessionId}` && !failure.fieldErrors ? failure.message : undefined);
  const payReply = (enrollmentId: number) => (failure?.target === `e${enrollmentId}` ? failure.reply : undefined);
  const defaults = { place: formation.place, capacity: formation.capacity, price: formation.price };
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-3 md:p-6">
      <Link to="/admin/formations" className="inline-flex min-h-11 items-center text-sm font-semibold text-teal-700 underline">
        Retour aux formations
      </Link>
      <h1 className="text-2xl font-bold">Sessions : {formation.title}</h1>
      {actionData && (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "rounded-xl bg-teal-50 p-3 text-teal-900" : "rounded-xl bg-red-50 p-3 text-red-800"}>
          {actionData.message}
        </p>
      )}
      {sessions.length === 0 && <p className="text-slate-600">Aucune session datée : ajoutez la première ci-dessous. Sans session, l'inscription se fait sur la formation.</p>}
      {sessions.map(({ session, status }) => (
        <SessionCard
          key={session.id}
          session={session}
          status={status}
          enrollments={enrollments.filter((e) => e.session_id === session.id)}
          waitlist={waitlist.filter((w) => w.session_id === session.id)}
          canEdit={canEdit}
          notice={noticeFor(session.id)}
          payReply={payReply}
        >
          <SessionForm session={session} defaults={defaults} errors={errorsFor(`s${session.id}`)} busy={busy} />
        </SessionCard>
      ))}
      <section aria-labelledby="new-session" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-6">
        <h2 id="new-session" className="mb-4 text-lg font-bold">
          Ajouter une session
        </h2>
        <SessionForm session={null} defaults={defaults} errors={errorsFor("new")} busy={busy} />
      </section>
    </div>
  );
}
