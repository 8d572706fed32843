import pg from "pg";
import { getConfig } from "./config";
import { getDb, type Db } from "./db";
import { readContentVersion, readContentVersionNow } from "./repos/content-version";
import { CONTENT_CHANNEL } from "./db/migrations";
import { errorCode, log } from "./log";

/**
 * The content version (docs/architecture.md, "Page cache"): a counter the database raises by
 * trigger with every committed change to a table that a public page shows (migration 007). The
 * page cache (server/page-cache.js) asks it at every hit, synchronously:
 *
 * - SQLite: read from the file at each ask (a prepared statement, a few microseconds), so every
 *   process on the file (workers, other servers) sees a change the moment it is committed;
 * - PostgreSQL: the value this process last read. It reads it again at each NOTIFY the trigger
 *   sends at commit (a dedicated LISTEN connection), every PAGE_CACHE_POLL_MS (1 s) in case a
 *   notification is lost, and after each write request this process answers (refreshContentVersion).
 *
 * -1 when it cannot be read: no stored page matches, every visitor gets a fresh render.
 */
let known = -1;

export function contentVersion(h: Db = getDb()): number {
  if (h.sqlite) {
    try {
      return readContentVersionNow(h);
    } catch {
      return -1;
    }
  }
  return known;
}

/** Read the version from the database now (PostgreSQL: the value contentVersion answers next). */
export async function refreshContentVersion(h: Db = getDb()): Promise<number> {
  if (h.sqlite) return contentVersion(h);
  try {
    known = await readContentVersion(h);
  } catch (err) {
    known = -1;
    log.warn({ event: "content_version_unreadable", ...errorCode(err) }, "content version could not be read; public pages are rendered for every visitor");
  }
  return known;
}

let stopWatch: (() => Promise<void>) | undefined;

/**
 * PostgreSQL: listen for the trigger's notifications and poll, so that this process's stored
 * pages follow a change made by any server within PAGE_CACHE_POLL_MS (at once when the
 * notification arrives). SQLite needs nothing. Idempotent; stopContentWatch ends it.
 */
export async function startContentWatch(h: Db = getDb()): Promise<void> {
  if (h.sqlite || stopWatch) return;
  const c = getConfig();
  const url = c.DATABASE_URL.kind === "postgres" ? c.DATABASE_URL.url : undefined;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const listen = async () => {
    if (stopped || !url) return;
    const next = new pg.Client({ connectionString: url });
    const again = () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void listen(), 1000).unref();
    };
    next.on("error", (err) => {
      log.warn({ event: "content_listen_lost", ...errorCode(err) }, "content notifications lost; polling until they are back");
      again();
    });
    next.on("end", again);
    next.on("notification", () => void refreshContentVersion(h));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CONTENT_CHANNEL}`);
      // a change made while this connection was down
      await refreshContentVersion(h);
    } catch (err) {
      log.warn({ event: "content_listen_failed", ...errorCode(err) }, "content notifications unavailable; polling");
      again();
    }
  };
  await refreshContentVersion(h);
  await listen();
  const poll = setInterval(() => void refreshContentVersion(h), c.PAGE_CACHE_POLL_MS);
  poll.unref();
  stopWatch = async () => {
    stopped = true;
    clearInterval(poll);
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

export async function stopContentWatch(): Promise<void> {
  const stop = stopWatch;
  stopWatch = undefined;
  known = -1;
  await stop?.();
}
