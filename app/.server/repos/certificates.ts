import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import type { Db } from "../db";
import { nowIso, writeTransaction } from "../db";
import type { Selectable } from "kysely";
import type { CertificatesTable, Database } from "../db/types";
import { CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_LENGTH, type CertificateView } from "~/lib/certificate";

/**
 * Attendance of the course sessions and their certificates (issue 31, item 6; ADR 028).
 *
 * - Staff mark each participant present or absent per day of the session, one tap each; a day
 *   counts as held once anyone has a mark on it.
 * - 'Délivrer les attestations' gives a certificate to every participant present at least one day
 *   who has none: numbered per year without gaps ('Attestation n° 2026-0007'), the number taken in
 *   the transaction that writes the certificate; one per enrolment (unique key); the session's row
 *   is locked first, so two staff members issuing at once give each participant one certificate.
 */

/** The enrolments that take part in a session: confirmed (paid) or completed. */
export const PARTICIPANT_STATUSES = ["confirmed", "completed"] as const;

export interface AttendanceSession {
  id: number;
  formationId: number;
  formationTitle: string;
  startsOn: string;
  endsOn: string;
  startTime: string;
  endTime: string;
  place: string;
  status: string;
}

export interface Participant {
  enrollmentId: number;
  name: string;
  email: string;
  /** day → present */
  marks: Record<string, boolean>;
  certificate: { id: number; number: string; code: string; revokedAt: string | null } | null;
}

export interface AttendanceSheet {
  session: AttendanceSession;
  participants: Participant[];
  /** the days with at least one mark, in order */
  daysHeld: string[];
}

export async function getAttendanceSession(h: Db, sessionId: number): Promise<AttendanceSession | undefined> {
  const row = await h.db
    .selectFrom("formation_sessions as s")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .select(["s.id", "s.formation_id", "f.title", "s.start_date", "s.end_date", "s.day_start", "s.day_end", "s.place", "s.status"])
    .where("s.id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    formationId: Number(row.formation_id),
    formationTitle: row.title,
    startsOn: row.start_date,
    endsOn: row.end_date,
    startTime: row.day_start,
    endTime: row.day_end,
    place: row.place,
    status: row.status,
  };
}

export async function attendanceSheet(h: Db, sessionId: number): Promise<AttendanceSheet | undefined> {
  const session = await getAttendanceSession(h, sessionId);
  if (!session) return undefined;
  const people = await h.db
    .selectFrom("enrollments as e")
    .leftJoin("certificates as c", "c.enrollment_id", "e.id")
    .select(["e.id", "e.user_name", "e.user_surname", "e.email", "c.id as cert_id", "c.number as cert_number", "c.code as cert_code", "c.revoked_at as cert_revoked"])
    .where("e.session_id", "=", sessionId)
    .where("e.status", "in", [...PARTICIPANT_STATUSES])
    .orderBy("e.user_surname")
    .orderBy("e.user_name")
    .orderBy("e.id")
    .execute();
  const marks = await h.db.selectFrom("session_attendance").select(["enrollment_id", "day", "present"]).where("session_id", "=", sessionId).execute();
  const byPerson = new Map<number, Record<string, boolean>>();
  const days = new Set<string>();
  for (const m of marks) {
    days.add(m.day);
    const rec = byPerson.get(Number(m.enrollment_id)) ?? {};
    rec[m.day] = Number(m.present) === 1;
    byPerson.set(Number(m.enrollment_id), rec);
  }
  return {
    session,
    daysHeld: [...days].sort(),
    participants: people.map((p) => ({
      enrollmentId: Number(p.id),
      name: `${p.user_name} ${p.user_surname}`.trim(),
      email: p.email,
      marks: byPerson.get(Number(p.id)) ?? {},
      certificate: p.cert_id === null ? null : { id: Number(p.cert_id), number: p.cert_number!, code: p.cert_code!, revokedAt: p.cert_revoked ?? null },
    })),
  };
}

export type MarkResult = { ok: true } | { ok: false; reason: "not_found" | "not_participant" | "day_outside" | "day_future" };

