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

/**
 * Create a pending enrolment. When a formation is chosen, the capacity check and the insert
 * run in one write transaction (BEGIN IMMEDIATE on SQLite, a row lock on PostgreSQL), so
 * concurrent enrolments never exceed max_participants. Resolves after COMMIT.
 */
export async function enroll(
  h: Db,
  input: EnrollmentInput,
  opts: { submissionKey?: string | null; at?: string } = {},
): Promise<EnrollResult> {
  const key = opts.submissionKey || null;
  const byKey = (db: Db["db"]) => db.selectFrom("enrollments").selectAll().where("submission_key", "=", key!).executeTakeFirst();
  try {
    return await writeTransaction(h, async (trx): Promise<EnrollResult> => {
      let formationTitle: string | null = null;
      let formation: { id: number; title: string; max_participants: number; is_active: number } | undefined;
      if (input.formation_id !== null) {
        // Lock first (PostgreSQL: the formation row; SQLite: BEGIN IMMEDIATE already holds the
        // write lock), so that the idempotency check below also sees a concurrent twin's commit.
        let fq = trx
          .selectFrom("formations")
          .select(["id", "title", "max_participants", "is_active"])
          .where("id", "=", input.formation_id);
        if (h.engine === "postgres") fq = fq.forUpdate();
        formation = await fq.executeTakeFirst();
      }
      if (key) {
        const existing = await byKey(trx);
        if (existing) return { ok: true, enrollment: existing, duplicate: true };
      }
      if (input.formation_id !== null) {
        if (!formation || Number(formation.is_active) !== 1) return { ok: false, reason: "unavailable" };
        const taken = await trx
          .selectFrom("enrollments")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("formation_id", "=", input.formation_id)
          .where("status", "in", OCCUPYING)
          .executeTakeFirstOrThrow();
        if (Number(taken.n) >= Number(formation.max_participants)) return { ok: false, reason: "full" };
        formationTitle = formation.title;
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

export async function countOccupying(h: Db, formationId: number): Promise<number> {
  const r = await h.db
    .selectFrom("enrollments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("formation_id", "=", formationId)
    .where("status", "in", OCCUPYING)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function getEnrollment(h: Db, id: number): Promise<Enrollment | undefined> {
  return h.db.selectFrom("enrollments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Any status to any other (docs/product.md, "Staff: formations"). Returns the updated row or undefined. */
export async function setEnrollmentStatus(h: Db, id: number, status: EnrollmentStatus): Promise<Enrollment | undefined> {
  return h.db.updateTable("enrollments").set({ status }).where("id", "=", id).returningAll().executeTakeFirst();
}
