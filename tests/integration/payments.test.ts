import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import type { Actor } from "~/.server/actor";
import { createAppointment, getAppointment, historyFor, updateAppointment, type AppointmentInput } from "~/.server/repos/appointments";
import { erasePatient } from "~/.server/repos/patient-erasure";
import { mergePatients } from "~/.server/repos/patients";
import { collectedTotals, paymentsOf, recordPayment } from "~/.server/repos/payments";
import { insertStaff } from "~/.server/repos/staff";
import type { AppointmentStatus } from "~/lib/appointment-status";
import { describeEachEngine } from "../helpers/db";

/**
 * Payments (app/.server/repos/payments.ts; ADR 021) on both engines: a payment is its own row and
 * raises the appointment's prixpay in the same transaction, with its history line and its audit
 * entry; what does not fit (over the balance, a cancelled appointment, no price) is refused with
 * nothing written; the database itself refuses a bad mode, an amount of 0 and a long note; two
 * payments at once that together exceed the balance: one is refused.
 */

const MONDAY_NOON = new Date("2026-11-23T11:00:00Z"); // 12:00 in Algiers
const LATE_EVENING = new Date("2026-11-23T23:30:00Z"); // 00:30 on Tuesday in Algiers

function visit(over: Partial<AppointmentInput> = {}): AppointmentInput {
  return { name: "Amina Benali", email: null, phone: "0550 12 34 56", service: "Orthodontie", date: "2026-11-23", time: "10:00", prixtotal: 1_500_000, prixpay: 300_000, ...over };
}

