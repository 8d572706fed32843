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

export interface ThrottleRow {
  key: string;
  failures: number;
  blocked_until: string | null;
}

export async function getThrottle(h: Db, key: string): Promise<ThrottleRow | undefined> {
  const r = await h.db.selectFrom("login_throttle").select(["key", "failures", "blocked_until"]).where("key", "=", key).executeTakeFirst();
  return r ? { ...r, failures: Number(r.failures) } : undefined;
}

export async function recordThrottleFailure(
  h: Db,
  key: string,
  computeBlockedUntil: (failures: number) => string | null,
  now: string,
): Promise<ThrottleRow> {
  return writeTransaction(h, async (trx) => {
    let q = trx.selectFrom("login_throttle").select(["failures"]).where("key", "=", key);
    if (h.engine === "postgres") q = q.forUpdate();
    const row = await q.executeTakeFirst();
    const failures = (row ? Number(row.failures) : 0) + 1;
    const blocked_until = computeBlockedUntil(failures);
    await trx
      .insertInto("login_throttle")
      .values({ key, failures, blocked_until, updated_at: now })
      .onConflict((oc) => oc.column("key").doUpdateSet({ failures, blocked_until, updated_at: now }))
      .execute();
    return { key, failures, blocked_until };
  });
}

export async function clearThrottle(h: Db, key: string): Promise<void> {
  await h.db.deleteFrom("login_throttle").where("key", "=", key).execute();
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
