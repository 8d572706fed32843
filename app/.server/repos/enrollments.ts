import type { Db } from "../db";
import { isUniqueViolation, nowIso, writeTransaction } from "../db";
import type { Enrollment, EnrollmentStatus, Language } from "../db/types";
import { todayInClinic } from "~/lib/clinic-time";
import { isBookable, placesLeft } from "~/lib/formation-session";
import { getClinic } from "../clinic";
import { publicOrigin } from "../config";
import { insertEnrollment, paymentDeadline } from "./enrollment-rows";
import { lockSession } from "./formation-sessions";
import { offerFreedPlaces } from "./formation-waitlist";

export { insertEnrollment, paymentDeadline };

export type { Enrollment, EnrollmentStatus };

export const ENROLLMENT_STATUSES: EnrollmentStatus[] = ["pending", "confirmed", "cancelled", "completed"];
export const OCCUPYING: EnrollmentStatus[] = ["pending", "confirmed"];

export function isEnrollmentStatus(v: unknown): v is EnrollmentStatus {
  return typeof v === "string" && (ENROLLMENT_STATUSES as string[]).includes(v);
}

export interface EnrollmentInput {
  formation_id: number | null;
  /** the dated session (issue 31): required when the formation (or, with no formation, any open one) has sessions */
  session_id?: number | null;
  user_name: string;
  user_surname: string;
  email: string;
  phone: string;
}

export type EnrollResult =
  | { ok: true; enrollment: Enrollment; duplicate: boolean }
  | { ok: false; reason: "full" | "unavailable" | "session_required" };

/**
 * Whether an enrolment without a session would skip a choice the visitor must make: the formation
 * named has sessions, or (no formation named) an active formation has a session open to enrolment.
 */
