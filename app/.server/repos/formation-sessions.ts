import { sql } from "kysely";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import type { Db } from "../db";
import { nowIso, writeTransaction } from "../db";
import type { FormationSessionRow } from "../db/types";
import type { FormationSession } from "~/lib/formation-session";

export type { FormationSession };

type Queries = Db["db"];

/**
 * The dated sessions of a formation (issue 31, item 3; migration 015). Places are counted here and
 * only here: every pending or confirmed enrolment whose session_id is the session, plus the
 * waiting-list offers still valid (each holds a place for its person until it expires).
 */

const OCCUPYING = sql.raw("('pending', 'confirmed')");
const takenSql = sql<number>`(select count(*) from enrollments e where e.session_id = formation_sessions.id and e.status in ${OCCUPYING})`;
const heldSql = (now: string) =>
  sql<number>`(select count(*) from formation_waitlist w where w.session_id = formation_sessions.id and w.status = 'offered' and w.offer_expires_at > ${now})`;
const waitingSql = sql<number>`(select count(*) from formation_waitlist w where w.session_id = formation_sessions.id and w.status = 'waiting')`;

function selectSessions(h: Pick<Db, "db">, now: string) {
  return h.db
    .selectFrom("formation_sessions")
    .selectAll()
    .select([takenSql.as("taken"), heldSql(now).as("held"), waitingSql.as("waiting")])
    .orderBy("start_date")
    .orderBy("id");
}

type CountedRow = FormationSessionRow & { taken: number | string | bigint; held: number | string | bigint; waiting: number | string | bigint };

export function toSession(row: CountedRow): FormationSession {
  return {
    id: Number(row.id),
    formation_id: Number(row.formation_id),
    start_date: row.start_date,
    end_date: row.end_date,
    day_start: row.day_start,
    day_end: row.day_end,
    place: row.place,
    capacity: Number(row.capacity),
    price: row.price === null ? null : Number(row.price),
    stored_status: row.status,
    payment_days: Number(row.payment_days),
    offer_hours: Number(row.offer_hours),
    taken: Number(row.taken),
    held: Number(row.held),
    waiting: Number(row.waiting),
  };
}

/** The sessions of one formation, earliest first, with their counts. */
export async function listSessions(h: Pick<Db, "db">, formationId: number, at: Date = new Date()): Promise<FormationSession[]> {
  const rows = await selectSessions(h, at.toISOString()).where("formation_id", "=", formationId).execute();
  return rows.map(toSession);
}

/** The sessions of several formations (the public pages, the staff list), grouped by formation. */
export async function listSessionsOf(h: Pick<Db, "db">, formationIds: number[], at: Date = new Date()): Promise<Map<number, FormationSession[]>> {
  const out = new Map<number, FormationSession[]>();
  if (formationIds.length === 0) return out;
  const rows = await selectSessions(h, at.toISOString()).where("formation_id", "in", formationIds).execute();
  for (const r of rows.map(toSession)) out.set(r.formation_id, [...(out.get(r.formation_id) ?? []), r]);
  return out;
}

export async function getSession(h: Pick<Db, "db">, id: number, at: Date = new Date()): Promise<FormationSession | undefined> {
  const row = await selectSessions(h, at.toISOString()).where("id", "=", id).executeTakeFirst();
  return row ? toSession(row) : undefined;
}

/** Whether a formation has any session (then an enrolment must name one). */
export async function formationHasSessions(h: Pick<Db, "db">, formationId: number): Promise<boolean> {
  const r = await h.db.selectFrom("formation_sessions").select("id").where("formation_id", "=", formationId).limit(1).executeTakeFirst();
  return r !== undefined;
}

/**
 * A session's capacity, read for a decision that the same transaction then writes (as
 * lockCapacity in ./enrollments.ts): call it inside `writeTransaction` first. SQLite's BEGIN
 * IMMEDIATE already holds the write lock; on PostgreSQL the session row is locked FOR UPDATE until
 * COMMIT. Every writer that adds a place taken or held (enrolment, offer, claim, staff status change,
 * capacity edit) takes this lock first, so taken + held never exceeds the capacity.
 */
