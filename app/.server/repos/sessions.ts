import type { Db } from "../db";

export interface SessionRow {
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  device_label: string | null;
  ip: string | null;
  email: string;
  role: string;
  must_change_password: number;
  totp_enabled_at: string | null;
}

export async function insertSession(
  h: Db,
  row: { id_hash: string; user_id: number; created_at: string; last_seen_at: string; expires_at: string; device_label?: string | null; ip?: string | null },
): Promise<void> {
  await h.db.insertInto("sessions").values(row).execute();
}

export async function findSession(h: Db, idHash: string): Promise<SessionRow | undefined> {
  const r = await h.db
    .selectFrom("sessions")
    .innerJoin("staff_users", "staff_users.id", "sessions.user_id")
    .select([
      "sessions.id_hash",
      "sessions.user_id",
      "sessions.created_at",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "sessions.device_label",
      "sessions.ip",
      "staff_users.email",
      "staff_users.role",
      "staff_users.must_change_password",
      "staff_users.totp_enabled_at",
    ])
    .where("sessions.id_hash", "=", idHash)
    // a disabled account has no session (they are deleted when it is disabled; this is the floor)
    .where("staff_users.disabled_at", "is", null)
    .executeTakeFirst();
  return r ? { ...r, user_id: Number(r.user_id), must_change_password: Number(r.must_change_password) } : undefined;
}

export async function touchSession(h: Db, idHash: string, at: string): Promise<void> {
  await h.db.updateTable("sessions").set({ last_seen_at: at }).where("id_hash", "=", idHash).execute();
}

export async function deleteSession(h: Db, idHash: string): Promise<void> {
  await h.db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
}

/** Ends every session of a user except, optionally, one. */
export async function deleteSessionsOfUser(h: Db, userId: number, exceptIdHash?: string): Promise<void> {
  let q = h.db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptIdHash) q = q.where("id_hash", "!=", exceptIdHash);
  await q.execute();
}

export async function deleteExpiredSessions(h: Db, idleCutoff: string, now: string): Promise<void> {
  await h.db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("last_seen_at", "<", idleCutoff), eb("expires_at", "<", now)]))
    .execute();
}

/** The active sessions of a user, most recently seen first (Mon compte). */
export async function listSessionsOfUser(h: Db, userId: number, now: string, idleCutoff: string) {
  return h.db
    .selectFrom("sessions")
    .select(["id_hash", "created_at", "last_seen_at", "expires_at", "device_label", "ip"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .where("last_seen_at", ">", idleCutoff)
    .orderBy("last_seen_at", "desc")
    .execute();
}
