import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Actor } from "./actor";
import { auditStaff } from "./audit";
import { getClinic } from "./clinic";
import { publicOrigin } from "./config";
import type { Db } from "./db";
import { getFormation } from "./repos/formations";
import { createSession, deleteFormationSession, getSession, listSessionEnrollments, listSessions, updateSession } from "./repos/formation-sessions";
import { listWaitlistOfFormation, offerPlacesOf, withdrawFromWaitlist } from "./repos/formation-waitlist";
import { recordEnrollmentPayment } from "./repos/payments";
import { todayInClinic } from "~/lib/clinic-time";
import { sessionFormSchema } from "~/lib/formation-session-schema";
import { sessionStatus } from "~/lib/formation-session";
import { waitlistState } from "~/lib/formation-waitlist-view";
import { paymentSchema } from "~/lib/payment-schema";
import { parseId } from "~/lib/rules";

/**
 * The loader and the action of /admin/formations/:id/sessions (issue 31): a formation's dated
 * sessions with their enrolments and waiting lists; 'Enregistrer la session' (save), 'Paiement
 * reçu' (pay), 'Retirer' from a waiting list (withdraw) and 'Supprimer la session' (delete).
 */

export type FieldErrors = Record<string, string[] | null | undefined>;
export type SessionsActionResult =
  | { ok: true; message: string }
  | { ok: false; target: string; message: string; fieldErrors?: FieldErrors; reply?: SubmissionResult<string[]> };

export async function loadFormationSessions(h: Db, formationId: number | null, at: Date = new Date()) {
  const formation = formationId === null ? undefined : await getFormation(h, formationId);
  if (!formation) throw data({ message: "Formation introuvable." }, { status: 404 });
  const [sessions, enrollments, waitlist] = await Promise.all([listSessions(h, formation.id, at), listSessionEnrollments(h, formation.id), listWaitlistOfFormation(h, formation.id)]);
  const today = todayInClinic(at);
  return {
    formation: { id: formation.id, title: formation.title, place: formation.place, capacity: formation.max_participants, price: formation.price },
    sessions: sessions.map((s) => ({ session: s, status: sessionStatus(s, today) })),
    enrollments: enrollments.map((e) => ({ id: Number(e.id), session_id: Number(e.session_id), name: `${e.user_surname} ${e.user_name}`, status: e.status, payment_due_at: e.payment_due_at, paid_at: e.paid_at, released_at: e.released_at })),
    waitlist: waitlist.map((w) => ({
      id: Number(w.id),
      session_id: Number(w.session_id),
      position: w.position,
      name: `${w.user_surname} ${w.user_name}`,
      email: w.email,
      phone: w.phone,
      created_at: w.created_at,
      offer_expires_at: w.offer_expires_at,
      state: waitlistState(w, at),
    })),
  };
}

const fail = (target: string, message: string, extra: { fieldErrors?: FieldErrors; reply?: SubmissionResult<string[]> } = {}): SessionsActionResult => ({ ok: false, target, message, ...extra });

/** The session named by the form (`session_id`, or `id` for 'Supprimer la session'), of this formation (404 otherwise). */
async function sessionOf(h: Db, form: FormData, formationId: number, field = "session_id") {
  const sessionId = parseId(form.get(field));
  const s = sessionId === null ? undefined : await getSession(h, sessionId);
  if (!s || s.formation_id !== formationId) throw data({ message: "Session introuvable." }, { status: 404 });
  return s;
}

export async function formationSessionsAction(h: Db, formationId: number, intent: string, form: FormData, actor: Actor): Promise<SessionsActionResult> {
  const ctx = async () => ({ clinic: await getClinic(h), origin: publicOrigin() });
  if (intent === "pay") {
    const enrollmentId = parseId(form.get("enrollment_id"));
    if (enrollmentId === null) throw data({ message: "Inscription introuvable." }, { status: 400 });
    const parsed = parseWithZod(form, { schema: paymentSchema });
    if (parsed.status !== "success") return fail(`e${enrollmentId}`, "Montant, mode ou n° de chèque à corriger.", { reply: parsed.reply() });
    const v = parsed.value;
    const r = await recordEnrollmentPayment(h, { enrollmentId, amount: v.amount, mode: v.mode, chequeNumber: v.mode === "cheque" ? v.chequeNumber : null, note: v.note, actor });
    if (!r.ok) return fail(`e${enrollmentId}`, r.reason === "not_found" ? "Inscription introuvable." : "Cette inscription n'attend plus de paiement.");
    return { ok: true, message: `Paiement enregistré : reçu n° ${r.payment.receipt_no}.` };
  }
  if (intent === "withdraw") {
    const s = await sessionOf(h, form, formationId);
    const entryId = parseId(form.get("entry_id"));
    if (entryId === null) throw data({ message: "Entrée introuvable." }, { status: 400 });
    const r = await withdrawFromWaitlist(h, s.id, entryId, actor, await ctx());
    if (r === "not_found") throw data({ message: "Entrée introuvable." }, { status: 404 });
    if (r === "closed") return fail(`s${s.id}`, "Cette personne n'attend plus : son offre est acceptée ou expirée.");
    return { ok: true, message: "Personne retirée de la liste d'attente." };
  }
  if (intent === "delete") {
    const s = await sessionOf(h, form, formationId, "id");
    const r = await deleteFormationSession(h, s.id, actor);
    if (r === "not_found") throw data({ message: "Session introuvable." }, { status: 404 });
    if (r === "has_enrollments") return fail(`s${s.id}`, "Cette session a des inscriptions : elle ne peut pas être supprimée. Annulez-la plutôt (Statut : Annulée).");
    if (r === "has_waitlist") return fail(`s${s.id}`, "Cette session a une liste d'attente : elle ne peut pas être supprimée. Annulez-la plutôt (Statut : Annulée).");
    return { ok: true, message: "Session supprimée." };
  }
  if (intent !== "save") throw data({ message: "Action inconnue." }, { status: 400 });
  const sessionId = parseId(form.get("session_id"));
  const target = sessionId === null ? "new" : `s${sessionId}`;
  const parsed = parseWithZod(form, { schema: sessionFormSchema });
  if (parsed.status !== "success") return fail(target, "Certains champs sont à corriger.", { fieldErrors: parsed.reply().error ?? undefined });
  const formation = await getFormation(h, formationId);
  if (!formation) throw data({ message: "Formation introuvable." }, { status: 404 });
  const input = { ...parsed.value, place: parsed.value.place || formation.place };
  let savedId: number;
  if (sessionId === null) {
    savedId = (await createSession(h, formationId, input)).id;
  } else {
    await sessionOf(h, form, formationId);
    const r = await updateSession(h, sessionId, input);
    if (!r.ok) return r.reason === "below_taken" ? fail(target, "Capacité trop basse.", { fieldErrors: { capacity: [`Au moins ${r.taken} places : elles sont déjà prises ou offertes.`] } }) : fail(target, "Session introuvable.");
    savedId = sessionId;
  }
  await auditStaff(h.db, actor, { action: "formation.session", targetType: "formation", targetId: formationId, detail: `Session ${input.start_date} – ${input.end_date}` });
  // more places, or a session opened again: the waiting list gets them
  await offerPlacesOf(h, savedId, new Date(), await ctx());
  return { ok: true, message: "Session enregistrée." };
}
