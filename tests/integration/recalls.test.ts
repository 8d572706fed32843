import { expect, it } from "vitest";
import { setAppointmentStatus } from "~/.server/repos/booking";
import { createAppointment, updateAppointment, type AppointmentInput } from "~/.server/repos/appointments";
import { listDueRecalls, markRecallSent, optOutByToken, patientRecalls, recallByToken, saveIntervals, setRecallOptOut, loadIntervals } from "~/.server/repos/recalls";
import { mergePatients } from "~/.server/repos/patients";
import { erasePatient } from "~/.server/repos/patient-erasure";
import { recallTokenFromSalt } from "~/.server/link-tokens";
import { insertStaff } from "~/.server/repos/staff";
import { describeEachEngine } from "../helpers/db";

/**
 * 'Rappels de suivi' on both engines (issue 31, item 2): an honoured visit sets the patient's
 * recall (visit day + the service's interval), a later one moves it (and its 'Relancé' starts
 * again), taking 'Honoré' back removes it; the list 'Suivis à proposer' leaves out a patient with
 * a booked appointment of the service, one who opted out (by the link or by staff) and an erased
 * record; 'Relancé' is stored with who and when and written to the audit log; a change of
 * interval moves the due days.
 */

const input = (over: Partial<AppointmentInput> = {}): AppointmentInput => ({
  name: "Amina Benali",
  email: "amina@exemple.dz",
  phone: "0550 12 34 56",
  service: "Blanchiment des dents",
  date: "2030-03-10",
  time: "10:00",
  ...over,
});

