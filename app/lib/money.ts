import { formatNumber, NBSP } from "./format";

/**
 * Money, once (docs/architecture.md, "Data rules"; ADR 021): every amount is an integer number of
 * centimes (1 DA = 100 centimes). This module is the one place that turns what a person types in
 * DA into centimes, adds amounts, works out a balance and writes an amount back as text or as a
 * form value. No float ever carries money here: the text is read digit by digit, sums are
 * integer sums checked to stay exact, and an amount is written from its quotient and remainder.
 */

/** The largest amount a form accepts: 1 000 000 000 DA, far below what an integer holds exactly. */
export const MAX_AMOUNT_CENTIMES = 100_000_000_000;

export type AmountRefusal = "invalid" | "decimals" | "negative" | "too_large";

export type ParsedAmount = { ok: true; centimes: number } | { ok: false; reason: AmountRefusal } | { ok: true; centimes: null };

/** Spaces people and spreadsheets put between thousands (plain, no-break, narrow no-break, thin). */
const GROUP_SPACES = /[\s\u00a0\u202f\u2009]/g;

/**
 * Read an amount typed in DA: "15000", "15 000", "12 500,50", "15000.5", "15 000 DA", "-20".
 * One decimal separator (comma or dot), at most two digits after it; thousands may be separated
 * by spaces only (a dot or comma is always the decimal separator). Empty text is `centimes: null`.
 */
export function parseAmount(input: string | null | undefined): ParsedAmount {
  const cleaned = String(input ?? "")
    .replace(GROUP_SPACES, "")
    .replace(/DA$/i, "");
  if (cleaned === "") return { ok: true, centimes: null };
  const m = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(cleaned);
  if (!m) return { ok: false, reason: "invalid" };
  const [, sign, whole, fraction = ""] = m;
  if (fraction.length > 2) return { ok: false, reason: "decimals" };
  const digits = whole.replace(/^0+(?=\d)/, "");
  // 1 000 000 000 DA has 10 digits: anything longer is too large before any arithmetic
  if (digits.length > 12) return { ok: false, reason: sign ? "negative" : "too_large" };
  const centimes = Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
  if (sign && centimes !== 0) return { ok: false, reason: "negative" };
  if (centimes > MAX_AMOUNT_CENTIMES) return { ok: false, reason: "too_large" };
  return { ok: true, centimes };
}

/**
 * The former reader's contract (field rules): null for empty, NaN for anything that is not an
 * amount with at most two decimals, a negative number of centimes for a negative amount.
 */
export function parsePriceToCentimes(input: string | null | undefined): number | null {
  const r = parseAmount(input);
  if (r.ok) return r.centimes;
  if (r.reason === "negative") return -1;
  if (r.reason === "too_large") return MAX_AMOUNT_CENTIMES + 1;
  return Number.NaN;
}

function assertCentimes(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError("an amount must be an integer number of centimes");
}

/** The exact sum of amounts in centimes (throws rather than round when it would stop being exact). */
export function sumCentimes(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) {
    assertCentimes(v);
    total += v;
    assertCentimes(total);
  }
  return total;
}

/** The amounts an appointment carries (SPEC's columns), and its status (a cancelled one owes nothing). */
export interface BalanceInput {
  prixtotal: number | null;
  prixpay: number | null;
  status: string;
}

/**
 * 'Reste à payer': the total minus what was paid, in centimes, never below 0; null when no total
 * is set (nothing billed yet) or the appointment was cancelled.
 */
export function balanceDue(a: BalanceInput): number | null {
  if (a.prixtotal === null || a.status === "cancelled") return null;
  assertCentimes(a.prixtotal);
  const paid = a.prixpay ?? 0;
  assertCentimes(paid);
  return Math.max(0, a.prixtotal - paid);
}

/** Whether `amount` may be collected against a balance: more than 0 and not more than what is due. */
export function fitsBalance(amount: number, balance: number | null): boolean {
  return balance !== null && amount > 0 && amount <= balance;
}

/** A whole number of DA and its centimes, by integer division (never `centimes / 100`). */
function split(centimes: number): { negative: boolean; whole: number; cents: number } {
  assertCentimes(centimes);
  const abs = Math.abs(centimes);
  const cents = abs % 100;
  return { negative: centimes < 0, whole: (abs - cents) / 100, cents };
}

