import { beforeEach, expect, it } from "vitest";
import type { Actor } from "~/.server/actor";
import { formationSessionsAction, loadFormationSessions } from "~/.server/formation-sessions-actions";
import { enroll, setEnrollmentStatus } from "~/.server/repos/enrollments";
import { createFormation } from "~/.server/repos/formations";
import { createSession, getSession, type SessionInput } from "~/.server/repos/formation-sessions";
import { joinWaitlist, listWaitlist } from "~/.server/repos/formation-waitlist";
import { insertStaff } from "~/.server/repos/staff";
import { describeEachEngine } from "../helpers/db";

/**
 * Issue 31, the staff side of dated sessions (/admin/formations/:id/sessions, through the route's
 * own action): a session's waiting list and 'Retirer', 'Paiement reçu' with a cheque's number, and
 * 'Supprimer la session' only for a session nobody is enrolled in or waiting for.
 */

const sessionInput = (over: Partial<SessionInput> = {}): SessionInput => ({
  start_date: "2099-02-15",
  end_date: "2099-02-17",
  day_start: "09:00",
  day_end: "17:00",
  place: "Kouba (Alger)",
  capacity: 1,
  price: 35_000_000,
  status: "open",
  payment_days: 7,
  offer_hours: 24,
  ...over,
});
const person = (i: number) => ({ user_name: `Nom${i}`, user_surname: `Prénom${i}`, email: `p${i}@exemple.dz`, phone: "0550 12 34 56" });
const form = (fields: Record<string, string | number>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, String(v));
  return f;
};

