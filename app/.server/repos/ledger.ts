import { clinicNow } from "~/lib/clinic-time";
import { runningBalances, sumCentimes } from "~/lib/money";
import { PAYMENT_MODE_LABELS, type StoredPaymentMode } from "~/lib/payment-schema";
import type { Db } from "../db";

/**
 * A patient's account (docs/product.md, "Staff: the patient's account"; ADR 026): what they owe
 * (debits: each accepted quote's total, each appointment's 'Prix total' unless cancelled) and what
 * they paid (credits: every entry of `payments` of the record, signed), in date order with a
 * running balance. Appointments and quotes are billed apart: a visit of a quote's treatment keeps
 * no 'Prix total' of its own, or it is billed twice.
 */
export interface LedgerLineView {
  /** YYYY-MM-DD, the clinic day */
  day: string;
  kind: "visit" | "quote" | "payment" | "cancellation" | "adjustment";
  label: string;
  /** what it adds to the balance */
  debit: number;
  /** what it takes from it */
  credit: number;
  balance: number;
  /** the receipt page (payments), the quote (quotes) */
  href: string | null;
}

export interface PatientAccount {
  lines: LedgerLineView[];
  /** 'Total facturé': the visits' totals and the accepted quotes' */
  billed: number;
  /** 'Total payé': every entry, net */
  paid: number;
  /** 'Solde' (> 0: the patient owes it) */
  balance: number;
}

const dayOf = (iso: string) => clinicNow(new Date(iso)).date;
const ORDER = { visit: 0, quote: 0, adjustment: 1, payment: 2, cancellation: 3 } as const;

export async function patientAccount(h: Pick<Db, "db">, patientId: number): Promise<PatientAccount> {
  const [visits, quotes, entries] = await Promise.all([
    h.db
      .selectFrom("appointments")
      .select(["id", "date", "time", "service", "prixtotal"])
      .where("patient_id", "=", patientId)
      .where("status", "!=", "cancelled")
      .where("prixtotal", "is not", null)
      .execute(),
    h.db.selectFrom("quotes").select(["id", "number", "total", "decided_at", "accepted_option"]).where("patient_id", "=", patientId).where("status", "=", "accepted").execute(),
    h.db.selectFrom("payments").select(["id", "kind", "amount", "mode", "paid_day", "receipt_no", "note", "cheque_number"]).where("patient_id", "=", patientId).execute(),
  ]);
  type Raw = Omit<LedgerLineView, "balance"> & { order: number; id: number };
  const raw: Raw[] = [
    ...visits.map((v) => ({ day: v.date, kind: "visit" as const, label: `${v.service}, rendez-vous du ${v.date.split("-").reverse().join("/")} à ${v.time}`, debit: Number(v.prixtotal), credit: 0, href: null, order: 0, id: Number(v.id) })),
    ...quotes.map((q) => ({
      day: q.decided_at ? dayOf(q.decided_at) : "",
      kind: "quote" as const,
      label: `Devis n° ${q.number} accepté${q.accepted_option ? ` (${q.accepted_option})` : ""}`,
      debit: Number(q.total),
      credit: 0,
      href: `/admin/devis/${q.id}`,
      order: 0,
      id: Number(q.id),
    })),
    ...entries.map((e) => {
      const amount = Number(e.amount);
      const mode = PAYMENT_MODE_LABELS[e.mode as StoredPaymentMode];
      const label = e.kind === "payment" ? `Reçu n° ${e.receipt_no} (${mode}${e.cheque_number ? ` n° ${e.cheque_number}` : ""})` : e.kind === "cancellation" ? (e.note ?? "Annulation") : "Ajustement du prix payé";
      return { day: e.paid_day, kind: e.kind, label, debit: amount < 0 ? -amount : 0, credit: amount > 0 ? amount : 0, href: `/admin/recus/${e.id}`, order: ORDER[e.kind], id: Number(e.id) };
    }),
  ];
  raw.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.order - b.order || a.id - b.id));
  const balances = runningBalances(raw);
  const lines = raw.map(({ order: _o, id: _i, ...l }, i) => ({ ...l, balance: balances[i] }));
  // billed: visits and accepted quotes; paid: every entry, net (a cancellation takes back its receipt)
  const billed = sumCentimes(raw.filter((l) => l.kind === "visit" || l.kind === "quote").map((l) => l.debit));
  const paid = sumCentimes(raw.filter((l) => l.kind !== "visit" && l.kind !== "quote").map((l) => l.credit - l.debit));
  return { lines, billed, paid, balance: billed - paid };
}

/** The patient's accepted quotes with what is still due on each (the account payment's 'Pour le devis'). */
export async function payableQuotes(h: Pick<Db, "db">, patientId: number): Promise<{ id: number; number: string; total: number; due: number }[]> {
  const rows = await h.db
    .selectFrom("quotes as q")
    .leftJoin("payments as p", "p.quote_id", "q.id")
    .select((eb) => ["q.id", "q.number", "q.total", eb.fn.coalesce(eb.fn.sum<number>("p.amount"), eb.lit(0)).as("paid")])
    .where("q.patient_id", "=", patientId)
    .where("q.status", "=", "accepted")
    .groupBy(["q.id", "q.number", "q.total"])
    .orderBy("q.id")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), number: r.number, total: Number(r.total), due: Math.max(0, Number(r.total) - Number(r.paid)) }));
}
