import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NARROW_NBSP, NBSP } from "./format";
import { balanceDue, centimesToInput, fitsBalance, formatDA, MAX_AMOUNT_CENTIMES, parseAmount, parsePriceToCentimes, sumCentimes } from "./money";

/** Money (app/lib/money.ts): examples first, then properties over every amount a form accepts. */

const n = (s: string) => s.replaceAll(" ", NARROW_NBSP);
const centimes = fc.integer({ min: 0, max: MAX_AMOUNT_CENTIMES });
/** how people group thousands: nothing, spaces, no-break or narrow no-break spaces */
const groupSpace = fc.constantFrom("", " ", "\u00a0", "\u202f");

/** "12500" -> "12 500" with the given separator */
function grouped(whole: number, sep: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

describe("money: reading what people type", () => {
  it("reads DA with spaces, a comma or a dot, and 'DA'", () => {
    expect(parseAmount("12 500,50")).toEqual({ ok: true, centimes: 1_250_050 });
    expect(parseAmount("12\u202f500,5")).toEqual({ ok: true, centimes: 1_250_050 });
    expect(parseAmount("15000.05")).toEqual({ ok: true, centimes: 1_500_005 });
    expect(parseAmount("15 000 DA")).toEqual({ ok: true, centimes: 1_500_000 });
    expect(parseAmount("0,01")).toEqual({ ok: true, centimes: 1 });
    expect(parseAmount("5000,")).toEqual({ ok: true, centimes: 500_000 });
    expect(parseAmount("  ")).toEqual({ ok: true, centimes: null });
    expect(parseAmount(undefined)).toEqual({ ok: true, centimes: null });
  });

  it("refuses what is not an amount, three decimals, a sign, and too much", () => {
    for (const bad of ["abc", "12a", "1,2,3", "1.000,50", "--5", "+5", ",50", "1e5", "0x10", "١٢٣"]) expect(parseAmount(bad), bad).toEqual({ ok: false, reason: "invalid" });
    expect(parseAmount("12,505")).toEqual({ ok: false, reason: "decimals" });
    expect(parseAmount("-20")).toEqual({ ok: false, reason: "negative" });
    expect(parseAmount("1000000000,01")).toEqual({ ok: false, reason: "too_large" });
    expect(parseAmount("9".repeat(40))).toEqual({ ok: false, reason: "too_large" });
    expect(parseAmount("1000000000")).toEqual({ ok: true, centimes: MAX_AMOUNT_CENTIMES });
  });

  it("keeps the field rule's contract: null, NaN, negative, above the maximum", () => {
    expect(parsePriceToCentimes("")).toBeNull();
    expect(parsePriceToCentimes("x")).toBeNaN();
    expect(parsePriceToCentimes("1,234")).toBeNaN();
    expect(parsePriceToCentimes("-1")).toBeLessThan(0);
    expect(parsePriceToCentimes("2000000000")).toBeGreaterThan(MAX_AMOUNT_CENTIMES);
    expect(parsePriceToCentimes("35 000.5")).toBe(3_500_050);
  });

  it("property: any amount written as people write it reads back as the same centimes", () => {
    fc.assert(
      fc.property(centimes, groupSpace, fc.constantFrom(",", "."), fc.boolean(), fc.constantFrom("", " DA", "DA", "\u00a0DA"), (c, sep, dot, pad, unit) => {
        const whole = Math.floor(c / 100);
        const cents = c % 100;
        const fraction = cents === 0 && !pad ? "" : `${dot}${String(cents).padStart(2, "0")}`;
        expect(parseAmount(`${grouped(whole, sep)}${fraction}${unit}`)).toEqual({ ok: true, centimes: c });
      }),
    );
  });

  it("property: what the screens write (formatDA, centimesToInput) reads back exactly", () => {
    fc.assert(
      fc.property(centimes, (c) => {
        expect(parseAmount(formatDA(c))).toEqual({ ok: true, centimes: c });
        expect(parseAmount(centimesToInput(c))).toEqual({ ok: true, centimes: c });
      }),
    );
  });

  it("property: three decimals or more are refused, never rounded", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.stringMatching(/^\d{3,6}$/), (whole, fraction) => {
        expect(parseAmount(`${whole},${fraction}`)).toEqual({ ok: false, reason: "decimals" });
      }),
    );
  });

  it("property: any text either reads as an amount in range or is refused, never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const r = parseAmount(text);
        if (r.ok && r.centimes !== null) expect(Number.isSafeInteger(r.centimes) && r.centimes >= 0 && r.centimes <= MAX_AMOUNT_CENTIMES).toBe(true);
      }),
    );
  });
});

