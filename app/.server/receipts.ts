import type { ReceiptFacts } from "~/lib/receipt-view";
import type { Db } from "./db";
import { receiptView } from "./repos/payments";

/** The facts of a receipt (app/lib/receipt-view.ts) from the entry and what it refers to; undefined when unknown. */
export async function receiptFacts(h: Pick<Db, "db">, id: number): Promise<ReceiptFacts | undefined> {
  const v = await receiptView(h, id);
  if (!v) return undefined;
  const p = v.payment;
  return {
    kind: p.kind,
    receiptNo: p.receipt_no,
    amount: p.amount,
    mode: p.mode,
    chequeNumber: p.cheque_number,
    paidAt: p.paid_at,
    paidDay: p.paid_day,
    note: p.note,
    reason: p.reason,
    patientName: v.patientName,
    takenBy: v.takenByEmail,
    appointment: v.appointment,
    quoteNumber: v.quoteNumber,
    related: v.related ? { receiptNo: v.related.receipt_no, note: v.related.note, reason: v.related.reason, paidAt: v.related.paid_at } : null,
  };
}
