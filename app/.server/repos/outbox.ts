import { sql } from "kysely";
import { auditStaff } from "../audit";
import { writeTransaction, type Db } from "../db";
import type { OutboxTable } from "../db/types";
import type { Insertable } from "kysely";
import type { Actor } from "../actor";

/**
 * The outbox as staff see it (docs/product.md, "Staff: e-mails"; docs/architecture.md, "Outbox"):
 * how many messages wait or failed, a page of messages without their bodies (the recipient
 * masked: it is a patient's address), and 'Réessayer'. The sending itself is app/.server/mail.ts.
 */
export type OutboxStatus = OutboxTable["status"];
export const OUTBOX_STATUSES: OutboxStatus[] = ["pending", "failed", "sent"];
export const OUTBOX_PAGE_SIZE = 25;

export interface OutboxCounts {
  pending: number;
  failed: number;
}

export interface OutboxItem {
  id: number;
  kind: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
  /** "a•••@gmail.com": enough to tell two messages apart, not the address */
  to: string;
  /** failed, or pending after a failed attempt: 'Réessayer' resets it */
  retryable: boolean;
}

export interface OutboxPage {
  items: OutboxItem[];
  total: number;
  page: number;
  pages: number;
}

/** "amina.benali@gmail.com" -> "a•••@gmail.com"; anything else -> "•••". */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1 || at === address.length - 1) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}

/** The messages waiting (pending, whatever their attempts) and given up (failed). */
export async function outboxCounts(h: Db): Promise<OutboxCounts> {
  const rows = await h.db
    .selectFrom("outbox")
    .select(["status", sql<number | string>`count(*)`.as("n")])
    .where("status", "in", ["pending", "failed"])
    .groupBy("status")
    .execute();
  const of = (s: OutboxStatus) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { pending: of("pending"), failed: of("failed") };
}

const isRetryable = (r: { status: OutboxStatus; attempts: number; next_attempt_at: string | null }) =>
  r.status === "failed" || (r.status === "pending" && (Number(r.attempts) > 0 || r.next_attempt_at !== null));

/** One page of the outbox, newest first, optionally of one status. A page past the end is the last one. */
export async function listOutbox(h: Db, opts: { status?: OutboxStatus | null; page?: number; pageSize?: number } = {}): Promise<OutboxPage> {
  const size = opts.pageSize ?? OUTBOX_PAGE_SIZE;
  let base = h.db.selectFrom("outbox");
  if (opts.status) base = base.where("status", "=", opts.status);
  const { n } = await base.select(sql<number | string>`count(*)`.as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.trunc(opts.page ?? 1)), pages);
  const rows = await base
    .select(["id", "kind", "status", "attempts", "last_error", "created_at", "sent_at", "next_attempt_at", "to_address"])
    .orderBy("id", "desc")
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      status: r.status,
      attempts: Number(r.attempts),
      lastError: r.last_error,
      createdAt: r.created_at,
      sentAt: r.sent_at,
      nextAttemptAt: r.next_attempt_at,
      to: maskAddress(r.to_address),
      retryable: isRetryable(r),
    })),
    total,
    page,
    pages,
  };
}

export type RetryResult = { ok: true; kind: string | null } | { ok: false; reason: "not_found" | "not_retryable" };

/**
 * 'Réessayer': a failed message, or a pending one waiting after a failed attempt, goes back to
 * the worker at once (pending, no attempt counted, due now; its last error kept until the next
 * try). One conditional UPDATE: two retries at once reset it once (the second finds it already
 * reset) and a message a worker holds under a live lease is left to that worker. Audited as
 * 'outbox.retry' in the same transaction.
 */
export async function retryOutboxMessage(h: Db, id: number, actor: Actor, now: Date = new Date()): Promise<RetryResult> {
  const at = now.toISOString();
  return writeTransaction(h, async (trx) => {
    const row = await trx
      .updateTable("outbox")
      .set({ status: "pending", attempts: 0, next_attempt_at: null, lease_owner: null, lease_until: null })
      .where("id", "=", id)
      .where((eb) =>
        eb.or([
          eb("status", "=", "failed"),
          eb.and([eb("status", "=", "pending"), eb.or([eb("attempts", ">", 0), eb("next_attempt_at", "is not", null)])]),
        ]),
      )
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .returning(["id", "kind"])
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom("outbox").select("id").where("id", "=", id).executeTakeFirst();
      return { ok: false, reason: exists ? "not_retryable" : "not_found" };
    }
    await auditStaff(trx, actor, { action: "outbox.retry", targetType: "outbox", targetId: id, detail: row.kind ?? null });
    return { ok: true, kind: row.kind };
  });
}

// ---- the sending side (app/.server/mail.ts) ---------------------------------------------------------

export type OutboxRow = { [K in keyof OutboxTable]: OutboxTable[K] extends { __select__: infer S } ? S : OutboxTable[K] };

/** Store one message; its id. A duplicate dedupe key throws the unique violation (the caller skips it). */
export async function insertOutboxMessage(h: Pick<Db, "db">, values: Insertable<OutboxTable>): Promise<number> {
  const row = await h.db.insertInto("outbox").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Claim up to `limit` due messages for `worker` until `until`: pending, due (next_attempt_at
 * passed) and not leased by a live worker. One statement; on PostgreSQL the rows are locked with
 * SKIP LOCKED so that a concurrent claim takes other rows, on SQLite writes are serialised.
 */
export async function claimOutboxRows(h: Db, worker: string, opts: { now: string; until: string; limit: number; ids?: number[] }): Promise<OutboxRow[]> {
  const ids = opts.ids?.length ? sql`and id in (${sql.join(opts.ids)})` : sql``;
  const lock = h.engine === "postgres" ? sql`for update skip locked` : sql``;
  const res = await sql<OutboxRow>`
    update outbox set lease_owner = ${worker}, lease_until = ${opts.until}
    where id in (
      select id from outbox
      where status = 'pending'
        and (next_attempt_at is null or next_attempt_at <= ${opts.now})
        and (lease_until is null or lease_until < ${opts.now})
        ${ids}
      order by id
      limit ${opts.limit}
      ${lock}
    )
    returning *`.execute(h.db);
  return [...res.rows];
}

/** The outcome of one sending, written only while `worker` still holds the row's lease (which it releases). */
export async function settleOutboxRow(
  h: Pick<Db, "db">,
  id: number,
  worker: string,
  outcome: { status: "sent"; sent_at: string; attempts: number } | { status: "pending" | "failed"; attempts: number; last_error: string; next_attempt_at: string },
): Promise<void> {
  const set = outcome.status === "sent" ? { ...outcome, last_error: null } : outcome;
  await h.db
    .updateTable("outbox")
    .set({ ...set, lease_owner: null, lease_until: null })
    .where("id", "=", id)
    .where("lease_owner", "=", worker)
    .execute();
}

/** How many messages wait to be sent. */
export async function countPendingOutbox(h: Pick<Db, "db">): Promise<number> {
  const row = await h.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