/** Mark one participant present or absent on one day (a second tap changes the mark); audited. */
export async function markAttendance(
  h: Db,
  input: { sessionId: number; enrollmentId: number; day: string; present: boolean; today: string },
  actor?: Actor,
): Promise<MarkResult> {
  return writeTransaction(h, async (trx): Promise<MarkResult> => {
    const s = await trx.selectFrom("formation_sessions").select(["id", "start_date", "end_date"]).where("id", "=", input.sessionId).executeTakeFirst();
    if (!s) return { ok: false, reason: "not_found" };
    if (input.day < s.start_date || input.day > s.end_date) return { ok: false, reason: "day_outside" };
    if (input.day > input.today) return { ok: false, reason: "day_future" };
    const e = await trx
      .selectFrom("enrollments")
      .select(["id", "user_name", "user_surname"])
      .where("id", "=", input.enrollmentId)
      .where("session_id", "=", input.sessionId)
      .where("status", "in", [...PARTICIPANT_STATUSES])
      .executeTakeFirst();
    if (!e) return { ok: false, reason: "not_participant" };
    const at = nowIso();
    await trx
      .insertInto("session_attendance")
      .values({ session_id: input.sessionId, enrollment_id: input.enrollmentId, day: input.day, present: input.present ? 1 : 0, marked_by: actor?.staffUserId ?? null, marked_at: at })
      .onConflict((oc) => oc.columns(["enrollment_id", "day"]).doUpdateSet({ present: input.present ? 1 : 0, marked_by: actor?.staffUserId ?? null, marked_at: at }))
      .execute();
    if (actor)
      await auditStaff(trx, actor, {
        action: input.present ? "attendance.present" : "attendance.absent",
        targetType: "enrollment",
        targetId: input.enrollmentId,
        detail: `session ${input.sessionId}, ${input.day}`,
      });
    return { ok: true };
  });
}

function newCode(): string {
  const bytes = crypto.randomBytes(CERTIFICATE_CODE_LENGTH);
  return [...bytes].map((b) => CERTIFICATE_CODE_ALPHABET[b % CERTIFICATE_CODE_ALPHABET.length]).join("");
}

async function takeCertificateNumber(trx: Kysely<Database>, year: number): Promise<number> {
  const row = await sql<{ last: number | string }>`
    insert into certificate_counters (year, last) values (${year}, 1)
    on conflict (year) do update set last = certificate_counters.last + 1
    returning last
  `.execute(trx);
  return Number(row.rows[0].last);
}

export function formatCertificateNumber(year: number, seq: number): string {
  return `${year}-${String(seq).padStart(4, "0")}`;
}

export type IssueResult = { ok: true; issued: number[] } | { ok: false; reason: "not_found" | "not_ended" | "nobody" };

/**
 * Give a certificate to every participant of the session present at least one day who has none.
 * Only from the session's last day on. `trainer` is who signs (the clinic's dentist). Returns the
 * new certificates' ids (the caller sends them by e-mail once this has committed).
 */