describeEachEngine("recalls", { appDb: true }, (t) => {
  const actor = { staffUserId: null, label: "Démo" };
  const staffActor = async () => {
    const row = await insertStaff(t.h, "accueil@clinique.test", "x");
    return { staffUserId: Number(row.id), label: row.email, ip: "203.0.113.7" };
  };

  /** A visit marked 'Honoré' the way the front desk does it (confirmed, then attended). */
  const visit = async (over: Partial<AppointmentInput> = {}) => {
    const { appointment } = await createAppointment(t.h, input(over));
    const id = Number(appointment.id);
    expect((await setAppointmentStatus(t.h, id, "confirmed", { actor })).ok).toBe(true);
    expect((await setAppointmentStatus(t.h, id, "attended", { actor })).ok).toBe(true);
    return { id, patientId: Number(appointment.patient_id) };
  };
  const recallRows = (patientId: number) => t.h.db.selectFrom("recalls").selectAll().where("patient_id", "=", patientId).execute();

  it("an honoured visit sets the recall, a later one moves it, taking 'Honoré' back removes it", async () => {
    const { id: first, patientId } = await visit();
    // a booked appointment is no visit yet
    const { appointment: booked } = await createAppointment(t.h, input({ service: "Soins conservateurs", date: "2030-04-01" }));
    expect(Number(booked.patient_id)).toBe(patientId);
    let rows = await recallRows(patientId);
    expect(rows.map((r) => [r.service, r.visit_date, r.due_date])).toEqual([["Blanchiment des dents", "2030-03-10", "2031-03-10"]]);
    expect(rows[0].link_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].link_hash).not.toContain(rows[0].link_salt);

    const staff = await staffActor();
    expect((await markRecallSent(t.h, Number(rows[0].id), "whatsapp", staff, "2031-03-01T09:00:00.000Z")).ok).toBe(true);

    // a later visit of the same service moves it, and the relance belongs to the old due day
    const { id: second } = await visit({ date: "2030-09-20" });
    rows = await recallRows(patientId);
    expect(rows.map((r) => [r.visit_date, r.due_date, r.appointment_id, r.sent_at])).toEqual([["2030-09-20", "2031-09-20", second, null]]);
    // an older visit marked afterwards does not take it back
    await visit({ date: "2030-01-05" });
    expect((await recallRows(patientId)).map((r) => r.due_date)).toEqual(["2031-09-20"]);

    // a wrong tap corrected ('Honoré' → 'Absent'): back to the visit before it
    expect((await setAppointmentStatus(t.h, second, "no_show", { actor })).ok).toBe(true);
    expect((await recallRows(patientId)).map((r) => [r.visit_date, r.due_date])).toEqual([["2030-03-10", "2031-03-10"]]);
    // a service without interval makes none; with every visit undone, no recall is left
    await visit({ service: "Extraction dentaire", date: "2030-05-05" });
    expect((await recallRows(patientId)).map((r) => r.service)).toEqual(["Blanchiment des dents"]);
    await setAppointmentStatus(t.h, first, "no_show", { actor });
    const left = await recallRows(patientId);
    expect(left.map((r) => r.visit_date)).toEqual(["2030-01-05"]);
    const record = await patientRecalls(t.h, patientId);
    expect(record.recalls).toEqual([{ service: "Blanchiment des dents", visitDate: "2030-01-05", due: "2031-01-05", sentAt: null, sentBy: null }]);
  });

  it("an honoured visit typed under the wrong patient and corrected takes its recall to the right record", async () => {
    const { id, patientId: wrong } = await visit({ name: "Amina Benali", phone: "0550 12 34 56" });
    const { patientId: right } = await visit({ name: "Karim Mansouri", phone: "0551 87 65 43", service: "Soins conservateurs", date: "2030-01-10" });
    expect((await recallRows(wrong)).map((r) => r.service)).toEqual(["Blanchiment des dents"]);
    const staff = await staffActor();
    const row = await updateAppointment(t.h, id, { name: "Karim Mansouri", phone: "0551 87 65 43" }, staff);
    expect(Number(row?.patient_id)).toBe(right);
    expect(await recallRows(wrong)).toEqual([]);
    expect((await recallRows(right)).map((r) => [r.service, r.visit_date, r.due_date]).sort()).toEqual([
      ["Blanchiment des dents", "2030-03-10", "2031-03-10"],
      ["Soins conservateurs", "2030-01-10", "2030-07-10"],
    ]);
  });

  it("the list: due by the end of the month, without a booked appointment of the service, opted-out or erased records", async () => {
    const a = await visit({ name: "Amina Benali", phone: "0550 12 34 56", service: "Soins conservateurs", date: "2030-05-31" });
    const b = await visit({ name: "Karim Mansouri", phone: "0551 87 65 43", service: "Implementation", date: "2029-10-02" });
    const c = await visit({ name: "Nadia Cherif", phone: "0662 10 20 30", service: "Soins conservateurs", date: "2030-05-15" });
    await visit({ name: "Plus Tard", phone: "0770 00 11 22", service: "Soins conservateurs", date: "2030-06-01" });
    const today = "2030-11-20";
    const names = async (day = today) => (await listDueRecalls(t.h, day)).map((r) => `${r.name}:${r.due}`);
    // 6 months after May 31 is November 30; after June 1, December 1: not this month
    expect(await names()).toEqual(["Karim Mansouri:2030-10-02", "Nadia Cherif:2030-11-15", "Amina Benali:2030-11-30"]);

    // a booked appointment of that service (today or later) means no recall is due; another service does not count
    const { appointment: next } = await createAppointment(t.h, input({ name: "Nadia Cherif", phone: "0662 10 20 30", service: "Soins conservateurs", date: "2030-12-03" }));
    await createAppointment(t.h, input({ name: "Karim Mansouri", phone: "0551 87 65 43", service: "Orthodontie", date: "2030-12-03" }));
    expect(await names()).toEqual(["Karim Mansouri:2030-10-02", "Amina Benali:2030-11-30"]);
    await setAppointmentStatus(t.h, Number(next.id), "cancelled", { actor });
    expect(await names()).toContain("Nadia Cherif:2030-11-15");

    // 'Ne plus me rappeler' from the link: a GET-free lookup, then the opt-out
    const [karim] = await t.h.db.selectFrom("recalls").select(["link_salt"]).where("patient_id", "=", b.patientId).execute();
    const token = recallTokenFromSalt(karim.link_salt);
    expect(await recallByToken(t.h, token)).toEqual({ patientId: b.patientId, optedOut: false });
    expect(await recallByToken(t.h, token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(await optOutByToken(t.h, token)).toBe(true);
    expect(await names()).toEqual(["Nadia Cherif:2030-11-15", "Amina Benali:2030-11-30"]);
    const patient = await t.h.db.selectFrom("patients").select(["recall_opt_out_at", "recall_opt_out_by"]).where("id", "=", b.patientId).executeTakeFirstOrThrow();
    expect(patient.recall_opt_out_by).toBe("Patient");
    const events = await t.h.db.selectFrom("patient_events").select(["action", "actor"]).where("patient_id", "=", b.patientId).where("action", "in", ["recall_opt_out", "recall_opt_in"]).execute();
    expect(events).toEqual([{ action: "recall_opt_out", actor: "Patient" }]);

    // staff set it for a patient who asks by phone, and lift it: both in the audit log
    const staff = await staffActor();
    expect(await setRecallOptOut(t.h, a.patientId, true, staff)).toBe(true);
    expect(await setRecallOptOut(t.h, a.patientId, true, staff)).toBe(false);
    expect(await names()).toEqual(["Nadia Cherif:2030-11-15"]);
    expect(await setRecallOptOut(t.h, b.patientId, false, staff)).toBe(true);
    expect(await names()).toEqual(["Karim Mansouri:2030-10-02", "Nadia Cherif:2030-11-15"]);
    const audit = await t.h.db.selectFrom("audit_log").select(["action", "actor", "target_id"]).where("action", "like", "recall.%").orderBy("id").execute();
    expect(audit).toEqual([
      { action: "recall.optout", actor: "accueil@clinique.test", target_id: String(a.patientId) },
      { action: "recall.optin", actor: "accueil@clinique.test", target_id: String(b.patientId) },
    ]);

    // 'Relancé': who, when, how, and the audit log; refused for an opted-out record
    const [nadia] = await listDueRecalls(t.h, today).then((rows) => rows.filter((r) => r.patientId === c.patientId));
    expect(await markRecallSent(t.h, nadia.id, "sms", staff, "2030-11-20T08:30:00.000Z")).toEqual({ ok: true, patientId: c.patientId });
    const shown = (await listDueRecalls(t.h, today)).find((r) => r.id === nadia.id)!;
    expect([shown.sentAt, shown.sentBy, shown.sentChannel]).toEqual(["2030-11-20T08:30:00.000Z", "accueil@clinique.test", "sms"]);
    const sent = await t.h.db.selectFrom("audit_log").select(["action", "detail"]).where("action", "=", "recall.sent").execute();
    expect(sent.map((e) => `${e.action} ${e.detail?.replace(/\s/g, " ")}`)).toEqual(["recall.sent Relance : SMS"]);
    const [amina] = await t.h.db.selectFrom("recalls").select("id").where("patient_id", "=", a.patientId).execute();
    expect(await markRecallSent(t.h, Number(amina.id), "appel", staff)).toEqual({ ok: false, reason: "opted_out" });

    // an erased record leaves the list with its recalls, and its link opens nothing
    expect((await erasePatient(t.h, b.patientId, staff)).ok).toBe(true);
    expect(await recallByToken(t.h, token)).toBeNull();
    expect(await names()).toEqual(["Nadia Cherif:2030-11-15"]);
  });

  it("a demo visit shows in the list and is never sent; intervals changed move the due days; a merge keeps the opt-out", async () => {
    const { appointment } = await createAppointment(t.h, input({ date: "2030-06-10", service: "Soins conservateurs" }), { submissionKey: "demo-recall-1" });
    await setAppointmentStatus(t.h, Number(appointment.id), "attended", { actor });
    const [demo] = await listDueRecalls(t.h, "2030-12-01");
    expect([demo.demo, demo.due]).toEqual([true, "2030-12-10"]);
    const staff = await staffActor();
    expect(await markRecallSent(t.h, demo.id, "whatsapp", staff)).toEqual({ ok: false, reason: "demo" });

    const intervals = await loadIntervals(t.h);
    expect(intervals["Soins conservateurs"]).toBe(6);
    await saveIntervals(t.h, { ...intervals, "Soins conservateurs": 3 }, staff);
    expect((await listDueRecalls(t.h, "2030-09-01")).map((r) => r.due)).toEqual(["2030-09-10"]);
    await saveIntervals(t.h, { ...intervals, "Soins conservateurs": null }, staff);
    expect(await t.h.db.selectFrom("recalls").select("id").execute()).toEqual([]);
    await saveIntervals(t.h, intervals, staff);
    expect((await listDueRecalls(t.h, "2030-12-01")).map((r) => r.due)).toEqual(["2030-12-10"]);

    // two records of one patient merged: the recall follows the kept one, and so does 'Ne plus me rappeler'
    const other = await visit({ name: "Amina Benali", phone: "0661 00 00 00", service: "Blanchiment des dents", date: "2030-01-15" });
    await setRecallOptOut(t.h, Number(appointment.patient_id), true, staff);
    expect((await mergePatients(t.h, other.patientId, Number(appointment.patient_id), staff)).ok).toBe(true);
    expect((await recallRows(other.patientId)).map((r) => r.service).sort()).toEqual(["Blanchiment des dents", "Soins conservateurs"]);
    expect((await patientRecalls(t.h, other.patientId)).optOutAt).not.toBeNull();
    expect(await listDueRecalls(t.h, "2031-12-01")).toEqual([]);
  });
});
