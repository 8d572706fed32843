import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocatePayments, allocationOverflow, lineTotal, percentOf, planAmounts, quoteHeadline, quoteTotals, runningBalances, splitEqually, sumCentimes, MAX_AMOUNT_CENTIMES } from "./money";

/** Quotes, plans and the ledger (app/lib/money.ts; ADR 026, "Rounding"): examples, then properties. */
const total = fc.integer({ min: 0, max: MAX_AMOUNT_CENTIMES });
const day = fc.integer({ min: 0, max: 800 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

describe("quote amounts", () => {
  it("a line is quantity × unit price minus its discount; a discount larger than the line is refused", () => {
    expect(lineTotal({ quantity: 2, unitPrice: 8_000_000, discount: 500_000 })).toBe(15_500_000);
    expect(lineTotal({ quantity: 1, unitPrice: 0, discount: 0 })).toBe(0);
    expect(() => lineTotal({ quantity: 1, unitPrice: 100, discount: 101 })).toThrow(RangeError);
    expect(() => lineTotal({ quantity: 0, unitPrice: 100, discount: 0 })).toThrow(RangeError);
    expect(() => lineTotal({ quantity: 1, unitPrice: 0.5, discount: 0 })).toThrow(RangeError);
  });

  it("a percentage rounds to the nearest centime, halves up", () => {
    expect(percentOf(1_234_567, 10)).toBe(123_457);
    expect(percentOf(5, 10)).toBe(1); // 0,5 centime rounds up
    expect(percentOf(4, 10)).toBe(0);
    expect(percentOf(1_000_000, 100)).toBe(1_000_000);
    expect(() => percentOf(100, 101)).toThrow(RangeError);
    expect(() => percentOf(100, 2.5)).toThrow(RangeError);
  });

  it("options share the lines without an option; phases are summed in their order; the overall discount is capped", () => {
    const lines = [
      { option: null, phase: "Phase 1 : chirurgie", total: 2_000_000 },
      { option: "Option A : bridge", phase: "Phase 2 : prothèse", total: 9_000_000 },
      { option: "Option B : implant", phase: "Phase 1 : chirurgie", total: 12_000_000 },
      { option: "Option B : implant", phase: "Phase 2 : prothèse", total: 6_000_000 },
    ];
    const t = quoteTotals(lines, 1_000_000);
    expect(t).toEqual([
      { option: "Option A : bridge", phases: [{ phase: "Phase 1 : chirurgie", subtotal: 2_000_000 }, { phase: "Phase 2 : prothèse", subtotal: 9_000_000 }], subtotal: 11_000_000, discount: 1_000_000, total: 10_000_000 },
      { option: "Option B : implant", phases: [{ phase: "Phase 1 : chirurgie", subtotal: 14_000_000 }, { phase: "Phase 2 : prothèse", subtotal: 6_000_000 }], subtotal: 20_000_000, discount: 1_000_000, total: 19_000_000 },
    ]);
    expect(quoteHeadline(t)).toBe(10_000_000);
    expect(quoteHeadline(t, "Option B : implant")).toBe(19_000_000);
    expect(quoteTotals([{ option: null, phase: null, total: 500 }], 900)).toEqual([{ option: null, phases: [{ phase: null, subtotal: 500 }], subtotal: 500, discount: 500, total: 0 }]);
    expect(quoteTotals([], 0)).toEqual([{ option: null, phases: [], subtotal: 0, discount: 0, total: 0 }]);
  });

  it("property: every option's total is its lines' sum minus the discount, and its phases add up to its subtotal", () => {
    const line = fc.record({ option: fc.constantFrom(null, "A", "B"), phase: fc.constantFrom(null, "P1", "P2"), total: fc.integer({ min: 0, max: 50_000_000 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.integer({ min: 0, max: 100_000_000 }), (lines, discount) => {
        for (const o of quoteTotals(lines, discount)) {
          const mine = lines.filter((l) => l.option === null || l.option === o.option || (o.option === null && lines.every((x) => x.option === null)));
          expect(o.subtotal).toBe(sumCentimes(mine.map((l) => l.total)));
          expect(sumCentimes(o.phases.map((p) => p.subtotal))).toBe(o.subtotal);
          expect(o.total).toBe(Math.max(0, o.subtotal - discount));
          expect(o.total + o.discount).toBe(o.subtotal);
        }
      }),
    );
  });
});

describe("payment plans", () => {
  it("equal instalments in whole DA, the rest on the first; a down payment first", () => {
    expect(splitEqually(10_000_000, 3)).toEqual([3_333_400, 3_333_300, 3_333_300]);
    expect(splitEqually(100_050, 2)).toEqual([50_050, 50_000]);
    expect(splitEqually(150, 4)).toEqual([150, 0, 0, 0]);
    expect(planAmounts(30_000_000, 10_000_000, 4)).toEqual([10_000_000, 5_000_000, 5_000_000, 5_000_000, 5_000_000]);
    expect(planAmounts(30_000_000, 0, 2)).toEqual([15_000_000, 15_000_000]);
    expect(planAmounts(30_000_000, 30_000_000, 6)).toEqual([30_000_000]);
    expect(() => planAmounts(100, 200, 2)).toThrow(RangeError);
    expect(() => splitEqually(100, 0)).toThrow(RangeError);
  });

  it("property: a plan always sums to its total, to the centime, and its equal instalments differ by less than the count in DA", () => {
    fc.assert(
      fc.property(total, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 120 }), (t, downPct, count) => {
        const down = Math.floor((t * downPct) / 100);
        const amounts = planAmounts(t, down, count);
        expect(sumCentimes(amounts)).toBe(t);
        const equal = down > 0 && t > down ? amounts.slice(1) : amounts;
        if (t > down) {
          expect(equal).toHaveLength(count);
          for (const a of equal.slice(1)) expect(a % 100).toBe(0);
          expect(equal[0] - equal[equal.length - 1]).toBeLessThan(count * 100);
          expect(equal[0]).toBeGreaterThanOrEqual(equal[equal.length - 1]);
        }
      }),
    );
  });

  it("payments go to the oldest instalment first; late, partial, due and paid", () => {
    const plan = [
      { dueDay: "2026-12-01", amount: 5_000_000 },
      { dueDay: "2026-10-01", amount: 10_000_000 },
      { dueDay: "2026-11-01", amount: 5_000_000 },
    ];
    expect(allocatePayments(plan, 12_000_000, "2026-11-15").map((i) => [i.dueDay, i.paid, i.state])).toEqual([
      ["2026-12-01", 0, "due"],
      ["2026-10-01", 10_000_000, "paid"],
      ["2026-11-01", 2_000_000, "late"],
    ]);
    expect(allocatePayments(plan, 17_000_000, "2026-11-15").map((i) => i.state)).toEqual(["partial", "paid", "paid"]);
    expect(allocatePayments(plan, 0, "2026-09-01").map((i) => i.state)).toEqual(["due", "due", "due"]);
    expect(allocationOverflow(plan, 21_000_000)).toBe(1_000_000);
  });

  it("property: allocation never loses or creates a centime, and fills the oldest before the next", () => {
    const inst = fc.record({ dueDay: day, amount: fc.integer({ min: 1, max: 50_000_000 }) });
    fc.assert(
      fc.property(fc.array(inst, { minLength: 1, maxLength: 24 }), fc.integer({ min: 0, max: 2_000_000_000 }), day, (plan, paid, today) => {
        const out = allocatePayments(plan, paid, today);
        const placed = sumCentimes(out.map((i) => i.paid));
        expect(placed + allocationOverflow(plan, paid)).toBe(paid);
        for (const i of out) {
          expect(i.paid).toBeGreaterThanOrEqual(0);
          expect(i.paid).toBeLessThanOrEqual(i.amount);
          expect(i.state === "paid").toBe(i.paid === i.amount);
          if (i.state === "late") expect(i.dueDay < today).toBe(true);
        }
        // an instalment is touched only once every older one is paid
        const sorted = out.map((x, k) => ({ x, k })).sort((a, b) => (a.x.dueDay < b.x.dueDay ? -1 : a.x.dueDay > b.x.dueDay ? 1 : a.k - b.k));
        const firstOpen = sorted.findIndex((s) => s.x.paid < s.x.amount);
        if (firstOpen >= 0) for (const s of sorted.slice(firstOpen + 1)) expect(s.x.paid).toBe(0);
      }),
    );
  });
});

describe("the ledger", () => {
  it("the running balance adds debits and takes credits, line after line", () => {
    expect(runningBalances([{ debit: 30_000_000, credit: 0 }, { debit: 0, credit: 10_000_000 }, { debit: 10_000_000, credit: 0 }, { debit: 0, credit: 35_000_000 }])).toEqual([30_000_000, 20_000_000, 30_000_000, -5_000_000]);
  });

  it("property: the last running balance is the debits' sum minus the credits' sum", () => {
    const line = fc.record({ debit: fc.integer({ min: 0, max: 1e11 }), credit: fc.integer({ min: 0, max: 1e11 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 200 }), (lines) => {
        const b = runningBalances(lines);
        expect(b.at(-1) ?? 0).toBe(sumCentimes(lines.map((l) => l.debit)) - sumCentimes(lines.map((l) => l.credit)));
      }),
    );
  });
});
