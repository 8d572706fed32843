import type { ExpressionBuilder } from "kysely";
import type { Db } from "../db";
import type { AuditEntry, Database } from "../db/types";

/**
 * The journal screen's reads of the audit log (docs/product.md, "Staff: audit log"). Nothing here
 * writes: entries are added by app/.server/audit.ts only, and removed only by its purge.
 *
 * Pages run in the database, newest first on (at, id) — the index audit_log_at_idx — by keyset:
 * a page continues from an entry's (at, id), older or newer, so an entry written while someone
 * reads never shifts the pages.
 */

export interface AuditLogFilter {
  /** an account's id, or "none": the entries without an account (the site itself, unknown addresses) */
  staffUserId?: number | "none";
  action?: string;
  /** ISO instant, included */
  fromIso?: string;
  /** ISO instant, excluded */
  toIso?: string;
}

export interface AuditLogEntry {
  id: number;
  at: string;
  staffUserId: number | null;
  actor: string;
  ip: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: string | null;
  /** a staff account's current address, when the target is one */
  targetEmail: string | null;
}

export interface AuditLogPage {
  rows: AuditLogEntry[];
  /** entries matching the filters */
  total: number;
  /** matching entries newer than the page's first one */
  newer: number;
  hasOlder: boolean;
  hasNewer: boolean;
  /** the entry the page was asked to continue from is gone (purged): the newest page is given */
  cursorLost: boolean;
}

type Eb = ExpressionBuilder<Database, "audit_log">;

function matches(eb: Eb, f: AuditLogFilter) {
  const parts = [];
  if (f.staffUserId === "none") parts.push(eb("staff_user_id", "is", null));
  else if (f.staffUserId !== undefined) parts.push(eb("staff_user_id", "=", f.staffUserId));
  if (f.action) parts.push(eb("action", "=", f.action));
  if (f.fromIso) parts.push(eb("at", ">=", f.fromIso));
  if (f.toIso) parts.push(eb("at", "<", f.toIso));
  return eb.and(parts);
}

/** Entries strictly older (or newer) than the entry at (at, id), in the list's order. */
function beyond(eb: Eb, direction: "older" | "newer", at: string, id: number) {
  const op = direction === "older" ? "<" : ">";
  return eb.or([eb("at", op, at), eb.and([eb("at", "=", at), eb("id", op, id)])]);
}

function toEntry(r: AuditEntry, emails: Map<number, string>): AuditLogEntry {
  const staffTarget = r.target_type === "staff" && r.target_id !== null && /^\d+$/.test(r.target_id) ? Number(r.target_id) : null;
  return {
    id: Number(r.id),
    at: r.at,
    staffUserId: r.staff_user_id === null ? null : Number(r.staff_user_id),
    actor: r.actor,
    ip: r.ip,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    detail: r.detail,
    targetEmail: staffTarget === null ? null : (emails.get(staffTarget) ?? null),
  };
}

/**
 * One page of the log, newest first. `cursor`: continue after the entry of that id, towards the
 * older entries or back towards the newer ones; none, or an entry no longer there: the newest page.
 */
export async function listAuditLog(
  h: Pick<Db, "db">,
  filter: AuditLogFilter,
  page: { limit: number; cursor?: { direction: "older" | "newer"; id: number } | null },
): Promise<AuditLogPage> {
  const { limit } = page;
  const base = h.db.selectFrom("audit_log").where((eb) => matches(eb, filter));
  const from = page.cursor ? await h.db.selectFrom("audit_log").select(["at", "id"]).where("id", "=", page.cursor.id).executeTakeFirst() : undefined;
  const cursorLost = Boolean(page.cursor) && !from;

  const newest = () => base.selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
  let rows: AuditEntry[];
  if (!page.cursor || !from) rows = await newest();
  else if (page.cursor.direction === "older") {
    rows = await base
      .selectAll()
      .where((eb) => beyond(eb, "older", from.at, Number(from.id)))
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  } else {
    const newer = await base
      .selectAll()
      .where((eb) => beyond(eb, "newer", from.at, Number(from.id)))
      .orderBy("at", "asc")
      .orderBy("id", "asc")
      .limit(limit + 1)
      .execute();
    // back at the top: the newest page, full, rather than the few entries left above the cursor
    rows = newer.length > limit ? newer.slice(0, limit).reverse() : await newest();
  }

  // what lies above the page: above its first entry, or (an empty page past the oldest entry)
  // the entry it continued from and everything above it
  const first = rows[0];
  const above = first
    ? base.where((eb) => beyond(eb, "newer", first.at, Number(first.id)))
    : from
      ? base.where((eb) => eb.or([beyond(eb, "newer", from.at, Number(from.id)), eb("id", "=", Number(from.id))]))
      : undefined;
  const [total, newerCount] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
    above ? above.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow() : Promise.resolve({ n: 0 }),
  ]);

  const staffIds = [...new Set(rows.filter((r) => r.target_type === "staff" && r.target_id !== null && /^\d{1,9}$/.test(r.target_id)).map((r) => Number(r.target_id)))];
  const emails = new Map<number, string>();
  if (staffIds.length > 0) {
    for (const s of await h.db.selectFrom("staff_users").select(["id", "email"]).where("id", "in", staffIds).execute()) emails.set(Number(s.id), s.email);
  }

  const n = Number(total.n);
  const newer = Number(newerCount.n);
  return {
    rows: rows.map((r) => toEntry(r, emails)),
    total: n,
    newer,
    hasNewer: newer > 0,
    hasOlder: newer + rows.length < n,
    cursorLost,
  };
}

export interface AuditAccount {
  id: number;
  email: string;
  displayName: string | null;
  disabled: boolean;
}

/** Every staff account (disabled ones too), for the journal's account filter. */
export async function listAuditAccounts(h: Pick<Db, "db">): Promise<AuditAccount[]> {
  const rows = await h.db.selectFrom("staff_users").select(["id", "email", "display_name", "disabled_at"]).orderBy("email").execute();
  return rows.map((r) => ({ id: Number(r.id), email: r.email, displayName: r.display_name, disabled: r.disabled_at !== null }));
}
