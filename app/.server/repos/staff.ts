import type { Db } from "../db";
import { nowIso } from "../db";
import type { StaffUser } from "../db/types";

export type { StaffUser };

export async function countStaff(h: Db): Promise<number> {
  const r = await h.db.selectFrom("staff_users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findStaffByEmail(h: Db, email: string): Promise<StaffUser | undefined> {
  return h.db.selectFrom("staff_users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export async function getStaff(h: Db, id: number): Promise<StaffUser | undefined> {
  return h.db.selectFrom("staff_users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertStaff(h: Db, email: string, passwordHash: string, role = "admin"): Promise<StaffUser> {
  const now = nowIso();
  return h.db
    .insertInto("staff_users")
    .values({ email: email.trim().toLowerCase(), password_hash: passwordHash, role, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setStaffPasswordHash(h: Db, id: number, passwordHash: string): Promise<void> {
  await h.db.updateTable("staff_users").set({ password_hash: passwordHash, updated_at: nowIso() }).where("id", "=", id).execute();
}
