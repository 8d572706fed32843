import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { balanceDue, STATUS_LABELS, type AppointmentStatus, type CancelledBy } from "~/lib/appointment-status";
import { toE164 } from "~/lib/phone";
import { nationalDigits } from "~/lib/rules";
import { todayInClinic } from "~/lib/clinic-time";
import { toCsv, type CsvCell } from "../csv";
import { toXlsx, XLSX_CONTENT_TYPE, type XlsxKind, type XlsxValue } from "../xlsx";
import type { Db } from "../db";
import { auditStaff } from "../audit";
import { nowIso, writeTransaction } from "../db";
import { nameKey, patientMatchKey } from "../db/migrations";
import type { AppointmentHistoryAction, Database, PatientEventAction } from "../db/types";
import { errorCode, log } from "../log";
import { searchPatterns } from "./search-patterns";
import type { Actor } from "../actor";
import { loadContactSettings } from "./contact-settings";
import { withdrawCasesOfPatients } from "./gallery";

/**
 * Patient records (docs/product.md, "Staff: patients" and "Personal data";
 * docs/decisions/009-patients-and-links.md).
 *
 * An appointment is linked to the live record with the same canonical phone (E.164) and the same
 * name (accents, case, titles and word order ignored): a parent who books for a child with the
 * same phone gets two records, a patient who types "0550…" then "+213 550…" gets one. The unique
 * index on match_key makes two first bookings at once create one record. A record merged into
 * another loses its key; a later booking under its phone and name goes to the record it was
 * merged into.
 *
 * Law 18-07: every export, merge and erasure is written in `patient_events` (who, when, ids and
 * counts only, never the data). Erasure and the retention job keep each appointment's day, time,
 * service, status and amounts for the accounts and remove everything that identifies the person.
 */

type Trx = Kysely<Database>;

/** The actor of the retention job in the histories. */
export const RETENTION_ACTOR: Actor = { staffUserId: null, label: "Système (conservation)" };
/** What an erased record and its appointments are called. */
export const ERASED_NAME = "Patient effacé";

const isLive = (eb: ExpressionBuilder<Database, "patients">) => eb.and([eb("patients.merged_into", "is", null), eb("patients.erased_at", "is", null)]);

// ---- linking --------------------------------------------------------------------------------------

/** The live record a merged record now stands for (following merges), or null when none is left. */
async function liveTargetOf(trx: Trx, mergedInto: number): Promise<{ id: number; email: string | null } | null> {
  let id: number | null = mergedInto;
  for (let hops = 0; id !== null && hops < 20; hops++) {
    const row = await trx.selectFrom("patients").select(["id", "email", "merged_into", "erased_at"]).where("id", "=", id).executeTakeFirst();
    if (!row || row.erased_at) return null;
    if (row.merged_into === null) return { id: Number(row.id), email: row.email };
    id = Number(row.merged_into);
  }
  return null;
}

/** A record merged away whose phone and name give `key`: the live record it was merged into. */
async function mergedAlias(trx: Trx, key: string, e164: string | null) {
  const candidates = await trx
    .selectFrom("patients")
    .select(["name", "phone", "phone_e164", "merged_into"])
    .where("merged_into", "is not", null)
    .where("erased_at", "is", null)
    .where((eb) => (e164 ? eb("phone_e164", "=", e164) : eb("phone_e164", "is", null)))
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  for (const c of candidates) {
    if (patientMatchKey(c.phone_e164, c.phone ?? "", c.name) !== key) continue;
    const target = await liveTargetOf(trx, Number(c.merged_into));
    if (target) return target;
  }
  return null;
}

/**
 * The record of the person who books, created when new; called in the booking's transaction.
 * Returns null when the phone or the name gives no key (no digits, no letters).
 */
export async function linkPatient(
  trx: Kysely<Database>,
  who: { name: string; phone: string; email: string | null },
  at: string = nowIso(),
): Promise<number | null> {
  const e164 = toE164(who.phone);
  const key = patientMatchKey(e164, who.phone, who.name);
  if (!key) return null;
  const byKey = () => trx.selectFrom("patients").select(["id", "email", "phone"]).where("match_key", "=", key).executeTakeFirst();
  let row = await byKey();
  if (!row) {
    const alias = await mergedAlias(trx, key, e164);
    if (alias) {
      if (who.email && who.email !== alias.email)
        await trx.updateTable("patients").set({ email: who.email, updated_at: at }).where("id", "=", alias.id).execute();
      return alias.id;
    }
    await trx
      .insertInto("patients")
      .values({
        name: who.name,
        phone: who.phone,
        phone_e164: e164,
        email: who.email,
        notes: null,
        match_key: key,
        created_at: at,
        updated_at: at,
        merged_into: null,
        erased_at: null,
      })
      .onConflict((oc) => oc.column("match_key").where("match_key", "is not", null).doNothing())
      .execute();
    row = await byKey();
    if (!row) throw new Error("patient record not found after insert");
  }
  // the latest contacts typed for that person (a booking without e-mail keeps the known one)
  if ((who.email && who.email !== row.email) || who.phone !== row.phone) {
    await trx
      .updateTable("patients")
      .set({ email: who.email ?? row.email, phone: who.phone, updated_at: at })
      .where("id", "=", row.id)
      .execute();
  }
  return Number(row.id);
}

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
  /** the day of the latest appointment */
  lastDate: string | null;
}

