import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { Database } from "../db/types";
import type { Db } from "../db";
import { nationalDigits } from "~/lib/rules";

/**
 * The index of the staff searches for a part of a text (issue 33, item 3; migration 019): what a
 * B-tree cannot find. PostgreSQL: `pg_trgm` GIN indexes on the searched expressions; SQLite: the
 * FTS5 tables `patients_search` and `appointments_search` (trigram tokenizer, rowid = the row's id).
 *
 * Both are used as a CANDIDATE filter only: `ids IN (candidates)` next to the exact test, which is
 * the same SQL on both engines (a LIKE on the stored column). So the index decides the speed,
 * never the result, and the engines answer the same rows. A trigram index needs 3 characters: a
 * part shorter than that has no candidates (`null`) and the exact test alone reads the table.
 */

/** A trigram index finds parts of at least this many characters. */
export const TRIGRAM = 3;

/** The searched expressions, as each engine indexes them. */
const COLUMNS = {
  patients: { name_key: "name_key", email: "lower(email)", phone_e164: "phone_e164" },
  appointments: { name: "lower(name)", email: "lower(email)", phone_digits: "phone_digits" },
} as const;

type Table = keyof typeof COLUMNS;
export type SearchColumn<T extends Table> = keyof (typeof COLUMNS)[T] & string;

/**
 * The longest run of a typed text with no LIKE wildcard (`%`, `_`) nor the escape character: the
 * part an index can look up (a row holding the whole text holds it). Empty when there is none.
 */
export function indexablePart(text: string): string {
  return text.split(/[%_\\]/).reduce((a, b) => ([...b].length > [...a].length ? b : a), "");
}

/** True when a part is long enough for the trigram index. */
export function isIndexable(part: string): boolean {
  return [...part].length >= TRIGRAM;
}

/**
 * The ids of `table` whose `column` holds every one of `parts` (lower-case, no wildcard, each at
 * least TRIGRAM characters: see indexablePart): a superset of the exact search's rows, from the
 * index; with `pick`, another column of those rows (an appointment's record). On SQLite the FTS5 LIKE compares as SQLite's LIKE does (ASCII case-insensitive), on
 * PostgreSQL the indexed expressions are lower-cased: both find at least the rows of the exact test.
 */
export function candidateIds<T extends Table>(
  h: Pick<Db, "engine">,
  table: T,
  column: SearchColumn<T>,
  parts: string[],
  pick: "id" | "patient_id" = "id",
): RawBuilder<number> {
  if (parts.length === 0 || !parts.every(isIndexable)) throw new Error("candidateIds: parts too short for the index");
  const pattern = (p: string) => `%${p}%`;
  if (h.engine === "postgres") {
    const expr = sql.raw((COLUMNS[table] as Record<string, string>)[column]!);
    return sql<number>`select ${sql.ref(pick)} from ${sql.table(table)} where ${sql.join(
      parts.map((p) => sql`${expr} like ${pattern(p)}`),
      sql` and `,
    )}`;
  }
  const rowids = sql<number>`select rowid from ${sql.table(`${table}_search`)} where ${sql.join(
    parts.map((p) => sql`${sql.ref(column)} like ${pattern(p)}`),
    sql` and `,
  )}`;
  return pick === "id" ? rowids : sql<number>`select ${sql.ref(pick)} from ${sql.table(table)} where id in (${rowids})`;
}

/**
 * What a search typed as a part of a phone number looks for in the stored digits, which hold the
 * national number without its leading 0 (`nationalDigits`: "550123456"; `phone_e164`
 * "+213550123456"). Digits typed with a leading 0 are either the number's beginning, its national
 * prefix typed ("0550 12": `start` "55012") or a part inside it ("0500" in "0652 05 00 02":
 * `anywhere` "0500", zeros kept). Other digits are a part anywhere, in any international form
 * ("+213 550", "34 5"). Null when the query is not a phone number's digits, or has fewer than
 * three once the prefix is dropped. Before this, a leading 0 was dropped and its part looked for
 * anywhere: "0500" found every number holding "500", one in ten (issue 33, item 3).
 */
