import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { roleLabel, type Role } from "~/lib/permissions";
import { audit, type AuditActor } from "../audit";
import type { Db } from "../db";
import { isUniqueViolation, nowIso, writeTransaction } from "../db";
import type { Database, StaffUser } from "../db/types";

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

// ---- accounts on screen (/admin/equipe; docs/product.md, "Staff: team"; ADR 010) ---------------

/**
 * What an administrator manages. Every change below runs in one write transaction with its audit
 * entry (no change without its entry), and a change that signs someone out deletes their sessions
 * in that same transaction, so the next request of that person finds no session.
 *
 * The last active administrator: a demotion or a disabling of an active administrator is ONE
 * conditional UPDATE whose WHERE requires another active administrator to exist. On SQLite the
 * write transaction starts with BEGIN IMMEDIATE (writers are serialised); on PostgreSQL it first
 * takes a transaction-level advisory lock shared by every such change, so that two concurrent
 * requests (each demoting the other administrator) cannot both see the other one still active.
 */
export interface TeamActor {
  userId: number;
  email: string;
  ip?: string | null;
}

export interface StaffAccount {
  id: number;
  email: string;
  name: string | null;
  role: string;
  disabledAt: string | null;
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  /** the latest sign-in known (audit log or a session), or null */
  lastSignInAt: string | null;
}

export type TeamChange<T = object> =
  | ({ ok: true } & T)
  | { ok: false; reason: "not_found" | "self" | "last_admin" | "unchanged" | "exists" };

/** Any value for the PostgreSQL advisory lock of the administrators' set ("issue 13, ADR 010"). */
const ADMINS_LOCK = 13_010;

