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
