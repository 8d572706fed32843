import type { Kysely } from "kysely";
import type { Db } from "../db";
import type { Database } from "../db/types";

/** The stored identity document of the clinic (`clinic_settings.data`, one row, id 1; app/.server/clinic.ts reads it). */

export async function readClinicData(h: Pick<Db, "db">): Promise<string | null | undefined> {
  const row = await h.db.selectFrom("clinic_settings").select("data").where("id", "=", 1).executeTakeFirst();
  return row ? row.data : undefined;
}

/**
 * The stored document read under the write lock, in the caller's write transaction: PostgreSQL's
 * `for update` (SQLite's `begin immediate` already holds it). `found` false: no row yet.
 */
export async function readClinicDataForUpdate(trx: Kysely<Database>, engine: Db["engine"]): Promise<{ found: boolean; data: string | null | undefined }> {
  let read = trx.selectFrom("clinic_settings").select("data").where("id", "=", 1);
  if (engine === "postgres") read = read.forUpdate();
  const row = await read.executeTakeFirst();
  return { found: row !== undefined, data: row?.data };
}

/** Writes the document: the row is updated when `exists`, made otherwise. */
export async function writeClinicData(trx: Kysely<Database>, data: string, exists: boolean, now: string): Promise<void> {
  if (exists) await trx.updateTable("clinic_settings").set({ data, updated_at: now }).where("id", "=", 1).execute();
  else await trx.insertInto("clinic_settings").values({ id: 1, data, updated_at: now }).execute();
}
