import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from "kysely";
import { COMPLETION_RULE, OCCUPYING_STATUSES, type AppointmentStatus } from "~/lib/appointment-status";
import { clinicDayBounds } from "~/lib/clinic-time";
import { nationalDigits } from "~/lib/rules";
import type { Db } from "../db";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import { isUniqueViolation, nowIso, writeTransaction } from "../db";
import type { Appointment, AppointmentHistoryAction, AppointmentHistoryEntry, Database, Language } from "../db/types";
import { newLinkColumns } from "../link-tokens";
import { linkPatient } from "./patients";
import { refreshRecall } from "./recalls";
import { searchPatterns, searchSpellings } from "./search-patterns";
import { BROAD_AT, candidateIds, countUpToBroad, indexablePart, isBroad, isIndexable, phoneCandidates, phonePart, phonePatterns, unionOf } from "./substring-index";
import { insertPaidAdjustment, PAID_AT_CREATION_REASON, PAID_EDIT_REASON } from "./payment-entries";
import { DEMO_SUBMISSION_PREFIX } from "../demo";

export type { Appointment, AppointmentHistoryEntry };

export interface AppointmentInput {
  name: string;
  /** null for a booking taken by phone without an e-mail */
  email: string | null;
  phone: string;
  service: string;
  date: string;
  time: string;
  message?: string | null;
  prixtotal?: number | null;
  prixpay?: number | null;
  progress?: string | null;
  tips?: string | null;
  /** the language of the page it was booked on (issue 32); French when not said */
  language?: Language;
}

/** The columns of a new appointment row from what was typed (the phone's digits derived). */
export function appointmentValues(input: AppointmentInput, submissionKey: string | null, createdAt: string = nowIso()) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    phone_digits: nationalDigits(input.phone),
    service: input.service,
    date: input.date,
    time: input.time,
    message: input.message ?? null,
    prixtotal: input.prixtotal ?? null,
    prixpay: input.prixpay ?? null,
    progress: input.progress ?? null,
    tips: input.tips ?? null,
    submission_key: submissionKey,
    created_at: createdAt,
    language: input.language ?? "fr",
    ...newLinkColumns(),
  };
}

/**
 * Store one appointment row as it is, without taking slot units or checking the schedule: for
 * records of the past (the demo content, imports) and tests. Bookings go through
 * `bookAppointment` (./booking.ts). With a submission key, a second call with the same key returns
 * the row stored by the first instead of inserting another. Resolves only after the commit.
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
    const appointment = await writeTransaction(h, async (trx) => {
      const patient_id = await linkPatient(trx, input, opts.createdAt);
      const row = await trx
        .insertInto("appointments")
        .values({ ...appointmentValues(input, key, opts.createdAt), patient_id })
        .returningAll()
        .executeTakeFirstOrThrow();
      // 'Prix payé' is the sum of the appointment's entries (ADR 026)
      await insertPaidAdjustment(trx, { appointmentId: Number(row.id), patientId: row.patient_id, difference: Number(row.prixpay ?? 0), takenBy: null, at: new Date(opts.createdAt ?? nowIso()), reason: PAID_AT_CREATION_REASON });
      return row;
    });
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
  /** part of the name or e-mail, case-insensitive, or part of the phone number in any form */
  q?: string;
  /** submission date YYYY-MM-DD in the clinic's time zone */
  submitted?: string;
  /** appointment date YYYY-MM-DD */
  date?: string;
  service?: string;
  /** 'done': complete per ~/lib/appointment-status; 'todo': the others */
  status?: "done" | "todo";
  /** the front-desk status */
  state?: AppointmentStatus;
  /** 'Reste à payer': a total is set and not fully paid (cancelled ones left out) */
  due?: boolean;
}

/**
 * The SQL form of `isAppointmentDone` (~/lib/appointment-status), from the same rule: the total
 * is set, the amount paid is set and equal to it. Each part is a plain true/false (the equality
 * is only reached when both are set), so the whole is never NULL and its NOT selects exactly
 * the other rows.
 */
