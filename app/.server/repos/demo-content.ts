import type { Db } from "../db";
import { DEMO_SUBMISSION_PREFIX } from "../demo";

/**
 * The one staff account of a database that holds only the demo content (a local trial, issue 30):
 * the demo content was added, there is a single staff account, and every appointment is one of
 * the demo's. Anything a clinic typed (a second account, a real booking) ends the trial: null.
 */
export async function soleAccountOfDemo(h: Pick<Db, "db">): Promise<{ id: number; email: string; role: string; totpSecret: string | null; totpEnabled: boolean } | null> {
  const seeded = await h.db.selectFrom("app_meta").select("key").where("key", "=", "demo_seeded").executeTakeFirst();
  if (!seeded) return null;
  const staff = await h.db.selectFrom("staff_users").select(["id", "email", "role", "totp_secret", "totp_enabled_at"]).limit(2).execute();
  if (staff.length !== 1) return null;
  const real = await h.db
    .selectFrom("appointments")
    .select("id")
    .where((eb) => eb.or([eb("submission_key", "is", null), eb("submission_key", "not like", `${DEMO_SUBMISSION_PREFIX}%`)]))
    .limit(1)
    .executeTakeFirst();
  if (real) return null;
  const [s] = staff;
  return { id: Number(s.id), email: s.email, role: s.role, totpSecret: s.totp_secret, totpEnabled: s.totp_enabled_at !== null };
}
