import { formatDA } from "./money";
import { formatCalendarDate, formatDateTime } from "./format";
import { PAYMENT_MODE_LABELS, type StoredPaymentMode } from "./payment-schema";

/**
 * What a receipt says, once, for the print page and the PDF (docs/product.md, "Staff: payments and
 * receipts"): its title, the lines of the box, and its state. Built from the entry and what it
 * refers to (app/.server/repos/payments.ts receiptView).
 */
export interface ReceiptFacts {
  kind: "payment" | "cancellation" | "adjustment";
  receiptNo: string | null;
  amount: number;
  mode: StoredPaymentMode;
  chequeNumber: string | null;
  paidAt: string;
  paidDay: string;
  note: string | null;
  reason: string | null;
  patientName: string | null;
  takenBy: string | null;
  appointment: { service: string; date: string; time: string } | null;
  quoteNumber: string | null;
  /** the cancellation of this receipt, or the receipt a cancellation reverses */
  related: { receiptNo: string | null; note: string | null; reason: string | null; paidAt: string } | null;
}

export interface ReceiptText {
  title: string;
  /** 'ANNULÉ' once cancelled */
  stamp: string | null;
  rows: [string, string][];
  /** the sentence of the cancellation */
  cancellation: string | null;
}

export function receiptText(f: ReceiptFacts): ReceiptText {
  const mode = f.mode === "cheque" && f.chequeNumber ? `${PAYMENT_MODE_LABELS.cheque} n° ${f.chequeNumber}` : PAYMENT_MODE_LABELS[f.mode];
  const forWhat = f.appointment
    ? `${f.appointment.service}, rendez-vous du ${formatCalendarDate(f.appointment.date)} à ${f.appointment.time}`
    : f.quoteNumber
      ? `Devis n° ${f.quoteNumber}`
      : "Paiement sur le compte du patient";
  const title =
    f.kind === "payment" ? `Reçu n° ${f.receiptNo}` : f.kind === "cancellation" ? `Annulation du reçu n° ${f.related?.receiptNo ?? "?"}` : "Ajustement du prix payé";
  const rows: [string, string][] = [
    ["Date", formatDateTime(f.paidAt)],
    ["Reçu de", f.patientName ?? "Patient (données effacées)"],
    [f.kind === "payment" ? "Montant reçu" : "Montant", formatDA(f.amount)],
    ["Mode de paiement", mode],
    ["Pour", forWhat],
    ["Encaissé par", f.takenBy ?? "—"],
  ];
  if (f.note && f.kind === "payment") rows.push(["Note", f.note]);
  if (f.reason && f.kind !== "payment") rows.push(["Raison", f.reason]);
  const cancelled = f.kind === "payment" && f.related !== null;
  return {
    title,
    stamp: cancelled ? "ANNULÉ" : null,
    rows,
    cancellation: cancelled ? `Reçu annulé le ${formatDateTime(f.related!.paidAt)}${f.related!.reason ? ` : ${f.related!.reason}` : ""}.` : null,
  };
}