describeEachEngine("payments", (t) => {
  let staff: Actor;

  beforeEach(async () => {
    const u = await insertStaff(t.h, "accueil@clinique.dz", "hash-not-used", "assistant");
    staff = { staffUserId: Number(u.id), label: "accueil@clinique.dz", ip: "198.51.100.9" };
  });

  const attended = async (over: Partial<AppointmentInput> = {}, status: AppointmentStatus = "attended") => {
    const { appointment } = await createAppointment(t.h, visit(over));
    await t.h.db.updateTable("appointments").set({ status }).where("id", "=", appointment.id).execute();
    return Number(appointment.id);
  };
  const paid = async (id: number) => Number((await getAppointment(t.h, id))!.prixpay);
  // the payments collected (the appointment's creation with a 'Prix payé' wrote an adjustment: ADR 026)
  const rows = () => t.h.db.selectFrom("payments").selectAll().where("kind", "=", "payment").execute();
  const auditEntries = () => t.h.db.selectFrom("audit_log").selectAll().where("action", "=", "appointment.payment").execute();

  it("records the payment as a row, raises prixpay, and writes the history and the audit entry, without the amount", async () => {
    const id = await attended();
    const r = await recordPayment(t.h, { appointmentId: id, amount: 500_050, mode: "especes", note: "  acompte  ", actor: staff, at: MONDAY_NOON });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const patientId = Number((await getAppointment(t.h, id))!.patient_id);
    expect(r.payment).toMatchObject({ appointment_id: id, patient_id: patientId, amount: 500_050, mode: "especes", paid_day: "2026-11-23", taken_by: staff.staffUserId, note: "acompte" });
    expect(r.payment.paid_at).toBe(MONDAY_NOON.toISOString());
    expect(await paid(id)).toBe(800_050);
    expect((await paymentsOf(t.h, id)).map((p) => [p.kind, p.amount])).toEqual([
      ["adjustment", 300_000],
      ["payment", 500_050],
    ]);
    expect(r.payment.receipt_no).toBe("2026-000001");
    expect((await historyFor(t.h, [id])).get(id)!.at(-1)).toMatchObject({ action: "payment", actor: "accueil@clinique.dz", from_status: "attended", to_status: "attended", detail: "Espèces" });
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ target_type: "appointment", target_id: String(id), actor: "accueil@clinique.dz", ip: "198.51.100.9", detail: "Reçu n° 2026-000001 (Espèces)" });
    expect(entry.detail).not.toMatch(/5\s?000|500050|DA/);
  });

  it("takes the clinic day of the payment, not UTC's: 00:30 in Algiers is the next day", async () => {
    const id = await attended();
    const r = await recordPayment(t.h, { appointmentId: id, amount: 100_000, mode: "cib", actor: staff, at: LATE_EVENING });
    expect(r.ok && r.payment.paid_day).toBe("2026-11-24");
  });

  it("refuses an amount over the balance, saying the balance, and writes nothing", async () => {
    const id = await attended();
    const r = await recordPayment(t.h, { appointmentId: id, amount: 1_200_001, mode: "especes", actor: staff });
    expect(r).toEqual({ ok: false, reason: "over_balance", balance: 1_200_000 });
    // the exact balance fits, then nothing more
    expect((await recordPayment(t.h, { appointmentId: id, amount: 1_200_000, mode: "virement", actor: staff })).ok).toBe(true);
    expect(await recordPayment(t.h, { appointmentId: id, amount: 1, mode: "especes", actor: staff })).toEqual({ ok: false, reason: "over_balance", balance: 0 });
    expect(await paid(id)).toBe(1_500_000);
    expect(await rows()).toHaveLength(1);
    expect(await auditEntries()).toHaveLength(1);
  });

  it("refuses a cancelled appointment, one without a price and an unknown one; nothing is written", async () => {
    const cancelled = await attended({}, "cancelled");
    const unpriced = await attended({ prixtotal: null, prixpay: null });
    expect(await recordPayment(t.h, { appointmentId: cancelled, amount: 100, mode: "especes", actor: staff })).toEqual({ ok: false, reason: "cancelled" });
    expect(await recordPayment(t.h, { appointmentId: unpriced, amount: 100, mode: "especes", actor: staff })).toEqual({ ok: false, reason: "no_price" });
    expect(await recordPayment(t.h, { appointmentId: 999_999, amount: 100, mode: "especes", actor: staff })).toEqual({ ok: false, reason: "not_found" });
    await expect(recordPayment(t.h, { appointmentId: cancelled, amount: 0, mode: "especes", actor: staff })).rejects.toThrow(RangeError);
    expect(await paid(cancelled)).toBe(300_000);
    expect(await rows()).toHaveLength(0);
    expect(await auditEntries()).toHaveLength(0);
  });

  it("the database refuses an unknown mode, an amount of 0 or below, and a note over 200 characters", async () => {
    const id = await attended();
    const base = { appointment_id: id, patient_id: null, amount: 100, mode: "especes", paid_at: MONDAY_NOON.toISOString(), paid_day: "2026-11-23", taken_by: staff.staffUserId!, note: null, created_at: MONDAY_NOON.toISOString() };
    const insert = (over: Record<string, unknown>) => t.h.db.insertInto("payments").values({ ...base, ...over } as never).execute();
    await expect(insert({ mode: "bitcoin" })).rejects.toThrow();
    await expect(insert({ amount: 0 })).rejects.toThrow();
    await expect(insert({ amount: -500 })).rejects.toThrow();
    await expect(insert({ note: "x".repeat(201) })).rejects.toThrow();
    expect(await rows()).toHaveLength(0);
    // 'ajustement' is an adjustment's mode only, and an adjustment may go either way but not be 0
    await expect(insert({ mode: "ajustement" })).rejects.toThrow();
    await expect(insert({ kind: "adjustment", mode: "ajustement", amount: 0 })).rejects.toThrow();
    await expect(insert({ kind: "cancellation", amount: 100 })).rejects.toThrow();
    await insert({ kind: "adjustment", mode: "ajustement", amount: -100 });
    expect(await t.h.db.selectFrom("payments").select("id").where("kind", "=", "adjustment").where("amount", "=", -100).execute()).toHaveLength(1);
  });

  it("two payments at once that together exceed the balance: one is stored, the other refused", async () => {
    const id = await attended({ prixtotal: 1_000_000, prixpay: 0 });
    const results = await Promise.all([
      recordPayment(t.h, { appointmentId: id, amount: 600_000, mode: "especes", actor: staff }),
      recordPayment(t.h, { appointmentId: id, amount: 700_000, mode: "cib", actor: staff }),
    ]);
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, reason: "over_balance" });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(await paid(id)).toBe(Number(stored[0].amount));
    expect(refused).toMatchObject({ balance: 1_000_000 - Number(stored[0].amount) });
  });

  it("collectedTotals sums a range of clinic days by mode, in the screens' order", async () => {
    const a = await attended();
    const b = await attended({ name: "Karim Haddad", phone: "0661 22 33 44" });
    await recordPayment(t.h, { appointmentId: a, amount: 200_000, mode: "cib", actor: staff, at: MONDAY_NOON });
    await recordPayment(t.h, { appointmentId: b, amount: 1_000_000, mode: "especes", actor: staff, at: MONDAY_NOON });
    await recordPayment(t.h, { appointmentId: a, amount: 150, mode: "especes", actor: staff, at: MONDAY_NOON });
    await recordPayment(t.h, { appointmentId: b, amount: 50_000, mode: "cheque", chequeNumber: "0012345", actor: staff, at: LATE_EVENING });
    expect(await collectedTotals(t.h, "2026-11-23", "2026-11-23")).toEqual({
      total: 1_200_150,
      byMode: [
        { mode: "especes", amount: 1_000_150 },
        { mode: "cib", amount: 200_000 },
      ],
    });
    expect(await collectedTotals(t.h, "2026-11-23", "2026-11-29")).toMatchObject({ total: 1_250_150 });
    expect(await collectedTotals(t.h, "2026-11-25", "2026-11-25")).toEqual({ total: 0, byMode: [] });
  });

  it("payments follow their appointment to another record (relink, merge) and lose their note on erasure", async () => {
    const id = await attended();
    const r = await recordPayment(t.h, { appointmentId: id, amount: 100_000, mode: "especes", note: "reçu n° 12", actor: staff });
    if (!r.ok) throw new Error("refused");
    const first = r.payment.patient_id!;
    await updateAppointment(t.h, id, { name: "Amina Benali-Haddad" }, staff);
    const relinked = Number((await getAppointment(t.h, id))!.patient_id);
    expect(relinked).not.toBe(first);
    const collected = async () => (await paymentsOf(t.h, id)).find((p) => p.kind === "payment")!;
    expect((await collected()).patient_id).toBe(relinked);

    expect((await mergePatients(t.h, first, relinked, staff)).ok).toBe(true);
    expect((await collected()).patient_id).toBe(first);

    expect((await erasePatient(t.h, first, staff)).ok).toBe(true);
    expect(await collected()).toMatchObject({ patient_id: null, note: null, amount: 100_000, mode: "especes" });
    expect(await paid(id)).toBe(400_000);
  });

  it("prixpay stays an integer sum on both engines (no float on the way)", async () => {
    const id = await attended({ prixtotal: 100_000_000_000, prixpay: 0 });
    for (const amount of [1, 2, 99_999_999_997]) expect((await recordPayment(t.h, { appointmentId: id, amount, mode: "virement", actor: staff })).ok).toBe(true);
    expect(await paid(id)).toBe(100_000_000_000);
    const sum = await sql<{ s: string | number }>`select sum(amount) as s from payments`.execute(t.h.db);
    expect(Number(sum.rows[0].s)).toBe(100_000_000_000);
  });
});
