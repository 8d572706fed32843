import { sql, type Kysely } from "kysely";
import { todayInClinic } from "~/lib/clinic-time";
import { balanceDue, sumCentimes } from "~/lib/money";
import { PAYMENT_MODE_LABELS, PAYMENT_MODES, type PaymentMode, type StoredPaymentMode } from "~/lib/payment-schema";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import { writeTransaction, type Db } from "../db";
import type { Appointment, Database, Payment } from "../db/types";
import { insertHistory } from "./appointments";

export type { Payment };

type Trx = Kysely<Database>;

/**
 * Payments (docs/product.md, "Staff: agenda"; ADR 021): the one module of the `payments` table.
 *
 * Recording a payment is ONE write transaction: a conditional UPDATE raises the appointment's
 * prixpay only while the appointment is not cancelled, has a total, and the new amount still fits
 * (`coalesce(prixpay, 0) + amount <= prixtotal`), then the payment row, the history line and the
 * audit entry are written. Two payments at once that together exceed the balance: the second
 * UPDATE waits for the first one's commit (PostgreSQL's row lock, SQLite's single writer), finds
 * the condition false and changes nothing; it is refused with the balance left.
 */

export interface PaymentRequest {
  appointmentId: number;
  /** centimes, > 0 */
  amount: number;
  mode: PaymentMode;
  note?: string | null;
  actor: Actor;
  /** the time of the payment (tests); now by default */
  at?: Date;
}

export type PaymentRefusal = "not_found" | "cancelled" | "no_price" | "over_balance";

export type PaymentResult =
  | { ok: true; payment: Payment; appointment: Appointment }
  | { ok: false; reason: PaymentRefusal; /** what is still due, for 'over_balance' */ balance?: number };

export async function recordPayment(h: Db, req: PaymentRequest): Promise<PaymentResult> {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new RangeError("a payment is a positive number of centimes");
  const at = req.at ?? new Date();
  const paidAt = at.toISOString();
  const result = await writeTransaction(h, async (trx): Promise<PaymentResult> => {
    const appointment = await trx
      .updateTable("appointments")
      .set((eb) => ({ prixpay: sql<number>`coalesce(${eb.ref("prixpay")}, 0) + ${req.amount}`, updated_at: paidAt }))
      .where("id", "=", req.appointmentId)
      .where("status", "!=", "cancelled")
      .where("prixtotal", "is not", null)
      .where((eb) => eb(sql<number>`coalesce(${eb.ref("prixpay")}, 0) + ${req.amount}`, "<=", eb.ref("prixtotal")))
      .returningAll()
      .executeTakeFirst();
    if (!appointment) return refusal(trx, req.appointmentId);
    const payment = await trx
      .insertInto("payments")
      .values({
        appointment_id: req.appointmentId,
        patient_id: appointment.patient_id,
        amount: req.amount,
        mode: req.mode,
        paid_at: paidAt,
        paid_day: todayInClinic(at),
        taken_by: req.actor.staffUserId as number,
        note: req.note?.trim() || null,
        created_at: paidAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // the history shows the mode; the amount is on the card, the audit log never holds it
    await insertHistory(trx, req.appointmentId, req.actor, "payment", { from: appointment.status, to: appointment.status, detail: PAYMENT_MODE_LABELS[req.mode], at: paidAt });
    await auditStaff(trx, req.actor, { action: "appointment.payment", targetType: "appointment", targetId: req.appointmentId, detail: `Paiement #${payment.id} (${PAYMENT_MODE_LABELS[req.mode]})` });
    return { ok: true, payment: toPayment(payment), appointment };
  });
  return result;
}

/** Why the conditional update changed nothing, read in the same transaction. */
async function refusal(trx: Trx, id: number): Promise<PaymentResult> {
  const row = await trx.selectFrom("appointments").select(["status", "prixtotal", "prixpay"]).where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, reason: "not_found" };
  if (row.status === "cancelled") return { ok: false, reason: "cancelled" };
  if (row.prixtotal === null) return { ok: false, reason: "no_price" };
  const balance = balanceDue({ prixtotal: Number(row.prixtotal), prixpay: row.prixpay === null ? null : Number(row.prixpay), status: row.status }) ?? 0;
  return { ok: false, reason: "over_balance", balance };
}

function toPayment(r: Payment): Payment {
  return {
    ...r,
    id: Number(r.id),
    appointment_id: r.appointment_id === null ? null : Number(r.appointment_id),
    patient_id: r.patient_id === null ? null : Number(r.patient_id),
    amount: Number(r.amount),
    taken_by: Number(r.taken_by),
  };
}

/** The payments of an appointment, oldest first. */
export async function paymentsOf(h: Pick<Db, "db">, appointmentId: number): Promise<Payment[]> {
  const rows = await h.db.selectFrom("payments").selectAll().where("appointment_id", "=", appointmentId).orderBy("id").execute();
  return rows.map(toPayment);
}

/** What was collected over clinic days (both included): the total and each mode's part, in the screens' order. */
export interface CollectedTotals {
  total: number;
  byMode: { mode: StoredPaymentMode; amount: number }[];
}

export async function collectedTotals(h: Pick<Db, "db">, fromDay: string, toDay: string): Promise<CollectedTotals> {
  const rows = await h.db
    .selectFrom("payments")
    .select((eb) => ["mode", eb.fn.sum<number>("amount").as("amount")])
    .where("paid_day", ">=", fromDay)
    .where("paid_day", "<=", toDay)
    .groupBy("mode")
    .execute();
  const order: readonly string[] = [...PAYMENT_MODES, "ajustement"];
  const byMode = rows
    .map((r) => ({ mode: r.mode, amount: Number(r.amount) }))
    .filter((r) => r.amount !== 0)
    .sort((a, b) => order.indexOf(a.mode) - order.indexOf(b.mode));
  return { total: sumCentimes(byMode.map((r) => r.amount)), byMode };
}

// ---- erasure (called in its transaction) ----------------------------------------------------------

/**
 * Erasure and retention: amounts, modes and days stay (the clinic's accounts); the note (free
 * text) and the link to the record go. A merge and a relink move `patient_id` in their own
 * transactions (./patients.ts, ./appointments.ts: one UPDATE each, where the appointments move).
 */
export async function anonymisePayments(trx: Trx, appointmentIds: number[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await trx.updateTable("payments").set({ note: null, patient_id: null }).where("appointment_id", "in", appointmentIds).execute();
}
