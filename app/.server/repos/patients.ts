import type { Kysely } from "kysely";
import { toE164 } from "~/lib/phone";
import { nowIso } from "../db";
import { patientMatchKey } from "../db/migrations";
import type { Database } from "../db/types";

/**
 * Patient records (docs/product.md, "Staff: patients"; docs/decisions/009-patients-and-links.md).
 *
 * An appointment is linked to the live record with the same canonical phone (E.164) and the same
 * name (accents, case, titles and word order ignored): a parent who books for a child with the
 * same phone gets two records, a patient who types "0550…" then "+213 550…" gets one. The unique
 * index on match_key makes two first bookings at once create one record.
 */
export async function linkPatient(trx: Kysely<Database>, who: { name: string; phone: string; email: string | null }, at: string = nowIso()): Promise<number | null> {
  const e164 = toE164(who.phone);
  const key = patientMatchKey(e164, who.phone, who.name);
  if (!key) return null;
  await trx
    .insertInto("patients")
    .values({ name: who.name, phone: who.phone, phone_e164: e164, email: who.email, notes: null, match_key: key, created_at: at, updated_at: at, merged_into: null, erased_at: null })
    .onConflict((oc) => oc.column("match_key").where("match_key", "is not", null).doNothing())
    .execute();
  const row = await trx.selectFrom("patients").select(["id", "email", "phone"]).where("match_key", "=", key).executeTakeFirstOrThrow();
  // the latest contacts typed for that person (a booking without e-mail keeps the known one)
  if ((who.email && who.email !== row.email) || who.phone !== row.phone) {
    await trx
      .updateTable("patients")
      .set({ email: who.email ?? row.email, phone: who.phone, updated_at: at })
      .where("id", "=", row.id)
      .execute();
  }
  return Number(row.id);
}
