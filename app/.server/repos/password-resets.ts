import type { Kysely } from "kysely";
import type { Db } from "../db";
import type { Database } from "../db/types";

/**
 * The stored side of the password reset by e-mail (app/.server/password-reset.ts; ADR 010): one
 * row per link, the SHA-256 of its token, never the token.
 */

export async function insertPasswordReset(
  db: Kysely<Database>,
  row: { token_hash: string; user_id: number; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto("password_resets")
    .values({ ...row, used_at: null })
    .execute();
}

/** The active account an unused, unexpired link opens. */
export async function findOpenPasswordReset(h: Pick<Db, "db">, tokenHash: string, now: string): Promise<{ id: number; email: string } | undefined> {
  return h.db
    .selectFrom("password_resets")
    .innerJoin("staff_users", "staff_users.id", "password_resets.user_id")
    .select(["staff_users.id", "staff_users.email"])
    .where("password_resets.token_hash", "=", tokenHash)
    .where("password_resets.used_at", "is", null)
    .where("password_resets.expires_at", ">", now)
    .where("staff_users.disabled_at", "is", null)
    .executeTakeFirst();
}

/**
 * Marks the link used by ONE conditional update (unused, unexpired, account active): of two
 * concurrent posts only one gets the account's id. Run it in the transaction that sets the password.
 */
export async function claimPasswordReset(trx: Kysely<Database>, tokenHash: string, at: string): Promise<number | undefined> {
  const used = await trx
    .updateTable("password_resets")
    .set({ used_at: at })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .where("user_id", "in", trx.selectFrom("staff_users").select("id").where("disabled_at", "is", null))
    .returning("user_id")
    .executeTakeFirst();
  return used ? Number(used.user_id) : undefined;
}

/** The links expired or used before `before` go. */
export async function deleteOldPasswordResets(h: Pick<Db, "db">, before: string): Promise<void> {
  await h.db
    .deleteFrom("password_resets")
    .where((eb) => eb.or([eb("expires_at", "<", before), eb("used_at", "<", before)]))
    .execute();
}