async function lockAdmins(trx: Kysely<Database>, engine: Db["engine"]) {
  if (engine === "postgres") await sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`.execute(trx);
}

function toAuditActor(a: TeamActor): AuditActor {
  return { userId: a.userId, email: a.email, ip: a.ip ?? null };
}

/** Every account, administrators first, then by name or address; with the latest sign-in known. */
export async function listStaffAccounts(h: Db): Promise<StaffAccount[]> {
  const [rows, logins, sessions] = await Promise.all([
    h.db
      .selectFrom("staff_users")
      .select(["id", "email", "display_name", "role", "disabled_at", "must_change_password", "totp_enabled_at", "created_at"])
      .orderBy("id")
      .execute(),
    h.db
      .selectFrom("audit_log")
      .select(["staff_user_id", (eb) => eb.fn.max("at").as("at")])
      .where("action", "=", "auth.login.success")
      .where("staff_user_id", "is not", null)
      .groupBy("staff_user_id")
      .execute(),
    h.db
      .selectFrom("sessions")
      .select(["user_id", (eb) => eb.fn.max("created_at").as("at")])
      .groupBy("user_id")
      .execute(),
  ]);
  const last = new Map<number, string>();
  const note = (id: unknown, at: unknown) => {
    if (id === null || typeof at !== "string") return;
    const prev = last.get(Number(id));
    if (!prev || prev < at) last.set(Number(id), at);
  };
  for (const r of logins) note(r.staff_user_id, r.at);
  for (const r of sessions) note(r.user_id, r.at);
  const rank = (role: string) => (role === "admin" ? 0 : role === "dentist" ? 1 : role === "assistant" ? 2 : 3);
  return rows
    .map((r) => ({
      id: Number(r.id),
      email: r.email,
      name: r.display_name,
      role: r.role,
      disabledAt: r.disabled_at,
      mustChangePassword: Number(r.must_change_password) === 1,
      twoFactorEnabled: r.totp_enabled_at !== null,
      createdAt: r.created_at,
      lastSignInAt: last.get(Number(r.id)) ?? null,
    }))
    .sort((a, b) => Number(a.disabledAt !== null) - Number(b.disabledAt !== null) || rank(a.role) - rank(b.role) || (a.name ?? a.email).localeCompare(b.name ?? b.email, "fr"));
}

/** How many active administrators there are. */
export async function countActiveAdmins(h: Db): Promise<number> {
  const r = await h.db
    .selectFrom("staff_users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The account's own new password (its hash): the one-time-password flag is cleared. */
export async function setOwnPassword(db: Kysely<Database>, userId: number, passwordHash: string, at: string = nowIso()): Promise<void> {
  await db.updateTable("staff_users").set({ password_hash: passwordHash, must_change_password: 0, updated_at: at }).where("id", "=", userId).execute();
}

/** Sign-in state of an account ends: sessions, pending second-factor challenges, unused reset links. */
export async function endAccess(trx: Kysely<Database>, userId: number) {
  await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  await trx.deleteFrom("login_challenges").where("user_id", "=", userId).execute();
  await trx.deleteFrom("password_resets").where("user_id", "=", userId).where("used_at", "is", null).execute();
}

/** Two-factor sign-in gone: secret, last step, recovery codes and trusted devices. */
async function clearSecondFactor(trx: Kysely<Database>, userId: number, now: string) {
  await trx.updateTable("staff_users").set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now }).where("id", "=", userId).execute();
  await trx.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
  await trx.deleteFrom("trusted_devices").where("user_id", "=", userId).execute();
}

/** The condition that keeps one active administrator: the row is no active administrator, or another one exists. */
function keepsAnAdmin(userId: number) {
  return (eb: ExpressionBuilder<Database, "staff_users">) =>
    eb.or([
      eb("role", "!=", "admin"),
      eb("disabled_at", "is not", null),
      eb.exists(
        eb
          .selectFrom("staff_users as other")
          .select("other.id")
          .where("other.role", "=", "admin")
          .where("other.disabled_at", "is", null)
          .where("other.id", "!=", userId),
      ),
    ]);
}

/**
 * A new account holding a one-time password (`passwordHash` of it): it must be changed at the
 * first sign-in. `actor` null: made from the command line.
 */
export async function createAccount(
  h: Db,
  actor: TeamActor | null,
  input: { email: string; name: string | null; role: Role; passwordHash: string; mustChangePassword?: boolean },
): Promise<TeamChange<{ user: StaffUser }>> {
  const email = input.email.trim().toLowerCase();
  try {
    return await writeTransaction(h, async (trx) => {
      const taken = await trx.selectFrom("staff_users").select("id").where("email", "=", email).executeTakeFirst();
      if (taken) return { ok: false as const, reason: "exists" as const };
      const now = nowIso();
      const user = await trx
        .insertInto("staff_users")
        .values({
          email,
          display_name: input.name,
          password_hash: input.passwordHash,
          role: input.role,
          must_change_password: input.mustChangePassword === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, actor ? toAuditActor(actor) : COMMAND_LINE_ACTOR, {
        action: "account.created",
        targetType: "staff",
        targetId: Number(user.id),
        detail: `${email} (${roleLabel(input.role)})`,
      });
      return { ok: true as const, user: { ...user, id: Number(user.id) } };
    });
  } catch (err) {
    // the same address created at the same moment by another request
    if (isUniqueViolation(err)) return { ok: false, reason: "exists" };
    throw err;
  }
}

/** The actor of a change made with `npm run staff:create` (no account signed in). */
export const COMMAND_LINE_ACTOR: AuditActor = { userId: null, email: "ligne de commande (staff:create)" };

/** Change an account's role; the last active administrator keeps theirs. */
export async function changeRole(h: Db, actor: TeamActor, userId: number, role: Role): Promise<TeamChange<{ from: string }>> {
  return writeTransaction(h, async (trx) => {
    await lockAdmins(trx, h.engine);
    const row = await trx.selectFrom("staff_users").select(["role", "email"]).where("id", "=", userId).executeTakeFirst();
    if (!row) return { ok: false as const, reason: "not_found" as const };
    if (row.role === role) return { ok: false as const, reason: "unchanged" as const };
    let q = trx.updateTable("staff_users").set({ role, updated_at: nowIso() }).where("id", "=", userId);
    if (role !== "admin") q = q.where(keepsAnAdmin(userId));
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return { ok: false as const, reason: "last_admin" as const };
    await audit(trx, toAuditActor(actor), {
      action: "account.role_changed",
      targetType: "staff",
      targetId: userId,
      detail: `${row.email} : ${roleLabel(row.role)} → ${roleLabel(role)}`,
    });
    return { ok: true as const, from: row.role };
  });
}

/**
 * Disable an account: it can no longer sign in, and its sessions, trusted devices, pending
 * challenges and unused reset links are deleted in the same transaction (signed out at once).
 * Nobody disables their own account; the last active administrator stays.
 */
export async function disableAccount(h: Db, actor: TeamActor, userId: number): Promise<TeamChange> {
  if (actor.userId === userId) return { ok: false, reason: "self" };
  return writeTransaction(h, async (trx) => {
    await lockAdmins(trx, h.engine);
    const row = await trx.selectFrom("staff_users").select(["email", "disabled_at"]).where("id", "=", userId).executeTakeFirst();
    if (!row) return { ok: false as const, reason: "not_found" as const };
    if (row.disabled_at !== null) return { ok: false as const, reason: "unchanged" as const };
    const now = nowIso();
    const r = await trx
      .updateTable("staff_users")
      .set({ disabled_at: now, updated_at: now })
      .where("id", "=", userId)
      .where("disabled_at", "is", null)
      .where(keepsAnAdmin(userId))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return { ok: false as const, reason: "last_admin" as const };
    await endAccess(trx, userId);
    await trx.deleteFrom("trusted_devices").where("user_id", "=", userId).execute();
    await audit(trx, toAuditActor(actor), { action: "account.disabled", targetType: "staff", targetId: userId, detail: row.email });
    return { ok: true as const };
  });
}

/** Enable a disabled account again (its password and two-factor set-up are as they were). */
export async function enableAccount(h: Db, actor: TeamActor, userId: number): Promise<TeamChange> {
  return writeTransaction(h, async (trx) => {
    const row = await trx.selectFrom("staff_users").select(["email", "disabled_at"]).where("id", "=", userId).executeTakeFirst();
    if (!row) return { ok: false as const, reason: "not_found" as const };
    if (row.disabled_at === null) return { ok: false as const, reason: "unchanged" as const };
    await trx.updateTable("staff_users").set({ disabled_at: null, updated_at: nowIso() }).where("id", "=", userId).execute();
    await audit(trx, toAuditActor(actor), { action: "account.enabled", targetType: "staff", targetId: userId, detail: row.email });
    return { ok: true as const };
  });
}

/**
 * Give an account a new one-time password (its hash): it must be changed at the next sign-in,
 * and every session of the account ends. `actor` null: the command line (recovery), which may
 * reset any account; on screen an administrator changes their own password on Mon compte.
 */
export async function resetPassword(h: Db, actor: TeamActor | null, userId: number, passwordHash: string): Promise<TeamChange<{ email: string }>> {
  if (actor && actor.userId === userId) return { ok: false, reason: "self" };
  return writeTransaction(h, async (trx) => {
    const row = await trx.selectFrom("staff_users").select("email").where("id", "=", userId).executeTakeFirst();
    if (!row) return { ok: false as const, reason: "not_found" as const };
    await trx.updateTable("staff_users").set({ password_hash: passwordHash, must_change_password: 1, updated_at: nowIso() }).where("id", "=", userId).execute();
    await endAccess(trx, userId);
    await audit(trx, actor ? toAuditActor(actor) : COMMAND_LINE_ACTOR, { action: "account.password_reset", targetType: "staff", targetId: userId, detail: row.email });
    return { ok: true as const, email: row.email };
  });
}

/**
 * Two-factor sign-in reset: the secret, the recovery codes and the trusted devices are deleted
 * and every session ends; the account sets it up again at its next sign-in (when it is required).
 */
export async function resetTwoFactor(h: Db, actor: TeamActor | null, userId: number): Promise<TeamChange> {
  if (actor && actor.userId === userId) return { ok: false, reason: "self" };
  return writeTransaction(h, async (trx) => {
    const row = await trx.selectFrom("staff_users").select(["email", "totp_secret", "totp_enabled_at"]).where("id", "=", userId).executeTakeFirst();
    if (!row) return { ok: false as const, reason: "not_found" as const };
    const devices = await trx.selectFrom("trusted_devices").select("id_hash").where("user_id", "=", userId).executeTakeFirst();
    const codes = await trx.selectFrom("staff_recovery_codes").select("id").where("user_id", "=", userId).executeTakeFirst();
    if (row.totp_secret === null && row.totp_enabled_at === null && !devices && !codes) return { ok: false as const, reason: "unchanged" as const };
    await clearSecondFactor(trx, userId, nowIso());
    await endAccess(trx, userId);
    await audit(trx, actor ? toAuditActor(actor) : COMMAND_LINE_ACTOR, { action: "account.2fa_reset", targetType: "staff", targetId: userId, detail: row.email });
    return { ok: true as const };
  });
}
