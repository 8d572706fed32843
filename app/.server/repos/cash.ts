import { sumCentimes } from "~/lib/money";
import { PAYMENT_MODES, type StoredPaymentMode } from "~/lib/payment-schema";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import { isUniqueViolation, writeTransaction, type Db } from "../db";
import type { Kysely } from "kysely";
import type { Database, PaymentKind } from "../db/types";

/**
 * The day's cash (docs/product.md, "Staff: the day's cash"; ADR 026): the entries of one clinic
 * day's till (`paid_day`), their totals by mode and by who took them, the cash the drawer should
 * hold, and the closing: written once per day, with the cash counted and the difference.
 */
export interface CashEntry {
  id: number;
  kind: PaymentKind;
  receiptNo: string | null;
  paidAt: string;
  amount: number;
  mode: StoredPaymentMode;
  chequeNumber: string | null;
  patientId: number | null;
  patientName: string | null;
  takenBy: string | null;
  /** for a cancellation: the receipt it reverses; for a payment: cancelled later or not */
  note: string | null;
  cancelled: boolean;
}

export interface CashClosingView {
  expectedCash: number;
  countedCash: number;
  difference: number;
  note: string | null;
  closedBy: string | null;
  closedAt: string;
}

export interface DayCash {
  day: string;
  entries: CashEntry[];
  /** the money of the day (adjustments left out): payments minus cancellations */
  total: number;
  byMode: { mode: StoredPaymentMode; amount: number; count: number }[];
  byStaff: { takenBy: string; amount: number; count: number }[];
  /** what the entries of mode 'especes' say the drawer holds */
  expectedCash: number;
  /** the adjustments of 'Prix payé' (not money), listed apart */
  adjustments: number;
  closing: CashClosingView | null;
}

async function entriesOf(db: Kysely<Database>, day: string) {
  return db
    .selectFrom("payments as p")
    .leftJoin("patients as pt", "pt.id", "p.patient_id")
    .leftJoin("staff_users as s", "s.id", "p.taken_by")
    .leftJoin("payments as c", "c.cancels_payment_id", "p.id")
    .select(["p.id", "p.kind", "p.receipt_no", "p.paid_at", "p.amount", "p.mode", "p.cheque_number", "p.patient_id", "pt.name as patient_name", "s.email as taken_by", "p.note", "c.id as cancelled_by"])
    .where("p.paid_day", "=", day)
    .orderBy("p.paid_at")
    .orderBy("p.id")
    .execute();
}

export async function dayCash(h: Pick<Db, "db">, day: string): Promise<DayCash> {
  const [rows, closing] = await Promise.all([
    entriesOf(h.db, day),
    h.db.selectFrom("cash_closings as k").leftJoin("staff_users as s", "s.id", "k.closed_by").selectAll("k").select("s.email").where("k.day", "=", day).executeTakeFirst(),
  ]);
  const entries: CashEntry[] = rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    receiptNo: r.receipt_no,
    paidAt: r.paid_at,
    amount: Number(r.amount),
    mode: r.mode,
    chequeNumber: r.cheque_number,
    patientId: r.patient_id === null ? null : Number(r.patient_id),
    patientName: r.patient_name ?? null,
    takenBy: r.taken_by ?? null,
    note: r.note,
    cancelled: r.cancelled_by !== null,
  }));
  const money = entries.filter((e) => e.kind !== "adjustment");
  const byMode = PAYMENT_MODES.map((mode) => {
    const mine = money.filter((e) => e.mode === mode);
    return { mode: mode as StoredPaymentMode, amount: sumCentimes(mine.map((e) => e.amount)), count: mine.filter((e) => e.kind === "payment").length };
  }).filter((m) => m.count > 0 || m.amount !== 0);
  const staff = new Map<string, { amount: number; count: number }>();
  for (const e of money) {
    const key = e.takenBy ?? "—";
    const s = staff.get(key) ?? { amount: 0, count: 0 };
    s.amount = sumCentimes([s.amount, e.amount]);
    if (e.kind === "payment") s.count += 1;
    staff.set(key, s);
  }
  return {
    day,
    entries,
    total: sumCentimes(money.map((e) => e.amount)),
    byMode,
    byStaff: [...staff.entries()].map(([takenBy, v]) => ({ takenBy, ...v })).sort((a, b) => b.amount - a.amount),
    expectedCash: sumCentimes(money.filter((e) => e.mode === "especes").map((e) => e.amount)),
    adjustments: sumCentimes(entries.filter((e) => e.kind === "adjustment").map((e) => e.amount)),
    closing: closing
      ? {
          expectedCash: Number(closing.expected_cash),
          countedCash: Number(closing.counted_cash),
          difference: Number(closing.difference),
          note: closing.note,
          closedBy: closing.email ?? null,
          closedAt: closing.closed_at,
        }
      : null,
  };
}

export type CloseResult = { ok: true; closing: CashClosingView } | { ok: false; reason: "already_closed" | "future" };

/**
 * 'Clôturer la caisse' (administrators): in one transaction, what the cash entries of the day say
 * the drawer holds, the amount counted and the difference are stored, and audited. A day closes
 * once (its key); a day to come cannot be closed. Entries written after it go to the next day.
 */
export async function closeCash(h: Db, req: { day: string; today: string; counted: number; note?: string | null; actor: Actor; at?: Date }): Promise<CloseResult> {
  if (!Number.isSafeInteger(req.counted) || req.counted < 0) throw new RangeError("the cash counted is a whole number of centimes, not below 0");
  if (req.day > req.today) return { ok: false, reason: "future" };
  const at = (req.at ?? new Date()).toISOString();
  try {
    return await writeTransaction(h, async (trx): Promise<CloseResult> => {
      const done = await trx.selectFrom("cash_closings").select("day").where("day", "=", req.day).executeTakeFirst();
      if (done) return { ok: false, reason: "already_closed" };
      const cash = await trx
        .selectFrom("payments")
        .select((eb) => eb.fn.sum<number>("amount").as("s"))
        .where("paid_day", "=", req.day)
        .where("mode", "=", "especes")
        .executeTakeFirst();
      const expected = Number(cash?.s ?? 0);
      const difference = req.counted - expected;
      await trx
        .insertInto("cash_closings")
        .values({ day: req.day, expected_cash: expected, counted_cash: req.counted, difference, note: req.note?.trim() || null, closed_by: req.actor.staffUserId as number, closed_at: at })
        .execute();
      await auditStaff(trx, req.actor, { action: "cash.close", targetType: "cash", detail: `Caisse du ${req.day} clôturée` });
      return { ok: true, closing: { expectedCash: expected, countedCash: req.counted, difference, note: req.note?.trim() || null, closedBy: req.actor.label, closedAt: at } };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: "already_closed" };
    throw err;
  }
}
