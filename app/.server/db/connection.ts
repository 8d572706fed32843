import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./types";

export type Engine = "sqlite" | "postgres";

export interface Db {
  db: Kysely<Database>;
  engine: Engine;
  /** SQLite only: the driver's handle, for the synchronous read of the page cache's content version */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

/**
 * `connectionTimeoutMillis`: how long a query waits for a connection of the pool (5 s by default);
 * the test suite gives its bursts of hundreds of requests on a loaded machine longer.
 */
export type DbTarget =
  | { kind: "sqlite"; path: string }
  | { kind: "postgres"; url: string; connectionTimeoutMillis?: number };

/**
 * The database holds patient data: its folder is created 0700 and its files are 0600. The file
 * is created (or tightened) before SQLite opens it, because SQLite gives the -wal and -shm files
 * the permissions of the database file.
 */
function prepareSqliteFile(file: string): void {
  const resolved = path.resolve(file);
  fs.mkdirSync(path.dirname(resolved), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(resolved, "a", 0o600));
  for (const f of [resolved, `${resolved}-wal`, `${resolved}-shm`]) {
    try {
      fs.chmodSync(f, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
}

/** the most statements kept prepared per SQLite connection (the app writes a few hundred distinct queries) */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew (`prepare` was 1 ms of a staff page's 20). The
 * same SQL text gets the same prepared statement back here (least recently used dropped past
 * STATEMENT_CACHE_SIZE): the parameters are bound at each run, and the driver runs one query at a
 * time on its one connection, so a statement is never in use twice at once.
 */
export function cachingStatements(database: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  return new Proxy(database, {
    get(target, key) {
      if (key !== "prepare") {
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function"
          ? (value as (...a: unknown[]) => unknown).bind(target)
          : value;
      }
      return (source: string) => {
        const hit = cache.get(source);
        if (hit) {
          cache.delete(source);
          cache.set(source, hit);
          return hit;
        }
        const statement = prepare(source);
        cache.set(source, statement);
        if (cache.size > STATEMENT_CACHE_SIZE)
          cache.delete(cache.keys().next().value!);
        return statement;
      };
    },
  });
}

export function openDb(target: DbTarget): Db {
  if (target.kind === "sqlite") {
    if (target.path !== ":memory:") prepareSqliteFile(target.path);
    const database = new SQLite(target.path);
    database.pragma("journal_mode = WAL");
    // better-sqlite3 defaults to NORMAL, which can drop the last commits on power loss.
    database.pragma("synchronous = FULL");
    database.pragma("foreign_keys = ON");
    database.pragma("busy_timeout = 5000");
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: cachingStatements(database) }),
    });
    return {
      db,
      engine: "sqlite",
      sqlite: database,
      async close() {
        await db.destroy();
      },
    };
  }
  // Return BIGINT counts as numbers (they stay far below 2^53 here).
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    connectionTimeoutMillis: target.connectionTimeoutMillis ?? 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", (err) => {
    // An idle client lost its connection; the pool replaces it. Never crash the process for it.
    console.error(
      JSON.stringify({
        level: "error",
        msg: "postgres pool error",
        err: err.message,
      }),
    );
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: "postgres",
    async close() {
      await db.destroy();
    },
  };
}

/** A cheap query that proves the database answers (used by /healthz and the heartbeat). */
export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
