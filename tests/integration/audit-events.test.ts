import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { createLoadContext, staffContext } from "~/context";
import { audit, auditStaff } from "~/.server/audit";
import { updateAppointment, type AppointmentInput } from "~/.server/repos/appointments";
import { staffActor, type Actor } from "~/.server/actor";
import { createBlog, deleteBlog } from "~/.server/repos/blogs";
import { bookAppointment, moveAppointment, setAppointmentStatus } from "~/.server/repos/booking";
import { saveContactSettings } from "~/.server/repos/contact-settings";
import { createFormation, deleteFormation } from "~/.server/repos/formations";
import { mergePatients } from "~/.server/repos/patients";
import { erasePatient } from "~/.server/repos/patient-erasure";
import { exportPatient } from "~/.server/repos/patient-export";
import { addException, deleteException, saveServiceSettings, saveSettings, saveWeeklyHours } from "~/.server/repos/schedule";
import { insertStaff } from "~/.server/repos/staff";
import { loader as csvLoader } from "~/routes/admin.formations.$id.inscriptions[.]csv";
import { DEFAULT_CONTACT_SETTINGS } from "~/lib/contact-settings";
import { addDaysYmd, DEFAULT_SETTINGS, DEFAULT_WEEKLY, defaultSchedule } from "~/lib/schedule";
import { todayInClinic } from "~/lib/clinic-time";
import type { Service } from "~/lib/services";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";

/**
 * The audit log's entries for the changes of the clinic's day (docs/product.md, "Staff: audit
 * log"): appointment status, moves and prices, patient export, merge and erasure, deletions of
 * blog posts and formations, CSV exports and schedule changes. Each is written in the same
 * transaction as its change, names the account and its address, and holds no patient data (no
 * name, phone, reason, note or amount).
 */
const NOW = new Date("2026-11-23T08:50:00Z");
const TODAY = todayInClinic(NOW);
const PATIENT = { name: "Amina Benali", phone: "0550 12 34 56", email: "amina.benali@exemple.dz" };

