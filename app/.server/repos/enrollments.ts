import type { Db } from "../db";
import { isUniqueViolation, nowIso, writeTransaction } from "../db";
import type { Enrollment, EnrollmentStatus } from "../db/types";

export type { Enrollment, EnrollmentStatus };

export const ENROLLMENT_STATUSES: EnrollmentStatus[] = ["pending", "confirmed", "cancelled", "completed"];
export const OCCUPYING: EnrollmentStatus[] = ["pending", "confirmed"];

export function isEnrollmentStatus(v: unknown): v is EnrollmentStatus {
  return typeof v === "string" && (ENROLLMENT_STATUSES as string[]).includes(v);
}

export interface EnrollmentInput {
  formation_id: number | null;
  user_name: string;
  user_surname: string;
  email: string;
  phone: string;
}

export type EnrollResult =
  | { ok: true; enrollment: Enrollment; duplicate: boolean }
  | { ok: false; reason: "full" | "unavailable" };

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
  input: EnrollmentInput,
  opts: { submissionKey?: string | null; at?: string } = {},
): Promise<EnrollResult> {
  const key = opts.submissionKey || null;
  const byKey = (db: Queries) => db.selectFrom("enrollments").selectAll().where("submission_key", "=", key!).executeTakeFirst();
  try {
    return await writeTransaction(h, async (trx): Promise<EnrollResult> => {
      // Lock first, so that the idempotency check below also sees a concurrent twin's commit.
      const capacity = input.formation_id === null ? undefined : await lockCapacity(h, trx, input.formation_id);
      if (key) {
        const existing = await byKey(trx);
        if (existing) return { ok: true, enrollment: existing, duplicate: true };
      }
      let formationTitle: string | null = null;
      if (input.formation_id !== null) {
        if (!capacity || Number(capacity.formation.is_active) !== 1) return { ok: false, reason: "unavailable" };
        if (capacity.taken >= capacity.max) return { ok: false, reason: "full" };
        formationTitle = capacity.formation.title;
      }
      const enrollment = await trx
        .insertInto("enrollments")
        .values({
          formation_id: input.formation_id,
          user_name: input.user_name,
          user_surname: input.user_surname,
          email: input.email,
          phone: input.phone,
          formation_chosen: formationTitle,
          enrollment_date: opts.at ?? nowIso(),
          status: "pending",
          submission_key: key,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
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
 */
export async function setEnrollmentStatus(h: Db, id: number, status: EnrollmentStatus): Promise<SetStatusResult> {
  const notFound = { ok: false, reason: "not_found" } as const;
  const write = async (db: Queries): Promise<SetStatusResult> => {
    const enrollment = await db.updateTable("enrollments").set({ status }).where("id", "=", id).returningAll().executeTakeFirst();
    return enrollment ? { ok: true, enrollment } : notFound;
  };
  // freeing a place (or keeping none) needs no capacity check
  if (!occupies(status)) return write(h.db);
  return writeTransaction(h, async (trx): Promise<SetStatusResult> => {
    const seen = await trx.selectFrom("enrollments").select("formation_id").where("id", "=", id).executeTakeFirst();
    if (!seen) return notFound;
    // Lock order: the formation, then the enrolment (as public enrolment and a formation's deletion).
    const capacity = seen.formation_id === null ? undefined : await lockCapacity(h, trx, seen.formation_id);
    // Read again under the lock, to judge the status committed by any concurrent change.
    let cq = trx.selectFrom("enrollments").select(["status", "formation_id"]).where("id", "=", id);
    if (h.engine === "postgres") cq = cq.forUpdate();
    const current = await cq.executeTakeFirst();
    if (!current) return notFound;
    const takesAPlace = !occupies(current.status) && current.formation_id !== null;
    if (takesAPlace && capacity && capacity.taken >= capacity.max) return { ok: false, reason: "full", taken: capacity.taken, max: capacity.max };
    return write(trx);
  });
}
