import type { Kysely } from "kysely";
import type { Db } from "../db";
import { nowIso } from "../db";
import type { Database } from "../db/types";

/**
 * The stored side of two-factor sign-in (ADR 010): the sealed TOTP secret and its last accepted
 * time step on `staff_users`, recovery codes (SHA-256 hashes, used once), trusted devices (hash of
 * the cookie's token, 30 days) and login challenges (hash of the cookie's id, 5 minutes).
 */
type Handle = Db | Kysely<Database>;
const k = (h: Handle): Kysely<Database> => ("db" in h && "engine" in h ? h.db : (h as Kysely<Database>));

export interface TwoFactorState {
  /** sealed secret: pending (enabledAt null) or in use */
  secret: string | null;
  enabledAt: string | null;
  lastStep: number | null;
}

export async function getTwoFactorState(h: Handle, userId: number): Promise<TwoFactorState | undefined> {
  const r = await k(h).selectFrom("staff_users").select(["totp_secret", "totp_enabled_at", "totp_last_step"]).where("id", "=", userId).executeTakeFirst();
  if (!r) return undefined;
  return { secret: r.totp_secret, enabledAt: r.totp_enabled_at, lastStep: r.totp_last_step === null ? null : Number(r.totp_last_step) };
}

/** Keep a pending secret (set-up started, not confirmed). Never replaces a secret in use. */
export async function savePendingSecret(h: Handle, userId: number, sealed: string): Promise<boolean> {
  const r = await k(h)
    .updateTable("staff_users")
    .set({ totp_secret: sealed, totp_last_step: null, updated_at: nowIso() })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Accept a time step once: the update passes only when the step is newer than the last one
 * accepted, so two concurrent uses of one code cannot both pass, and only while `sealed` is still
 * the stored secret. With `enable` (the first code of a set-up, the secret still pending) it also
 * marks two-factor as enabled; without it the secret must already be in use.
 */
export async function consumeStep(h: Handle, userId: number, step: number, opts: { enable?: boolean; sealed: string }): Promise<boolean> {
  const now = nowIso();
  let q = k(h)
    .updateTable("staff_users")
    .set(opts.enable ? { totp_last_step: step, totp_enabled_at: now, updated_at: now } : { totp_last_step: step })
    .where("id", "=", userId)
    // the secret the code was checked against is still the stored one
    .where("totp_secret", "=", opts.sealed)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]));
  q = opts.enable ? q.where("totp_enabled_at", "is", null) : q.where("totp_enabled_at", "is not", null);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Two-factor off: secret, recovery codes and trusted devices gone. */
export async function clearTwoFactor(h: Handle, userId: number): Promise<void> {
  await k(h).updateTable("staff_users").set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: nowIso() }).where("id", "=", userId).execute();
  await k(h).deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
  await k(h).deleteFrom("trusted_devices").where("user_id", "=", userId).execute();
}

// --- recovery codes ---

export async function replaceRecoveryCodes(h: Handle, userId: number, hashes: string[]): Promise<void> {
  await k(h).deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
  const now = nowIso();
  await k(h)
    .insertInto("staff_recovery_codes")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Use a recovery code once: only one request can set `used_at`. */
export async function spendRecoveryCode(h: Handle, userId: number, hash: string): Promise<boolean> {
  const r = await k(h)
    .updateTable("staff_recovery_codes")
    .set({ used_at: nowIso() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(h: Handle, userId: number): Promise<number> {
  const r = await k(h)
    .selectFrom("staff_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// --- trusted devices ---

export interface TrustedDeviceRow {
  id_hash: string;
  label: string | null;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

export async function insertTrustedDevice(h: Handle, row: { id_hash: string; user_id: number; label: string | null; created_at: string; expires_at: string }): Promise<void> {
  await k(h)
    .insertInto("trusted_devices")
    .values({ ...row, last_used_at: row.created_at })
    .execute();
}

/** Whether the device is trusted for this account now; touches `last_used_at` when it is. */
export async function touchTrustedDevice(h: Handle, userId: number, idHash: string, now: string): Promise<boolean> {
  const r = await k(h)
    .updateTable("trusted_devices")
    .set({ last_used_at: now })
    .where("id_hash", "=", idHash)
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function listTrustedDevices(h: Handle, userId: number, now: string): Promise<TrustedDeviceRow[]> {
  return k(h)
    .selectFrom("trusted_devices")
    .select(["id_hash", "label", "created_at", "last_used_at", "expires_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .orderBy("last_used_at", "desc")
    .execute();
}

/** Forget one device (by its id hash) or, without it, every device of the account; returns how many. */
export async function deleteTrustedDevices(h: Handle, userId: number, idHash?: string): Promise<number> {
  let q = k(h).deleteFrom("trusted_devices").where("user_id", "=", userId);
  if (idHash !== undefined) q = q.where("id_hash", "=", idHash);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteExpiredTrustedDevices(h: Handle, now: string): Promise<void> {
  await k(h).deleteFrom("trusted_devices").where("expires_at", "<=", now).execute();
}

// --- login challenges ---

export interface ChallengeRow {
  user_id: number;
  redirect_to: string | null;
  expires_at: string;
}

export async function insertChallenge(h: Handle, row: { id_hash: string; user_id: number; redirect_to: string | null; created_at: string; expires_at: string }): Promise<void> {
  await k(h).insertInto("login_challenges").values(row).execute();
}

export async function findChallenge(h: Handle, idHash: string, now: string): Promise<ChallengeRow | undefined> {
  const r = await k(h)
    .selectFrom("login_challenges")
    .select(["user_id", "redirect_to", "expires_at"])
    .where("id_hash", "=", idHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return r ? { ...r, user_id: Number(r.user_id) } : undefined;
}

/** Delete a challenge; true for the one request that deleted it. */
export async function deleteChallenge(h: Handle, idHash: string): Promise<boolean> {
  const r = await k(h).deleteFrom("login_challenges").where("id_hash", "=", idHash).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function deleteExpiredChallenges(h: Handle, now: string): Promise<void> {
  await k(h).deleteFrom("login_challenges").where("expires_at", "<=", now).execute();
}

/** Drop a set-up under way (never a secret in use). */
export async function cancelPendingSecret(h: Handle, userId: number): Promise<boolean> {
  const r = await k(h)
    .updateTable("staff_users")
    .set({ totp_secret: null, totp_last_step: null, updated_at: nowIso() })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .where("totp_secret", "is not", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Two-factor on at once with a secret made here (the local demo trial, app/.server/demo-trial.ts):
 * only for an account that has none in use.
 */
export async function enableWithSecret(h: Handle, userId: number, sealed: string): Promise<boolean> {
  const now = nowIso();
  const r = await k(h)
    .updateTable("staff_users")
    .set({ totp_secret: sealed, totp_enabled_at: now, totp_last_step: null, updated_at: now })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
