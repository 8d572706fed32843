import { beforeEach, expect, it } from "vitest";
import type { Actor } from "~/.server/actor";
import { getClinic } from "~/.server/clinic";
import { enroll, getEnrollment, setEnrollmentStatus } from "~/.server/repos/enrollments";
import { runPaymentDeadlines } from "~/.server/repos/enrollment-deadlines";
import { createFormation, type FormationInput } from "~/.server/repos/formations";
import { createSession, getSession, listSessions, type SessionInput } from "~/.server/repos/formation-sessions";
import { claimOffer, joinWaitlist, listWaitlist, offerFreedPlaces, passExpiredOffers, type OfferContext } from "~/.server/repos/formation-waitlist";
import { recordEnrollmentPayment } from "~/.server/repos/payments";
import { insertStaff } from "~/.server/repos/staff";
import { formationOfferAction, formationOfferView, openFormationOffer } from "~/.server/formation-offer-actions";
import { placesLeft, sessionStatus } from "~/lib/formation-session";
import { describeEachEngine } from "../helpers/db";

/** Issue 31, items 3-5: session counts, capacity and claim races, offers expiring, the payment deadline. */

const NOW = new Date("2027-01-04T09:00:00.000Z");
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const formation = (over: Partial<FormationInput> = {}): FormationInput => ({ title: "Implantologie — session test", description: "D", duration_months: 6, max_participants: 10, price: 35_000_000, is_active: true, syllabus: null, ...over });
const sessionInput = (over: Partial<SessionInput> = {}): SessionInput => ({
  start_date: "2027-02-15",
  end_date: "2027-02-17",
  day_start: "09:00",
  day_end: "17:00",
  place: "Kouba (Alger)",
  capacity: 10,
  price: 35_000_000,
  status: "open",
  payment_days: 7,
  offer_hours: 24,
  ...over,
});
const person = (i: number) => ({ user_name: `Nom${i}`, user_surname: `Prénom${i}`, email: `p${i}@exemple.dz`, phone: "0550 12 34 56" });

