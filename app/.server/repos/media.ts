import type { Kysely } from "kysely";
import type { Db } from "../db";
import type { Database } from "../db/types";

/** The rows of the uploaded photos (`media`; the files and their encoding: app/.server/media.ts). */

export async function insertMedia(db: Kysely<Database>, row: { id: string; width: number; height: number; widths: string; created_at: string }): Promise<void> {
  await db
    .insertInto("media")
    .values({ ...row, delete_after: null, deleted_at: null })
    .execute();
}

/** Mark photos for deletion at `at` (now: as soon as the media job runs). */
export async function scheduleMediaDeletion(db: Kysely<Database>, ids: (string | null | undefined)[], at: Date = new Date()): Promise<void> {
  const list = ids.filter((x): x is string => typeof x === "string");
  if (list.length === 0) return;
  await db.updateTable("media").set({ delete_after: at.toISOString() }).where("id", "in", list).where("deleted_at", "is", null).execute();
}

/** Uploads whose deletion is due at `now` and not done yet (500 at most). */
export async function listDueMedia(h: Pick<Db, "db">, now: string): Promise<{ id: string; widths: string }[]> {
  return h.db
    .selectFrom("media")
    .select(["id", "widths"])
    .where("delete_after", "is not", null)
    .where("delete_after", "<=", now)
    .where("deleted_at", "is", null)
    .limit(500)
    .execute();
}

export async function markMediaDeleted(h: Pick<Db, "db">, id: string, now: string): Promise<void> {
  await h.db.updateTable("media").set({ deleted_at: now }).where("id", "=", id).execute();
}
