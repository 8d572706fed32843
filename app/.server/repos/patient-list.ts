import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import { todayInClinic } from "~/lib/clinic-time";
import { toE164 } from "~/lib/phone";
import type { Db } from "../db";
import { nameKey, nameSearchWords } from "~/lib/name-key";
import type { Database } from "../db/types";
import { BROAD_AT, candidateIds, containsPattern, countUpToBroad, indexablePart, isBroad, isIndexable, phoneCandidates, phonePart, phonePatterns, unionOf } from "./substring-index";
import { contactsOf, isLive } from "./patients";

/** The patients list: search, pagination, counts and the merge candidates (docs/product.md, "Staff: patients"). */

// ---- the list ---------------------------------------------------------------------------------------

export interface PatientCounts {
  /** every appointment of the record */
  appointments: number;
  /** 'Honoré' */
  attended: number;
  /** 'Absent' */
  noShows: number;
  /** 'Annulé' */
  cancelled: number;
}

export interface PatientListItem extends PatientCounts {
  id: number;
  name: string;
  phone: string | null;
  phoneE164: string | null;
  email: string | null;
  /** what is still due across the record's appointments (centimes) */
  due: number;
  /** the day of the latest appointment (past or coming) */
  lastDate: string | null;
  /** the day of the latest visit: an appointment marked 'Honoré' */
  lastVisit: string | null;
  /** the day of the next appointment still on ('Demande reçue' or 'Confirmé', today or later) */
  nextDate: string | null;
}

/** "0550-12…", "+213 550…", "00213…": a query that is a phone number, whole (`e164`) or a part of one (`part`, ./substring-index phonePart). */
function phoneQuery(q: string): { e164: string | null; part: ReturnType<typeof phonePart> } | null {
  if (!/\d/.test(q) || !/^[\d\s+().-]+$/.test(q)) return null;
  return { e164: toE164(q), part: phonePart(q) };
}

/** What a search looks for (docs/product.md, "Staff: patients"). */
interface PatientQuery {
  /** words each a part of `name_key` (~/lib/name-key nameSearchWords) */
  words: string[];
  /** the query lower-cased, a part of the e-mail */
  email: string;
  phone: ReturnType<typeof phoneQuery>;
}

function patientQuery(q: string): PatientQuery {
  return { words: nameSearchWords(q), email: q.toLowerCase(), phone: phoneQuery(q) };
}

/**
 * The exact test, the same SQL on both engines. A record matches a name (every word, through its
 * `name_key`: accents, case, titles and the Arabic spellings of ~/lib/name-key ignored; no
 * transliteration, Arabic finds Arabic and Latin finds Latin), a part of its e-mail, or a phone
 * number in any form: the canonical number, or a part of the digits of the record or of one of
 * its appointments.
 */
function searchWhere(eb: ExpressionBuilder<Database, "patients">, s: PatientQuery) {
  const ors = [];
  if (s.words.length > 0) ors.push(eb.and(s.words.map((w) => eb("patients.name_key", "like", `%${w}%`))));
  ors.push(sql<boolean>`lower(${eb.ref("patients.email")}) like ${containsPattern(s.email)} escape '\\'`);
  if (s.phone?.e164) ors.push(eb("patients.phone_e164", "=", s.phone.e164));
  const part = s.phone?.part;
  if (part) {
    for (const like of phonePatterns(part, "e164")) ors.push(eb("patients.phone_e164", "like", like));
    ors.push(
      eb.exists(
        eb
          .selectFrom("appointments")
          .select(sql`1`.as("one"))
          .whereRef("appointments.patient_id", "=", "patients.id")
          .where((a) => a.or(phonePatterns(part, "national").map((like) => a("appointments.phone_digits", "like", like)))),
      ),
    );
  }
  return eb.or(ors);
}

/**
 * The records the substring index gives for a search (./substring-index): a superset of those of
 * searchWhere, or null when a part of the query is too short for a trigram index (one or two
 * letters: then searchWhere alone reads the live records, in the list's order).
 */
