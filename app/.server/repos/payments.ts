import { sql, type Kysely } from "kysely";
import { balanceDue, sumCentimes } from "~/lib/money";
import { PAYMENT_MODE_LABELS, PAYMENT_MODES, type PaymentMode, type StoredPaymentMode } from "~/lib/payment-schema";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import { isUniqueViolation, numberOrNull, writeTransaction, type Db } from "../db";
import type { Appointment, Database, Payment } from "../db/types";
import { insertHistory } from "./appointments";
import { formatMoneyNumber, takeNumber } from "./money-counters";
import { tillDay } from "./payment-entries";

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
  /** the cheque's number (mode 'cheque') */
  chequeNumber?: string | null;
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
  if (req.mode === "cheque" && !req.chequeNumber?.trim()) throw new RangeError("a cheque payment carries the cheque's number");
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
    const payment = await insertReceipt(trx, {
      appointmentId: req.appointmentId,
      patientId: appointment.patient_id,
      quoteId: null,
      amount: req.amount,
      mode: req.mode,
      chequeNumber: req.chequeNumber,
      note: req.note,
      takenBy: req.actor.staffUserId as number,
      at,
    });
    // the history shows the mode; the amount is on the card, the audit log never holds it
    await insertHistory(trx, req.appointmentId, req.actor, "payment", { from: appointment.status, to: appointment.status, detail: PAYMENT_MODE_LABELS[req.mode], at: paidAt });
    await auditStaff(trx, req.actor, { action: "appointment.payment", targetType: "appointment", targetId: req.appointmentId, detail: `Reçu n° ${payment.receipt_no} (${PAYMENT_MODE_LABELS[req.mode]})` });
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
    appointment_id: numberOrNull(r.appointment_id),
    patient_id: numberOrNull(r.patient_id),
    quote_id: numberOrNull(r.quote_id),
    amount: Number(r.amount),
    taken_by: numberOrNull(r.taken_by),
    receipt_year: numberOrNull(r.receipt_year),
    receipt_seq: numberOrNull(r.receipt_seq),
    cancels_payment_id: numberOrNull(r.cancels_payment_id),
  };
}

/**
 * A payment row with its receipt number, in the caller's transaction: the number is taken from
 * the counter of the till day's year in this same transaction, so it is never given twice and a
 * rolled-back payment gives it back (ADR 026).
 */