function isDoneSql(eb: ExpressionBuilder<Database, "appointments">) {
  const { total, paid, freeOnlyWhen } = COMPLETION_RULE;
  return eb.and([
    eb(total, "is not", null),
    eb(paid, "is not", null),
    eb(paid, "=", eb.ref(total)),
    eb.or([eb(total, ">", 0), eb("status", "=", freeOnlyWhen)]),
  ]);
}

/** 'Reste à payer': the SQL form of balanceDue(...) > 0. */
function isDueSql(eb: ExpressionBuilder<Database, "appointments">) {
  return eb.and([eb("prixtotal", "is not", null), eb("status", "!=", "cancelled"), eb("prixtotal", ">", sql<number>`coalesce(${eb.ref("prixpay")}, 0)`)]);
}

/**
 * The appointments the substring index gives for a search (./substring-index): each spelling of
 * searchPatterns in the name or the e-mail, the digits in the phone; a superset of the rows of the
 * exact test of listAppointments, or null when a part is too short for the index (the exact test
 * alone then reads the table).
 */
/** The index's candidate queries of a search (null: a part too short for it): name and e-mail for each spelling, and the phone's digits. */
function appointmentCandidates(h: Pick<Db, "engine">, q: string, phone: ReturnType<typeof phonePart>): RawBuilder<number>[] | null {
  const spellings = searchSpellings(q).map(indexablePart);
  if (!spellings.every(isIndexable)) return null;
  const parts = spellings.flatMap((p) => [candidateIds(h, "appointments", "name", [p]), candidateIds(h, "appointments", "email", [p])]);
  if (phone) parts.push(...phoneCandidates(h, "appointments", "phone_digits", phone, "national"));
  return parts;
}

/**
 * The list's page and its count. A search reads the index's candidates (substring-index.ts); a
 * broad one (more than BROAD_AT rows found) reads its page in the list's order and counts up to
 * BROAD_AT + 1 (`more`: there are more than BROAD_AT).
 */
