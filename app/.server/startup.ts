import { getConfig } from "./config";
import { closeDb, getDb, type Db } from "./db";
import { ping } from "./db/connection";
import { migrateToLatest } from "./db/migrations";
import { seedDemo } from "./db/seed";
import { ensureFirstStaff } from "./auth";
import { errorCode, log } from "./log";
import { heartbeat } from "./repos/formations";
import { flushOutbox } from "./mail";
import { deleteExpiredSessions } from "./repos/sessions";
import { purgeExpiredLimits } from "./repos/limits";
import { IDLE_TIMEOUT_MS } from "./session";
import { DAILY_BACKUP_CHECK_MS, markSiteRunning, runDailyBackup } from "./backup";

/** Migrate, seed and create the first staff account. Safe to run at every start. */
export async function prepareDatabase(h: Db = getDb()): Promise<{ migrated: string[]; seeded: boolean; firstStaff: { email: string; password?: string } | null }> {
  const migrated = await migrateToLatest(h.db, h.engine);
  const seeded = getConfig().SEED_DEMO ? await seedDemo(h) : false;
  const firstStaff = await ensureFirstStaff(h);
  return { migrated, seeded, firstStaff };
}

const timers: NodeJS.Timeout[] = [];

/**
 * The keep-alive of the original product as a database heartbeat (docs/architecture.md) (every 259200000 ms by default), plus the
 * outbox sender and the removal of expired sessions. Failures are logged, never thrown.
 */
export function startBackgroundJobs(h: Db = getDb()) {
  const c = getConfig();
  const beat = async () => {
    try {
      await heartbeat(h);
      log.info({ event: "db_heartbeat" }, "database heartbeat ok");
    } catch (err) {
      log.error({ event: "db_heartbeat_failed", err: err instanceof Error ? err.message : String(err) }, "database heartbeat failed");
    }
  };
  void beat();
  timers.push(setInterval(beat, c.HEARTBEAT_INTERVAL_MS));
  timers.push(
    setInterval(async () => {
      await flushOutbox(h);
      try {
        const now = new Date();
        await deleteExpiredSessions(h, new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString(), now.toISOString());
        await purgeExpiredLimits(h, now);
      } catch (err) {
        log.warn({ event: "cleanup_failed", err: err instanceof Error ? err.message : String(err) }, "session cleanup failed");
      }
    }, 60_000),
  );
  if (c.BACKUP_DAILY && h.engine === "sqlite") {
    // One daily backup from BACKUP_HOUR, whichever worker claims the day first (app/.server/backup.ts).
    let backingUp = false;
    const backup = async () => {
      if (backingUp) return;
      backingUp = true;
      await runDailyBackup(h, c).finally(() => (backingUp = false));
    };
    timers.push(setTimeout(backup, 60_000), setInterval(backup, DAILY_BACKUP_CHECK_MS));
  }
  for (const t of timers) t.unref();
}

/** Removes this process's "site running" marker (see markSiteRunning), once started. */
let unmarkSite: (() => void) | undefined;

export async function startApp(): Promise<{ firstStaff: { email: string; password?: string } | null; engine: string }> {
  const h = getDb();
  const { migrated, seeded, firstStaff } = await prepareDatabase(h);
  log.info({ event: "db_ready", engine: h.engine, migrated, seeded }, "database ready");
  const c = getConfig();
  if (c.DATABASE_URL.kind === "sqlite") {
    try {
      unmarkSite = markSiteRunning(c.DATA_DIR, c.DATABASE_URL.path);
    } catch (err) {
      log.warn({ event: "site_marker_failed", ...errorCode(err) }, "could not write the running-site marker in DATA_DIR");
    }
  }
  startBackgroundJobs(h);
  return { firstStaff, engine: h.engine };
}

export async function healthCheck(): Promise<boolean> {
  try {
    await ping(getDb().db);
    return true;
  } catch {
    return false;
  }
}

export async function stopApp(): Promise<void> {
  for (const t of timers.splice(0)) clearInterval(t);
  await closeDb();
  unmarkSite?.();
  unmarkSite = undefined;
}
