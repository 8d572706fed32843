import { sql, type ExpressionBuilder } from "kysely";
import { COMPLETION_RULE } from "~/lib/appointment-status";
import type { Db } from "../db";
import { isUniqueViolation, nowIso } from "../db";
import type { Appointment, Database } from "../db/types";

export type { Appointment };

export interface AppointmentInput {
  name: string;
  email: string;
  phone: string;
  service: string;
  date: string;
  time: string;
  message?: string | null;
  prixtotal?: number | null;
  prixpay?: number | null;
  progress?: string | null;
  tips?: string | null;
}

/**
 * Store one appointment. With a submission key, a second call with the same key returns the
 * row stored by the first instead of inserting another (double click, resent form).
 * Resolves only after the row is committed.
 */
export async function createAppointment(
  h: Db,
  input: AppointmentInput,
  opts: { submissionKey?: string | null; createdAt?: string } = {},
): Promise<{ appointment: Appointment; duplicate: boolean }> {
  const key = opts.submissionKey || null;
  if (key) {
    const existing = await h.db.selectFrom("appointments").selectAll().where("submission_key", "=", key).executeTakeFirst();
    if (existing) return { appointment: existing, duplicate: true };
  }
  try {
    const appointment = await h.db
      .insertInto("appointments")
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        service: input.service,
        date: input.date,
        time: input.time,
        message: input.message ?? null,
        prixtotal: input.prixtotal ?? null,
        prixpay: input.prixpay ?? null,
        progress: input.progress ?? null,
        tips: input.tips ?? null,
        submission_key: key,
        created_at: opts.createdAt ?? nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { appointment, duplicate: false };
  } catch (err) {
    if (key && isUniqueViolation(err)) {
      const existing = await h.db.selectFrom("appointments").selectAll().where("submission_key", "=", key).executeTakeFirst();
      if (existing) return { appointment: existing, duplicate: true };
    }
    throw err;
  }
}

export async function getAppointment(h: Db, id: number): Promise<Appointment | undefined> {
  return h.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface AppointmentFilters {
  /** part of the name or e-mail, case-insensitive */
  q?: string;
  /** submission date YYYY-MM-DD in the clinic's time zone */
  submitted?: string;
  /** appointment date YYYY-MM-DD */
  date?: string;
  service?: string;
  /** 'done': complete per ~/lib/appointment-status; 'todo': the others */
  status?: "done" | "todo";
}

/** Start and end (exclusive) in UTC of a calendar day in Africa/Algiers (UTC+1, no DST). */
export function clinicDayBounds(ymd: string): [string, string] {
  const start = new Date(`${ymd}T00:00:00+01:00`);
  const end = new Date(start.getTime() + 24 * 3600 * 1000);
  return [start.toISOString(), end.toISOString()];
}

/**
 * LIKE patterns for a case-insensitive search that also works for accented letters.
 * lower() folds ASCII on both engines, but SQLite (and PostgreSQL with a C locale) leaves
 * 'É' as it is, so the accented letters are tried lower-case, upper-case and capitalised
 * at word starts ("élodie" finds "Élodie"). Wildcards typed by a person are escaped; SQLite
 * has no default LIKE escape character, so the queries name it.
 */
export function searchPatterns(input: string): string[] {
  const lower = input.toLowerCase();
  const nonAsciiUpper = lower.replace(/[^\p{ASCII}]/gu, (c) => c.toUpperCase());
  const wordStarts = lower.replace(/(^|[\s'’-])([^\p{ASCII}])/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());
  const escape = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [...new Set([lower, nonAsciiUpper, wordStarts])].map(escape);
}

/**
 * The SQL form of `isAppointmentDone` (~/lib/appointment-status), from the same rule: the total
 * is set, the amount paid is set and equal to it. Each part is a plain true/false (the equality
 * is only reached when both are set), so the whole is never NULL and its NOT selects exactly
 * the other rows.
 */
function isDoneSql(eb: ExpressionBuilder<Database, "appointments">) {
  const { total, paid } = COMPLETION_RULE;
  return eb.and([eb(total, "is not", null), eb(paid, "is not", null), eb(paid, "=", eb.ref(total))]);
}

export async function listAppointments(
  h: Db,
  filters: AppointmentFilters = {},
  page: { limit: number; offset: number } = { limit: 24, offset: 0 },
): Promise<{ rows: Appointment[]; total: number }> {
  let q = h.db.selectFrom("appointments");
  if (filters.q) {
    const patterns = searchPatterns(filters.q);
    q = q.where((eb) =>
      eb.or(
        patterns.flatMap((like) => [
          sql<boolean>`lower(${eb.ref("name")}) like ${like} escape '\\'`,
          sql<boolean>`lower(${eb.ref("email")}) like ${like} escape '\\'`,
        ]),
      ),
    );
  }
  if (filters.submitted) {
    const [from, to] = clinicDayBounds(filters.submitted);
    q = q.where("created_at", ">=", from).where("created_at", "<", to);
  }
  if (filters.date) q = q.where("date", "=", filters.date);
  if (filters.service) q = q.where("service", "=", filters.service);
  if (filters.status === "done") q = q.where(isDoneSql);
  else if (filters.status === "todo") q = q.where((eb) => eb.not(isDoneSql(eb)));
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export interface AppointmentProgressUpdate {
  progress?: string | null;
  prixtotal?: number | null;
  prixpay?: number | null;
  tips?: string | null;
}

/** Returns the updated row, or undefined when it does not exist. */
export async function updateAppointment(h: Db, id: number, patch: AppointmentProgressUpdate): Promise<Appointment | undefined> {
  const values: AppointmentProgressUpdate = {};
  for (const k of ["progress", "prixtotal", "prixpay", "tips"] as const) {
    if (patch[k] !== undefined) (values as Record<string, unknown>)[k] = patch[k];
  }
  if (Object.keys(values).length === 0) return getAppointment(h, id);
  return h.db.updateTable("appointments").set(values).where("id", "=", id).returningAll().executeTakeFirst();
}