export async function listAppointments(
  h: Db,
  filters: AppointmentFilters = {},
  page: { limit: number; offset: number } = { limit: 24, offset: 0 },
): Promise<{ rows: Appointment[]; total: number; more: boolean }> {
  let q = h.db.selectFrom("appointments");
  let broad = false;
  /** a broad search whose candidate query is its own test and that nothing else narrows: more than BROAD_AT, without counting */
  let broadWithoutCount = false;
  if (filters.q) {
    const patterns = searchPatterns(filters.q);
    // three digits or more typed: also a part of the number, whatever its spacing or prefix (substring-index.ts phonePart)
    const phone = phonePart(filters.q);
    const parts = appointmentCandidates(h, filters.q, phone);
    broad = parts ? await isBroad(h, parts) : false;
    // printable ASCII without a wildcard: each candidate query finds exactly the rows of one of the
    // search's own tests (same LIKE, same case folding on both engines), so one candidate over
    // BROAD_AT means the search is over it too
    broadWithoutCount = broad && searchSpellings(filters.q).every((s) => /^[\x20-\x7e]*$/.test(s) && !/[\\%_]/.test(s));
    // SQLite only: PostgreSQL reads this OR of its trigram indexes on one table by itself (BitmapOr)
    if (parts && !broad && h.engine === "sqlite") q = q.where("id", "in", unionOf(parts));
    q = q.where((eb) =>
      eb.or([
        ...patterns.flatMap((like) => [
          sql<boolean>`lower(${eb.ref("name")}) like ${like} escape '\\'`,
          sql<boolean>`lower(${eb.ref("email")}) like ${like} escape '\\'`,
        ]),
        ...(phone ? phonePatterns(phone, "national").map((like) => eb("phone_digits", "like", like)) : []),
      ]),
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
  if (filters.state) q = q.where("status", "=", filters.state);
  if (filters.due) q = q.where(isDueSql);
  // any filter beside the search (a date, a service, a status…) may leave fewer: counted
  const narrowed = Object.entries(filters).some(([key, value]) => key !== "q" && value !== undefined && value !== null && value !== "" && value !== false);
  // the whole list: its total is kept by the database (migration 021), not counted
  const count = !filters.q && !narrowed ? appointmentCount(h) : broadWithoutCount && !narrowed ? Promise.resolve(BROAD_AT + 1) : broad ? countUpToBroad(h, q) : q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow().then((c) => Number(c.n));
  const [rows, total] = await Promise.all([q.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(), count]);
  return { rows, total: Math.min(total, broad ? BROAD_AT : total), more: broad && total > BROAD_AT };
}

/**
 * How many appointments there are: the row of `row_counts` the triggers keep (migration 021), in
 * the reader's snapshot like any row; counted when that row is missing (a table emptied by hand).
 */
export async function appointmentCount(h: Pick<Db, "db">): Promise<number> {
  const kept = await h.db.selectFrom("row_counts").select("n").where("name", "=", "appointments").executeTakeFirst();
  if (kept) return Number(kept.n);
  const counted = await h.db.selectFrom("appointments").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(counted.n);
}

export interface AppointmentProgressUpdate {
  progress?: string | null;
  prixtotal?: number | null;
  prixpay?: number | null;
  tips?: string | null;
  /** the patient's identity as staff correct it: a new name or phone links the appointment to its record again */
  name?: string;
  phone?: string;
  email?: string | null;
}

const EDIT_LABELS: Record<keyof AppointmentProgressUpdate, string> = {
  progress: "avancement",
  prixtotal: "prix total",
  prixpay: "prix payé",
  tips: "remarques",
  name: "nom",
  phone: "téléphone",
  email: "e-mail",
};
const EDITABLE = ["progress", "prixtotal", "prixpay", "tips", "name", "phone", "email"] as const;

/**
 * Returns the updated row, or undefined when it does not exist. With an actor, the fields that
 * changed are named in the appointment's history (names only, never the values). A new name or
 * phone links the appointment to the record of that name and phone (linkPatient, ./patients) in
 * the same transaction; an anonymised appointment keeps no identity, so those fields are ignored.
 */
export async function updateAppointment(h: Db, id: number, patch: AppointmentProgressUpdate, actor?: Actor): Promise<Appointment | undefined> {
  const values: AppointmentProgressUpdate = {};
  for (const k of EDITABLE) {
    if (patch[k] !== undefined) (values as Record<string, unknown>)[k] = patch[k];
  }
  if (Object.keys(values).length === 0) return getAppointment(h, id);
  return writeTransaction(h, async (trx) => {
    const before = await trx.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return undefined;
    if (before.anonymised_at) {
      delete values.name;
      delete values.phone;
      delete values.email;
    }
    const identity = { name: values.name ?? before.name, phone: values.phone ?? before.phone, email: values.email !== undefined ? values.email : before.email };
    const relink = identity.name !== before.name || identity.phone !== before.phone;
    const at = nowIso();
    const row = await trx
      .updateTable("appointments")
      .set({
        ...values,
        ...(values.phone !== undefined ? { phone_digits: nationalDigits(identity.phone) } : {}),
        ...(relink ? { patient_id: await linkPatient(trx, identity, at) } : {}),
        updated_at: at,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    // its payments follow the appointment to its record (ADR 021)
    if (relink && row) await trx.updateTable("payments").set({ patient_id: row.patient_id }).where("appointment_id", "=", id).execute();
    // an honoured visit that changes record takes its recall along: both records' recalls follow (issue 31)
    if (relink && row && row.status === "attended" && Number(row.patient_id) !== Number(before.patient_id)) {
      for (const pid of [before.patient_id, row.patient_id]) if (pid !== null) await refreshRecall(trx, Number(pid), row.service);
    }
    // a hand edit of 'Prix payé' is recorded as an adjustment of the difference (ADR 026)
    if (row && values.prixpay !== undefined) {
      const difference = Number(row.prixpay ?? 0) - Number(before.prixpay ?? 0);
      await insertPaidAdjustment(trx, { appointmentId: id, patientId: row.patient_id, difference, takenBy: actor?.staffUserId ?? null, at: new Date(at), reason: PAID_EDIT_REASON });
    }
    const changed = (Object.keys(values) as (keyof AppointmentProgressUpdate)[]).filter((k) => {
      const a = before[k] === null ? null : k === "prixtotal" || k === "prixpay" ? Number(before[k]) : before[k];
      return a !== values[k];
    });
    if (actor && row && changed.length > 0) {
      await insertHistory(trx, id, actor, "edited", { detail: changed.map((k) => EDIT_LABELS[k]).join(", ") });
    }
    const prices = changed.filter((k) => k === "prixtotal" || k === "prixpay");
    if (actor && row && prices.length > 0) {
      // field names only, never the amounts
      await auditStaff(trx, actor, { action: "appointment.price", targetType: "appointment", targetId: id, detail: prices.map((k) => EDIT_LABELS[k]).join(", ") });
    }
    return row;
  });
}

// ---- the history (who acts: app/.server/actor.ts) ---------------------------------------------------

/**
 * One line of an appointment's history, in the caller's transaction: the one insert of
 * `appointment_history` for a single appointment (bookings, moves, status changes, edits,
 * 'Je confirme ma présence', reminders). `at` defaults to now.
 */
export async function insertHistory(
  trx: Kysely<Database>,
  appointmentId: number,
  actor: Actor,
  action: AppointmentHistoryAction,
  fields: { from?: AppointmentStatus | null; to?: AppointmentStatus | null; detail?: string | null; at?: string } = {},
) {
  await trx
    .insertInto("appointment_history")
    .values({
      appointment_id: appointmentId,
      at: fields.at ?? nowIso(),
      staff_user_id: actor.staffUserId,
      actor: actor.label,
      action,
      from_status: fields.from ?? null,
      to_status: fields.to ?? null,
      detail: fields.detail ?? null,
    })
    .execute();
}

/** The history of several appointments, oldest first, by appointment id. */
export async function historyFor(h: Pick<Db, "db">, ids: number[]): Promise<Map<number, AppointmentHistoryEntry[]>> {
  const out = new Map<number, AppointmentHistoryEntry[]>();
  if (ids.length === 0) return out;
  const rows = await h.db.selectFrom("appointment_history").selectAll().where("appointment_id", "in", ids).orderBy("appointment_id").orderBy("id").execute();
  for (const r of rows) {
    const id = Number(r.appointment_id);
    const list = out.get(id) ?? [];
    list.push({ ...r, id: Number(r.id), appointment_id: id });
    out.set(id, list);
  }
  return out;
}

// ---- totals and the agenda ------------------------------------------------------------------------

export interface MoneyTotals {
  /** sum of the totals set (centimes) */
  billed: number;
  paid: number;
  /** sum of what is still due on each appointment */
  due: number;
  /** appointments counted (cancelled ones left out) */
  count: number;
}

/** Billed, paid and due over the appointments of a range of days (both included), cancelled left out. */
export async function appointmentTotals(h: Pick<Db, "db">, fromDate: string, toDate: string): Promise<MoneyTotals> {
  const row = await h.db
    .selectFrom("appointments")
    .where("date", ">=", fromDate)
    .where("date", "<=", toDate)
    .where("status", "!=", "cancelled")
    .select((eb) => [
      sql<number>`coalesce(sum(${eb.ref("prixtotal")}), 0)`.as("billed"),
      sql<number>`coalesce(sum(${eb.ref("prixpay")}), 0)`.as("paid"),
      sql<number>`coalesce(sum(case when ${eb.ref("prixtotal")} > coalesce(${eb.ref("prixpay")}, 0) then ${eb.ref("prixtotal")} - coalesce(${eb.ref("prixpay")}, 0) else 0 end), 0)`.as("due"),
      eb.fn.countAll<number>().as("count"),
    ])
    .executeTakeFirstOrThrow();
  return { billed: Number(row.billed), paid: Number(row.paid), due: Number(row.due), count: Number(row.count) };
}

/** Every appointment of a range of days (both included), in time order, for the agenda. */
export async function listAgenda(h: Pick<Db, "db">, fromDate: string, toDate: string): Promise<Appointment[]> {
  return h.db.selectFrom("appointments").selectAll().where("date", ">=", fromDate).where("date", "<=", toDate).orderBy("date").orderBy("time").orderBy("id").execute();
}

export { OCCUPYING_STATUSES };

// ---- the patient's side and the e-mails ----------------------------------------------------------

/** The appointment whose personal link has this hash (app/.server/personal-link.ts). */
export async function findAppointmentByLinkHash(h: Pick<Db, "db">, linkHash: string): Promise<Appointment | undefined> {
  return h.db.selectFrom("appointments").selectAll().where("link_hash", "=", linkHash).executeTakeFirst();
}

/**
 * 'Je confirme ma présence': ONE conditional update (still open, not confirmed yet) and its
 * history line, in the caller's transaction. Undefined when it did not apply.
 */
export async function markPatientConfirmed(trx: Kysely<Database>, id: number, openStatuses: readonly AppointmentStatus[], actor: Actor, at: string = nowIso()): Promise<Appointment | undefined> {
  const updated = await trx
    .updateTable("appointments")
    .set({ patient_confirmed_at: at, updated_at: at })
    .where("id", "=", id)
    .where("status", "in", openStatuses)
    .where("patient_confirmed_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!updated) return undefined;
  await insertHistory(trx, id, actor, "patient_confirmed", { from: updated.status, to: updated.status, at });
  return updated;
}

/** How many status changes and moves the appointment's history holds (the .ics SEQUENCE). */
export async function countAppointmentChanges(h: Pick<Db, "db">, appointmentId: number): Promise<number> {
  const row = await h.db
    .selectFrom("appointment_history")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("appointment_id", "=", appointmentId)
    .where("action", "in", ["status", "moved"])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The status the appointment had before its last status change (undefined: none). */
export async function statusBeforeLastChange(h: Pick<Db, "db">, appointmentId: number): Promise<AppointmentStatus | null | undefined> {
  const last = await h.db
    .selectFrom("appointment_history")
    .select("from_status")
    .where("appointment_id", "=", appointmentId)
    .where("action", "=", "status")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return last?.from_status;
}

/** Appointments still open, with an address and an identity, on the days `fromDate`–`toDate`, whose reminder key is not in the outbox yet. */
export async function listReminderCandidates(h: Pick<Db, "db">, fromDate: string, toDate: string): Promise<Appointment[]> {
  const key = sql<string>`'reminder:' || cast(appointments.id as text) || ':' || appointments.date || 'T' || appointments.time`;
  return h.db
    .selectFrom("appointments")
    .selectAll()
    .where("status", "in", ["requested", "confirmed"])
    .where("email", "is not", null)
    .where("anonymised_at", "is", null)
    // the demo content's appointments are never reminded (app/.server/demo.ts)
    .where((eb) => eb.or([eb("submission_key", "is", null), eb("submission_key", "not like", `${DEMO_SUBMISSION_PREFIX}%`)]))
    // a first cut by calendar day (indexed), the exact window is the caller's
    .where("date", ">=", fromDate)
    .where("date", "<=", toDate)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("outbox").select("outbox.id").where("outbox.dedupe_key", "=", key))))
    .orderBy("date")
    .orderBy("time")
    .orderBy("id")
    .execute();
}

/** When the appointment's last reminder was queued. */
export async function markReminderQueued(h: Pick<Db, "db">, id: number, at: string = nowIso()): Promise<void> {
  await h.db.updateTable("appointments").set({ mail_reminder_at: at }).where("id", "=", id).execute();
}
