import { beforeEach, expect, it } from "vitest";
import type { Actor } from "~/.server/actor";
import { createAppointment, getAppointment, updateAppointment, type AppointmentInput } from "~/.server/repos/appointments";
import { cancelReceipt, collectedTotals, receiptView, recordAccountPayment, recordPayment } from "~/.server/repos/payments";
import { insertStaff } from "~/.server/repos/staff";
import { receiptPdf } from "~/.server/pdf/receipt";
import { receiptFacts } from "~/.server/receipts";
import { DEMO_CLINIC } from "~/lib/clinic";
import { receiptText } from "~/lib/receipt-view";
import { describeEachEngine } from "../helpers/db";
import { pdfPages } from "../helpers/pdf-text";

/**
 * Receipts (issue 29, ADR 026) on both engines: numbered per year without gaps or reuse even when
 * 50 payments are taken at once, never deleted but cancelled by a reversing entry once, 'Prix payé'
 * always the sum of the appointment's entries (payments, cancellations, adjustments of a hand edit),
 * payments on a patient's account, and the till of an entry written after the day's closing.
 */
const NOON = new Date("2026-11-23T11:00:00Z");

function visit(i: number, over: Partial<AppointmentInput> = {}): AppointmentInput {
  return { name: `Patient ${i}`, email: null, phone: `0550 00 ${String(i).padStart(4, "0").slice(0, 2)} ${String(i).padStart(4, "0").slice(2)}`, service: "Orthodontie", date: "2026-11-23", time: "10:00", prixtotal: 10_000_000, prixpay: null, ...over };
}

