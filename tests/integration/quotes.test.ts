import { expect, it } from "vitest";
import { createAppointment } from "~/.server/repos/appointments";
import { createQuote, expireQuotes, listQuotes, newVersion, pendingQuotes, proposeQuote, quoteDetail, saveDraft } from "~/.server/repos/quotes";
import { insertStaff } from "~/.server/repos/staff";
import { quotePdfOf } from "~/.server/quote-actions";
import { quoteTotals } from "~/lib/money";
import { readLines, type LineDraft } from "~/lib/quote-schema";
import { describeEachEngine } from "../helpers/db";
import { pdfPages } from "../helpers/pdf-text";

/**
 * Quotes, the staff side (issue 29; docs/product.md, "Staff: quotes") on both engines: numbered at
 * creation without gaps (20 at once), only a draft changes, the rules of 'Proposer', the expiry
 * job, a new version, the totals stored as money.ts computes them, the list, and the PDF read back.
 */
const line = (over: Partial<LineDraft>): LineDraft => ({ actId: null, label: "Acte", teeth: "", quantity: "1", unitPrice: "1000", discount: "", phase: "", option: "", ...over });

describeEachEngine("quotes", (t) => {
  const setup = async () => {
    const staff = { staffUserId: Number((await insertStaff(t.h, "dr@clinique.dz", "x", "dentist")).id), label: "dr@clinique.dz" };
    const { appointment } = await createAppointment(t.h, { name: "Samir Ouali", email: "samir@exemple.dz", phone: "0550 33 44 55", service: "Implementation", date: "2026-11-20", time: "10:00" });
    return { staff, patientId: Number(appointment.patient_id) };
  };

  it("20 quotes created at once are numbered 1..20 of the year, no gap, no duplicate", async () => {
    const { staff, patientId } = await setup();
    const made = await Promise.all(Array.from({ length: 20 }, () => createQuote(t.h, { patientId, validUntil: "2026-12-31", at: new Date("2026-11-28T10:00:00Z") }, staff)));
    expect(made.map((q) => q!.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(made.map((q) => q!.number)).size).toBe(20);
    expect(made.find((q) => q!.seq === 7)!.number).toBe("2026-0007");
    expect(await createQuote(t.h, { patientId: 99_999, validUntil: "2026-12-31" }, staff)).toBeUndefined();
  });

  it("a draft is saved with its totals, proposed once (lines and validity required), then no longer changes; a new version is a new draft", async () => {
    const { staff, patientId } = await setup();
    const q = (await createQuote(t.h, { patientId, validUntil: "2026-12-31" }, staff))!;
    expect(await proposeQuote(t.h, q.id, "2026-11-28", staff)).toEqual({ ok: false, reason: "no_line" });
    const { lines, errors } = readLines([
      line({ label: "Extraction de la 36", teeth: "36", unitPrice: "3000", phase: "Phase 1 : chirurgie" }),
      line({ label: "Bridge 35-37", teeth: "35, 36, 37", unitPrice: "90000", phase: "Phase 2 : prothèse", option: "Option A : bridge" }),
      line({ label: "Implant", teeth: "36", unitPrice: "80000", discount: "5000", phase: "Phase 2 : prothèse", option: "Option B : implant" }),
      line({ label: "Couronne sur implant", teeth: "36", unitPrice: "35000", phase: "Phase 2 : prothèse", option: "Option B : implant" }),
    ]);
    expect(errors).toEqual([]);
    const saved = await saveDraft(t.h, q.id, { title: "Remplacement de la 36", validUntil: "2026-12-31", note: null, discount: 300_000, lines }, staff);
    expect(saved.ok && saved.quote.total).toBe(quoteTotals(lines, 300_000)[0].total);
    expect(saved.ok && saved.quote.total).toBe(9_000_000);
    expect(await proposeQuote(t.h, q.id, "2027-01-05", staff)).toEqual({ ok: false, reason: "validity_past" });
    const proposed = await proposeQuote(t.h, q.id, "2026-11-28", staff);
    expect(proposed.ok && proposed.quote).toMatchObject({ status: "proposed" });
    expect(proposed.ok && proposed.quote.link_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await saveDraft(t.h, q.id, { title: "x", validUntil: "2026-12-31", note: null, discount: 0, lines }, staff)).toEqual({ ok: false, reason: "not_draft" });
    expect(await proposeQuote(t.h, q.id, "2026-11-28", staff)).toEqual({ ok: false, reason: "not_draft" });

    const d = (await quoteDetail(t.h, q.id))!;
    expect(d.lines.map((l) => [l.position, l.teeth, l.total])).toEqual([
      [1, "36", 300_000],
      [2, "35,36,37", 9_000_000],
      [3, "36", 7_500_000],
      [4, "36", 3_500_000],
    ]);
    expect(d.events.map((e) => [e.action, e.to_status, e.staffEmail])).toEqual([
      ["created", "draft", "dr@clinique.dz"],
      ["edited", "draft", "dr@clinique.dz"],
      ["proposed", "proposed", "dr@clinique.dz"],
    ]);
    expect(d.token).toBeTruthy();

    const v2 = (await newVersion(t.h, q.id, "2027-01-31", staff))!;
    expect(v2).toMatchObject({ status: "draft", replaces_id: q.id, title: "Remplacement de la 36", discount: 300_000 });
    expect((await quoteDetail(t.h, v2.id))!.lines).toHaveLength(4);

    // the PDF says the number, the teeth, the options' totals
    const [page] = await pdfPages(await quotePdfOf(d, t.h));
    const text = page.replace(/\u00a0/g, " ");
    expect(text).toContain(`Devis n° ${q.number}`);
    expect(text).toContain("Samir Ouali");
    expect(text).toContain("Bridge 35-37 · Dents 35, 36, 37");
    expect(text).toContain("Option A : bridge : 90 000 DA");
    expect(text).toContain("Option B : implant : 110 000 DA");
    expect(text).toContain("Bon pour accord");
    expect(text).toContain("1 × 80 000 DA - remise 5 000 DA");
  });

  it("the expiry job: a proposed quote past its validity day becomes 'Expiré' with a history line; the list and the pending list", async () => {
    const { staff, patientId } = await setup();
    const a = (await createQuote(t.h, { patientId, validUntil: "2026-11-30", lines: readLines([line({})]).lines }, staff))!;
    const b = (await createQuote(t.h, { patientId, validUntil: "2026-12-31", lines: readLines([line({})]).lines }, staff))!;
    await proposeQuote(t.h, a.id, "2026-11-28", staff);
    await proposeQuote(t.h, b.id, "2026-11-28", staff);
    expect((await pendingQuotes(t.h)).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(await expireQuotes(t.h, "2026-11-30")).toBe(0);
    expect(await expireQuotes(t.h, "2026-12-01")).toBe(1);
    const d = (await quoteDetail(t.h, a.id))!;
    expect(d.quote.status).toBe("expired");
    expect(d.events.at(-1)).toMatchObject({ action: "expired", actor: "system", to_status: "expired" });
    expect((await listQuotes(t.h, { status: "proposed" })).rows.map((r) => r.id)).toEqual([b.id]);
    expect((await listQuotes(t.h, { q: "ouali" })).total).toBe(2);
    expect((await listQuotes(t.h, { q: a.number })).rows.map((r) => r.id)).toEqual([a.id]);
  });
});