export async function issueCertificates(h: Db, sessionId: number, opts: { today: string; trainer: string; now?: Date }, actor?: Actor): Promise<IssueResult> {
  const now = opts.now ?? new Date();
  return writeTransaction(h, async (trx): Promise<IssueResult> => {
    // the session's row, locked on PostgreSQL (SQLite: one writer at a time): issuers queue here
    const lockQuery = trx.selectFrom("formation_sessions as s").innerJoin("formations as f", "f.id", "s.formation_id").selectAll("s").select("f.title").where("s.id", "=", sessionId);
    const s = await (h.engine === "postgres" ? lockQuery.forUpdate("s") : lockQuery).executeTakeFirst();
    if (!s) return { ok: false, reason: "not_found" };
    if (opts.today < s.end_date) return { ok: false, reason: "not_ended" };
    const marks = await trx.selectFrom("session_attendance").select(["enrollment_id", "day", "present"]).where("session_id", "=", sessionId).execute();
    const daysHeld = new Set(marks.map((m) => m.day)).size;
    const present = new Map<number, string[]>();
    for (const m of marks) if (Number(m.present) === 1) present.set(Number(m.enrollment_id), [...(present.get(Number(m.enrollment_id)) ?? []), m.day].sort());
    const people = await trx
      .selectFrom("enrollments as e")
      .leftJoin("certificates as c", "c.enrollment_id", "e.id")
      .select(["e.id", "e.user_name", "e.user_surname", "e.email"])
      .where("e.session_id", "=", sessionId)
      .where("e.status", "in", [...PARTICIPANT_STATUSES])
      .where("c.id", "is", null)
      .orderBy("e.user_surname")
      .orderBy("e.user_name")
      .orderBy("e.id")
      .execute();
    const due = people.filter((p) => (present.get(Number(p.id)) ?? []).length > 0);
    if (due.length === 0) return { ok: false, reason: "nobody" };
    const year = Number(opts.today.slice(0, 4));
    const issued: number[] = [];
    for (const p of due) {
      const seq = await takeCertificateNumber(trx, year);
      const row = await trx
        .insertInto("certificates")
        .values({
          number: formatCertificateNumber(year, seq),
          code: newCode(),
          enrollment_id: Number(p.id),
          session_id: sessionId,
          holder: `${p.user_name} ${p.user_surname}`.trim(),
          email: p.email,
          formation_title: s.title,
          starts_on: s.start_date,
          ends_on: s.end_date,
          start_time: s.day_start,
          end_time: s.day_end,
          place: s.place,
          trainer: opts.trainer,
          days_present: JSON.stringify(present.get(Number(p.id))),
          days_held: daysHeld,
          issued_at: now.toISOString(),
          issued_by: actor?.staffUserId ?? null,
          revoked_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      issued.push(Number(row.id));
    }
    if (actor) await auditStaff(trx, actor, { action: "certificate.issue", targetType: "formation_session", targetId: sessionId, detail: `${issued.length} attestation(s)` });
    return { ok: true, issued };
  });
}

type CertificateRow = Selectable<CertificatesTable>;

function selectCertificates(h: Db) {
  return h.db.selectFrom("certificates").selectAll();
}

function toView(r: CertificateRow): CertificateView & { id: number; email: string | null; sessionId: number | null } {
  return {
    id: Number(r.id),
    sessionId: r.session_id === null ? null : Number(r.session_id),
    email: r.email,
    number: r.number,
    code: r.code,
    holder: r.holder,
    formationTitle: r.formation_title,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    startTime: r.start_time,
    endTime: r.end_time,
    place: r.place,
    trainer: r.trainer,
    daysPresent: JSON.parse(r.days_present) as string[],
    daysHeld: Number(r.days_held),
    issuedAt: r.issued_at,
    revokedAt: r.revoked_at,
  };
}

export type StoredCertificate = ReturnType<typeof toView>;

export async function certificateByCode(h: Db, code: string): Promise<StoredCertificate | undefined> {
  const r = await selectCertificates(h).where("code", "=", code).executeTakeFirst();
  return r ? toView(r) : undefined;
}

export async function certificatesByIds(h: Db, ids: number[]): Promise<StoredCertificate[]> {
  if (ids.length === 0) return [];
  const rows = await selectCertificates(h).where("id", "in", ids).orderBy("number").execute();
  return rows.map(toView);
}

/** The language of each certificate's enrolment (the page it was made on, migration 018): its e-mail's language. */
export async function certificateLanguages(h: Db, ids: number[]): Promise<Map<number, "fr" | "ar">> {
  if (ids.length === 0) return new Map();
  const rows = await h.db
    .selectFrom("certificates")
    .innerJoin("enrollments", "enrollments.id", "certificates.enrollment_id")
    .select(["certificates.id as id", "enrollments.language as language"])
    .where("certificates.id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.language === "ar" ? "ar" : "fr"]));
}

/** Every certificate of a session, withdrawn ones left out, in number order. */
export async function sessionCertificates(h: Db, sessionId: number): Promise<StoredCertificate[]> {
  const rows = await selectCertificates(h).where("session_id", "=", sessionId).where("revoked_at", "is", null).orderBy("number").execute();
  return rows.map(toView);
}

/** Withdraw a certificate (the verification page then says so); audited. */
export async function revokeCertificate(h: Db, id: number, actor?: Actor): Promise<boolean> {
  return writeTransaction(h, async (trx) => {
    const r = await trx.updateTable("certificates").set({ revoked_at: nowIso() }).where("id", "=", id).where("revoked_at", "is", null).returning(["id", "number"]).executeTakeFirst();
    if (!r) return false;
    if (actor) await auditStaff(trx, actor, { action: "certificate.revoke", targetType: "certificate", targetId: id, detail: r.number });
    return true;
  });
}
