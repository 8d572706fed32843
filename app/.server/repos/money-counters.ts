import { sql, type Kysely } from "kysely";
import type { Database } from "../db/types";

/**
 * Numbers without gaps (ADR 026): receipts ('Reçu n° 2026-000123') and quotes ('Devis n° 2026-0042')
 * are numbered per year from 1. The number is taken from the counter row of (kind, year) by one
 * upsert INSIDE the transaction that writes what it numbers: PostgreSQL locks the row until that
 * transaction ends (a second one waits, then reads the new value), SQLite has one writer at a time,
 * and a transaction that rolls back gives its number back with everything else. So two
 * receptionists, or several app servers, never get the same number and never leave one out.
 */
export type CounterKind = "receipt" | "quote";

export async function takeNumber(trx: Kysely<Database>, kind: CounterKind, year: number): Promise<number> {
  const row = await sql<{ last: number | string }>`
    insert into money_counters (kind, year, last) values (${kind}, ${year}, 1)
    on conflict (kind, year) do update set last = money_counters.last + 1
    returning last
  `.execute(trx);
  return Number(row.rows[0].last);
}

/** 'Reçu n° 2026-000123' → "2026-000123"; 'Devis n° 2026-0042' → "2026-0042". */
export function formatMoneyNumber(kind: CounterKind, year: number, seq: number): string {
  return `${year}-${String(seq).padStart(kind === "receipt" ? 6 : 4, "0")}`;
}