export async function lockSession(h: Db, trx: Queries, sessionId: number, at: Date = new Date()) {
  let q = trx.selectFrom("formation_sessions").selectAll().where("id", "=", sessionId);
  if (h.engine === "postgres") q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const now = at.toISOString();
  const counts = await trx
    .selectFrom("formation_sessions")
    .select([takenSql.as("taken"), heldSql(now).as("held"), waitingSql.as("waiting")])
    .where("id", "=", sessionId)
    .executeTakeFirstOrThrow();
  return toSession({ ...row, ...counts });
}

export interface SessionInput {
  start_date: string;
  end_date: string;
  day_start: string;
  day_end: string;
  place: string;
  capacity: number;
  price: number | null;
  status: "open" | "cancelled";
  payment_days: number;
  offer_hours: number;
}

export async function createSession(h: Db, formationId: number, input: SessionInput, at: string = nowIso()): Promise<FormationSession> {
  const row = await h.db
    .insertInto("formation_sessions")
    .values({ ...input, formation_id: formationId, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return (await getSession(h, Number(row.id)))!;
}

export type UpdateSessionResult = { ok: true; session: FormationSession } | { ok: false; reason: "not_found" } | { ok: false; reason: "below_taken"; taken: number };

/**
 * Save a session. The capacity may not go below the places taken and held: the check and the write
 * run in one write transaction (`lockSession`).
 */
export async function updateSession(h: Db, id: number, input: SessionInput): Promise<UpdateSessionResult> {
  return writeTransaction(h, async (trx): Promise<UpdateSessionResult> => {
    const s = await lockSession(h, trx, id);
    if (!s) return { ok: false, reason: "not_found" };
    const used = s.taken + s.held;
    if (input.capacity < used && input.capacity < s.capacity) return { ok: false, reason: "below_taken", taken: used };
    await trx.updateTable("formation_sessions").set({ ...input, updated_at: nowIso() }).where("id", "=", id).execute();
    return { ok: true, session: (await lockSession(h, trx, id))! };
  });
}

export type DeleteSessionResult = "deleted" | "not_found" | "has_enrollments" | "has_waitlist";

/**
 * 'Supprimer la session': only a session with no enrolment (whatever its status) and nobody on its
 * waiting list (whatever the entry's status); any other is cancelled instead ('Annulée'), so
 * that its history stays. The checks and the delete run under the session's lock; audited.
 */
export async function deleteFormationSession(h: Db, id: number, actor: Actor): Promise<DeleteSessionResult> {
  return writeTransaction(h, async (trx): Promise<DeleteSessionResult> => {
    const s = await lockSession(h, trx, id);
    if (!s) return "not_found";
    const used = await trx.selectFrom("enrollments").select("id").where("session_id", "=", id).limit(1).executeTakeFirst();
    if (used) return "has_enrollments";
    const waiting = await trx.selectFrom("formation_waitlist").select("id").where("session_id", "=", id).limit(1).executeTakeFirst();
    if (waiting) return "has_waitlist";
    await trx.deleteFrom("formation_sessions").where("id", "=", id).execute();
    await auditStaff(trx, actor, { action: "formation.session.delete", targetType: "formation", targetId: s.formation_id, detail: `Session ${s.start_date} – ${s.end_date}` });
    return "deleted";
  });
}

/** The enrolments of a formation's sessions (staff editor), earliest first. */
export async function listSessionEnrollments(h: Pick<Db, "db">, formationId: number) {
  return h.db
    .selectFrom("enrollments as e")
    .innerJoin("formation_sessions as s", "s.id", "e.session_id")
    .select(["e.id", "e.session_id", "e.user_name", "e.user_surname", "e.status", "e.payment_due_at", "e.paid_at", "e.released_at"])
    .where("s.formation_id", "=", formationId)
    .orderBy("e.enrollment_date")
    .orderBy("e.id")
    .execute();
}