/** "0550-12…", "+213 550…", "00213…": a query that is a phone number (or a part of one). */
function phoneQuery(q: string): { e164: string | null; digits: string } | null {
  if (!/\d/.test(q) || !/^[\d\s+().-]+$/.test(q)) return null;
  return { e164: toE164(q), digits: nationalDigits(q) };
}

/**
 * A record matches a name (every word, accents and case ignored, through the name part of its
 * key), a part of its name or e-mail (LIKE, see searchPatterns), or a phone number in any form:
 * the canonical number, or a part of the digits of the record or of one of its appointments.
 */
function searchWhere(eb: ExpressionBuilder<Database, "patients">, q: string) {
  const ors = [];
  const words = nameKey(q).split(" ").filter(Boolean);
  if (words.length > 0) ors.push(eb.and(words.map((w) => eb("patients.match_key", "like", `%|%${w}%`))));
  for (const like of searchPatterns(q)) {
    ors.push(sql<boolean>`lower(${eb.ref("patients.name")}) like ${like} escape '\\'`);
    ors.push(sql<boolean>`lower(${eb.ref("patients.email")}) like ${like} escape '\\'`);
  }
  const phone = phoneQuery(q);
  if (phone?.e164) ors.push(eb("patients.phone_e164", "=", phone.e164));
  if (phone && phone.digits.length >= 3) {
    ors.push(eb("patients.phone_e164", "like", `%${phone.digits}%`));
    ors.push(
      eb.exists(
        eb
          .selectFrom("appointments")
          .select(sql`1`.as("one"))
          .whereRef("appointments.patient_id", "=", "patients.id")
          .where("appointments.phone_digits", "like", `%${phone.digits}%`),
      ),
    );
  }
  return eb.or(ors);
}

/** The counts and the amount due of some records, by id. */
async function countsFor(h: Pick<Db, "db">, ids: number[]): Promise<Map<number, PatientCounts & { due: number; lastDate: string | null }>> {
  const out = new Map<number, PatientCounts & { due: number; lastDate: string | null }>();
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
      eb.fn.max("date").as("last_date"),
    ])
    .execute();
  for (const r of rows) {
    out.set(Number(r.patient_id), {
      appointments: Number(r.appointments),
      attended: Number(r.attended),
      noShows: Number(r.no_shows),
      cancelled: Number(r.cancelled),
      due: Number(r.due),
      lastDate: r.last_date ?? null,
    });
  }
  return out;
}

/**
 * Live records (neither merged nor erased), the latest appointment first, paginated in the
 * database; `q` searches the name, the e-mail and the phone (see searchWhere).
 */