/**
 * Integer centimes as an amount: 1500000 -> "15 000 DA", 1500050 -> "15 000,50 DA" (fr-FR, a
 * narrow no-break space between thousands, two decimals whenever there are centimes).
 */
export function formatDA(centimes: number | null | undefined): string {
  if (centimes === null || centimes === undefined || !Number.isFinite(centimes)) return "";
  const { negative, whole, cents } = split(Math.trunc(centimes));
  const text = `${formatNumber(whole)}${cents ? `,${String(cents).padStart(2, "0")}` : ""}`;
  return `${negative ? "-" : ""}${text}${NBSP}DA`;
}

/** Centimes back to a form value that parseAmount reads again: 1500050 -> "15000.5", 1500005 -> "15000.05", 1500000 -> "15000". */
export function centimesToInput(centimes: number | null | undefined): string {
  if (centimes === null || centimes === undefined || !Number.isFinite(centimes)) return "";
  const { negative, whole, cents } = split(Math.trunc(centimes));
  const fraction = cents === 0 ? "" : `.${String(cents).padStart(2, "0").replace(/0$/, "")}`;
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** A price for visitors: "350 000 DA", or the on-request label when empty or 0. */
export function formationPriceLabel(centimes: number | null | undefined, onRequest: "Prix sur demande" | "Sur demande"): string {
  return centimes === null || centimes === undefined || centimes === 0 ? onRequest : formatDA(centimes);
}

// ---- quotes, plans and the ledger (issue 29; ADR 026, "Rounding") --------------------------------

/** A line's amounts: quantity × unit price, minus the line's own discount (never below 0). */
export interface LineAmounts {
  quantity: number;
  /** centimes */
  unitPrice: number;
  /** centimes, at most quantity × unit price */
  discount: number;
}

/** A line's total in centimes; throws when the discount is larger than the line (the form refuses it first). */
export function lineTotal(l: LineAmounts): number {
  if (!Number.isSafeInteger(l.quantity) || l.quantity < 1) throw new RangeError("a quantity is a whole number of at least 1");
  assertCentimes(l.unitPrice);
  assertCentimes(l.discount);
  if (l.unitPrice < 0 || l.discount < 0) throw new RangeError("prices and discounts are not negative");
  const gross = l.quantity * l.unitPrice;
  assertCentimes(gross);
  if (l.discount > gross) throw new RangeError("a discount cannot exceed its line");
  return gross - l.discount;
}

/**
 * A percentage of an amount, rounded to the nearest centime, halves up (the one rounding of a
 * quote: "10 %" of 12 345,67 DA is 1 234,57 DA). `percent` is a whole number from 0 to 100.
 */
export function percentOf(centimes: number, percent: number): number {
  assertCentimes(centimes);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError("a percentage is a whole number from 0 to 100");
  const product = centimes * percent;
  assertCentimes(product);
  return Math.floor((product + 50) / 100);
}

/** What the totals need of a line: its option (null: every option), its phase and its total. */
export interface PricedLine {
  option: string | null;
  phase: string | null;
  total: number;
}

export interface OptionTotals {
  /** null when the quote has no alternative options */
  option: string | null;
  /** each phase's subtotal, in the order the phases first appear (null: lines without a phase) */
  phases: { phase: string | null; subtotal: number }[];
  subtotal: number;
  /** the overall discount applied to this option (never more than its subtotal) */
  discount: number;
  total: number;
}

/**
 * A quote's totals, once per alternative option: the lines without an option belong to every
 * option, an option's own lines to it alone; the overall discount is taken from each option's
 * subtotal (capped at it). A quote without options has one entry, `option: null`.
 */
export function quoteTotals(lines: readonly PricedLine[], overallDiscount = 0): OptionTotals[] {
  assertCentimes(overallDiscount);
  if (overallDiscount < 0) throw new RangeError("a discount is not negative");
  const options: (string | null)[] = [];
  for (const l of lines) if (l.option !== null && !options.includes(l.option)) options.push(l.option);
  if (options.length === 0) options.push(null);
  return options.map((option) => {
    const mine = lines.filter((l) => l.option === null || l.option === option);
    const phases: { phase: string | null; subtotal: number }[] = [];
    for (const l of mine) {
      const p = phases.find((x) => x.phase === l.phase);
      if (p) p.subtotal = sumCentimes([p.subtotal, l.total]);
      else phases.push({ phase: l.phase, subtotal: sumCentimes([l.total]) });
    }
    const subtotal = sumCentimes(mine.map((l) => l.total));
    const discount = Math.min(overallDiscount, subtotal);
    return { option, phases, subtotal, discount, total: subtotal - discount };
  });
}

/** The total a quote stands for: the accepted option's, else the first option's. */
export function quoteHeadline(totals: readonly OptionTotals[], acceptedOption: string | null = null): number {
  const accepted = acceptedOption === null ? undefined : totals.find((t) => t.option === acceptedOption);
  return (accepted ?? totals[0])?.total ?? 0;
}

/**
 * `total` in `count` instalments of whole DA: each gets the same whole number of DA, and what is
 * left (fewer DA than instalments, and any centimes) goes to the first one. The amounts always sum
 * to the total, to the centime.
 */
export function splitEqually(total: number, count: number): number[] {
  assertCentimes(total);
  if (!Number.isInteger(count) || count < 1 || count > 120) throw new RangeError("between 1 and 120 instalments");
  if (total < 0) throw new RangeError("a total is not negative");
  const eachDa = Math.floor(total / 100 / count);
  const each = eachDa * 100;
  const amounts = Array.from({ length: count }, () => each);
  amounts[0] = total - each * (count - 1);
  return amounts;
}

/** A payment plan's amounts: the down payment (when above 0) then `count` equal instalments of the rest. */
export function planAmounts(total: number, downPayment: number, count: number): number[] {
  assertCentimes(downPayment);
  if (downPayment < 0 || downPayment > total) throw new RangeError("the down payment is between 0 and the total");
  const rest = total - downPayment;
  if (rest === 0) return [downPayment];
  return downPayment > 0 ? [downPayment, ...splitEqually(rest, count)] : splitEqually(rest, count);
}

export type InstalmentState = "paid" | "partial" | "due" | "late";

export interface Instalment {
  /** YYYY-MM-DD */
  dueDay: string;
  amount: number;
}

export interface AllocatedInstalment extends Instalment {
  /** what the payments cover of it */
  paid: number;
  state: InstalmentState;
}

/**
 * What the payments of a plan cover, the oldest instalment first (by due day, then in order):
 * 'paid' when covered, 'late' when its day is past (before `today`) and it is not, 'partial' when
 * partly covered and not yet late, 'due' otherwise. An amount paid beyond the plan is not placed
 * (`allocationOverflow` says how much).
 */
export function allocatePayments(instalments: readonly Instalment[], paid: number, today: string): AllocatedInstalment[] {
  assertCentimes(paid);
  let left = Math.max(0, paid);
  const order = instalments.map((inst, i) => ({ inst, i })).sort((a, b) => (a.inst.dueDay < b.inst.dueDay ? -1 : a.inst.dueDay > b.inst.dueDay ? 1 : a.i - b.i));
  const out: AllocatedInstalment[] = new Array(instalments.length);
  for (const { inst, i } of order) {
    assertCentimes(inst.amount);
    const covered = Math.min(left, inst.amount);
    left -= covered;
    const state: InstalmentState = covered === inst.amount ? "paid" : inst.dueDay < today ? "late" : covered > 0 ? "partial" : "due";
    out[i] = { ...inst, paid: covered, state };
  }
  return out;
}

/** What was paid beyond every instalment of a plan. */
export function allocationOverflow(instalments: readonly Instalment[], paid: number): number {
  return Math.max(0, paid - sumCentimes(instalments.map((i) => i.amount)));
}

/** A line of a patient's account: what it adds to what they owe (debit) or pays of it (credit). */
export interface LedgerLine {
  debit: number;
  credit: number;
}

/** The running balance after each line (debits minus credits so far), in the lines' order. */
export function runningBalances(lines: readonly LedgerLine[]): number[] {
  let balance = 0;
  return lines.map((l) => {
    balance = sumCentimes([balance, l.debit, -l.credit]);
    return balance;
  });
}
