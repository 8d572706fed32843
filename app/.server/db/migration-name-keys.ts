import type { Kysely, Migration } from "kysely";
import { ARABIC_CHARACTERS, nameKey, patientMatchKey } from "~/lib/name-key";
import type { Engine } from "./connection";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

type Row = { id: number; name: string; phone: string | null; phone_e164: string | null; match_key: string | null; created_at: string; erased_at: string | null };

/** The older of two records: created first, then the smaller id. */
const older = (a: { id: number; created_at: string }, b: { id: number; created_at: string }) =>
  a.created_at < b.created_at || (a.created_at === b.created_at && Number(a.id) < Number(b.id));

/**
 * Migration 017_name_keys (issue 32, item 7): Arabic names in the name key (~/lib/name-key).
 *
 * - `patients.name_key`: the normalised name the staff search compares (app/.server/repos/patient-list.ts),
 *   written with the name (linkPatient), null once erased; filled here for every record not erased.
 * - `patients.match_key` recomputed for the live records whose name holds Arabic characters, whose
 *   key now folds taa marbuta, alef maksura, alef wasla, tatweel and Arabic-Indic digits (a Latin
 *   name's key is unchanged). When two records now have the same key (فاطمة and فاطمه under one
 *   phone), they are not merged: the oldest keeps the key and the other has none, as a record
 *   merged away has none; staff merge them from the record ('Fusionner'). Not undone by `down`.
 */
export const m017_name_keys = (_engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable("patients").addColumn("name_key", "text").execute();
    const rows: Row[] = await db
      .selectFrom("patients")
      .select(["id", "name", "phone", "phone_e164", "match_key", "created_at", "erased_at"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const changed: (Row & { key: string | null })[] = [];
    for (const r of rows) {
      if (r.erased_at) continue;
      await db.updateTable("patients").set({ name_key: nameKey(r.name) || null }).where("id", "=", r.id).execute();
      if (r.match_key === null || !ARABIC_CHARACTERS.test(r.name)) continue;
      const key = patientMatchKey(r.phone_e164, r.phone ?? "", r.name);
      if (key !== r.match_key) changed.push({ ...r, key });
    }
    // the old keys out of the way first, so that two changed records never meet on the index
    for (const r of changed) await db.updateTable("patients").set({ match_key: null }).where("id", "=", r.id).execute();
    for (const r of changed) {
      if (!r.key) continue;
      const holder: { id: number; created_at: string } | undefined = await db
        .selectFrom("patients")
        .select(["id", "created_at"])
        .where("match_key", "=", r.key)
        .executeTakeFirst();
      if (holder && older(holder, r)) continue;
      if (holder) await db.updateTable("patients").set({ match_key: null }).where("id", "=", holder.id).execute();
      await db.updateTable("patients").set({ match_key: r.key }).where("id", "=", r.id).execute();
    }
  },
  async down(db: AnyDb) {
    await db.schema.alterTable("patients").dropColumn("name_key").execute();
  },
});