describeEachEngine("course sessions, staff side", (t) => {
  let actor: Actor;
  beforeEach(async () => {
    const u = await insertStaff(t.h, "dentiste@clinique.dz", "hash-not-used", "dentist");
    actor = { staffUserId: Number(u.id), label: "dentiste@clinique.dz", ip: "198.51.100.9" };
  });

  async function seeded(waiting: number) {
    const f = await createFormation(t.h, { title: "Implantologie", description: "D", duration_months: 6, max_participants: 10, price: 35_000_000, is_active: true, syllabus: null });
    const s = await createSession(t.h, f.id, sessionInput());
    const e = await enroll(t.h, { formation_id: null, session_id: s.id, ...person(100) });
    if (!e.ok) throw new Error("seed refused");
    for (let i = 0; i < waiting; i++) if (!(await joinWaitlist(t.h, s.id, person(i))).ok) throw new Error("join refused");
    return { f, s, e: e.enrollment };
  }
  const audited = (action: string) => t.h.db.selectFrom("audit_log").select(["action", "target_id", "staff_user_id"]).where("action", "=", action).execute();
  const act = (formationId: number, intent: string, fields: Record<string, string | number>) => formationSessionsAction(t.h, formationId, intent, form({ intent, ...fields }), actor);

  it("shows each session's waiting list in order with its offer state; 'Retirer' an offered person hands the place to the next, audited", async () => {
    const { f, s, e } = await seeded(3);
    await expect(act(f.id, "withdraw", { session_id: s.id, entry_id: 987_654 })).rejects.toMatchObject({ init: { status: 404 } });
    // the enrolment is cancelled from the enrolments dialog: the first waiting gets the offer
    await setEnrollmentStatus(t.h, e.id, "cancelled");
    const view = await loadFormationSessions(t.h, f.id);
    expect(view.waitlist.map((w) => [w.position, w.name, w.state])).toEqual([
      [1, "Prénom0 Nom0", "offered"],
      [2, "Prénom1 Nom1", "waiting"],
      [3, "Prénom2 Nom2", "waiting"],
    ]);
    expect(view.waitlist[0]).toMatchObject({ email: "p0@exemple.dz", phone: "0550 12 34 56", session_id: s.id });
    expect(view.waitlist[0].offer_expires_at).not.toBeNull();

    const [first] = await listWaitlist(t.h, s.id);
    expect(await act(f.id, "withdraw", { session_id: s.id, entry_id: first.id })).toEqual({ ok: true, message: expect.stringMatching(/^Personne retirée/) });
    expect((await listWaitlist(t.h, s.id)).map((w) => w.status)).toEqual(["withdrawn", "offered", "waiting"]);
    expect(await t.h.db.selectFrom("outbox").select("to_address").where("kind", "=", "course_offer").orderBy("id").execute()).toEqual([{ to_address: "p0@exemple.dz" }, { to_address: "p1@exemple.dz" }]);
    expect(await audited("formation.waitlist.remove")).toEqual([{ action: "formation.waitlist.remove", target_id: String(s.id), staff_user_id: actor.staffUserId }]);
    // withdrawn people leave the staff list; the others keep their order
    expect((await loadFormationSessions(t.h, f.id)).waitlist.map((w) => [w.position, w.name])).toEqual([
      [1, "Prénom1 Nom1"],
      [2, "Prénom2 Nom2"],
    ]);
    // twice: nothing more
    expect(await act(f.id, "withdraw", { session_id: s.id, entry_id: first.id })).toMatchObject({ ok: false, target: `s${s.id}` });
    expect(await audited("formation.waitlist.remove")).toHaveLength(1);
  });

  it("'Paiement reçu' by cheque requires its number (said beside the field) and stores it on the receipt", async () => {
    const { f, e } = await seeded(0);
    const refused = await act(f.id, "pay", { enrollment_id: e.id, amount: "350000", mode: "cheque" });
    expect(refused).toMatchObject({ ok: false, target: `e${e.id}` });
    if (!refused.ok) expect(refused.reply?.error?.chequeNumber).toEqual(["Indiquez le numéro du chèque."]);
    expect(await t.h.db.selectFrom("payments").select("id").execute()).toHaveLength(0);
    const paid = await act(f.id, "pay", { enrollment_id: e.id, amount: "350000", mode: "cheque", chequeNumber: " 0012345 " });
    expect(paid).toMatchObject({ ok: true, message: expect.stringMatching(/^Paiement enregistré/) });
    expect(await t.h.db.selectFrom("payments").select(["mode", "cheque_number", "enrollment_id", "amount"]).execute()).toEqual([{ mode: "cheque", cheque_number: "0012345", enrollment_id: e.id, amount: 35_000_000 }]);
    // another mode ignores a number typed before the mode changed
    const { e: e2, f: f2 } = await seeded(0);
    expect((await act(f2.id, "pay", { enrollment_id: e2.id, amount: "350000", mode: "especes", chequeNumber: "999" })).ok).toBe(true);
    expect((await t.h.db.selectFrom("payments").select("cheque_number").where("enrollment_id", "=", e2.id).executeTakeFirstOrThrow()).cheque_number).toBeNull();
  });

  it("'Supprimer la session' is refused with an enrolment or a waiting list (cancel it instead), and deletes an empty one, audited", async () => {
    const { f, s } = await seeded(1);
    const withEnrolment = await act(f.id, "delete", { id: s.id });
    expect(withEnrolment).toMatchObject({ ok: false, target: `s${s.id}`, message: expect.stringMatching(/inscriptions.*Annulez-la plutôt/) });
    // an enrolment cancelled still counts (its history stays); a waiting list alone refuses too
    const lone = await createSession(t.h, f.id, sessionInput({ start_date: "2099-03-15", end_date: "2099-03-16", capacity: 1 }));
    await enroll(t.h, { formation_id: null, session_id: lone.id, ...person(200) });
    await joinWaitlist(t.h, lone.id, person(201));
    await t.h.db.deleteFrom("enrollments").where("session_id", "=", lone.id).execute();
    expect(await act(f.id, "delete", { id: lone.id })).toMatchObject({ ok: false, message: expect.stringMatching(/liste d'attente.*Annulez-la plutôt/) });
    const empty = await createSession(t.h, f.id, sessionInput({ start_date: "2099-04-15", end_date: "2099-04-15" }));
    expect(await act(f.id, "delete", { id: empty.id })).toEqual({ ok: true, message: "Session supprimée." });
    expect(await getSession(t.h, empty.id)).toBeUndefined();
    expect(await getSession(t.h, s.id)).toBeDefined();
    expect(await audited("formation.session.delete")).toEqual([{ action: "formation.session.delete", target_id: String(f.id), staff_user_id: actor.staffUserId }]);
    // a session of another formation is not found here
    const other = await createFormation(t.h, { title: "Autre", description: "D", duration_months: 1, max_participants: 5, price: null, is_active: true, syllabus: null });
    await expect(act(other.id, "delete", { id: s.id })).rejects.toMatchObject({ init: { status: 404 } });
  });
});
