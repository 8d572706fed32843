import type { Db } from "../db";
import { writeTransaction } from "../db";

/**
 * Fixed-window counter shared by every app server (it lives in the database).
 * Returns the count after this hit and when the window resets.
 */
export async function hitCounter(h: Db, key: string, windowMs: number, now: Date = new Date()): Promise<{ count: number; resetAt: string }> {
  return writeTransaction(h, async (trx) => {
    let q = trx.selectFrom("rate_limits").selectAll().where("key", "=", key);
    if (h.engine === "postgres") q = q.forUpdate();
    const row = await q.executeTakeFirst();
    const nowIso = now.toISOString();
    if (!row || row.reset_at <= nowIso) {
      const resetAt = new Date(now.getTime() + windowMs).toISOString();
      await trx
        .insertInto("rate_limits")
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) => oc.column("key").doUpdateSet({ count: 1, reset_at: resetAt }))
        .execute();
      return { count: 1, resetAt };
    }
    const count = Number(row.count) + 1;
    await trx.updateTable("rate_limits").set({ count }).where("key", "=", key).execute();
    return { count, resetAt: row.reset_at };
  });
}

/** A fixed-window counter as stored (undefined: never hit). */
export async function getRateLimit(h: Pick<Db, "db">, key: string): Promise<{ key: string; count: number; reset_at: string } | undefined> {
  return h.db.selectFrom("rate_limits").selectAll().where("key", "=", key).executeTakeFirst();
}

export interface ThrottleRow {
  key: string;
  failures: number;
  blocked_until: string | null;
}

/** One throttle counter and how many attempts it allows before the delays start. */
export interface ThrottleRule {
  key: string;
  freeAttempts: number;
}

/** The delay after the first attempt over the allowance, doubling at each further one, and its cap. */
export interface ThrottleDelays {
  baseDelayMs: number;
  maxDelayMs: number;
}

export type Reservation = { ok: true } | { ok: false; retryAfterMs: number };

export async function getThrottle(h: Db, key: string): Promise<ThrottleRow | undefined> {
  const r = await h.db.selectFrom("login_throttle").select(["key", "failures", "blocked_until"]).where("key", "=", key).executeTakeFirst();
  return r ? { ...r, failures: Number(r.failures) } : undefined;
}

/** When a counter that now holds `failures` attempts stops blocking (null: it does not block). */
export function blockedUntilAfter(failures: number, freeAttempts: number, delays: ThrottleDelays, now: Date): string | null {
  const over = failures - freeAttempts;
  if (over < 0) return null;
  const delay = Math.min(delays.baseDelayMs * 2 ** Math.min(over, 52), delays.maxDelayMs);
  return new Date(now.getTime() + delay).toISOString();
}

function uniqueSorted(rules: ThrottleRule[]): ThrottleRule[] {
  const byKey = new Map(rules.map((r) => [r.key, r]));
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Reserve one attempt on every counter at once, BEFORE the costly check it guards (a password
 * hash): in one write transaction (BEGIN IMMEDIATE on SQLite; rows created if missing, then
 * locked with SELECT … FOR UPDATE in key order on PostgreSQL), refuse when any counter is
 * blocked, otherwise count the attempt as a failure on each. Concurrent callers are serialised
 * on the rows, so no more checks can start than the counters allow. A success gives the attempt
 * back (creditAttempt or clearThrottle).
 */
export async function reserveAttempt(h: Db, rules: ThrottleRule[], delays: ThrottleDelays, now: Date = new Date()): Promise<Reservation> {
  const sorted = uniqueSorted(rules);
  const keys = sorted.map((r) => r.key);
  const updatedAt = now.toISOString();
  return writeTransaction(h, async (trx) => {
    await trx
      .insertInto("login_throttle")
      .values(keys.map((key) => ({ key, failures: 0, blocked_until: null, updated_at: updatedAt })))
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    let q = trx.selectFrom("login_throttle").select(["key", "failures", "blocked_until"]).where("key", "in", keys).orderBy("key");
    if (h.engine === "postgres") q = q.forUpdate();
    const rows = new Map((await q.execute()).map((r) => [r.key, r]));
    const wait = Math.max(0, ...[...rows.values()].map((r) => (r.blocked_until ? Date.parse(r.blocked_until) - now.getTime() : 0)));
    if (wait > 0) {
      // refused: nothing is counted, and the empty rows made above go again
      await trx.deleteFrom("login_throttle").where("key", "in", keys).where("failures", "=", 0).execute();
      return { ok: false, retryAfterMs: wait };
    }
    for (const rule of sorted) {
      const failures = Number(rows.get(rule.key)?.failures ?? 0) + 1;
      const blocked_until = blockedUntilAfter(failures, rule.freeAttempts, delays, now);
      await trx
        .insertInto("login_throttle")
        .values({ key: rule.key, failures, blocked_until, updated_at: updatedAt })
        .onConflict((oc) => oc.column("key").doUpdateSet({ failures, blocked_until, updated_at: updatedAt }))
        .execute();
    }
    return { ok: true };
  });
}

/**
 * Give back one reserved attempt (the check it guarded succeeded) on shared counters that must
 * not be reset by one person's success. A counter back under its allowance stops blocking; one
 * back at zero goes.
 */
export async function creditAttempt(h: Db, rules: ThrottleRule[]): Promise<void> {
  const sorted = uniqueSorted(rules);
  if (!sorted.length) return;
  await writeTransaction(h, async (trx) => {
    let q = trx.selectFrom("login_throttle").select(["key", "failures", "blocked_until"]).where("key", "in", sorted.map((r) => r.key)).orderBy("key");
    if (h.engine === "postgres") q = q.forUpdate();
    const rows = new Map((await q.execute()).map((r) => [r.key, r]));
    for (const rule of sorted) {
      const row = rows.get(rule.key);
      if (!row || Number(row.failures) <= 0) continue;
      const failures = Number(row.failures) - 1;
      if (failures === 0) {
        await trx.deleteFrom("login_throttle").where("key", "=", rule.key).execute();
        continue;
      }
      const blocked_until = failures < rule.freeAttempts ? null : row.blocked_until;
      await trx.updateTable("login_throttle").set({ failures, blocked_until }).where("key", "=", rule.key).execute();
    }
  });
}

export async function clearThrottle(h: Db, keys: string[]): Promise<void> {
  if (keys.length) await h.db.deleteFrom("login_throttle").where("key", "in", keys).execute();
}

/**
 * Forget anti-abuse counters that no longer matter: rate-limit windows that have ended, and
 * login-throttle entries idle for a day and no longer blocking (the privacy page promises that
 * these counters are not kept).
 */
export async function purgeExpiredLimits(h: Db, now: Date = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  await h.db.deleteFrom("rate_limits").where("reset_at", "<", nowIso).execute();
  await h.db
    .deleteFrom("login_throttle")
    .where("updated_at", "<", dayAgo)
    .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<", nowIso)]))
    .execute();
}