export function phonePart(q: string): { anywhere: string; start: string | null } | null {
  if (!/\d/.test(q) || !/^[\d\s+().-]+$/.test(q)) return null;
  const national = nationalDigits(q);
  if (national.length < TRIGRAM) return null;
  const typed = q.replace(/\D/g, "");
  return /^0[1-9]/.test(typed) ? { anywhere: typed, start: national } : { anywhere: national, start: null };
}

/** The LIKE patterns of a phone part on a column of national digits, or of E.164 numbers (an Algerian number's start is "+213…"). */
export function phonePatterns(part: { anywhere: string; start: string | null }, form: "national" | "e164"): string[] {
  return [`%${part.anywhere}%`, ...(part.start === null ? [] : [`${form === "e164" ? "+213" : ""}${part.start}%`])];
}

/**
 * The candidate queries of a phone part on a table's digits (the patterns of phonePatterns): a part
 * anywhere from the trigram index; the number's start from the column's B-tree, as the range of
 * the texts that begin with it (digits, then the next prefix: "+213500" ≤ x < "+213501"). Not the
 * trigram index: every E.164 number holds the trigrams of "+213", whose lists are the whole table
 * (15 ms on PostgreSQL at 100,000 records, against 0.1 ms for the range).
 */
export function phoneCandidates<T extends Table>(h: Pick<Db, "engine">, table: T, column: SearchColumn<T>, part: { anywhere: string; start: string | null }, form: "national" | "e164", pick: "id" | "patient_id" = "id"): RawBuilder<number>[] {
  const out = [candidateIds(h, table, column, [part.anywhere], pick)];
  if (part.start !== null) {
    const start = `${form === "e164" ? "+213" : ""}${part.start}`;
    out.push(sql<number>`select ${sql.ref(pick)} from ${sql.table(table)} where ${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${nextPrefix(start)}`);
  }
  return out;
}

/** The first text after every text that begins with `digits` (a "+" and digits): its last digit that is not a 9, plus one ("+213509" → "+21351"). */
export function nextPrefix(digits: string): string {
  const kept = digits.replace(/9+$/, "");
  return kept.slice(0, -1) + String.fromCharCode(kept.charCodeAt(kept.length - 1) + 1);
}

/** The escaped LIKE pattern of a part typed (wildcards typed are matched as themselves; `escape '\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A search whose index finds more than this many rows is "broad" (a common family name: one
 * patient in ten). Its page is then read in the list's own order (the first rows found on that
 * index's walk: about BROAD_AT / found rows read, not every row found sorted) and its count stops
 * at BROAD_AT + 1: the screen says "plus de 1 000". Below it, the candidates are few enough to
 * read, sort and count whole.
 */
export const BROAD_AT = 1000;

/**
 * True when one candidate query alone finds more than BROAD_AT rows. Each is counted on its own,
 * up to BROAD_AT + 1 (a LIMIT inside the count: the index stops there; a UNION of them would be
 * read whole first). On the same index and the same rule on both engines.
 */
export async function isBroad(h: Pick<Db, "db">, parts: RawBuilder<number>[]): Promise<boolean> {
  // one after the other, the first broad one ending it: a name's part is read first, and a broad
  // name needs no count of the e-mails (each count of a broad part reads its whole index range)
  for (const p of parts) {
    const r = await sql<{ n: number }>`select count(*) as n from (select 1 as one from (${p}) as c limit ${BROAD_AT + 1}) as x`.execute(h.db);
    if (Number(r.rows[0]?.n ?? 0) > BROAD_AT) return true;
  }
  return false;
}

/** The union of candidate queries, as an `IN (…)` operand. */
export function unionOf(parts: RawBuilder<number>[]): RawBuilder<number> {
  return sql<number>`(${sql.join(parts, sql` union `)})`;
}

/** The rows of a broad search, counted up to BROAD_AT + 1 (the count stops there). */
export async function countUpToBroad<T extends keyof Database>(h: Pick<Db, "db">, query: SelectQueryBuilder<Database, T, object>): Promise<number> {
  const found = query.select(sql<number>`1`.as("one")).limit(BROAD_AT + 1);
  const r = await sql<{ n: number }>`select count(*) as n from (${found}) as found`.execute(h.db);
  return Number(r.rows[0]?.n ?? 0);
}
