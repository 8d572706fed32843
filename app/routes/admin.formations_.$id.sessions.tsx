import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.formations_.$id.sessions";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { staffActor } from "~/.server/actor";
import { auditStaff } from "~/.server/audit";
import { getClinic } from "~/.server/clinic";
import { publicOrigin } from "~/.server/config";
import { getDb } from "~/.server/db";
import { getFormation } from "~/.server/repos/formations";
import { createSession, getSession, listSessionEnrollments, listSessions, updateSession } from "~/.server/repos/formation-sessions";
import { offerPlacesOf } from "~/.server/repos/formation-waitlist";
import { recordEnrollmentPayment } from "~/.server/repos/payments";
import { getStaff } from "~/.server/staff-guard";
import { SessionCard, SessionForm, type FieldErrors } from "~/components/admin/formations/SessionEditor";
import { todayInClinic } from "~/lib/clinic-time";
import { sessionFormSchema } from "~/lib/formation-session-schema";
import { sessionStatus } from "~/lib/formation-session";
import { paymentSchema } from "~/lib/payment-schema";
import { parseId } from "~/lib/rules";

/**
 * /admin/formations/:id/sessions (issue 31, items 3 and 5): the dated sessions of a formation, each
 * with its days, hours, place, places, price, status, payment days and offer hours, and its
 * enrolments; an unpaid one gets 'Paiement reçu' (a Money receipt without patient, ADR 026).
 */
export const meta: Route.MetaFunction = () => [{ title: "Sessions de la formation | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const h = getDb();
  const formation = id === null ? undefined : await getFormation(h, id);
  if (!formation) throw data({ message: "Formation introuvable." }, { status: 404 });
  const [sessions, enrollments] = await Promise.all([listSessions(h, formation.id), listSessionEnrollments(h, formation.id)]);
  const today = todayInClinic();
  return {
    formation: { id: formation.id, title: formation.title, place: formation.place, capacity: formation.max_participants, price: formation.price },
    sessions: sessions.map((s) => ({ session: s, status: sessionStatus(s, today) })),
    enrollments: enrollments.map((e) => ({ id: Number(e.id), session_id: Number(e.session_id), name: `${e.user_surname} ${e.user_name}`, status: e.status, payment_due_at: e.payment_due_at, paid_at: e.paid_at, released_at: e.released_at })),
  };
}

type ActionResult = { ok: true; message: string } | { ok: false; target: string; message: string; fieldErrors?: FieldErrors };

export async function action({ request, params, context }: Route.ActionArgs): Promise<ActionResult> {
  const formationId = parseId(params.id);
  if (formationId === null) throw data({ message: "Formation introuvable." }, { status: 404 });
  const form = await readForm(request);
  const intent = intentOf(form);
  const actor = staffActor(getStaff(context));
  const h = getDb();
  const fail = (target: string, message: string, fieldErrors?: FieldErrors): ActionResult => ({ ok: false, target, message, fieldErrors });
  return guarded("admin_formation_sessions", intent, async (): Promise<ActionResult> => {
    if (intent === "pay") {
      const enrollmentId = parseId(form.get("enrollment_id"));
      const parsed = parseWithZod(form, { schema: paymentSchema });
      if (enrollmentId === null) throw data({ message: "Inscription introuvable." }, { status: 400 });
      if (parsed.status !== "success") return fail(`e${enrollmentId}`, "Montant ou mode invalide.", parsed.reply().error ?? undefined);
      const r = await recordEnrollmentPayment(h, { enrollmentId, amount: parsed.value.amount, mode: parsed.value.mode, chequeNumber: parsed.value.chequeNumber, note: parsed.value.note, actor });
      if (!r.ok) return fail(`e${enrollmentId}`, r.reason === "not_found" ? "Inscription introuvable." : "Cette inscription n'attend plus de paiement.");
      return { ok: true, message: `Paiement enregistré : reçu n° ${r.payment.receipt_no}.` };
    }
    if (intent !== "save") throw data({ message: "Action inconnue." }, { status: 400 });
    const sessionId = parseId(form.get("session_id"));
    const target = sessionId === null ? "new" : `s${sessionId}`;
    const parsed = parseWithZod(form, { schema: sessionFormSchema });
    if (parsed.status !== "success") return fail(target, "Certains champs sont à corriger.", parsed.reply().error ?? undefined);
    const formation = await getFormation(h, formationId);
    if (!formation) throw data({ message: "Formation introuvable." }, { status: 404 });
    const input = { ...parsed.value, place: parsed.value.place || formation.place };
    let savedId: number;
    if (sessionId === null) {
      savedId = (await createSession(h, formationId, input)).id;
    } else {
      const existing = await getSession(h, sessionId);
      if (!existing || existing.formation_id !== formationId) throw data({ message: "Session introuvable." }, { status: 404 });
      const r = await updateSession(h, sessionId, input);
      if (!r.ok) return r.reason === "below_taken" ? fail(target, "Capacité trop basse.", { capacity: [`Au moins ${r.taken} places : elles sont déjà prises ou offertes.`] }) : fail(target, "Session introuvable.");
      savedId = sessionId;
    }
    await auditStaff(h.db, actor, { action: "formation.session", targetType: "formation", targetId: formationId, detail: `Session ${input.start_date} – ${input.end_date}` });
    // more places, or a session opened again: the waiting list gets them
    await offerPlacesOf(h, savedId, new Date(), { clinic: await getClinic(h), origin: publicOrigin() });
    return { ok: true, message: "Session enregistrée." };
  }, () => fail("form", "L'enregistrement a échoué. Réessayez."));
}

export default function FormationSessions({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { formation, sessions, enrollments } = loaderData;
  const errorsFor = (target: string) => (actionData && !actionData.ok && actionData.target === target ? actionData.fieldErrors : undefined);
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
        <SessionCard key={session.id} session={session} status={status} enrollments={enrollments.filter((e) => e.session_id === session.id)}>
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
