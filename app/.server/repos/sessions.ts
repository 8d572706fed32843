import type { Db } from "../db";

export interface SessionRow {
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  email: string;
  role: string;
}

export async function insertSession(
  h: Db,
  row: { id_hash: string; user_id: number; created_at: string; last_seen_at: string; expires_at: string },
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
      "staff_users.email",
      "staff_users.role",
    ])
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  return r ? { ...r, user_id: Number(r.user_id) } : undefined;
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
