import { expect, it } from "vitest";
import { createAppointment } from "~/.server/repos/appointments";
import { patientAccount, payableQuotes } from "~/.server/repos/ledger";
import { cancelReceipt, recordAccountPayment, recordPayment } from "~/.server/repos/payments";
import { insertStaff } from "~/.server/repos/staff";
import { erasePatient } from "~/.server/repos/patient-erasure";
import { statementPdf } from "~/.server/pdf/statement";
import { DEMO_CLINIC } from "~/lib/clinic";
import { describeEachEngine } from "../helpers/db";
import { pdfPages } from "../helpers/pdf-text";

/**
 * A patient's account (issue 29; docs/product.md, "Staff: the patient's account") on both engines:
 * billed visits and accepted quotes, every entry signed, in date order with the running balance;
 * never another patient's lines; the statement's PDF read back.
 */
describeEachEngine("the patient's account", (t) => {
  it("lists visits, an accepted quote, payments, a cancellation and an adjustment in date order with the running balance", async () => {
    const staff = { staffUserId: Number((await insertStaff(t.h, "a@clinique.dz", "x", "admin")).id), label: "a@clinique.dz" };
    const { appointment } = await createAppointment(t.h, { name: "Nadia Cherif", email: null, phone: "0550 11 22 33", service: "Soins conservateurs", date: "2026-10-02", time: "09:00", prixtotal: 800_000, prixpay: 200_000 });
    await t.h.db.updateTable("appointments").set({ status: "attended" }).where("id", "=", appointment.id).execute();
    await t.h.db.updateTable("payments").set({ paid_day: "2026-10-02" }).execute();
    const patientId = Number(appointment.patient_id);
    // another patient's money never shows
    await createAppointment(t.h, { name: "Autre Patient", email: null, phone: "0661 99 88 77", service: "Orthodontie", date: "2026-10-03", time: "09:00", prixtotal: 5_000_000, prixpay: 5_000_000 });
    const now = "2026-10-10T10:00:00.000Z";
    const quote = await t.h.db
      .insertInto("quotes")
      .values({ year: 2026, seq: 1, number: "2026-0001", patient_id: patientId, status: "accepted", valid_until: "2026-11-30", created_at: now, updated_at: now, decided_at: now, accepted_option: "Option B : implant", total: 30_000_000 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordPayment(t.h, { appointmentId: Number(appointment.id), amount: 600_000, mode: "especes", actor: staff, at: new Date("2026-10-05T09:00:00Z") });
    const deposit = await recordAccountPayment(t.h, { patientId, amount: 10_000_000, mode: "virement", quoteId: Number(quote.id), actor: staff, at: new Date("2026-10-12T09:00:00Z") });
    const wrong = await recordAccountPayment(t.h, { patientId, amount: 1_000_000, mode: "cib", quoteId: Number(quote.id), actor: staff, at: new Date("2026-10-13T09:00:00Z") });
    if (!deposit.ok || !wrong.ok) throw new Error("refused");
    await cancelReceipt(t.h, { paymentId: wrong.payment.id, reason: "Doublon", actor: staff, at: new Date("2026-10-14T09:00:00Z") });

    const account = await patientAccount(t.h, patientId);
    expect(account.lines.map((l) => [l.day, l.kind, l.debit, l.credit, l.balance])).toEqual([
      ["2026-10-02", "visit", 800_000, 0, 800_000],
      ["2026-10-02", "adjustment", 0, 200_000, 600_000],
      ["2026-10-05", "payment", 0, 600_000, 0],
      ["2026-10-10", "quote", 30_000_000, 0, 30_000_000],
      ["2026-10-12", "payment", 0, 10_000_000, 20_000_000],
      ["2026-10-13", "payment", 0, 1_000_000, 19_000_000],
      ["2026-10-14", "cancellation", 1_000_000, 0, 20_000_000],
    ]);
    expect(account.lines[3].label).toBe("Devis n° 2026-0001 accepté (Option B : implant)");
    expect(account.lines[4].label).toBe("Reçu n° 2026-000002 (Virement)");
    expect(account).toMatchObject({ billed: 30_800_000, paid: 10_800_000, balance: 20_000_000 });
    expect(await payableQuotes(t.h, patientId)).toEqual([{ id: Number(quote.id), number: "2026-0001", total: 30_000_000, due: 20_000_000 }]);

    const [page] = await pdfPages(await statementPdf(DEMO_CLINIC, "Nadia Cherif", account, "2026-11-28"));
    const text = page.replace(/\u00a0/g, " ");
    expect(text).toContain("Relevé de compte");
    expect(text).toContain("Nadia Cherif");
    expect(text).toContain("Devis n° 2026-0001 accepté");
    expect(text).toContain("Solde : 200 000 DA");
    expect(text).not.toContain("Autre Patient");

    // erasure (law 18-07): the account's free texts go, the amounts stay
    await t.h.db.updateTable("payments").set({ note: "Acompte remis par son frère Karim" }).where("id", "=", deposit.payment.id).execute();
    await t.h.db.updateTable("quotes").set({ accepted_name: "Nadia Cherif", accepted_ip: "198.51.100.4", note: "Allergie à la pénicilline" }).where("id", "=", quote.id).execute();
    expect((await erasePatient(t.h, patientId, staff)).ok).toBe(true);
    expect(await t.h.db.selectFrom("payments").select(["note", "amount"]).where("id", "=", deposit.payment.id).executeTakeFirst()).toEqual({ note: null, amount: expect.anything() });
    expect(await t.h.db.selectFrom("quotes").select(["accepted_name", "accepted_ip", "note", "total"]).where("id", "=", quote.id).executeTakeFirst()).toMatchObject({ accepted_name: null, accepted_ip: null, note: null });
  });
});