async function sessionRequired(db: Queries, formationId: number | null, today: string): Promise<boolean> {
  let q = db
    .selectFrom("formation_sessions as s")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .select("s.id")
    .where("f.is_active", "=", 1);
  q = formationId === null ? q.where("s.status", "=", "open").where("s.end_date", ">=", today) : q.where("s.formation_id", "=", formationId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * An enrolment in a dated session: the session's lock first (`lockSession`), then the checks and
 * the insert in the same transaction, so concurrent enrolments and claims never exceed its
 * capacity. Places held by live waiting-list offers count as taken.
 */
async function enrollInSession(h: Db, trx: Queries, input: EnrollmentInput & { language?: Language }, sessionId: number, key: string | null, at: string): Promise<EnrollResult> {
  const session = await lockSession(h, trx, sessionId, new Date(at));
  if (key) {
    const existing = await trx.selectFrom("enrollments").selectAll().where("submission_key", "=", key).executeTakeFirst();
    if (existing) return { ok: true, enrollment: existing, duplicate: true };
  }
  if (!session || !isBookable(session, todayInClinic(new Date(at)))) return { ok: false, reason: "unavailable" };
  const formation = await trx.selectFrom("formations").select(["title", "is_active"]).where("id", "=", session.formation_id).executeTakeFirst();
  if (!formation || Number(formation.is_active) !== 1) return { ok: false, reason: "unavailable" };
  if (input.formation_id !== null && input.formation_id !== session.formation_id) return { ok: false, reason: "unavailable" };
  if (placesLeft(session) === 0) return { ok: false, reason: "full" };
  const enrollment = await insertEnrollment(trx, input, { formationId: session.formation_id, sessionId, title: formation.title, key, at, dueAt: paymentDeadline(at, session.payment_days) });
  return { ok: true, enrollment, duplicate: false };
}

type Queries = Db["db"];

/** Places taken in a formation: its pending and confirmed enrolments. */
function countTaken(db: Queries, formationId: number) {
  return db
    .selectFrom("enrollments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("formation_id", "=", formationId)
    .where("status", "in", OCCUPYING)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/**
 * The capacity of a formation, read for a decision that the same transaction then writes. Call it
 * inside `writeTransaction`, before reading anything else: on SQLite BEGIN IMMEDIATE already holds
 * the write lock; on PostgreSQL the formation row is locked (FOR UPDATE) until COMMIT. Every writer
 * that can add a place taken or lower the capacity (public enrolment, a staff status change, the
 * staff edit of max_participants) takes this lock first, so they run one after the other and the
 * places taken never exceed max_participants. Undefined when the formation does not exist.
 */
export async function lockCapacity(h: Db, trx: Queries, formationId: number) {
  let fq = trx.selectFrom("formations").select(["id", "title", "max_participants", "is_active"]).where("id", "=", formationId);
  if (h.engine === "postgres") fq = fq.forUpdate();
  const formation = await fq.executeTakeFirst();
  if (!formation) return undefined;
  return { formation, max: Number(formation.max_participants), taken: await countTaken(trx, formationId) };
}

/**
 * Create a pending enrolment. When a formation is chosen, the capacity check and the insert
 * run in one write transaction (`lockCapacity`), so concurrent enrolments never exceed
 * max_participants. Resolves after COMMIT.
 */
export async function enroll(
  h: Db,
  input: EnrollmentInput & { language?: Language },
  opts: { submissionKey?: string | null; at?: string } = {},
): Promise<EnrollResult> {
  const key = opts.submissionKey || null;
  const byKey = (db: Queries) => db.selectFrom("enrollments").selectAll().where("submission_key", "=", key!).executeTakeFirst();
  try {
    return await writeTransaction(h, async (trx): Promise<EnrollResult> => {
      const at = opts.at ?? nowIso();
      if (input.session_id != null) return enrollInSession(h, trx, input, input.session_id, key, at);
      // Lock first, so that the idempotency check below also sees a concurrent twin's commit.
      const capacity = input.formation_id === null ? undefined : await lockCapacity(h, trx, input.formation_id);
      if (key) {
        const existing = await byKey(trx);
        if (existing) return { ok: true, enrollment: existing, duplicate: true };
      }
      if (await sessionRequired(trx, input.formation_id, todayInClinic(new Date(at)))) return { ok: false, reason: "session_required" };
      let formationTitle: string | null = null;
      if (input.formation_id !== null) {
        if (!capacity || Number(capacity.formation.is_active) !== 1) return { ok: false, reason: "unavailable" };
        if (capacity.taken >= capacity.max) return { ok: false, reason: "full" };
        formationTitle = capacity.formation.title;
      }
      const enrollment = await insertEnrollment(trx, input, { formationId: input.formation_id, sessionId: null, title: formationTitle, key, at, dueAt: null });
      return { ok: true, enrollment, duplicate: false };
    });
  } catch (err) {
    if (key && isUniqueViolation(err)) {
      const existing = await byKey(h.db);
      if (existing) return { ok: true, enrollment: existing, duplicate: true };
    }
    throw err;
  }
}

/** The enrolments of one formation, or with null those attached to none. */
function enrollmentsOf(h: Db, formationId: number | null) {
  const q = h.db.selectFrom("enrollments");
  return formationId === null ? q.where("formation_id", "is", null) : q.where("formation_id", "=", formationId);
}

/** Enrolments of one formation, newest first. */
export async function listEnrollmentsForFormation(h: Db, formationId: number): Promise<Enrollment[]> {
  return enrollmentsOf(h, formationId).selectAll().orderBy("enrollment_date", "desc").orderBy("id", "desc").execute();
}

/**
 * Enrolments attached to no formation: the visitor chose none, or the formation was
 * deleted (formation_chosen keeps its title). Newest first.
 */
export async function listEnrollmentsWithoutFormation(h: Db): Promise<Enrollment[]> {
  return enrollmentsOf(h, null).selectAll().orderBy("enrollment_date", "desc").orderBy("id", "desc").execute();
}

const STAFF_LIST_COLUMNS = ["id", "user_name", "user_surname", "email", "phone", "formation_chosen", "enrollment_date", "status"] as const;

/** What the staff list of enrolments shows ('Inscriptions pour …'; null: 'Inscriptions sans session'), newest first. */
export type StaffEnrollment = Pick<Enrollment, (typeof STAFF_LIST_COLUMNS)[number]>;
export async function listEnrollmentsForStaff(h: Db, formationId: number | null): Promise<StaffEnrollment[]> {
  return enrollmentsOf(h, formationId).select(STAFF_LIST_COLUMNS).orderBy("enrollment_date", "desc").orderBy("id", "desc").execute();
}

export async function countEnrollmentsWithoutFormation(h: Db): Promise<number> {
  const r = await h.db
    .selectFrom("enrollments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("formation_id", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function listAllEnrollments(h: Db): Promise<Enrollment[]> {
  return h.db.selectFrom("enrollments").selectAll().orderBy("enrollment_date", "desc").orderBy("id", "desc").execute();
}

export function countOccupying(h: Db, formationId: number): Promise<number> {
  return countTaken(h.db, formationId);
}

export async function getEnrollment(h: Db, id: number): Promise<Enrollment | undefined> {
  return h.db.selectFrom("enrollments").selectAll().where("id", "=", id).executeTakeFirst();
}

export type SetStatusResult = { ok: true; enrollment: Enrollment } | { ok: false; reason: "not_found" } | { ok: false; reason: "full"; taken: number; max: number };

const occupies = (status: EnrollmentStatus) => OCCUPYING.includes(status);

/**
 * Any status to any other (docs/product.md, "Staff: formations"), except that an enrolment which
 * occupies no place (cancelled, completed) takes one again ('En attente', 'Confirmé') only if its
 * formation has a place left: the check and the write run in one write transaction
 * (`lockCapacity`). A move between pending and confirmed changes no place and is never refused.
 * A place freed in a dated session (to 'Annulé' or 'Terminé') is offered to its waiting list in the
 * same transaction, with its e-mails queued in the outbox: by `offers`, which defaults to the site's
 * own (the clinic and the public origin), so that no caller can forget it (issue 31).
 */
export async function setEnrollmentStatus(h: Db, id: number, status: EnrollmentStatus, offers: SessionOffers = SITE_OFFERS): Promise<SetStatusResult> {
  const notFound = { ok: false, reason: "not_found" } as const;
  const write = async (db: Queries): Promise<SetStatusResult> => {
    const enrollment = await db.updateTable("enrollments").set({ status }).where("id", "=", id).returningAll().executeTakeFirst();
    return enrollment ? { ok: true, enrollment } : notFound;
  };
  return writeTransaction(h, async (trx): Promise<SetStatusResult> => {
    const seen = await trx.selectFrom("enrollments").select(["formation_id", "session_id"]).where("id", "=", id).executeTakeFirst();
    if (!seen) return notFound;
    // Lock order: the session or formation, then the enrolment (as public enrolment and a formation's deletion).
    const session = seen.session_id === null ? undefined : await lockSession(h, trx, seen.session_id);
    const capacity = seen.session_id !== null || seen.formation_id === null || !occupies(status) ? undefined : await lockCapacity(h, trx, seen.formation_id);
    // Read again under the lock, to judge the status committed by any concurrent change.
    let cq = trx.selectFrom("enrollments").select(["status", "formation_id"]).where("id", "=", id);
    if (h.engine === "postgres") cq = cq.forUpdate();
    const current = await cq.executeTakeFirst();
    if (!current) return notFound;
    const takesAPlace = occupies(status) && !occupies(current.status);
    if (takesAPlace && session && placesLeft(session) === 0) return { ok: false, reason: "full", taken: session.taken + session.held, max: session.capacity };
    if (takesAPlace && current.formation_id !== null && capacity && capacity.taken >= capacity.max) return { ok: false, reason: "full", taken: capacity.taken, max: capacity.max };
    const result = await write(trx);
    // a place freed in a dated session goes to the waiting list, in the same transaction
    if (result.ok && session && occupies(current.status) && !occupies(status)) {
      const after = (await lockSession(h, trx, session.id))!;
      await offers.offer(trx, after, result.enrollment.formation_chosen ?? "");
    }
    return result;
  });
}

/** What a status change that frees a session's place calls (formation-waitlist's offerFreedPlaces, bound to its context). */
export interface SessionOffers {
  offer: (trx: Queries, session: import("~/lib/formation-session").FormationSession, title: string) => Promise<number>;
}

/** The default of `setEnrollmentStatus`: the places are offered now, with the site's clinic and public origin. */
export const SITE_OFFERS: SessionOffers = {
  offer: async (trx, session, title) => offerFreedPlaces(trx, session, title, new Date(), { clinic: await getClinic({ db: trx }), origin: publicOrigin() }),
};
