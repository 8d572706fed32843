import { createHash } from "node:crypto";

/**
 * The fingerprint of what a patient accepts (issue 29, ADR 026): the SHA-256 of a canonical JSON
 * of the quote's content — number, patient, validity, discount, title, note, and every line in
 * order with its position, phase, option, act, label, teeth, quantity, unit price, discount and
 * total. Keys in a fixed order, amounts as integers of centimes: the same content gives the same
 * hash on any server, any change gives another.
 */
export interface HashedQuote {
  number: string;
  patient_id: number | null;
  valid_until: string;
  discount: number;
  title: string | null;
  note: string | null;
}

export interface HashedLine {
  position: number;
  phase: string | null;
  option: string | null;
  act_id: number | null;
  label: string;
  teeth: string | null;
  quantity: number;
  unit_price: number;
  discount: number;
  total: number;
}

export function quoteContentHash(q: HashedQuote, lines: HashedLine[]): string {
  const canonical = JSON.stringify([
    q.number,
    q.patient_id === null ? null : Number(q.patient_id),
    q.valid_until,
    Number(q.discount),
    q.title ?? null,
    q.note ?? null,
    [...lines]
      .sort((a, b) => Number(a.position) - Number(b.position))
      .map((l) => [Number(l.position), l.phase ?? null, l.option ?? null, l.act_id === null ? null : Number(l.act_id), l.label, l.teeth ?? null, Number(l.quantity), Number(l.unit_price), Number(l.discount), Number(l.total)]),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}