export async function listPatients(
  h: Pick<Db, "db">,
  query: { q?: string; exclude?: number } = {},
  page: { limit: number; offset: number } = { limit: 24, offset: 0 },
): Promise<{ rows: PatientListItem[]; total: number }> {
  let base = h.db.selectFrom("patients").where(isLive);
  const q = query.q?.trim().slice(0, 100);
  if (q) base = base.where((eb) => searchWhere(eb, q));
  if (query.exclude !== undefined) base = base.where("patients.id", "!=", query.exclude);
  const lastDate = sql<string>`coalesce((select max(a.date) from appointments a where a.patient_id = patients.id), '')`;
  const [rows, count] = await Promise.all([
    base
      .select(["patients.id", "patients.name", "patients.phone", "patients.phone_e164", "patients.email"])
      .orderBy(lastDate, "desc")
      .orderBy("patients.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const counts = await countsFor(
    h,
    rows.map((r) => Number(r.id)),
  );
  return {
    rows: rows.map((r) => listItem(r, counts)),
    total: Number(count.n),
  };
}

/**
 * Records that may be the same person as `id`: live ones with the same phone, the same e-mail or
 * the same name; and, with a search, the records it finds. For the merge form.
 */
export async function mergeCandidates(h: Pick<Db, "db">, id: number, search?: string): Promise<PatientListItem[]> {
  const self = await h.db.selectFrom("patients").select(["phone_e164", "email", "match_key"]).where("id", "=", id).executeTakeFirst();
  if (!self) return [];
  const namePart = self.match_key ? self.match_key.slice(self.match_key.indexOf("|") + 1) : "";
  const similar = await h.db
    .selectFrom("patients")
    .select("id")
    .where(isLive)
    .where("id", "!=", id)
    .where((eb) =>
      eb.or([
        ...(self.phone_e164 ? [eb("phone_e164", "=", self.phone_e164)] : []),
        ...(self.email ? [sql<boolean>`lower(${eb.ref("email")}) = ${self.email.toLowerCase()}`] : []),
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
  const rows = await h.db.selectFrom("patients").select(["id", "name", "phone", "phone_e164", "email"]).where("id", "in", ids).orderBy("id").execute();
  const counts = await countsFor(h, ids);
  return rows.map((r) => listItem(r, counts));
}

/** A row of the list: the record's contacts and its counts. */
function listItem(r: { id: number; name: string; phone: string | null; phone_e164: string | null; email: string | null }, counts: Awaited<ReturnType<typeof countsFor>>): PatientListItem {
  const c = counts.get(Number(r.id));
  return {
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    phoneE164: r.phone_e164,
    email: r.email,
    appointments: c?.appointments ?? 0,
    attended: c?.attended ?? 0,
    noShows: c?.noShows ?? 0,
    cancelled: c?.cancelled ?? 0,
    due: c?.due ?? 0,
    lastDate: c?.lastDate || null,
  };
}

// ---- the record -------------------------------------------------------------------------------------

export interface PatientView {
  id: number;
  name: string;
  phone: string | null;
  phoneE164: string | null;
  email: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  mergedInto: number | null;
  erasedAt: string | null;
}

export interface PatientHistoryEntry {
  id: number;
  at: string;
  actor: string;
  action: AppointmentHistoryAction;
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus | null;
  detail: string | null;
}

export interface PatientAppointment {
  id: number;
  date: string;
  time: string;
  service: string;
  status: AppointmentStatus;
  forced: number;
  /** as typed for that appointment (a record gathers several spellings) */
  name: string;
  phone: string;
  email: string | null;
  prixtotal: number | null;
  prixpay: number | null;
  /** balanceDue: null when no total is set or it was cancelled */
  due: number | null;
  progress: string | null;
  cancelledBy: CancelledBy | null;
  cancelReason: string | null;
  anonymisedAt: string | null;
  history: PatientHistoryEntry[];
}

export interface PatientEventView {
  id: number;
  at: string;
  actor: string;
  action: PatientEventAction;
  detail: string | null;
}

export interface MoneyAcrossVisits {
  /** totals set, cancelled appointments left out (centimes) */
  billed: number;
  paid: number;
  due: number;
}

export interface PatientRecord {
  patient: PatientView;
  appointments: PatientAppointment[];
  counts: PatientCounts & { upcoming: number };
  totals: MoneyAcrossVisits;
  events: PatientEventView[];
  /** records merged into this one */
  merged: { id: number; name: string }[];
}

function patientView(r: {
  id: number;
  name: string;
  phone: string | null;
  phone_e164: string | null;
  email: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  merged_into: number | null;
  erased_at: string | null;
}): PatientView {
  return {
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    phoneE164: r.phone_e164,
    email: r.email,
    notes: r.notes,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    mergedInto: r.merged_into === null ? null : Number(r.merged_into),
    erasedAt: r.erased_at,
  };
}

/** Billed, paid and still due across appointments, by the rule of balanceDue (cancelled left out). */
export function moneyAcrossVisits(rows: { prixtotal: number | null; prixpay: number | null; status: AppointmentStatus }[]): MoneyAcrossVisits {
  let billed = 0;
  let paid = 0;
  let due = 0;
  for (const a of rows) {
    if (a.status === "cancelled") continue;
    billed += a.prixtotal ?? 0;
    paid += a.prixpay ?? 0;
    due += balanceDue(a) ?? 0;
  }
  return { billed, paid, due };
}

/**
 * One record as the record screen shows it: contacts, every appointment (latest first) with its
 * history, the counts, the money across visits, the staff notes and who did what to the record.
 * Undefined when the id is unknown. A merged or erased record comes back as such (the screen
 * sends a merged one to the record it went into).
 */
export async function getPatientRecord(h: Pick<Db, "db">, id: number, now: Date = new Date()): Promise<PatientRecord | undefined> {
  const row = await h.db.selectFrom("patients").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [appointments, events, merged] = await Promise.all([
    h.db.selectFrom("appointments").selectAll().where("patient_id", "=", id).orderBy("date", "desc").orderBy("time", "desc").orderBy("id", "desc").execute(),
    h.db.selectFrom("patient_events").selectAll().where("patient_id", "=", id).orderBy("id", "desc").execute(),
    h.db.selectFrom("patients").select(["id", "name"]).where("merged_into", "=", id).orderBy("id").execute(),
  ]);
  const ids = appointments.map((a) => Number(a.id));
  const history = ids.length
    ? await h.db.selectFrom("appointment_history").selectAll().where("appointment_id", "in", ids).orderBy("appointment_id").orderBy("id").execute()
    : [];
  const byAppointment = new Map<number, PatientHistoryEntry[]>();
  for (const e of history) {
    const list = byAppointment.get(Number(e.appointment_id)) ?? [];
    list.push({ id: Number(e.id), at: e.at, actor: e.actor, action: e.action, from_status: e.from_status, to_status: e.to_status, detail: e.detail });
    byAppointment.set(Number(e.appointment_id), list);
  }
  const num = (v: number | null) => (v === null ? null : Number(v));
  const items: PatientAppointment[] = appointments.map((a) => {
    const amounts = { prixtotal: num(a.prixtotal), prixpay: num(a.prixpay), status: a.status };
    return {
      id: Number(a.id),
      date: a.date,
      time: a.time,
      service: a.service,
      forced: Number(a.forced),
      name: a.name,
      phone: a.phone,
      email: a.email,
      ...amounts,
      due: balanceDue(amounts),
      progress: a.progress,
      cancelledBy: a.cancelled_by,
      cancelReason: a.cancel_reason,
      anonymisedAt: a.anonymised_at,
      history: byAppointment.get(Number(a.id)) ?? [],
    };
  });
  const today = todayInClinic(now);
  return {
    patient: patientView(row),
    appointments: items,
    counts: {
      appointments: items.length,
      attended: items.filter((a) => a.status === "attended").length,
      noShows: items.filter((a) => a.status === "no_show").length,
      cancelled: items.filter((a) => a.status === "cancelled").length,
      upcoming: items.filter((a) => a.date >= today && (a.status === "requested" || a.status === "confirmed")).length,
    },
    totals: moneyAcrossVisits(items),
    events: events.map((e) => ({ id: Number(e.id), at: e.at, actor: e.actor, action: e.action, detail: e.detail })),
    merged: merged.map((m) => ({ id: Number(m.id), name: m.name })),
  };
}

// ---- events ----------------------------------------------------------------------------------------

async function addEvent(trx: Trx, patientId: number, actor: Actor, action: PatientEventAction, detail: string | null, at: string) {
  await trx.insertInto("patient_events").values({ patient_id: patientId, at, staff_user_id: actor.staffUserId, actor: actor.label, action, detail }).execute();
}

/** The live record, locked for the transaction on PostgreSQL (SQLite's BEGIN IMMEDIATE already is). */
async function lockedPatient(trx: Trx, engine: Db["engine"], id: number) {
  let q = trx.selectFrom("patients").selectAll().where("id", "=", id);
  if (engine === "postgres") q = q.forUpdate();
  return q.executeTakeFirst();
}

export type PatientChange<T = object> = ({ ok: true } & T) | { ok: false; reason: "not_found" | "merged" | "erased" | "same" };

function stateOf(row: { merged_into: number | null; erased_at: string | null } | undefined): "not_found" | "merged" | "erased" | null {
  if (!row) return "not_found";
  if (row.erased_at) return "erased";
  if (row.merged_into !== null) return "merged";
  return null;
}

/** The staff notes of a live record; the event says that they changed, never what they say. */
export async function saveNotes(h: Db, id: number, notes: string | null, actor: Actor): Promise<PatientChange> {
  return writeTransaction(h, async (trx) => {
    const row = await lockedPatient(trx, h.engine, id);
    const refused = stateOf(row);
    if (refused) return { ok: false, reason: refused };
    const at = nowIso();
    await trx
      .updateTable("patients")
      .set({ notes: notes?.trim() ? notes.trim() : null, updated_at: at })
      .where("id", "=", id)
      .execute();
    await addEvent(trx, id, actor, "notes", null, at);
    return { ok: true };
  });
}

// ---- merge -------------------------------------------------------------------------------------------

/**
 * Merge `goneId` into `keepId`, in one transaction: its appointments move to the kept record
 * (each with a line "Dossier #gone fusionné dans #keep" in its history), its notes are added
 * after the kept ones, the kept record takes its e-mail when it has none; the gone record keeps
 * `merged_into` and loses its key (a later booking under its phone and name is linked to the
 * kept record, see linkPatient). Both records get an event naming the other by its id.
 */
export async function mergePatients(h: Db, keepId: number, goneId: number, actor: Actor): Promise<PatientChange<{ moved: number }>> {
  if (keepId === goneId) return { ok: false, reason: "same" };
  return writeTransaction(h, async (trx) => {
    // lock in id order: two merges of the same pair at once cannot deadlock
    const [first, second] = keepId < goneId ? [keepId, goneId] : [goneId, keepId];
    const a = await lockedPatient(trx, h.engine, first);
    const b = await lockedPatient(trx, h.engine, second);
    const keep = keepId === first ? a : b;
    const gone = keepId === first ? b : a;
    const refused = stateOf(keep) ?? stateOf(gone);
    if (refused || !keep || !gone) return { ok: false, reason: refused ?? "not_found" };
    const at = nowIso();
    const moved = await trx.updateTable("appointments").set({ patient_id: keepId, updated_at: at }).where("patient_id", "=", goneId).returning("id").execute();
    // the before/after cases and their consent follow the kept record
    await trx.updateTable("gallery_cases").set({ patient_id: keepId, updated_at: at }).where("patient_id", "=", goneId).execute();
    const detail = `Dossier #${goneId} fusionné dans #${keepId}`;
    if (moved.length > 0) {
      await trx
        .insertInto("appointment_history")
        .values(
          moved.map((m) => ({
            appointment_id: Number(m.id),
            at,
            staff_user_id: actor.staffUserId,
            actor: actor.label,
            action: "merged" as const,
            from_status: null,
            to_status: null,
            detail,
          })),
        )
        .execute();
    }
    const notes = [keep.notes?.trim(), gone.notes?.trim()].filter(Boolean).join("\n\n") || null;
    await trx
      .updateTable("patients")
      .set({ notes, email: keep.email ?? gone.email, updated_at: at })
      .where("id", "=", keepId)
      .execute();
    await trx.updateTable("patients").set({ merged_into: keepId, match_key: null, notes: null, updated_at: at }).where("id", "=", goneId).execute();
    // records merged into the gone one earlier now point at the kept one
    await trx.updateTable("patients").set({ merged_into: keepId, updated_at: at }).where("merged_into", "=", goneId).execute();
    await addEvent(trx, keepId, actor, "merged", `#${goneId}`, at);
    await addEvent(trx, goneId, actor, "merged_into", `#${keepId}`, at);
    await auditStaff(trx, actor, { action: "patient.merge", targetType: "patient", targetId: keepId, detail: `Dossier #${goneId} fusionné dans #${keepId}` });
    return { ok: true, moved: moved.length };
  });
}

// ---- export (law 18-07: access) ---------------------------------------------------------------------

export type ExportFormat = "json" | "csv" | "xlsx";

export interface PatientExport<Body extends string | Uint8Array<ArrayBuffer> = string | Uint8Array<ArrayBuffer>> {
  fileName: string;
  contentType: string;
  body: Body;
}

/** The record's event of each export. */
const EXPORT_EVENTS = { json: "export_json", csv: "export_csv", xlsx: "export_xlsx" } as const satisfies Record<ExportFormat, string>;
const EXPORT_LABELS: Record<ExportFormat, string> = { json: "JSON", csv: "CSV", xlsx: "XLSX" };

const da = (centimes: number | null) => (centimes === null ? null : Number(centimes) / 100);

/**
 * Everything held on a live record: the record, its appointments with their history, the staff
 * notes, the record's events and the e-mails about its appointments (address, subject, kind,
 * status, dates; not their bodies, which repeat the appointment). The export is recorded in the
 * record's events (who, when) in the same transaction, before the file is returned; so the file
 * lists its own export. Undefined for an unknown, merged or erased record. The link's salt and
 * hash are keys, not data about the person: left out.
 */
export async function exportPatient(h: Db, id: number, actor: Actor, format: "json" | "csv", now?: Date): Promise<PatientExport<string> | undefined>;
export async function exportPatient(h: Db, id: number, actor: Actor, format: "xlsx", now?: Date): Promise<PatientExport<Uint8Array<ArrayBuffer>> | undefined>;
export async function exportPatient(h: Db, id: number, actor: Actor, format: ExportFormat, now?: Date): Promise<PatientExport | undefined>;
export async function exportPatient(h: Db, id: number, actor: Actor, format: ExportFormat, now: Date = new Date()): Promise<PatientExport | undefined> {
  const data = await writeTransaction(h, async (trx) => {
    const row = await lockedPatient(trx, h.engine, id);
    if (stateOf(row)) return undefined;
    await addEvent(trx, id, actor, EXPORT_EVENTS[format], null, now.toISOString());
    await auditStaff(trx, actor, { action: "patient.export", targetType: "patient", targetId: id, detail: EXPORT_LABELS[format] });
    const appointments = await trx.selectFrom("appointments").selectAll().where("patient_id", "=", id).orderBy("date").orderBy("time").orderBy("id").execute();
    const ids = appointments.map((a) => Number(a.id));
    const [history, events, messages] = await Promise.all([
      ids.length
        ? trx.selectFrom("appointment_history").selectAll().where("appointment_id", "in", ids).orderBy("appointment_id").orderBy("id").execute()
        : Promise.resolve([]),
      trx.selectFrom("patient_events").selectAll().where("patient_id", "=", id).orderBy("id").execute(),
      ids.length
        ? trx
            .selectFrom("outbox")
            .select(["id", "appointment_id", "to_address", "subject", "kind", "status", "created_at", "sent_at"])
            .where("appointment_id", "in", ids)
            .orderBy("id")
            .execute()
        : Promise.resolve([]),
    ]);
    return { row: row!, appointments, history, events, messages };
  });
  if (!data) return undefined;
  const { row, appointments, history, events, messages } = data;
  const document = {
    export: {
      fait_le: now.toISOString(),
      par: actor.label,
      cadre: "Loi n° 18-07 du 10 juin 2018 (protection des données à caractère personnel) : droit d'accès",
      montants: "en DA",
    },
    patient: {
      numero: Number(row.id),
      nom: row.name,
      telephone: row.phone,
      telephone_e164: row.phone_e164,
      email: row.email,
      cree_le: row.created_at,
      modifie_le: row.updated_at,
    },
    notes_equipe: row.notes,
    rendez_vous: appointments.map((a) => ({
      numero: Number(a.id),
      date: a.date,
      heure: a.time,
      soin: a.service,
      statut: STATUS_LABELS[a.status] ?? a.status,
      nom: a.name,
      telephone: a.phone,
      email: a.email,
      message: a.message,
      prix_total: da(a.prixtotal),
      prix_paye: da(a.prixpay),
      reste_a_payer: da(
        balanceDue({ prixtotal: a.prixtotal === null ? null : Number(a.prixtotal), prixpay: a.prixpay === null ? null : Number(a.prixpay), status: a.status }),
      ),
      avancement: a.progress,
      remarques: a.tips,
      annule_par: a.cancelled_by,
      motif_annulation: a.cancel_reason,
      duree_minutes: a.duration_minutes === null ? null : Number(a.duration_minutes),
      fauteuil: a.chair === null ? null : Number(a.chair),
      presence_confirmee_le: a.patient_confirmed_at,
      rappel_le: a.reminded_at,
      rappel_email_le: a.mail_reminder_at,
      cree_le: a.created_at,
      modifie_le: a.updated_at,
      historique: history
        .filter((e) => Number(e.appointment_id) === Number(a.id))
        .map((e) => ({ le: e.at, par: e.actor, action: e.action, de: e.from_status, vers: e.to_status, detail: e.detail })),
    })),
    messages: messages.map((m) => ({
      rendez_vous: Number(m.appointment_id),
      destinataire: m.to_address,
      objet: m.subject,
      type: m.kind,
      etat: m.status,
      cree_le: m.created_at,
      envoye_le: m.sent_at,
    })),
    evenements_du_dossier: events.map((e) => ({ le: e.at, par: e.actor, action: e.action, detail: e.detail })),
  };
  const stamp = todayInClinic(now);
  if (format === "json") {
    return { fileName: `patient-${id}-donnees-${stamp}.json`, contentType: "application/json; charset=utf-8", body: `${JSON.stringify(document, null, 2)}\n` };
  }
  if (format === "xlsx") {
    return { fileName: `patient-${id}-donnees-${stamp}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: await exportXlsx(document) };
  }
  return { fileName: `patient-${id}-donnees-${stamp}.csv`, contentType: "text/csv; charset=utf-8", body: exportCsv(document) };
}

export const PATIENT_CSV_HEADER = ["Rubrique", "Référence", "Champ", "Valeur"];

/** The JSON document as one table: one line per value (section, item, field, value). */
function exportCsv(document: Record<string, unknown>): string {
  const rows: CsvCell[][] = [];
  const cell = (v: unknown): CsvCell => (v === null || v === undefined ? "" : typeof v === "number" ? v : String(v));
  const flat = (section: string, ref: string, obj: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(obj)) {
      if (Array.isArray(v)) continue;
      rows.push([section, ref, k, cell(v)]);
    }
  };
  const d = document as {
    export: Record<string, unknown>;
    patient: Record<string, unknown>;
    notes_equipe: string | null;
    rendez_vous: (Record<string, unknown> & { numero: number; historique: Record<string, unknown>[] })[];
    messages: Record<string, unknown>[];
    evenements_du_dossier: Record<string, unknown>[];
  };
  flat("Export", "", d.export);
  flat("Patient", `#${String(d.patient.numero)}`, d.patient);
  rows.push(["Notes de l'équipe", "", "notes", cell(d.notes_equipe)]);
  for (const a of d.rendez_vous) {
    flat("Rendez-vous", `RDV #${a.numero}`, a);
    a.historique.forEach((e, i) => flat("Historique", `RDV #${a.numero} / ${i + 1}`, e));
  }
  d.messages.forEach((m, i) => flat("E-mails", `${i + 1}`, m));
  d.evenements_du_dossier.forEach((e, i) => flat("Événements du dossier", `${i + 1}`, e));
  return toCsv(PATIENT_CSV_HEADER, rows);
}

const PATIENT_FIELDS: Record<string, [string, XlsxKind]> = {
  fait_le: ["Export fait le", "datetime"],
  par: ["Par", "text"],
  cadre: ["Cadre", "text"],
  montants: ["Montants", "text"],
  numero: ["Dossier n°", "integer"],
  nom: ["Nom", "text"],
  telephone: ["Téléphone", "text"],
  telephone_e164: ["Téléphone (format international)", "text"],
  email: ["E-mail", "text"],
  cree_le: ["Créé le", "datetime"],
  modifie_le: ["Modifié le", "datetime"],
};

const APPOINTMENT_COLUMNS: [key: string, header: string, kind: XlsxKind, width: number][] = [
  ["numero", "RDV n°", "integer", 8],
  ["date", "Date", "date", 12],
  ["heure", "Heure", "text", 8],
  ["soin", "Soin", "text", 22],
  ["statut", "Statut", "text", 14],
  ["nom", "Nom", "text", 22],
  ["telephone", "Téléphone", "text", 16],
  ["email", "E-mail", "text", 28],
  ["message", "Message", "text", 40],
  ["prix_total", "Prix total", "amount", 14],
  ["prix_paye", "Payé", "amount", 14],
  ["reste_a_payer", "Reste à payer", "amount", 14],
  ["avancement", "Avancement", "text", 30],
  ["remarques", "Conseils et remarques", "text", 30],
  ["annule_par", "Annulé par", "text", 12],
  ["motif_annulation", "Motif d'annulation", "text", 30],
  ["duree_minutes", "Durée (min)", "integer", 11],
  ["fauteuil", "Fauteuil", "integer", 9],
  ["presence_confirmee_le", "Présence confirmée le", "datetime", 18],
  ["rappel_le", "Rappel le", "datetime", 18],
  ["rappel_email_le", "Rappel e-mail le", "datetime", 18],
  ["cree_le", "Créé le", "datetime", 18],
  ["modifie_le", "Modifié le", "datetime", 18],
];

type Doc = Record<string, unknown>;
const value = (v: unknown): XlsxValue => (v === null || v === undefined ? null : typeof v === "number" ? v : String(v));

/**
 * The same document as an Excel workbook: 'Patient' (field, value), 'Rendez-vous' (one line per
 * appointment, dates as dates, amounts in DA as numbers), 'Historique', 'E-mails' and 'Journal du
 * dossier'.
 */
function exportXlsx(document: Doc): Promise<Uint8Array<ArrayBuffer>> {
  const d = document as { export: Doc; patient: Doc; notes_equipe: string | null; rendez_vous: (Doc & { numero: number; historique: Doc[] })[]; messages: Doc[]; evenements_du_dossier: Doc[] };
  const fields = (obj: Doc) => Object.entries(obj).map(([k, v]) => [PATIENT_FIELDS[k]?.[0] ?? k, { kind: PATIENT_FIELDS[k]?.[1] ?? "text", value: value(v) }] as XlsxValue[]);
  const pick = (obj: Doc, keys: string[]) => keys.map((k) => value(obj[k]));
  return toXlsx([
    {
      name: "Patient",
      columns: [
        { header: "Champ", kind: "text", width: 30 },
        { header: "Valeur", kind: "text", width: 60 },
      ],
      rows: [...fields(d.export), ...fields(d.patient), ["Notes de l'équipe", d.notes_equipe]],
    },
    {
      name: "Rendez-vous",
      columns: APPOINTMENT_COLUMNS.map(([, header, kind, width]) => ({ header, kind, width })),
      rows: d.rendez_vous.map((a) => pick(a, APPOINTMENT_COLUMNS.map(([k]) => k))),
    },
    {
      name: "Historique",
      columns: [
        { header: "RDV n°", kind: "integer", width: 8 },
        { header: "Le", kind: "datetime", width: 18 },
        { header: "Par", kind: "text", width: 28 },
        { header: "Action", kind: "text", width: 16 },
        { header: "De", kind: "text", width: 14 },
        { header: "Vers", kind: "text", width: 14 },
        { header: "Détail", kind: "text", width: 40 },
      ],
      rows: d.rendez_vous.flatMap((a) => a.historique.map((e) => [a.numero, ...pick(e, ["le", "par", "action", "de", "vers", "detail"])])),
    },
    {
      name: "E-mails",
      columns: [
        { header: "RDV n°", kind: "integer", width: 8 },
        { header: "Destinataire", kind: "text", width: 28 },
        { header: "Objet", kind: "text", width: 40 },
        { header: "Type", kind: "text", width: 20 },
        { header: "État", kind: "text", width: 10 },
        { header: "Créé le", kind: "datetime", width: 18 },
        { header: "Envoyé le", kind: "datetime", width: 18 },
      ],
      rows: d.messages.map((m) => pick(m, ["rendez_vous", "destinataire", "objet", "type", "etat", "cree_le", "envoye_le"])),
    },
    {
      name: "Journal du dossier",
      columns: [
        { header: "Le", kind: "datetime", width: 18 },
        { header: "Par", kind: "text", width: 28 },
        { header: "Action", kind: "text", width: 16 },
        { header: "Détail", kind: "text", width: 40 },
      ],
      rows: d.evenements_du_dossier.map((e) => pick(e, ["le", "par", "action", "detail"])),
    },
  ]);
}

// ---- erasure and retention (law 18-07) --------------------------------------------------------------

/** History actions whose detail is never typed text (a forced mark, a move, field names, ids). */
const SAFE_HISTORY_DETAILS: AppointmentHistoryAction[] = ["created", "moved", "edited", "merged", "anonymised"];

/** "%…%" for LIKE with the wildcards of `s` escaped (the queries name the escape character). */
function containsPattern(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Remove the identity of some appointments, in the caller's transaction: name, contacts, typed
 * texts (message, tips, progress, cancel reason), the personal link and the link to the record;
 * the reasons typed in their history; the e-mails about them (by appointment, and the older
 * messages without one that were sent to their address or quote their phone or e-mail).
 * Day, time, service, status, amounts, duration, chair and slot units stay.
 */
async function anonymiseAppointments(
  trx: Trx,
  rows: { id: number; phone: string; email: string | null }[],
  actor: Actor,
  at: string,
  detail: string,
  opts: { messagesBefore?: string; contacts?: { phone: string | null; email: string | null }[] } = {},
) {
  const ids = rows.map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await trx
      .updateTable("appointments")
      .set({
        name: ERASED_NAME,
        email: null,
        phone: "",
        phone_digits: null,
        message: null,
        tips: null,
        progress: null,
        cancel_reason: null,
        link_salt: null,
        link_hash: null,
        patient_id: null,
        anonymised_at: at,
        updated_at: at,
      })
      .where("id", "in", chunk)
      .execute();
    await trx
      .updateTable("appointment_history")
      .set({ detail: null })
      .where("appointment_id", "in", chunk)
      .where("action", "not in", SAFE_HISTORY_DETAILS)
      .execute();
    await trx
      .insertInto("appointment_history")
      .values(
        chunk.map((id) => ({
          appointment_id: id,
          at,
          staff_user_id: actor.staffUserId,
          actor: actor.label,
          action: "anonymised" as const,
          from_status: null,
          to_status: null,
          detail,
        })),
      )
      .execute();
    await trx.deleteFrom("outbox").where("appointment_id", "in", chunk).execute();
  }
  const contacts = [...rows, ...(opts.contacts ?? [])];
  const emails = [...new Set(contacts.map((r) => r.email?.trim().toLowerCase()).filter((e): e is string => Boolean(e)))];
  const phones = [...new Set(contacts.map((r) => (r.phone ?? "").trim()).filter((p) => p.replace(/\D/g, "").length >= 8))];
  if (emails.length === 0 && phones.length === 0) return;
  let q = trx.deleteFrom("outbox").where("appointment_id", "is", null);
  if (opts.messagesBefore) q = q.where("created_at", "<", opts.messagesBefore);
  await q
    .where((eb) =>
      eb.or([
        ...emails.map((e) => sql<boolean>`lower(${eb.ref("to_address")}) = ${e}`),
        ...emails.map((e) => sql<boolean>`lower(${eb.ref("body_text")}) like ${containsPattern(e)} escape '\\'`),
        ...phones.map((p) => sql<boolean>`${eb.ref("body_text")} like ${containsPattern(p)} escape '\\'`),
      ]),
    )
    .execute();
}

/** A record and the records merged into it, at any depth. */
async function withMergedRecords(trx: Trx, id: number): Promise<number[]> {
  const all = [id];
  let frontier = [id];
  while (frontier.length > 0 && all.length < 1000) {
    const next = (await trx.selectFrom("patients").select("id").where("merged_into", "in", frontier).execute())
      .map((r) => Number(r.id))
      .filter((i) => !all.includes(i));
    all.push(...next);
    frontier = next;
  }
  return all;
}

/** The records lose name, contacts, notes and key; they stay as "Patient effacé" with their events. */
async function eraseRecords(trx: Trx, ids: number[], at: string) {
  await trx
    .updateTable("patients")
    .set({ name: ERASED_NAME, phone: null, phone_e164: null, email: null, notes: null, match_key: null, erased_at: at, updated_at: at })
    .where("id", "in", ids)
    .execute();
  // their before/after cases leave the site and their photos go (docs/architecture.md, "Consent")
  await withdrawCasesOfPatients(trx, ids, at);
}

/**
 * Erase a live record on the patient's request, in one transaction: its appointments are
 * anonymised (see anonymiseAppointments), the record and those merged into it become
 * "Patient effacé" without contacts or notes, and the event "erased" says who and when.
 */
export async function erasePatient(h: Db, id: number, actor: Actor, now: Date = new Date()): Promise<PatientChange<{ appointments: number }>> {
  return writeTransaction(h, async (trx) => {
    const row = await lockedPatient(trx, h.engine, id);
    const refused = stateOf(row);
    if (refused) return { ok: false, reason: refused };
    const at = now.toISOString();
    const records = await withMergedRecords(trx, id);
    const appointments = await trx.selectFrom("appointments").select(["id", "phone", "email"]).where("patient_id", "in", records).execute();
    // the records' own contacts too, for the older messages that carry no appointment id
    const contacts = await trx.selectFrom("patients").select(["phone", "email"]).where("id", "in", records).execute();
    await anonymiseAppointments(
      trx,
      appointments.map((a) => ({ id: Number(a.id), phone: a.phone, email: a.email })),
      actor,
      at,
      "Effacement à la demande du patient (loi 18-07)",
      { contacts },
    );
    await eraseRecords(trx, records, at);
    await addEvent(trx, id, actor, "erased", `${appointments.length} rendez-vous anonymisé(s)`, at);
    await auditStaff(trx, actor, { action: "patient.erase", targetType: "patient", targetId: id, detail: `${appointments.length} rendez-vous anonymisé(s)` });
    return { ok: true, appointments: appointments.length };
  });
}

/** "2026-11-23" minus 12 months → "2025-11-23" (the last day of a shorter month when needed). */
export function monthsBefore(ymd: string, months: number): string {
  const [y, m, d] = ymd.split("-").map(Number);
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(Math.min(d, last))}`;
}

const RETENTION_BATCH = 200;

/**
 * The retention rule (docs/product.md, "Personal data"): a request never confirmed ('Demande
 * reçue', or 'Annulé' without any 'Confirmé' in its history) whose day is more than
 * `retentionMonths` months ago (schedule setting, 12 by default) loses its identity, as an erased
 * appointment does. A record left with no appointment that still has its identity (so no visit
 * either) is erased too. Written by "Système (conservation)". Runs in batches, each its own
 * transaction; several servers running it at once anonymise each request once. Returns the
 * number of appointments anonymised.
 */
export async function anonymiseExpiredRequests(h: Db, now: Date = new Date(), retentionMonths?: number): Promise<number> {
  const months = retentionMonths ?? (await loadContactSettings(h)).retentionMonths;
  const cutoff = monthsBefore(todayInClinic(now), months);
  const at = now.toISOString();
  const detail = `Demande jamais confirmée : identité effacée après ${months} mois (conservation)`;
  let total = 0;
  for (;;) {
    const done = await writeTransaction(h, async (trx) => {
      let q = trx
        .selectFrom("appointments")
        .select(["id", "phone", "email", "patient_id"])
        .where("anonymised_at", "is", null)
        .where("date", "<", cutoff)
        .where("status", "in", ["requested", "cancelled"])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("appointment_history")
                .select(sql`1`.as("one"))
                .whereRef("appointment_history.appointment_id", "=", "appointments.id")
                .where("appointment_history.to_status", "=", "confirmed"),
            ),
          ),
        )
        .orderBy("id")
        .limit(RETENTION_BATCH);
      if (h.engine === "postgres") q = q.forUpdate().skipLocked();
      const rows = await q.execute();
      if (rows.length === 0) return 0;
      await anonymiseAppointments(
        trx,
        rows.map((r) => ({ id: Number(r.id), phone: r.phone, email: r.email })),
        RETENTION_ACTOR,
        at,
        detail,
        // only messages older than the period: a newer one may be about a kept appointment
        { messagesBefore: `${cutoff}T00:00:00.000Z` },
      );
      const byPatient = new Map<number, number>();
      for (const r of rows) if (r.patient_id !== null) byPatient.set(Number(r.patient_id), (byPatient.get(Number(r.patient_id)) ?? 0) + 1);
      for (const [patientId, n] of byPatient) {
        const patient = await lockedPatient(trx, h.engine, patientId);
        if (stateOf(patient)) continue;
        const identified = await trx
          .selectFrom("appointments")
          .select("id")
          .where("patient_id", "=", patientId)
          .where("anonymised_at", "is", null)
          .limit(1)
          .executeTakeFirst();
        if (identified) {
          await addEvent(trx, patientId, RETENTION_ACTOR, "anonymised", `${n} demande(s) jamais confirmée(s) anonymisée(s) après ${months} mois`, at);
        } else {
          await eraseRecords(trx, await withMergedRecords(trx, patientId), at);
          await addEvent(trx, patientId, RETENTION_ACTOR, "erased", `Aucune visite ni rendez-vous en cours : dossier effacé après ${months} mois`, at);
        }
      }
      return rows.length;
    });
    total += done;
    if (done < RETENTION_BATCH) break;
  }
  return total;
}

/** The retention job of the background loop: never throws; logs counts only. */
export async function runRetention(h: Db, now: Date = new Date()): Promise<number> {
  try {
    const n = await anonymiseExpiredRequests(h, now);
    if (n > 0) log.info({ event: "retention_anonymised", count: n }, "requests never confirmed anonymised");
    return n;
  } catch (err) {
    log.error({ event: "retention_failed", ...errorCode(err) }, "retention job failed");
    return 0;
  }
}