function searchCandidates(h: Pick<Db, "engine">, s: PatientQuery): RawBuilder<number>[] | null {
  const parts = [];
  if (s.words.length > 0) {
    // every word is in the name: the longer ones are enough to narrow it
    const long = s.words.filter(isIndexable);
    if (long.length === 0) return null;
    parts.push(candidateIds(h, "patients", "name_key", long));
  }
  const email = indexablePart(s.email);
  if (!isIndexable(email)) return null;
  parts.push(candidateIds(h, "patients", "email", [email]));
  if (s.phone?.e164) parts.push(sql<number>`select id from patients where phone_e164 = ${s.phone.e164}`);
  if (s.phone?.part) {
    parts.push(...phoneCandidates(h, "patients", "phone_e164", s.phone.part, "e164"));
    parts.push(...phoneCandidates(h, "appointments", "phone_digits", s.phone.part, "national", "patient_id"));
  }
  return parts;
}

/** The counts and the amount due of some records, by id. */
type Counts = PatientCounts & { due: number; nextDate: string | null };

async function countsFor(h: Pick<Db, "db">, ids: number[], today: string = todayInClinic()): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>();
  if (ids.length === 0) return out;
  const rows = await h.db
    .selectFrom("appointments")
    .where("patient_id", "in", ids)
    .groupBy("patient_id")
    .select((eb) => [
      "patient_id",
      eb.fn.countAll<number>().as("appointments"),
      sql<number>`sum(case when ${eb.ref("status")} = 'attended' then 1 else 0 end)`.as("attended"),
      sql<number>`sum(case when ${eb.ref("status")} = 'no_show' then 1 else 0 end)`.as("no_shows"),
      sql<number>`sum(case when ${eb.ref("status")} = 'cancelled' then 1 else 0 end)`.as("cancelled"),
      // balanceDue (~/lib/appointment-status) summed: a total set, not cancelled, what is left of it
      sql<number>`coalesce(sum(case when ${eb.ref("prixtotal")} is not null and ${eb.ref("status")} != 'cancelled' and ${eb.ref("prixtotal")} > coalesce(${eb.ref("prixpay")}, 0) then ${eb.ref("prixtotal")} - coalesce(${eb.ref("prixpay")}, 0) else 0 end), 0)`.as(
        "due",
      ),
      sql<string | null>`min(case when ${eb.ref("status")} in ('requested', 'confirmed') and ${eb.ref("date")} >= ${today} then ${eb.ref("date")} end)`.as("next_date"),
    ])
    .execute();
  for (const r of rows) {
    out.set(Number(r.patient_id), {
      appointments: Number(r.appointments),
      attended: Number(r.attended),
      noShows: Number(r.no_shows),
      cancelled: Number(r.cancelled),
      due: Number(r.due),
      nextDate: r.next_date ?? null,
    });
  }
  return out;
}

/**
 * Live records (neither merged nor erased), the latest appointment first, paginated in the
 * database; `q` searches the name, the e-mail and the phone (see searchWhere).
 */
const LIST_COLUMNS = ["patients.id", "patients.name", "patients.phone", "patients.phone_e164", "patients.email", "patients.last_date", "patients.last_visit"] as const;

export async function listPatients(
  h: Pick<Db, "db" | "engine">,
  query: { q?: string; exclude?: number } = {},
  page: { limit: number; offset: number } = { limit: 24, offset: 0 },
  today: string = todayInClinic(),
): Promise<{ rows: PatientListItem[]; total: number; more: boolean }> {
  let base = h.db.selectFrom("patients").where(isLive);
  const q = query.q?.trim().slice(0, 100);
  let broad = false;
  if (q) {
    const s = patientQuery(q);
    const parts = searchCandidates(h, s);
    // a broad search (substring-index.ts BROAD_AT) reads its page in the list's order
    broad = parts ? await isBroad(h, parts) : false;
    // PostgreSQL reads an OR of its trigram indexes on one table by itself (BitmapOr): the
    // candidates are only needed there to reach the appointments' phone digits
    if (parts && !broad && (h.engine === "sqlite" || s.phone?.part)) base = base.where("patients.id", "in", unionOf(parts));
    base = base.where((eb) => searchWhere(eb, s));
  }
  if (query.exclude !== undefined) base = base.where("patients.id", "!=", query.exclude);
  const ordered = base
    // the stored day of the latest appointment (migration 019), in the order of its index
    .orderBy("patients.last_date", "desc")
    .orderBy("patients.id", "desc")
    .limit(page.limit)
    .offset(page.offset);
  const countAll = async () => Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  let rows;
  let total;
  if (broad) {
    // the page, and a count that stops past BROAD_AT
    [rows, total] = await Promise.all([ordered.select(LIST_COLUMNS).execute(), countUpToBroad(h, base)]);
  } else if (q && h.engine === "sqlite") {
    // SQLite: a search reads its rows once, the page and, beside each row, the number found (a
    // window); a page past the end has no row to carry it, then it is counted apart. (PostgreSQL
    // plans the window over every row found, slower than its page and its count side by side.)
    const found = await ordered.select(LIST_COLUMNS).select(sql<number>`count(*) over ()`.as("found")).execute();
    rows = found;
    total = found.length > 0 ? Number(found[0]!.found) : page.offset > 0 ? await countAll() : 0;
  } else {
    // the page and the total side by side (the whole list: the order's index, the live records' index)
    [rows, total] = await Promise.all([ordered.select(LIST_COLUMNS).execute(), countAll()]);
  }
  const counts = await countsFor(
    h,
    rows.map((r) => Number(r.id)),
    today,
  );
  return {
    rows: rows.map((r) => listItem(r, counts)),
    total: Math.min(total, broad ? BROAD_AT : total),
    more: broad && total > BROAD_AT,
  };
}

