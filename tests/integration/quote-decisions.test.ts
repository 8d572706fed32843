import { expect, it } from "vitest";
import { createAppointment } from "~/.server/repos/appointments";
import { recordAccountPayment } from "~/.server/repos/payments";
import { lateInstalments, nextInstalmentOf, planOf, savePlan } from "~/.server/repos/plans";
import { acceptQuote, quotesForPatientPage, refuseQuote } from "~/.server/repos/quote-decisions";
import { createQuote, proposeQuote, quoteDetail } from "~/.server/repos/quotes";
import { insertStaff } from "~/.server/repos/staff";
import { quoteContentHash } from "~/.server/quote-hash";
import { planAmounts } from "~/lib/money";
import { readLines, type LineDraft } from "~/lib/quote-schema";
import { describeEachEngine } from "../helpers/db";

/**
 * The patient's answer from /devis/<token> and the payment plan of an accepted quote (issue 29)
 * on both engines: the acceptance records the option, the name, the address and the content's
 * hash, once even when tapped three times at once; a refusal with its reason; an expired quote or
 * an unknown option is refused; the /rdv page lists only that patient's quotes; a plan sums to the
 * total, its payments are placed oldest first, late instalments are listed.
 */
const line = (over: Partial<LineDraft>): LineDraft => ({ actId: null, label: "Acte", teeth: "", quantity: "1", unitPrice: "1000", discount: "", phase: "", option: "", ...over });

describeEachEngine("quote decisions and plans", (t) => {
  const proposed = async (phone: string) => {
    const staff = { staffUserId: Number((await insertStaff(t.h, `dr${phone.slice(-2)}@clinique.dz`, "x", "dentist")).id), label: "dr@clinique.dz" };
    const { appointment } = await createAppointment(t.h, { name: `Patient ${phone}`, email: null, phone, service: "Implementation", date: "2026-11-20", time: "10:00" });
    const patientId = Number(appointment.patient_id);
    const { lines } = readLines([
      line({ label: "Bridge", unitPrice: "90000", option: "Option A : bridge" }),
      line({ label: "Implant", unitPrice: "120000", option: "Option B : implant" }),
    ]);
    const q = (await createQuote(t.h, { patientId, validUntil: "2026-12-31", lines }, staff))!;
    await proposeQuote(t.h, q.id, "2026-11-28", staff);
    const d = (await quoteDetail(t.h, q.id))!;
    return { staff, patientId, id: q.id, token: d.token!, d };
  };

  it("three taps at once accept once, with the option, the name, the address and the content's hash; then nothing changes", async () => {
    const { id, token, d } = await proposed("0550 11 11 11");
    const taps = await Promise.all([1, 2, 3].map(() => acceptQuote(t.h, { token, option: "Option B : implant", name: "  Samia Benali ", ip: "198.51.100.7", today: "2026-11-28" })));
    expect(taps.filter((r) => r.ok)).toHaveLength(1);
    expect(taps.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: "answered", status: "accepted" },
      { ok: false, reason: "answered", status: "accepted" },
    ]);
    const after = (await quoteDetail(t.h, id))!;
    expect(after.quote).toMatchObject({ status: "accepted", accepted_option: "Option B : implant", accepted_name: "Samia Benali", accepted_ip: "198.51.100.7", accepted_hash: quoteContentHash(d.quote, d.lines), total: 12_000_000 });
    expect(after.events.at(-1)).toMatchObject({ action: "accepted", actor: "patient", detail: "Option B : implant" });
    expect(await refuseQuote(t.h, { token, reason: null, today: "2026-11-28" })).toEqual({ ok: false, reason: "answered", status: "accepted" });
  });

  it("refuses an unknown option, a missing one, an expired quote and an unknown token; a refusal keeps its reason", async () => {
    const { token, id } = await proposed("0550 22 22 22");
    expect(await acceptQuote(t.h, { token, option: "Option C", name: "X", ip: null, today: "2026-11-28" })).toEqual({ ok: false, reason: "bad_option" });
    expect(await acceptQuote(t.h, { token, option: null, name: "X", ip: null, today: "2026-11-28" })).toEqual({ ok: false, reason: "bad_option" });
    expect(await acceptQuote(t.h, { token, option: "Option A : bridge", name: "X", ip: null, today: "2027-01-01" })).toEqual({ ok: false, reason: "expired" });
    expect(await acceptQuote(t.h, { token: "x".repeat(43), option: null, name: "X", ip: null, today: "2026-11-28" })).toEqual({ ok: false, reason: "not_found" });
    expect(await refuseQuote(t.h, { token, reason: "Trop cher pour l'instant", today: "2026-11-28" })).toMatchObject({ ok: true, status: "refused" });
    expect((await quoteDetail(t.h, id))!.quote).toMatchObject({ status: "refused", refusal_reason: "Trop cher pour l'instant" });
  });

  it("the /rdv page lists only this patient's quotes, with their links", async () => {
    const a = await proposed("0550 33 33 33");
    const b = await proposed("0550 44 44 44");
    const listA = await quotesForPatientPage(t.h, a.patientId);
    expect(listA.map((q) => [q.number, q.href])).toEqual([[a.d.quote.number, `/devis/${a.token}`]]);
    expect((await quotesForPatientPage(t.h, b.patientId)).map((q) => q.number)).toEqual([b.d.quote.number]);
  });

  it("a plan of an accepted quote sums to its total; payments cover the oldest first; late ones are listed", async () => {
    const { token, id, staff, patientId } = await proposed("0550 55 55 55");
    expect(await savePlan(t.h, id, [{ dueDay: "2026-12-01", amount: 100 }], staff)).toEqual({ ok: false, reason: "not_accepted" });
    await acceptQuote(t.h, { token, option: "Option B : implant", name: "Karim", ip: null, today: "2026-11-28" });
    const amounts = planAmounts(12_000_000, 3_000_000, 3);
    const days = ["2026-11-01", "2026-12-01", "2027-01-01", "2027-02-01"];
    expect(await savePlan(t.h, id, [{ dueDay: days[0], amount: 3_000_000 }], staff)).toEqual({ ok: false, reason: "sum" });
    expect(await savePlan(t.h, id, amounts.map((amount, i) => ({ dueDay: days[i], amount })), staff)).toEqual({ ok: true });
    await recordAccountPayment(t.h, { patientId, amount: 4_000_000, mode: "especes", quoteId: id, actor: staff });
    const plan = (await planOf(t.h, id, "2026-12-15"))!;
    expect(plan.instalments.map((i) => [i.dueDay, i.amount, i.paid, i.state])).toEqual([
      ["2026-11-01", 3_000_000, 3_000_000, "paid"],
      ["2026-12-01", 3_000_000, 1_000_000, "late"],
      ["2027-01-01", 3_000_000, 0, "due"],
      ["2027-02-01", 3_000_000, 0, "due"],
    ]);
    expect(await lateInstalments(t.h, "2026-12-15")).toMatchObject([{ quoteId: id, dueDay: "2026-12-01", due: 2_000_000, patientId }]);
    expect(await nextInstalmentOf(t.h, patientId, "2026-12-15")).toEqual({ day: "2026-12-01", amount: 2_000_000 });
    // replacing the plan keeps one plan
    expect(await savePlan(t.h, id, [{ dueDay: "2027-03-01", amount: 12_000_000 }], staff)).toEqual({ ok: true });
    expect((await planOf(t.h, id, "2026-12-15"))!.instalments).toHaveLength(1);
  });
});
