import type { Kysely } from "kysely";
import type { AuditAction } from "~/lib/audit-actions";
import { getDb, nowIso, writeTransaction, type Db } from "./db";
import type { Database } from "./db/types";
import { log } from "./log";
import type { Actor } from "./repos/appointments";

/**
 * The audit log (docs/product.md, "Staff: audit log"; ADR 010): who did what, when, from where,
 * to which target. Append-only: this module only inserts (and the purge deletes what is past the
 * retention period); triggers on both engines refuse any UPDATE and any earlier DELETE. An entry
 * never holds patient data: the target is a type and an id, the detail names fields, statuses or
 * roles, never a name, a phone, an amount or a note.
 */
export interface AuditActor {
  /** the staff account, or null (a failed sign-in with an unknown address) */
  userId: number | null;
  /** the account's address at the time */
  email: string;
  ip?: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  targetType?: "appointment" | "patient" | "staff" | "blog" | "formation" | "schedule" | "team" | "audit" | "outbox" | "clinic" | "photo" | "gallery_case" | "review" | "export";
  targetId?: string | number | null;
  detail?: string | null;
}

type Handle = Db | Kysely<Database>;

function kysely(h: Handle): Kysely<Database> {
  return "db" in h && "engine" in h ? h.db : (h as Kysely<Database>);
}

/**
 * Write one entry. Pass the transaction of the change (`trx`) so that the entry and the change
 * commit together; an entry written on its own (sign-in, export) uses the app's handle.
 */
export async function audit(h: Handle, actor: AuditActor, event: AuditEvent): Promise<void> {
  await kysely(h)
    .insertInto("audit_log")
    .values({
      at: nowIso(),
      staff_user_id: actor.userId,
      actor: actor.email.slice(0, 254),
      ip: actor.ip ? actor.ip.slice(0, 64) : null,
      action: event.action,
      target_type: event.targetType ?? null,
      target_id: event.targetId === undefined || event.targetId === null ? null : String(event.targetId),
      detail: event.detail ? event.detail.slice(0, 500) : null,
    })
    .execute();
}

/**
 * Write an entry for a change made by a staff account (`Actor` of the repos); a change made by
 * the patient (personal link) or the system is in the appointment's history, not in the audit log.
 */
export async function auditStaff(h: Handle, actor: Actor, event: AuditEvent): Promise<void> {
  if (actor.staffUserId === null) return;
  await audit(h, { userId: actor.staffUserId, email: actor.label, ip: actor.ip ?? null }, event);
}

/** The `actor` of an entry written by the site itself (the purge), with no account. */
export const AUDIT_SYSTEM_ACTOR = "système";

/** The actor of a signed-in staff member (the staff guard sets `ip`). */
export function actorOfStaff(staff: { userId: number; email: string; ip?: string }): AuditActor {
  return { userId: staff.userId, email: staff.email, ip: staff.ip ?? null };
}

/**
 * The instant before which the purge may delete: `months` calendar months before `now` (a day
 * past the end of a shorter month is the month's last day, as PostgreSQL counts: 30 September
 * less 7 months is 28 February, where JavaScript and SQLite would say 2 March), then one day
 * earlier. Both triggers' own limits are at or after it whatever the engine, so the purge never
 * asks to delete an entry a trigger keeps (which would refuse the whole purge).
 */
export function auditPurgeCutoff(now: Date, months: number): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const cutoff = new Date(Date.UTC(y, m, Math.min(now.getUTCDate(), lastDay), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()));
  cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  return cutoff;
}

/**
 * Delete the entries older than the retention period (team_settings.audit_retention_months),
 * then record the purge itself, in one transaction (never a purge without its entry). Run hourly
 * and at start by the background jobs (app/.server/startup.ts); returns how many went. Two
 * servers purging at once: the second finds nothing left and records nothing.
 */
export async function purgeAuditLog(h: Db = getDb(), now: Date = new Date()): Promise<number> {
  const row = await h.db.selectFrom("team_settings").select("audit_retention_months").where("id", "=", 1).executeTakeFirst();
  const months = Number(row?.audit_retention_months ?? 24);
  const cutoff = auditPurgeCutoff(now, months);
  const n = await writeTransaction(h, async (trx) => {
    const res = await trx.deleteFrom("audit_log").where("at", "<", cutoff.toISOString()).executeTakeFirst();
    const deleted = Number(res.numDeletedRows ?? 0);
    if (deleted > 0) {
      await audit(trx, { userId: null, email: AUDIT_SYSTEM_ACTOR }, { action: "audit.purge", targetType: "audit", detail: `${deleted} entrée(s) antérieure(s) au ${cutoff.toISOString().slice(0, 10)}` });
    }
    return deleted;
  });
  if (n > 0) log.info({ event: "audit_purged", count: n }, "audit log purged");
  return n;
}
