import { expireAndHandOver } from "./waitlist";
import { getConfig } from "./config";
import { purgePasswordResets } from "./password-reset";
import { deleteExpiredChallenges, deleteExpiredTrustedDevices } from "./repos/two-factor";
import { closeDb, getDb, type Db } from "./db";
import { ping } from "./db/connection";
import { migrateToLatest } from "./db/migrations";
import { seedDemo } from "./db/seed";
import { seedDemoActs } from "./db/seed-acts";
import { expireQuotes } from "./repos/quotes";
import { todayInClinic } from "~/lib/clinic-time";
import { ensureFirstStaff } from "./auth";
import { errorCode, log } from "./log";
import { heartbeat } from "./repos/formations";
import { flushOutbox } from "./mail";
import { queueDueReminders } from "./reminders";
import { publicOrigin } from "./config";
import { getClinic } from "./clinic";
import { passExpiredOffers } from "./repos/formation-waitlist";
import { runPaymentDeadlines } from "./repos/enrollment-deadlines";
import { deleteExpiredSessions } from "./repos/sessions";
import { purgeExpiredLimits } from "./repos/limits";
import { runRetention } from "./repos/patient-erasure";
import { IDLE_TIMEOUT_MS } from "./session";
import { DAILY_BACKUP_CHECK_MS, markSiteRunning, runDailyBackup } from "./backup";
import { purgeAuditLog } from "./audit";
import { purgeDueMedia } from "./media";
import { startContentWatch, stopContentWatch } from "./content-version";
import { prepareDemoTrial, type DemoTrial } from "./demo-trial";

/** Migrate, seed and create the first staff account. Safe to run at every start. */
export async function prepareDatabase(h: Db = getDb()): Promise<{ migrated: string[]; seeded: boolean; firstStaff: { email: string; password?: string } | null }> {
  const migrated = await migrateToLatest(h.db, h.engine);
  const seeded = getConfig().SEED_DEMO ? await seedDemo(h) : false;
  if (getConfig().SEED_DEMO) await seedDemoActs(h);
  const firstStaff = await ensureFirstStaff(h);
  return { migrated, seeded, firstStaff };
}

const timers: NodeJS.Timeout[] = [];

/** How often the reminder job looks for appointments to remind (docs/product.md, "Patient e-mails"). */
export const REMINDER_JOB_MS = 5 * 60 * 1000;

/** How often the audit log's entries past the retention period are deleted (docs/product.md, "Staff: audit log"). */
export const AUDIT_PURGE_JOB_MS = 60 * 60 * 1000;

/**
 * A job run every `ms` and once at start, never twice at once in this process (a slow run makes
 * the next tick skip). Failures are logged with the job's name and the error's class only: no
 * query, no row, no patient data.
 */
function every(name: string, ms: number, run: () => Promise<unknown>, opts: { atStart?: boolean } = {}): Promise<void> {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (err) {
      log.error({ event: "job_failed", job: name, ...errorCode(err) }, "background job failed");
    } finally {
      running = false;
    }
  };
  timers.push(setInterval(tick, ms));
  return opts.atStart ? tick() : Promise.resolve();
}

/**
 * The keep-alive of the original product as a database heartbeat (docs/architecture.md) (every
 * 259200000 ms by default); the outbox sender (every OUTBOX_POLL_MS, 30 s by default, leased so
 * that several servers never send one message twice); the reminder e-mails (every 5 minutes and
 * at start, deduplicated across servers); the patients' retention and the audit log's purge
 * (hourly and at start); the removal of expired sessions and limits (every minute). Failures are
 * logged, never thrown.
 */
