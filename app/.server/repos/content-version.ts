import type { Statement } from "better-sqlite3";
import type { Db } from "../db";

/** The stored version of the public content (`content_version`, one row; app/.server/content-version.ts). */
export async function readContentVersion(h: Pick<Db, "db">): Promise<number> {
  const row = await h.db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

type PreparedRead = { h: Db; stmt: Statement };
let prepared: PreparedRead | undefined;

/**
 * SQLite only: the version read from the file now, synchronously (a prepared statement, a few
 * microseconds; the page cache asks at every hit). Throws when it cannot be read.
 */
export function readContentVersionNow(h: Db): number {
  if (!h.sqlite) throw new Error("readContentVersionNow: SQLite only");
  if (prepared?.h !== h) prepared = { h, stmt: h.sqlite.prepare("select version from content_version where id = 1").pluck() };
  return Number(prepared.stmt.get() ?? 0);
}
