import { beforeEach, expect, it } from "vitest";
import type { Actor } from "~/.server/actor";
import { createAppointment, updateAppointment } from "~/.server/repos/appointments";
import { closeCash, dayCash } from "~/.server/repos/cash";
import { cancelReceipt, recordAccountPayment, recordPayment } from "~/.server/repos/payments";
import { insertStaff } from "~/.server/repos/staff";
import { describeEachEngine } from "../helpers/db";

/**
 * The day's cash (issue 29; docs/product.md, "Staff: the day's cash") on both engines: totals by
 * mode and by who took them, cancellations netted, adjustments apart, the cash expected, and the
 * closing (difference recorded, once, never a future day, audited; later entries to the next day).
 */
const DAY = "2026-11-23";
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00+01:00`);

describeEachEngine("the day's cash", (t) => {
  let anissa: Actor;
  let admin: Actor;

  beforeEach(async () => {
    anissa = { staffUserId: Number((await insertStaff(t.h, "anissa@clinique.dz", "x", "assistant")).id), label: "anissa@clinique.dz" };
    admin = { staffUserId: Number((await insertStaff(t.h, "admin@clinique.dz", "x", "admin")).id), label: "admin@clinique.dz" };
  });

  const visit = async (name: string, phone: string) => {
    const { appointment } = await createAppointment(t.h, { name, email: null, phone, service: "Orthodontie", date: DAY, time: "10:00", prixtotal: 20_000_000, prixpay: null });
    await t.h.db.updateTable("appointments").set({ status: "attended" }).where("id", "=", appointment.id).execute();
    return { id: Number(appointment.id), patientId: Number(appointment.patient_id) };
  };

  it("sums the day by mode and by person, nets a cancellation, keeps adjustments apart, and closes once with the difference", async () => {
    const a = await visit("Amina Benali", "0550 12 34 56");
    const b = await visit("Karim Haddad", "0661 22 33 44");
    await recordPayment(t.h, { appointmentId: a.id, amount: 1_000_000, mode: "especes", actor: anissa, at: at("09:10") });
    await recordPayment(t.h, { appointmentId: b.id, amount: 2_500_000, mode: "cib", actor: anissa, at: at("10:00") });
    const wrong = await recordAccountPayment(t.h, { patientId: b.patientId, amount: 300_000, mode: "especes", actor: admin, at: at("11:00") });
    if (!wrong.ok) throw new Error("refused");
    await cancelReceipt(t.h, { paymentId: wrong.payment.id, reason: "Doublon", actor: admin, at: at("11:05") });
    await recordPayment(t.h, { appointmentId: b.id, amount: 500_000, mode: "cheque", chequeNumber: "4411", actor: admin, at: at("12:00") });
    // a hand edit of 'Prix payé' the same day: an adjustment, not money
    await t.h.db.updateTable("payments").set({ paid_day: DAY }).execute();
    await updateAppointment(t.h, a.id, { prixpay: 1_200_000 }, admin);
    await t.h.db.updateTable("payments").set({ paid_day: DAY }).where("kind", "=", "adjustment").execute();

    const cash = await dayCash(t.h, DAY);
    expect(cash.total).toBe(4_000_000);
    expect(cash.byMode).toEqual([
      { mode: "especes", amount: 1_000_000, count: 2 },
      { mode: "cib", amount: 2_500_000, count: 1 },
      { mode: "cheque", amount: 500_000, count: 1 },
    ]);
    expect(cash.byStaff).toEqual([
      { takenBy: "anissa@clinique.dz", amount: 3_500_000, count: 2 },
      { takenBy: "admin@clinique.dz", amount: 500_000, count: 2 },
    ]);
    expect(cash.expectedCash).toBe(1_000_000);
    expect(cash.adjustments).toBe(200_000);
    expect(cash.entries.map((e) => [e.kind, e.receiptNo, e.amount, e.cancelled])).toEqual([
      ["payment", "2026-000001", 1_000_000, false],
      ["payment", "2026-000002", 2_500_000, false],
      ["payment", "2026-000003", 300_000, true],
      ["cancellation", null, -300_000, false],
      ["payment", "2026-000004", 500_000, false],
      ["adjustment", null, 200_000, false],
    ]);
    expect(cash.entries[0]).toMatchObject({ patientName: "Amina Benali", takenBy: "anissa@clinique.dz", mode: "especes" });

    // the closing: 9 500 DA counted for 10 000 expected
    expect(await closeCash(t.h, { day: "2026-11-24", today: DAY, counted: 0, actor: admin })).toEqual({ ok: false, reason: "future" });
    const closed = await closeCash(t.h, { day: DAY, today: DAY, counted: 950_000, note: "fond de caisse", actor: admin, at: at("18:00") });
    expect(closed).toMatchObject({ ok: true, closing: { expectedCash: 1_000_000, countedCash: 950_000, difference: -50_000 } });
    expect(await closeCash(t.h, { day: DAY, today: DAY, counted: 1_000_000, actor: admin })).toEqual({ ok: false, reason: "already_closed" });
    const twice = await Promise.all([closeCash(t.h, { day: "2026-11-22", today: DAY, counted: 0, actor: admin }), closeCash(t.h, { day: "2026-11-22", today: DAY, counted: 5, actor: admin })]);
    expect(twice.filter((r) => r.ok)).toHaveLength(1);
    expect((await dayCash(t.h, DAY)).closing).toMatchObject({ expectedCash: 1_000_000, countedCash: 950_000, difference: -50_000, note: "fond de caisse", closedBy: "admin@clinique.dz" });
    expect(await t.h.db.selectFrom("audit_log").select("detail").where("action", "=", "cash.close").orderBy("id").execute()).toEqual([{ detail: `Caisse du ${DAY} clôturée` }, { detail: "Caisse du 2026-11-22 clôturée" }]);

    // after the closing, a payment of that day goes to the next day's till: the closed day does not change
    const late = await recordPayment(t.h, { appointmentId: b.id, amount: 100_000, mode: "especes", actor: anissa, at: at("19:00") });
    expect(late.ok && late.payment.paid_day).toBe("2026-11-24");
    expect((await dayCash(t.h, DAY)).total).toBe(4_000_000);
  });
});