async function insertReceipt(
  trx: Trx,
  p: { appointmentId: number | null; patientId: number | null; quoteId: number | null; enrollmentId?: number | null; amount: number; mode: PaymentMode; chequeNumber?: string | null; note?: string | null; takenBy: number; at: Date },
): Promise<Payment> {
  const iso = p.at.toISOString();
  const day = await tillDay(trx, p.at);
  const year = Number(day.slice(0, 4));
  const seq = await takeNumber(trx, "receipt", year);
  const row = await trx
    .insertInto("payments")
    .values({
      appointment_id: p.appointmentId,
      patient_id: p.patientId,
      quote_id: p.quoteId,
      enrollment_id: p.enrollmentId ?? null,
      kind: "payment",
      amount: p.amount,
      mode: p.mode,
      cheque_number: p.mode === "cheque" ? p.chequeNumber?.trim() || null : null,
      paid_at: iso,
      paid_day: day,
      taken_by: p.takenBy,
      note: p.note?.trim() || null,
      receipt_year: year,
      receipt_seq: seq,
      receipt_no: formatMoneyNumber("receipt", year, seq),
      created_at: iso,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPayment(row);
}

// ---- payments on a patient's account (a quote, a deposit) ------------------------------------------

export interface AccountPaymentRequest {
  patientId: number;
  amount: number;
  mode: PaymentMode;
  chequeNumber?: string | null;
  /** a quote of this patient, accepted: the payment counts towards its plan */
  quoteId?: number | null;
  note?: string | null;
  actor: Actor;
  at?: Date;
}

export type AccountPaymentRefusal = "patient_not_found" | "quote_not_found" | "quote_not_accepted";
export type AccountPaymentResult = { ok: true; payment: Payment } | { ok: false; reason: AccountPaymentRefusal };

/**
 * A payment on the patient's account rather than one visit: an instalment of an accepted quote, a
 * deposit. One transaction: the checks, the receipt number, the row and the audit entry.
 */
export async function recordAccountPayment(h: Db, req: AccountPaymentRequest): Promise<AccountPaymentResult> {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new RangeError("a payment is a positive number of centimes");
  if (req.mode === "cheque" && !req.chequeNumber?.trim()) throw new RangeError("a cheque payment carries the cheque's number");
  const at = req.at ?? new Date();
  return writeTransaction(h, async (trx): Promise<AccountPaymentResult> => {
    const patient = await trx.selectFrom("patients").select(["id", "erased_at"]).where("id", "=", req.patientId).executeTakeFirst();
    if (!patient || patient.erased_at) return { ok: false, reason: "patient_not_found" };
    if (req.quoteId != null) {
      const quote = await trx.selectFrom("quotes").select(["status", "patient_id"]).where("id", "=", req.quoteId).executeTakeFirst();
      if (!quote || Number(quote.patient_id) !== req.patientId) return { ok: false, reason: "quote_not_found" };
      if (quote.status !== "accepted") return { ok: false, reason: "quote_not_accepted" };
    }
    const payment = await insertReceipt(trx, {
      appointmentId: null,
      patientId: req.patientId,
      quoteId: req.quoteId ?? null,
      amount: req.amount,
      mode: req.mode,
      chequeNumber: req.chequeNumber,
      note: req.note,
      takenBy: req.actor.staffUserId as number,
      at,
    });
    await auditStaff(trx, req.actor, { action: "patient.payment", targetType: "patient", targetId: req.patientId, detail: `Reçu n° ${payment.receipt_no} (${PAYMENT_MODE_LABELS[req.mode]})` });
    return { ok: true, payment };
  });
}

// ---- a trainee's payment for an enrolment (issue 31, item 5) ---------------------------------------

export interface EnrollmentPaymentRequest {
  enrollmentId: number;
  amount: number;
  mode: PaymentMode;
  chequeNumber?: string | null;
  note?: string | null;
  actor: Actor;
  at?: Date;
}

export type EnrollmentPaymentResult = { ok: true; payment: Payment } | { ok: false; reason: "not_found" | "not_pending" };

/**
 * A trainee is not a patient: the receipt has no patient and no appointment, and names the
 * enrolment (payments.enrollment_id). One transaction: the enrolment turns 'confirmed' (paid_at)
 * only while it is still pending and unpaid (a conditional update: a deadline release and a payment
 * at the same moment cannot both win), then the receipt with its number, then the audit entry.
 */
export async function recordEnrollmentPayment(h: Db, req: EnrollmentPaymentRequest): Promise<EnrollmentPaymentResult> {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new RangeError("a payment is a positive number of centimes");
  if (req.mode === "cheque" && !req.chequeNumber?.trim()) throw new RangeError("a cheque payment carries the cheque's number");
  const at = req.at ?? new Date();
  return writeTransaction(h, async (trx): Promise<EnrollmentPaymentResult> => {
    const confirmed = await trx
      .updateTable("enrollments")
      .set({ status: "confirmed", paid_at: at.toISOString() })
      .where("id", "=", req.enrollmentId)
      .where("status", "=", "pending")
      .where("paid_at", "is", null)
      .returning(["id", "formation_chosen"])
      .executeTakeFirst();
    if (!confirmed) {
      const seen = await trx.selectFrom("enrollments").select("id").where("id", "=", req.enrollmentId).executeTakeFirst();
      return { ok: false, reason: seen ? "not_pending" : "not_found" };
    }
    const payment = await insertReceipt(trx, {
      appointmentId: null,
      patientId: null,
      quoteId: null,
      enrollmentId: req.enrollmentId,
      amount: req.amount,
      mode: req.mode,
      chequeNumber: req.chequeNumber,
      note: req.note,
      takenBy: req.actor.staffUserId as number,
      at,
    });
    await auditStaff(trx, req.actor, { action: "formation.payment", targetType: "enrollment", targetId: req.enrollmentId, detail: `Reçu n° ${payment.receipt_no} (${PAYMENT_MODE_LABELS[req.mode]})` });
    return { ok: true, payment };
  });
}

// ---- cancelling a receipt ----------------------------------------------------------------------------

export type CancelRefusal = "not_found" | "not_a_receipt" | "already_cancelled";
export type CancelResult = { ok: true; cancellation: Payment } | { ok: false; reason: CancelRefusal };

/**
 * 'Annuler ce reçu' (administrators): a receipt is never changed or deleted; a cancelling entry of
 * the opposite amount is written, with its reason, in today's till, and the appointment's prixpay
 * goes down by the amount in the same transaction. A receipt is cancelled once (the database's
 * unique `cancels_payment_id` holds even for two administrators at once).
 */
export async function cancelReceipt(h: Db, req: { paymentId: number; reason: string; actor: Actor; at?: Date }): Promise<CancelResult> {
  const reason = req.reason.trim();
  if (!reason) throw new RangeError("a cancellation has a reason");
  const at = req.at ?? new Date();
  const iso = at.toISOString();
  try {
    return await writeTransaction(h, async (trx): Promise<CancelResult> => {
      const original = await trx.selectFrom("payments").selectAll().where("id", "=", req.paymentId).executeTakeFirst();
      if (!original) return { ok: false, reason: "not_found" };
      if (original.kind !== "payment") return { ok: false, reason: "not_a_receipt" };
      const done = await trx.selectFrom("payments").select("id").where("cancels_payment_id", "=", req.paymentId).executeTakeFirst();
      if (done) return { ok: false, reason: "already_cancelled" };
      const amount = Number(original.amount);
      const row = await trx
        .insertInto("payments")
        .values({
          appointment_id: original.appointment_id,
          patient_id: original.patient_id,
          quote_id: original.quote_id,
          kind: "cancellation",
          amount: -amount,
          mode: original.mode,
          cheque_number: original.cheque_number,
          paid_at: iso,
          paid_day: await tillDay(trx, at),
          taken_by: req.actor.staffUserId,
          note: `Annulation du reçu n° ${original.receipt_no}`,
          cancels_payment_id: req.paymentId,
          reason: reason.slice(0, 200),
          created_at: iso,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (original.appointment_id !== null) {
        const appointmentId = Number(original.appointment_id);
        await trx
          .updateTable("appointments")
          .set((eb) => ({ prixpay: sql<number>`coalesce(${eb.ref("prixpay")}, 0) - ${amount}`, updated_at: iso }))
          .where("id", "=", appointmentId)
          .execute();
        await insertHistory(trx, appointmentId, req.actor, "payment", { detail: `Annulation du reçu n° ${original.receipt_no}`, at: iso });
      }
      await auditStaff(trx, req.actor, { action: "payment.cancel", targetType: "payment", targetId: req.paymentId, detail: `Annulation du reçu n° ${original.receipt_no}` });
      return { ok: true, cancellation: toPayment(row) };
    });
  } catch (err) {
    // two administrators at once: the database's unique key refused the second cancelling row
    if (isUniqueViolation(err)) return { ok: false, reason: "already_cancelled" };
    throw err;
  }
}

/** One receipt or entry, with what the receipt shows: the patient, who took it, what it pays, its cancellation. */
export interface ReceiptView {
  payment: Payment;
  patientName: string | null;
  takenByEmail: string | null;
  appointment: { service: string; date: string; time: string } | null;
  quoteNumber: string | null;
  /** the entry that cancelled this receipt, or for a cancellation the receipt it reverses */
  related: Payment | null;
}

export async function receiptView(h: Pick<Db, "db">, id: number): Promise<ReceiptView | undefined> {
  const row = await h.db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const payment = toPayment(row);
  const [patient, staff, appointment, quote, related] = await Promise.all([
    payment.patient_id === null ? undefined : h.db.selectFrom("patients").select("name").where("id", "=", payment.patient_id).executeTakeFirst(),
    payment.taken_by === null ? undefined : h.db.selectFrom("staff_users").select("email").where("id", "=", payment.taken_by).executeTakeFirst(),
    payment.appointment_id === null ? undefined : h.db.selectFrom("appointments").select(["service", "date", "time", "name"]).where("id", "=", payment.appointment_id).executeTakeFirst(),
    payment.quote_id === null ? undefined : h.db.selectFrom("quotes").select("number").where("id", "=", payment.quote_id).executeTakeFirst(),
    payment.kind === "cancellation" && payment.cancels_payment_id !== null
      ? h.db.selectFrom("payments").selectAll().where("id", "=", payment.cancels_payment_id).executeTakeFirst()
      : h.db.selectFrom("payments").selectAll().where("cancels_payment_id", "=", payment.id).executeTakeFirst(),
  ]);
  return {
    payment,
    patientName: patient?.name ?? appointment?.name ?? null,
    takenByEmail: staff?.email ?? null,
    appointment: appointment ? { service: appointment.service, date: appointment.date, time: appointment.time } : null,
    quoteNumber: quote?.number ?? null,
    related: related ? toPayment(related) : null,
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
    // adjustments correct 'Prix payé': no money collected (ADR 026); cancellations net out
    .where("mode", "!=", "ajustement")
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

/**
 * Erasure of records (law 18-07), in its transaction: the free texts of their account entries and
 * quotes go (notes, titles, the name typed on an acceptance, its address, a refusal's reason);
 * amounts, modes, days, receipt numbers and the quotes' lines stay (the clinic's accounts).
 */
export async function anonymiseAccounts(trx: Trx, patientIds: number[]): Promise<void> {
  if (patientIds.length === 0) return;
  await trx.updateTable("payments").set({ note: null }).where("patient_id", "in", patientIds).where("kind", "=", "payment").execute();
  await trx.updateTable("quotes").set({ title: null, note: null, accepted_name: null, accepted_ip: null, refusal_reason: null }).where("patient_id", "in", patientIds).execute();
}