describeEachEngine("receipts", (t) => {
  let staff: Actor;
  let admin: Actor;

  beforeEach(async () => {
    staff = { staffUserId: Number((await insertStaff(t.h, "accueil@clinique.dz", "x", "assistant")).id), label: "accueil@clinique.dz" };
    admin = { staffUserId: Number((await insertStaff(t.h, "admin@clinique.dz", "x", "admin")).id), label: "admin@clinique.dz" };
  });

  const appointment = async (i: number, over: Partial<AppointmentInput> = {}) => {
    const { appointment: a } = await createAppointment(t.h, visit(i, over));
    await t.h.db.updateTable("appointments").set({ status: "attended" }).where("id", "=", a.id).execute();
    return { id: Number(a.id), patientId: Number(a.patient_id) };
  };
  const sumOfEntries = async (id: number) => {
    const rows = await t.h.db.selectFrom("payments").select("amount").where("appointment_id", "=", id).execute();
    return rows.reduce((s, r) => s + Number(r.amount), 0);
  };
  const prixpay = async (id: number) => Number((await getAppointment(t.h, id))!.prixpay ?? 0);

  it("50 payments at once, on the agenda and on accounts: receipts 1..50 of the year, no gap, no duplicate", async () => {
    const visits = [];
    for (let i = 0; i < 50; i++) visits.push(await appointment(i));
    const results = await Promise.all(
      visits.map((v, i) =>
        i % 2 === 0
          ? recordPayment(t.h, { appointmentId: v.id, amount: 100_000 + i, mode: "especes", actor: i % 4 === 0 ? staff : admin, at: NOON })
          : recordAccountPayment(t.h, { patientId: v.patientId, amount: 100_000 + i, mode: "cib", actor: staff, at: NOON }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await t.h.db.selectFrom("payments").select(["receipt_year", "receipt_seq", "receipt_no"]).where("kind", "=", "payment").execute();
    expect(rows).toHaveLength(50);
    expect(rows.map((r) => Number(r.receipt_seq)).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.receipt_no)).size).toBe(50);
    expect(rows.every((r) => Number(r.receipt_year) === 2026 && /^2026-0000\d\d$/.test(r.receipt_no!))).toBe(true);
    // a new year starts again at 1
    const next = await recordPayment(t.h, { appointmentId: visits[0].id, amount: 100, mode: "cib", actor: staff, at: new Date("2027-01-01T09:00:00Z") });
    expect(next.ok && next.payment.receipt_no).toBe("2027-000001");
  });

  it("a refused payment takes no number: the next receipt follows the last one given", async () => {
    const a = await appointment(1, { prixtotal: 100_000 });
    expect((await recordPayment(t.h, { appointmentId: a.id, amount: 60_000, mode: "especes", actor: staff, at: NOON })).ok).toBe(true);
    expect((await recordPayment(t.h, { appointmentId: a.id, amount: 60_000, mode: "especes", actor: staff, at: NOON })).ok).toBe(false);
    const r = await recordPayment(t.h, { appointmentId: a.id, amount: 40_000, mode: "virement", actor: staff, at: NOON });
    expect(r.ok && r.payment.receipt_no).toBe("2026-000002");
  });

  it("a receipt is cancelled once by a reversing entry with its reason; prixpay goes down; audited; the row stays", async () => {
    const a = await appointment(1);
    const r = await recordPayment(t.h, { appointmentId: a.id, amount: 2_500_000, mode: "cheque", chequeNumber: "7712", actor: staff, at: NOON });
    if (!r.ok) throw new Error("refused");
    expect(r.payment.cheque_number).toBe("7712");
    const c = await cancelReceipt(t.h, { paymentId: r.payment.id, reason: "Chèque sans provision", actor: admin });
    if (!c.ok) throw new Error(c.reason);
    expect(c.cancellation).toMatchObject({ kind: "cancellation", amount: -2_500_000, cancels_payment_id: r.payment.id, reason: "Chèque sans provision", note: "Annulation du reçu n° 2026-000001", receipt_no: null, appointment_id: a.id });
    expect(await prixpay(a.id)).toBe(0);
    expect(await sumOfEntries(a.id)).toBe(0);
    expect(await cancelReceipt(t.h, { paymentId: r.payment.id, reason: "encore", actor: admin })).toEqual({ ok: false, reason: "already_cancelled" });
    expect(await cancelReceipt(t.h, { paymentId: c.cancellation.id, reason: "x", actor: admin })).toEqual({ ok: false, reason: "not_a_receipt" });
    expect(await cancelReceipt(t.h, { paymentId: 99_999, reason: "x", actor: admin })).toEqual({ ok: false, reason: "not_found" });
    // the original row is untouched, and the view shows both
    const view = await receiptView(t.h, r.payment.id);
    expect(view).toMatchObject({ payment: { amount: 2_500_000, receipt_no: "2026-000001" }, related: { kind: "cancellation", reason: "Chèque sans provision" }, patientName: "Patient 1", takenByEmail: "accueil@clinique.dz", appointment: { service: "Orthodontie", date: "2026-11-23" } });
    const audit = await t.h.db.selectFrom("audit_log").select(["action", "detail", "actor"]).where("action", "=", "payment.cancel").execute();
    expect(audit).toEqual([{ action: "payment.cancel", detail: "Annulation du reçu n° 2026-000001", actor: "admin@clinique.dz" }]);
    // the database itself refuses a second cancelling row
    await expect(
      t.h.db
        .insertInto("payments")
        .values({ kind: "cancellation", amount: -1, mode: "cheque", paid_at: NOON.toISOString(), paid_day: "2026-11-23", taken_by: admin.staffUserId, cancels_payment_id: r.payment.id, created_at: NOON.toISOString() })
        .execute(),
    ).rejects.toThrow();
    // the day's takings net out
    expect((await collectedTotals(t.h, "2026-11-01", "2030-12-31")).total).toBe(0);
  });

  it("two administrators cancelling the same receipt at once: one cancellation", async () => {
    const a = await appointment(1);
    const r = await recordPayment(t.h, { appointmentId: a.id, amount: 500_000, mode: "especes", actor: staff, at: NOON });
    if (!r.ok) throw new Error("refused");
    const results = await Promise.all([1, 2, 3].map(() => cancelReceipt(t.h, { paymentId: r.payment.id, reason: "Erreur de saisie", actor: admin })));
    expect(results.filter((x) => x.ok)).toHaveLength(1);
    expect(results.filter((x) => !x.ok)).toEqual([
      { ok: false, reason: "already_cancelled" },
      { ok: false, reason: "already_cancelled" },
    ]);
    expect(await prixpay(a.id)).toBe(0);
  });

  it("'Prix payé' edited by hand is recorded as an adjustment of the difference: prixpay is always the sum of the entries", async () => {
    const a = await appointment(1, { prixpay: 1_000_000 });
    expect(await sumOfEntries(a.id)).toBe(1_000_000);
    await recordPayment(t.h, { appointmentId: a.id, amount: 500_000, mode: "especes", actor: staff, at: NOON });
    await updateAppointment(t.h, a.id, { prixpay: 1_200_000 }, admin);
    expect(await prixpay(a.id)).toBe(1_200_000);
    expect(await sumOfEntries(a.id)).toBe(1_200_000);
    const adjustments = await t.h.db.selectFrom("payments").select(["amount", "mode", "reason", "taken_by"]).where("appointment_id", "=", a.id).where("kind", "=", "adjustment").orderBy("id").execute();
    expect(adjustments.map((x) => [Number(x.amount), x.mode, x.reason])).toEqual([
      [1_000_000, "ajustement", "Prix payé saisi à la création"],
      [-300_000, "ajustement", "Modification du prix payé"],
    ]);
    // no entry when the value does not change; adjustments are not money collected
    await updateAppointment(t.h, a.id, { prixpay: 1_200_000 }, admin);
    expect(await t.h.db.selectFrom("payments").select("id").where("appointment_id", "=", a.id).execute()).toHaveLength(3);
    expect(await collectedTotals(t.h, "2020-01-01", "2030-12-31")).toEqual({ total: 500_000, byMode: [{ mode: "especes", amount: 500_000 }] });
  });

  it("a payment on a patient's account: an accepted quote of theirs only; an unknown patient is refused", async () => {
    const a = await appointment(1);
    const b = await appointment(2);
    const now = NOON.toISOString();
    const quote = async (patientId: number, status: "accepted" | "proposed", seq: number) =>
      Number(
        (
          await t.h.db
            .insertInto("quotes")
            .values({ year: 2026, seq, number: `2026-${String(seq).padStart(4, "0")}`, patient_id: patientId, status, valid_until: "2026-12-31", created_at: now, updated_at: now, total: 30_000_000 })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const accepted = await quote(a.patientId, "accepted", 1);
    const proposed = await quote(a.patientId, "proposed", 2);
    const others = await quote(b.patientId, "accepted", 3);
    const ok = await recordAccountPayment(t.h, { patientId: a.patientId, amount: 10_000_000, mode: "virement", quoteId: accepted, note: "Acompte", actor: staff, at: NOON });
    expect(ok.ok && ok.payment).toMatchObject({ patient_id: a.patientId, quote_id: accepted, appointment_id: null, kind: "payment", receipt_no: "2026-000001", note: "Acompte" });
    expect(await recordAccountPayment(t.h, { patientId: a.patientId, amount: 100, mode: "cib", quoteId: proposed, actor: staff })).toEqual({ ok: false, reason: "quote_not_accepted" });
    expect(await recordAccountPayment(t.h, { patientId: a.patientId, amount: 100, mode: "cib", quoteId: others, actor: staff })).toEqual({ ok: false, reason: "quote_not_found" });
    expect(await recordAccountPayment(t.h, { patientId: 99_999, amount: 100, mode: "cib", actor: staff })).toEqual({ ok: false, reason: "patient_not_found" });
    expect(await t.h.db.selectFrom("payments").select("id").where("kind", "=", "payment").execute()).toHaveLength(1);
    expect((await t.h.db.selectFrom("audit_log").select("detail").where("action", "=", "patient.payment").execute()).map((r) => r.detail)).toEqual(["Reçu n° 2026-000001 (Virement)"]);
  });

  it("an entry written after the day's cash was closed belongs to the next day's till", async () => {
    const a = await appointment(1);
    await t.h.db.insertInto("cash_closings").values({ day: "2026-11-23", expected_cash: 0, counted_cash: 0, difference: 0, note: null, closed_by: admin.staffUserId!, closed_at: NOON.toISOString() }).execute();
    const r = await recordPayment(t.h, { appointmentId: a.id, amount: 100_000, mode: "especes", actor: staff, at: new Date("2026-11-23T16:00:00Z") });
    expect(r.ok && r.payment.paid_day).toBe("2026-11-24");
  });

  it("the printed receipt (PDF) says its number, the patient, the amount, the mode with the cheque's number, and ANNULÉ once cancelled", async () => {
    const a = await appointment(7, { name: "Yasmine Kaci" });
    const r = await recordPayment(t.h, { appointmentId: a.id, amount: 4_500_050, mode: "cheque", chequeNumber: "0098812", actor: staff, at: NOON });
    if (!r.ok) throw new Error("refused");
    const read = async () => {
      const facts = (await receiptFacts(t.h, r.payment.id))!;
      const [page] = await pdfPages(await receiptPdf(DEMO_CLINIC, receiptText(facts), "23 novembre 2026"));
      return page.replace(/\u00a0/g, " ");
    };
    const page = await read();
    expect(page).toContain("Reçu n° 2026-000001");
    expect(page).toContain(DEMO_CLINIC.name);
    expect(page).toContain("Yasmine Kaci");
    expect(page).toContain("45 000,50 DA");
    expect(page).toContain("Chèque n° 0098812");
    expect(page).toContain("Orthodontie, rendez-vous du");
    expect(page).not.toContain("ANNULÉ");
    await cancelReceipt(t.h, { paymentId: r.payment.id, reason: "Chèque refusé par la banque", actor: admin });
    const cancelled = await read();
    expect(cancelled).toContain("ANNULÉ");
    expect(cancelled).toContain("Chèque refusé par la banque");
  });
});