describe("money: writing amounts", () => {
  it("writes DA as the one number format does", () => {
    expect(formatDA(1_500_050)).toBe(`${n("15 000,50")}${NBSP}DA`);
    expect(formatDA(1_500_005)).toBe(`${n("15 000,05")}${NBSP}DA`);
    expect(formatDA(1_500_000)).toBe(`${n("15 000")}${NBSP}DA`);
    expect(formatDA(0)).toBe(`0${NBSP}DA`);
    expect(formatDA(-250)).toBe(`-2,50${NBSP}DA`);
    expect(formatDA(null)).toBe("");
    expect(centimesToInput(1_200_050)).toBe("12000.5");
    expect(centimesToInput(1_200_005)).toBe("12000.05");
    expect(centimesToInput(1_200_000)).toBe("12000");
    expect(centimesToInput(null)).toBe("");
  });

  it("property: formatDA has two decimals exactly when there are centimes, and its digits are the amount's", () => {
    fc.assert(
      fc.property(centimes, (c) => {
        const text = formatDA(c);
        expect(text.endsWith(`${NBSP}DA`)).toBe(true);
        expect(/,\d{2}\u00a0DA$/.test(text)).toBe(c % 100 !== 0);
        expect(Number(text.replace(/\D/g, ""))).toBe(c % 100 === 0 ? c / 100 : c);
      }),
    );
  });
});

describe("money: sums and balances", () => {
  it("sums exactly, and refuses what is not an integer number of centimes", () => {
    expect(sumCentimes([10, 20, 30])).toBe(60);
    expect(sumCentimes([])).toBe(0);
    expect(() => sumCentimes([0.1, 0.2])).toThrow(RangeError);
    expect(() => sumCentimes([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it("property: a sum does not depend on the order, and equals the sum of its parts' sums", () => {
    fc.assert(
      fc.property(fc.array(centimes, { maxLength: 50 }), fc.nat(50), (list, cut) => {
        const total = sumCentimes(list);
        expect(sumCentimes([...list].reverse())).toBe(total);
        expect(sumCentimes([sumCentimes(list.slice(0, cut)), sumCentimes(list.slice(cut))])).toBe(total);
      }),
    );
  });

  it("the balance is the total minus what was paid, never below 0; none without a total or once cancelled", () => {
    expect(balanceDue({ prixtotal: 1_500_000, prixpay: 500_050, status: "attended" })).toBe(999_950);
    expect(balanceDue({ prixtotal: 1_500_000, prixpay: null, status: "confirmed" })).toBe(1_500_000);
    expect(balanceDue({ prixtotal: 100, prixpay: 300, status: "attended" })).toBe(0);
    expect(balanceDue({ prixtotal: null, prixpay: 300, status: "attended" })).toBeNull();
    expect(balanceDue({ prixtotal: 100, prixpay: 0, status: "cancelled" })).toBeNull();
  });

  it("property: paying any amount that fits the balance leaves exactly the rest; one that does not fit is refused", () => {
    fc.assert(
      fc.property(centimes, centimes, fc.integer({ min: 1, max: MAX_AMOUNT_CENTIMES }), (a, b, amount) => {
        const [paidBefore, total] = a <= b ? [a, b] : [b, a];
        const before = balanceDue({ prixtotal: total, prixpay: paidBefore, status: "attended" })!;
        expect(before).toBe(total - paidBefore);
        if (fitsBalance(amount, before)) {
          const after = balanceDue({ prixtotal: total, prixpay: sumCentimes([paidBefore, amount]), status: "attended" })!;
          expect(after).toBe(before - amount);
          expect(sumCentimes([after, paidBefore, amount])).toBe(total);
        } else {
          expect(amount).toBeGreaterThan(before);
        }
      }),
    );
  });
});
