import type { Kysely } from "kysely";
import type { AuditAction } from "~/lib/audit-actions";
import { getDb, nowIso, type Db } from "./db";
import type { Database } from "./db/types";
import { log } from "./log";

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
  targetType?: "appointment" | "patient" | "staff" | "blog" | "formation" | "schedule" | "team" | "audit" | "outbox" | "clinic";
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

/** The actor of a signed-in staff member (the staff guard sets `ip`). */
export function actorOfStaff(staff: { userId: number; email: string; ip?: string }): AuditActor {
  return { userId: staff.userId, email: staff.email, ip: staff.ip ?? null };
}

/**
 * Delete the entries older than the retention period (team_settings.audit_retention_months),
 * then record the purge itself. Run hourly by the background jobs; returns how many went.
 */
export async function purgeAuditLog(h: Db = getDb(), now: Date = new Date()): Promise<number> {
  const row = await h.db.selectFrom("team_settings").select("audit_retention_months").where("id", "=", 1).executeTakeFirst();
  const months = Number(row?.audit_retention_months ?? 24);
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  // a day's margin below the trigger's own cut-off, so clocks never disagree on an entry
  cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  const res = await h.db.deleteFrom("audit_log").where("at", "<", cutoff.toISOString()).executeTakeFirst();
  const n = Number(res.numDeletedRows ?? 0);
  if (n > 0) {
    await audit(h, { userId: null, email: "système" }, { action: "audit.purge", targetType: "audit", detail: `${n} entrée(s) antérieure(s) au ${cutoff.toISOString().slice(0, 10)}` });
    log.info({ event: "audit_purged", count: n }, "audit log purged");
  }
  return n;
}