export function startBackgroundJobs(h: Db = getDb()): Promise<void> {
  const c = getConfig();
  const beat = async () => {
    try {
      await heartbeat(h);
      log.info({ event: "db_heartbeat" }, "database heartbeat ok");
    } catch (err) {
      log.error({ event: "db_heartbeat_failed", err: err instanceof Error ? err.message : String(err) }, "database heartbeat failed");
    }
  };
  const atStart = [beat()];
  timers.push(setInterval(beat, c.HEARTBEAT_INTERVAL_MS));

  // flushOutbox never throws (it logs its own failure by outbox id and kind)
  atStart.push(every("outbox", c.OUTBOX_POLL_MS, () => flushOutbox(h), { atStart: true }));
  atStart.push(every("reminders", REMINDER_JOB_MS, () => queueDueReminders(h), { atStart: true }));
  // Retention (docs/decisions/009): requests never confirmed lose their identity after the period set
  atStart.push(every("retention", 60 * 60 * 1000, () => runRetention(h), { atStart: true }));
  // The audit log keeps its entries for team_settings.audit_retention_months, then they go (ADR 010)
  atStart.push(every("audit-purge", AUDIT_PURGE_JOB_MS, () => purgeAuditLog(h), { atStart: true }));
  // A proposed quote unanswered after its validity day becomes 'Expiré' (issue 29, ADR 026)
  // Waiting-list offers past their time expire and their slot passes to the next (issue 31)
  atStart.push(every("waitlist-offers", 5 * 60 * 1000, () => expireAndHandOver(h), { atStart: true }));
  // Courses (issue 31): unclaimed waiting-list offers pass to the next person; unpaid enrolments get a reminder, then release their place
  atStart.push(
    every("course-offers", REMINDER_JOB_MS, async () => {
      const ctx = { clinic: await getClinic(h), origin: publicOrigin() };
      await passExpiredOffers(h, new Date(), ctx);
      await runPaymentDeadlines(h, new Date(), ctx);
    }),
  );
  atStart.push(every("quote-expiry", 60 * 60 * 1000, () => expireQuotes(h, todayInClinic()), { atStart: true }));

  every("cleanup", 60_000, async () => {
    const now = new Date();
    await deleteExpiredSessions(h, new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString(), now.toISOString());
    await purgeExpiredLimits(h, now);
    await purgePasswordResets(h);
    await deleteExpiredChallenges(h, now.toISOString());
    await deleteExpiredTrustedDevices(h, now.toISOString());
    // photos whose consent was withdrawn (after the delay) or that were replaced
    await purgeDueMedia(h, now);
  });
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
  // the first run of each job (their log lines), for the start banner to come after them
  return Promise.all(atStart).then(() => undefined);
}

/** Stops the timers of startBackgroundJobs (stopApp does it too, and closes the database). */
export function stopBackgroundJobs() {
  for (const t of timers.splice(0)) clearInterval(t);
}

/** Removes this process's "site running" marker (see markSiteRunning), once started. */
let unmarkSite: (() => void) | undefined;

/**
 * Prepare the database, mark the site running and start the background jobs. With several HTTP
 * workers (WORKERS, server/index.js) the primary process does this once and each worker calls
 * `startApp({ worker: true })`, which only opens its database handle: jobs run once per server,
 * not once per worker.
 */
export interface Started {
  firstStaff: { email: string; password?: string } | null;
  engine: string;
  /** a local trial of the demo: the administrator's authenticator key (app/.server/demo-trial.ts) */
  demoTrial: DemoTrial | null;
  /** the first run of the background jobs is over (at most a few seconds): the banner comes after their log lines */
  settled: Promise<void>;
}

export async function startApp(opts: { worker?: boolean } = {}): Promise<Started> {
  const h = getDb();
  if (opts.worker) {
    await ping(h.db);
    await startContentWatch(h);
    return { firstStaff: null, engine: h.engine, demoTrial: null, settled: Promise.resolve() };
  }
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
  const demoTrial = await prepareDemoTrial(h, c);
  const jobs = startBackgroundJobs(h);
  // the page cache's content version (PostgreSQL: notifications and polling; SQLite: nothing)
  await startContentWatch(h);
  // the jobs' first run (3 s at most), then the log lines still buffered are written
  const settled = Promise.race([jobs, new Promise<void>((resolve) => setTimeout(resolve, 3000).unref())]).then(
    () => new Promise<void>((resolve) => log.flush(() => resolve())),
  );
  return { firstStaff, engine: h.engine, demoTrial, settled };
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
  stopBackgroundJobs();
  await stopContentWatch();
  await closeDb();
  unmarkSite?.();
  unmarkSite = undefined;
}