/**
 * Records that may be the same person as `id`: live ones with the same phone, the same e-mail or
 * the same name; and, with a search, the records it finds. For the merge form.
 */
export async function mergeCandidates(h: Pick<Db, "db" | "engine">, id: number, search?: string): Promise<PatientListItem[]> {
  const self = await h.db.selectFrom("patients").select(["phone_e164", "email", "match_key"]).where("id", "=", id).executeTakeFirst();
  if (!self) return [];
  const namePart = self.match_key ? self.match_key.slice(self.match_key.indexOf("|") + 1) : "";
  const email = self.email?.toLowerCase() ?? "";
  // each test's own B-tree (an OR of them would read every record): the phone, lower(email) and
  // the name key (migration 020; the same name has the same key, ~/lib/name-key), then the exact tests
  const candidates = [
    ...(self.phone_e164 ? [sql<number>`select id from patients where phone_e164 = ${self.phone_e164}`] : []),
    ...(email ? [sql<number>`select id from patients where lower(email) = ${email}`] : []),
    ...(namePart ? [sql<number>`select id from patients where name_key = ${nameKey(namePart)}`] : []),
  ];
  let similarQuery = h.db.selectFrom("patients").select("id").where(isLive).where("id", "!=", id);
  similarQuery = candidates.length > 0 ? similarQuery.where("id", "in", unionOf(candidates)) : similarQuery.where(sql<boolean>`1 = 0`);
  const similar = await similarQuery
    .where((eb) =>
      eb.or([
        ...(self.phone_e164 ? [eb("phone_e164", "=", self.phone_e164)] : []),
        ...(email ? [sql<boolean>`lower(${eb.ref("email")}) = ${email}`] : []),
        ...(namePart ? [eb("match_key", "like", `%|${namePart}`)] : []),
        sql<boolean>`1 = 0`,
      ]),
    )
    .orderBy("id")
    .limit(10)
    .execute();
  const ids = new Set(similar.map((r) => Number(r.id)));
  const found = search?.trim() ? (await listPatients(h, { q: search, exclude: id }, { limit: 10, offset: 0 })).rows : [];
  const all = ids.size > 0 ? await listPatientsByIds(h, [...ids]) : [];
  const seen = new Set<number>();
  return [...all, ...found].filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
}

async function listPatientsByIds(h: Pick<Db, "db">, ids: number[]): Promise<PatientListItem[]> {
  const rows = await h.db.selectFrom("patients").select(LIST_COLUMNS).where("id", "in", ids).orderBy("id").execute();
  const counts = await countsFor(h, ids);
  return rows.map((r) => listItem(r, counts));
}

/** A row of the list: the record's contacts and its counts. */
function listItem(
  r: { id: number; name: string; phone: string | null; phone_e164: string | null; email: string | null; last_date: string; last_visit: string | null },
  counts: Awaited<ReturnType<typeof countsFor>>): PatientListItem {
  const c = counts.get(Number(r.id));
  return {
    ...contactsOf(r),
    appointments: c?.appointments ?? 0,
    attended: c?.attended ?? 0,
    noShows: c?.noShows ?? 0,
    cancelled: c?.cancelled ?? 0,
    due: c?.due ?? 0,
    lastDate: r.last_date || null,
    lastVisit: r.last_visit || null,
    nextDate: c?.nextDate || null,
  };
}