describeEachEngine("audit log entries of staff changes", { appDb: true }, (t) => {
  let actor: Actor;
  let slot = 0;

  const entries = () => t.h.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

  async function book(over: Partial<AppointmentInput> = {}) {
    slot += 1;
    const r = await bookAppointment(
      t.h,
      { ...PATIENT, service: "Orthodontie", date: addDaysYmd(TODAY, 3), time: `${String(7 + slot).padStart(2, "0")}:00`, message: "douleur molaire", ...over } as AppointmentInput & { service: Service },
      { actor, mode: "forced", status: "requested", now: NOW },
    );
    if (!r.ok) throw new Error(`booking refused: ${r.reason}`);
    return r.appointment;
  }

  /** No entry carries the patient's identity, the reason typed or an amount. */
  async function expectNoPatientData() {
    const text = JSON.stringify(await entries());
    for (const secret of ["Amina", "Benali", "0550", "amina.benali", "douleur", "fièvre", "15000", "1500000"]) expect(text).not.toContain(secret);
  }

  beforeEach(async () => {
    slot = 0;
    const u = await insertStaff(t.h, "dentiste@clinique.dz", "hash-not-used", "dentist");
    actor = staffActor({ userId: Number(u.id), email: "dentiste@clinique.dz", ip: "198.51.100.7" });
  });

  it("a status change names both statuses, the account and its address, never the reason", async () => {
    const a = await book();
    const r = await setAppointmentStatus(t.h, a.id, "cancelled", { actor, reason: "fièvre et douleur", cancelledBy: "patient" });
    expect(r.ok).toBe(true);
    const rows = await entries();
    expect(rows.map((e) => [e.action, e.target_type, e.target_id, e.detail, e.actor, e.ip, Number(e.staff_user_id)])).toEqual([
      ["appointment.status", "appointment", String(a.id), "Demande reçue → Annulé", "dentiste@clinique.dz", "198.51.100.7", actor.staffUserId],
    ]);
    await expectNoPatientData();
  });

  it("a move names the old and new day and time; a change by the patient is not an audit entry", async () => {
    const a = await book();
    const moved = await moveAppointment(t.h, a.id, { date: addDaysYmd(TODAY, 4), time: "10:00" }, { actor, mode: "forced", now: NOW });
    expect(moved.ok).toBe(true);
    await setAppointmentStatus(t.h, a.id, "confirmed", { actor: { staffUserId: null, label: "Patient" } });
    const rows = await entries();
    expect(rows.map((e) => [e.action, e.detail])).toEqual([["appointment.moved", `${a.date} ${a.time} → ${addDaysYmd(TODAY, 4)} 10:00 (réservé hors des règles de l'agenda)`]]);
  });

  it("a price edit names the fields changed, never the amounts; an edit without price change writes nothing", async () => {
    const a = await book();
    await updateAppointment(t.h, a.id, { prixtotal: 1_500_000, prixpay: 0 }, actor);
    await updateAppointment(t.h, a.id, { progress: "Détartrage fait" }, actor);
    await updateAppointment(t.h, a.id, { prixtotal: 1_500_000, prixpay: 500_000 }, actor);
    const rows = await entries();
    expect(rows.map((e) => [e.action, e.target_id, e.detail])).toEqual([
      ["appointment.price", String(a.id), "prix total, prix payé"],
      ["appointment.price", String(a.id), "prix payé"],
    ]);
    await expectNoPatientData();
  });

  it("patient export, merge and erasure are recorded with the record's id only", async () => {
    const a = await book();
    const b = await book({ name: "Amina Benali-Saidi", phone: "0661 22 33 44" });
    const keep = Number(a.patient_id);
    const gone = Number(b.patient_id);
    expect(await exportPatient(t.h, keep, actor, "csv", NOW)).toBeDefined();
    expect((await mergePatients(t.h, keep, gone, actor)).ok).toBe(true);
    expect((await erasePatient(t.h, keep, actor, NOW)).ok).toBe(true);
    const rows = await entries();
    expect(rows.map((e) => [e.action, e.target_type, e.target_id, e.detail])).toEqual([
      ["patient.export", "patient", String(keep), "CSV"],
      ["patient.merge", "patient", String(keep), `Dossier #${gone} fusionné dans #${keep}`],
      ["patient.erase", "patient", String(keep), "2 rendez-vous anonymisé(s)"],
    ]);
    await expectNoPatientData();
  });

  it("deleting a blog post or a formation is recorded with its title; deleting nothing records nothing", async () => {
    const post = await createBlog(t.h, { title: "Les implants", content: "Texte" });
    const formation = await createFormation(t.h, { title: "Implantologie", description: "Six mois", duration_months: 6, max_participants: 10, price: null, is_active: true, syllabus: null });
    expect(await deleteBlog(t.h, post.id, actor)).toBe(true);
    expect(await deleteBlog(t.h, post.id, actor)).toBe(false);
    expect(await deleteFormation(t.h, formation.id, actor)).toBe(true);
    const rows = await entries();
    expect(rows.map((e) => [e.action, e.target_type, e.target_id, e.detail])).toEqual([
      ["blog.delete", "blog", String(post.id), "Les implants"],
      ["formation.delete", "formation", String(formation.id), "Implantologie"],
    ]);
  });

  it("every schedule change names its part", async () => {
    const schedule = defaultSchedule();
    await saveWeeklyHours(t.h, DEFAULT_WEEKLY, actor);
    const closure = await addException(t.h, { startDate: "2026-12-24", endDate: "2026-12-26", label: "Fêtes", ranges: [] }, actor);
    expect(await deleteException(t.h, Number(closure.id), actor)).toBe(true);
    await saveServiceSettings(t.h, Object.values(schedule.services), actor);
    await saveSettings(t.h, DEFAULT_SETTINGS, actor);
    await saveContactSettings(t.h, DEFAULT_CONTACT_SETTINGS, actor);
    const rows = await entries();
    expect(rows.map((e) => [e.action, e.detail])).toEqual([
      ["schedule.change", "Horaires de la semaine"],
      ["schedule.change", "Période ajoutée : 2026-12-24 → 2026-12-26"],
      ["schedule.change", "Période supprimée : 2026-12-24 → 2026-12-26"],
      ["schedule.change", "Durées et réservation en ligne des soins"],
      ["schedule.change", "Règles de réservation (délai, horizon, fauteuils)"],
      ["schedule.change", "Annulation, rappels et conservation des données"],
    ]);
  });

  it("a CSV export of enrolments is recorded before the file is served", async () => {
    const formation = await createFormation(t.h, { title: "Implantologie", description: "Six mois", duration_months: 6, max_participants: 10, price: null, is_active: true, syllabus: null });
    const context = createLoadContext({ nonce: "", clientIp: "203.0.113.9" });
    context.set(staffContext, staffSession({ userId: actor.staffUserId!, email: "dentiste@clinique.dz", role: "dentist" }));
    const res = (await csvLoader({ request: new Request(`http://clinic.test/admin/formations/${formation.id}/inscriptions.csv`), url: new URL(`http://clinic.test/admin/formations/${formation.id}/inscriptions.csv`), params: { id: String(formation.id) }, context } as never)) as Response;
    expect(res.status).toBe(200);
    const rows = await entries();
    expect(rows.map((e) => [e.action, e.target_type, e.target_id, e.detail, e.ip])).toEqual([["export.csv", "formation", String(formation.id), `Inscriptions (inscriptions_${formation.id}.csv)`, "127.0.0.1"]]);
  });

  it("the entry commits with its change: a failed change leaves no entry, and an entry cannot be edited or deleted early", async () => {
    await expect(
      t.h.db.transaction().execute(async (trx) => {
        await auditStaff(trx, actor, { action: "schedule.change", detail: "annulé" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await entries()).toEqual([]);

    await audit(t.h, { userId: actor.staffUserId, email: actor.label }, { action: "schedule.change", detail: "gardé" });
    await expect(sql`update audit_log set detail = 'modifié'`.execute(t.h.db)).rejects.toThrow();
    await expect(sql`delete from audit_log`.execute(t.h.db)).rejects.toThrow();
    expect((await entries()).map((e) => e.detail)).toEqual(["gardé"]);
  });
});