describeEachEngine("course sessions", (t) => {
  let ctx: OfferContext;
  beforeEach(async () => {
    ctx = { clinic: await getClinic(t.h), origin: "https://clinique.example" };
  });

  async function seeded(over: Partial<SessionInput> = {}) {
    const f = await createFormation(t.h, formation());
    const s = await createSession(t.h, f.id, sessionInput(over));
    return { f, s };
  }
  const outbox = (kind: string) => t.h.db.selectFrom("outbox").select(["to_address", "body_text"]).where("kind", "=", kind).orderBy("id").execute();

  it("counts every enrolment made for a session on it, and requires a session when the formation has one", async () => {
    const { f, s } = await seeded({ capacity: 10 });
    // 'Pas de préférence' (no formation) and the formation without its session are refused: a session exists
    expect(await enroll(t.h, { formation_id: null, ...person(1) }, { at: NOW.toISOString() })).toEqual({ ok: false, reason: "session_required" });
    expect(await enroll(t.h, { formation_id: f.id, ...person(2) }, { at: NOW.toISOString() })).toEqual({ ok: false, reason: "session_required" });
    const a = await enroll(t.h, { formation_id: null, session_id: s.id, ...person(3) }, { at: NOW.toISOString() });
    const b = await enroll(t.h, { formation_id: f.id, session_id: s.id, ...person(4) }, { at: NOW.toISOString() });
    expect(a.ok && b.ok).toBe(true);
    const [listed] = await listSessions(t.h, f.id, NOW);
    expect(listed).toMatchObject({ id: s.id, taken: 2, held: 0, capacity: 10 });
    expect(placesLeft(listed)).toBe(8);
    const rows = await t.h.db.selectFrom("enrollments").selectAll().where("session_id", "=", s.id).execute();
    expect(rows).toHaveLength(2);
    // every enrolment of the session names its formation too, and waits for payment 7 days
    expect(rows.every((r) => Number(r.formation_id) === f.id && r.status === "pending" && r.payment_due_at === new Date(NOW.getTime() + 7 * DAY).toISOString())).toBe(true);
    expect(await t.h.db.selectFrom("enrollments").select("id").where("formation_id", "is", null).execute()).toHaveLength(0);
  });

  it("derives 'Complet', 'Terminée' and 'Annulée' from the places, the calendar and the stored status", async () => {
    const { s } = await seeded({ capacity: 1 });
    expect(sessionStatus((await getSession(t.h, s.id, NOW))!, "2027-01-04")).toBe("open");
    expect((await enroll(t.h, { formation_id: null, session_id: s.id, ...person(1) }, { at: NOW.toISOString() })).ok).toBe(true);
    expect(sessionStatus((await getSession(t.h, s.id, NOW))!, "2027-01-04")).toBe("full");
    expect(sessionStatus((await getSession(t.h, s.id, NOW))!, "2027-02-18")).toBe("finished");
    await t.h.db.updateTable("formation_sessions").set({ status: "cancelled" }).where("id", "=", s.id).execute();
    expect(sessionStatus((await getSession(t.h, s.id, NOW))!, "2027-01-04")).toBe("cancelled");
    expect(await enroll(t.h, { formation_id: null, session_id: s.id, ...person(2) }, { at: NOW.toISOString() })).toEqual({ ok: false, reason: "unavailable" });
  });

  it("40 concurrent enrolments in a 6-place session store exactly 6", async () => {
    const { s } = await seeded({ capacity: 6 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => enroll(t.h, { formation_id: null, session_id: s.id, ...person(i) }, { submissionKey: `k-${i}`, at: NOW.toISOString() })));
    expect(results.filter((r) => r.ok)).toHaveLength(6);
    expect(results.filter((r) => !r.ok && r.reason === "full")).toHaveLength(34);
    expect((await getSession(t.h, s.id, NOW))!.taken).toBe(6);
  });

  /** A full 2-place session with `waiting` people on its list; the first enrolment is returned. */
  async function fullWithList(waiting: number, over: Partial<SessionInput> = {}) {
    const { s } = await seeded({ capacity: 2, ...over });
    const first = await enroll(t.h, { formation_id: null, session_id: s.id, ...person(100) }, { at: NOW.toISOString() });
    const second = await enroll(t.h, { formation_id: null, session_id: s.id, ...person(101) }, { at: NOW.toISOString() });
    if (!first.ok || !second.ok) throw new Error("seed refused");
    // not full yet: the list is refused (enrol instead)
    for (let i = 0; i < waiting; i++) {
      const r = await joinWaitlist(t.h, s.id, person(i), { at: NOW });
      if (!r.ok) throw new Error(`join refused: ${r.reason}`);
    }
    return { s, first: first.enrollment, second: second.enrollment };
  }
  const offerer = () => ({ offer: async (trx: Parameters<typeof offerFreedPlaces>[0], session: Parameters<typeof offerFreedPlaces>[1], title: string) => offerFreedPlaces(trx, session, title, NOW, ctx) });

  it("refuses the list while places are left; a cancellation offers the place to the first waiting, by e-mail, and holds it", async () => {
    const { s: open } = await seeded({ capacity: 3 });
    expect(await joinWaitlist(t.h, open.id, person(1), { at: NOW })).toEqual({ ok: false, reason: "not_full" });
    const { s, first } = await fullWithList(3);
    expect((await joinWaitlist(t.h, s.id, person(0), { at: NOW })).ok).toBe(true); // the same e-mail twice: one row
    expect(await listWaitlist(t.h, s.id)).toHaveLength(3);
    await setEnrollmentStatus(t.h, first.id, "cancelled", offerer());
    const list = await listWaitlist(t.h, s.id);
    expect(list.map((w) => w.status)).toEqual(["offered", "waiting", "waiting"]);
    expect(list[0].offer_expires_at).toBe(new Date(NOW.getTime() + 24 * HOUR).toISOString());
    expect(list[0].link_hash).toMatch(/^[0-9a-f]{64}$/);
    const mails = await outbox("course_offer");
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe("p0@exemple.dz");
    expect(mails[0].body_text).toMatch(/https:\/\/clinique\.example\/offre-formation\/[A-Za-z0-9_-]{43}/);
    // the held place counts: a public enrolment finds the session full
    expect(await enroll(t.h, { formation_id: null, session_id: s.id, ...person(50) }, { at: NOW.toISOString() })).toEqual({ ok: false, reason: "full" });
  });

  it("a cancellation from the staff enrolments dialog (no offers passed, as the route calls it) offers the place too", async () => {
    // the sessions of this test start after the real clock's today: the default offers at the real time
    const { s, first } = await fullWithList(2, { start_date: "2099-02-15", end_date: "2099-02-17" });
    const changed = await setEnrollmentStatus(t.h, first.id, "cancelled");
    expect(changed.ok).toBe(true);
    const list = await listWaitlist(t.h, s.id);
    expect(list.map((w) => w.status)).toEqual(["offered", "waiting"]);
    expect(new Date(list[0].offer_expires_at!).getTime()).toBeGreaterThan(Date.now());
    const mails = await outbox("course_offer");
    expect(mails.map((m) => m.to_address)).toEqual(["p0@exemple.dz"]);
    expect(mails[0].body_text).toMatch(/\/offre-formation\/[A-Za-z0-9_-]{43}/);
    // a move that frees no place (pending to confirmed) offers nothing more
    await setEnrollmentStatus(t.h, (await fullWithList(1, { start_date: "2099-03-15", end_date: "2099-03-17" })).second.id, "confirmed");
    expect(await outbox("course_offer")).toHaveLength(1);
  });

  it("the offer's page /offre-formation/<token> shows the session, takes the place once, and a wrong token is a 404", async () => {
    const { s, first } = await fullWithList(2);
    await setEnrollmentStatus(t.h, first.id, "cancelled", offerer());
    const [mail] = await outbox("course_offer");
    const token = /\/offre-formation\/([A-Za-z0-9_-]{43})/.exec(mail.body_text)![1];
    const at = new Date(NOW.getTime() + HOUR);
    const found = await openFormationOffer(token, "203.0.113.9", t.h, at);
    expect(formationOfferView(found, at)).toMatchObject({ title: "Implantologie — session test", place: "Kouba (Alger)", firstName: "Nom0", state: "open" });
    const post = () => new Request("http://x/offre-formation/t", { method: "POST", body: new URLSearchParams({ intent: "claim" }) });
    const [a, b] = await Promise.all([formationOfferAction(found, post(), t.h, at), formationOfferAction(found, post(), t.h, at)]);
    // the same person tapping twice: one enrolment, both told their place is taken
    expect([a, b].map((r) => (r as unknown as { data: { ok: boolean; message: string } }).data.message.startsWith("Votre place est réservée"))).toEqual([true, true]);
    const rows = await t.h.db.selectFrom("enrollments").select(["user_name", "status"]).where("session_id", "=", s.id).where("status", "=", "pending").execute();
    expect(rows.filter((r) => r.user_name === "Nom0")).toHaveLength(1);
    expect(formationOfferView(await openFormationOffer(token, "203.0.113.9", t.h, at), at).state).toBe("claimed");
    await expect(openFormationOffer("x".repeat(43), "203.0.113.9", t.h, at)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("an unclaimed offer expires after its hours (fake clock) and passes to the next person; the expired link claims nothing", async () => {
    const { s, first } = await fullWithList(2, { offer_hours: 6 });
    await setEnrollmentStatus(t.h, first.id, "cancelled", offerer());
    const [w0] = await listWaitlist(t.h, s.id);
    expect(await passExpiredOffers(t.h, new Date(NOW.getTime() + 5 * HOUR), ctx)).toBe(0);
    const later = new Date(NOW.getTime() + 6 * HOUR + 1000);
    expect(await passExpiredOffers(t.h, later, ctx)).toBe(1);
    const list = await listWaitlist(t.h, s.id);
    expect(list.map((w) => w.status)).toEqual(["expired", "offered"]);
    expect((await outbox("course_offer")).map((m) => m.to_address)).toEqual(["p0@exemple.dz", "p1@exemple.dz"]);
    expect(await claimOffer(t.h, w0.id, later)).toEqual({ ok: false, reason: "expired" });
    const claimed = await claimOffer(t.h, list[1].id, later);
    expect(claimed.ok).toBe(true);
    const after = (await getSession(t.h, s.id, later))!;
    expect({ taken: after.taken, held: after.held }).toEqual({ taken: 2, held: 0 });
  });

  it("concurrent claims give at most the free places: 2 places freed, 2 offers each claimed 8 times, 10 enrolments at once: 2 enrolments", async () => {
    const { s, first, second } = await fullWithList(5);
    await setEnrollmentStatus(t.h, first.id, "cancelled", offerer());
    await setEnrollmentStatus(t.h, second.id, "cancelled", offerer());
    const offered = (await listWaitlist(t.h, s.id)).filter((w) => w.status === "offered");
    expect(offered).toHaveLength(2);
    const at = new Date(NOW.getTime() + HOUR);
    const claims = offered.flatMap((w) => Array.from({ length: 8 }, () => claimOffer(t.h, w.id, at)));
    const publics = Array.from({ length: 10 }, (_, i) => enroll(t.h, { formation_id: null, session_id: s.id, ...person(200 + i) }, { at: at.toISOString() }));
    const [claimResults, publicResults] = await Promise.all([Promise.all(claims), Promise.all(publics)]);
    const created = claimResults.filter((r) => r.ok && !r.duplicate);
    expect(created).toHaveLength(2);
    expect(publicResults.filter((r) => r.ok)).toHaveLength(0);
    const occupying = await t.h.db.selectFrom("enrollments").select("id").where("session_id", "=", s.id).where("status", "in", ["pending", "confirmed"]).execute();
    expect(occupying).toHaveLength(2);
    expect((await getSession(t.h, s.id, at))!.taken).toBe(2);
  });

  it("payment deadline: a reminder first, the place released 48 h later and offered to the waiting list (fake clock)", async () => {
    const { s, first, second } = await fullWithList(1, { payment_days: 3 });
    const u = await insertStaff(t.h, "accueil@clinique.dz", "hash-not-used", "assistant");
    const staff: Actor = { staffUserId: Number(u.id), label: "accueil@clinique.dz", ip: "198.51.100.9" };
    // the second pays: confirmed, with a receipt of the Money module tied to the enrolment (no patient)
    const paid = await recordEnrollmentPayment(t.h, { enrollmentId: second.id, amount: 35_000_000, mode: "especes", actor: staff, at: new Date(NOW.getTime() + DAY) });
    expect(paid.ok).toBe(true);
    if (paid.ok) expect(paid.payment).toMatchObject({ enrollment_id: second.id, patient_id: null, appointment_id: null, mode: "especes", amount: 35_000_000 });
    if (paid.ok) expect(paid.payment.receipt_no).toMatch(/^\d{4}-\d{6}$/);
    expect(await getEnrollment(t.h, second.id)).toMatchObject({ status: "confirmed" });

    expect(await runPaymentDeadlines(t.h, new Date(NOW.getTime() + 3 * DAY - 1000), ctx)).toEqual({ reminded: 0, released: 0, offered: 0 });
    const pastDue = new Date(NOW.getTime() + 3 * DAY + 1000);
    expect(await runPaymentDeadlines(t.h, pastDue, ctx)).toEqual({ reminded: 1, released: 0, offered: 0 });
    expect((await outbox("course_payment_reminder")).map((m) => m.to_address)).toEqual(["p100@exemple.dz"]);
    // run again: no second reminder, nothing released yet
    expect(await runPaymentDeadlines(t.h, new Date(pastDue.getTime() + 47 * HOUR), ctx)).toEqual({ reminded: 0, released: 0, offered: 0 });
    const release = new Date(pastDue.getTime() + 48 * HOUR);
    expect(await runPaymentDeadlines(t.h, release, ctx)).toEqual({ reminded: 0, released: 1, offered: 1 });
    expect(await getEnrollment(t.h, first.id)).toMatchObject({ status: "cancelled", released_at: release.toISOString() });
    expect((await outbox("course_released")).map((m) => m.to_address)).toEqual(["p100@exemple.dz"]);
    expect((await listWaitlist(t.h, s.id))[0].status).toBe("offered");
    // a payment after the release is refused
    expect(await recordEnrollmentPayment(t.h, { enrollmentId: first.id, amount: 100, mode: "especes", actor: staff, at: release })).toEqual({ ok: false, reason: "not_pending" });
  });
});
