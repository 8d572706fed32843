import { sql, type Kysely, type Transaction } from "kysely";
import { getConfig } from "../config";
import { openDb, type Db } from "./connection";
import type { Database } from "./types";

export type { Db } from "./connection";
export type DB = Kysely<Database>;

let current: Db | undefined;

/** The process-wide database, opened from DATABASE_URL on first use. */
export function getDb(): Db {
  current ??= openDb(getConfig().DATABASE_URL);
  return current;
}

/** Tests and scripts may point the process at another database. */
export function setDb(db: Db | undefined) {
  current = db;
}

export async function closeDb() {
  const db = current;
  current = undefined;
  if (db) await db.close();
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** A nullable number column as a number, whatever the driver gave (PostgreSQL's bigint and numeric come as strings). */
export function numberOrNull(v: number | string | null): number | null {
  return v === null ? null : Number(v);
}

/**
 * A write transaction for read-then-write work (capacity checks).
 * SQLite: BEGIN IMMEDIATE takes the write lock before the first read, so two writers never
 * both read the old count. PostgreSQL: a normal transaction; callers lock the rows they
 * read with FOR UPDATE (see forUpdate below).
 * The callback's result is returned only after COMMIT succeeded. Called with a handle that is
 * already a transaction, the work joins it.
 */
export async function writeTransaction<T>(handle: Db, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  // already inside a transaction (the demo seed): its work joins it
  if (handle.db.isTransaction) return fn(handle.db);
  if (handle.engine === "postgres") {
    return handle.db.transaction().execute((trx: Transaction<Database>) => fn(trx));
  }
  return handle.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      try {
        await sql`rollback`.execute(conn);
      } catch {
        // the transaction may already be gone; the original error matters
      }
      throw err;
    }
  });
}

/** True when an error comes from a unique constraint (both engines). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { code?: string; message?: string };
  return e.code === "23505" || e.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(e.message ?? "");
}
