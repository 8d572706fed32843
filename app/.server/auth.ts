import { createHmac } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { loginEmail, PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG } from "~/lib/login-schema";
import { audit, type AuditActor } from "./audit";
import { getConfig } from "./config";
import { writeTransaction, type Db } from "./db";
import { rateLimitKey } from "./client-ip";
import type { KnownDevice } from "./known-device";
import { log } from "./log";
import { clearThrottle, creditAttempt, reserveAttempt, type ThrottleDelays, type ThrottleRule } from "./repos/limits";
import { countStaff, findStaffByEmail, getStaff, insertStaff, setOwnPassword, type StaffUser } from "./repos/staff";
import { getSessionSecret } from "./toast";

/** argon2id with the parameters of the security floor (m=19456 KiB, t=2, p=1). */
const ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to compare against when the e-mail is unknown, so timing does not reveal accounts.
let dummyHash: Promise<string> | undefined;
function getDummyHash() {
  dummyHash ??= hashPassword("mot-de-passe-factice-pour-le-temps-constant");
  return dummyHash;
}

export const MIN_PASSWORD_LENGTH = 10;
export { PASSWORD_MAX_LENGTH };

export type LoginResult =
  | { ok: true; user: StaffUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * The counters of login throttling (docs/decisions/005-login-throttle.md). Addresses count by
 * subscriber (rateLimitKey: IPv6 by /64).
 */
export const throttleKeys = {
  /** one account from one address */
  accountIp: (email: string, ip: string) => `login:acct-ip:${email}|${rateLimitKey(ip)}`,
  /** one address, every account */
  ip: (ip: string) => `login:ip:${rateLimitKey(ip)}`,
  /** one account, every address; a known device of the account passes it */
  account: (email: string) => `login:acct:${email}`,
  /** a known device: what it tries is counted on its own */
  device: (deviceId: string) => `login:device:${deviceId}`,
  /** the current-password check of /admin/account */
  passwordCheck: (userId: number) => `pwcheck:user:${userId}`,
};

export function throttleDelays(): ThrottleDelays {
  const c = getConfig();
  return { baseDelayMs: c.LOGIN_THROTTLE_BASE_DELAY_MS, maxDelayMs: c.LOGIN_THROTTLE_MAX_DELAY_MS };
}

/** What a log line may say about who tried: the account id, or a keyed hash of the address typed. */
function who(email: string, user: StaffUser | undefined) {
  if (user) return { userId: user.id };
  return { identifier: createHmac("sha256", getSessionSecret()).update(`login-identifier:${email}`).digest("hex").slice(0, 16) };
}

const retrySeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The audit log's actor of a sign-in that failed for an address without an account: never the text typed. */
export const UNKNOWN_ADDRESS_ACTOR = "adresse inconnue";

/** A refused sign-in in the audit log: the account when the address is one, else 'adresse inconnue'. */
async function auditLoginFailure(h: Db, user: StaffUser | undefined, ip: string, detail: string) {
  const actor: AuditActor = user ? { userId: user.id, email: user.email, ip } : { userId: null, email: UNKNOWN_ADDRESS_ACTOR, ip };
  await audit(h, actor, { action: "auth.login.failure", targetType: user ? "staff" : undefined, targetId: user?.id, detail });
}

/**
 * Check an e-mail and password. The attempt is reserved on its throttle counters BEFORE the
 * password is hashed (reserveAttempt), so a burst of concurrent attempts cannot check more
 * passwords than the counters allow; a success gives the attempt back. The counters:
 * - a known device of the account (a signed cookie from a past success, `device`) is counted on
 *   its own key only, so strangers cannot lock its holder out;
 * - anyone else on the account-and-address key, the address key and the account key.
 * The identifier must be an e-mail address and the password at most PASSWORD_MAX_LENGTH
 * characters (the form says so first); otherwise nothing is hashed, counted or logged as typed.
 * A disabled account is refused like a wrong password. Every refusal is in the audit log; the
 * success is recorded by the caller once the second factor, if any, is given.
 */
export async function attemptLogin(h: Db, emailInput: string, password: string, ip: string, device: KnownDevice | null = null): Promise<LoginResult> {
  const parsed = loginEmail.safeParse(emailInput);
  if (!parsed.success || password.length > PASSWORD_MAX_LENGTH) {
    log.warn({ event: "login_failure", reason: "malformed", ip }, "login failed");
    await auditLoginFailure(h, undefined, ip, "adresse ou mot de passe mal formé");
    return { ok: false, reason: "invalid" };
  }
  const email = parsed.data.toLowerCase();
  const c = getConfig();
  const user = await findStaffByEmail(h, email);
  const knownDevice = user !== undefined && device !== null && device.userId === user.id;
  const personal: ThrottleRule[] = knownDevice
    ? [{ key: throttleKeys.device(device.deviceId), freeAttempts: c.LOGIN_THROTTLE_FREE_ATTEMPTS }]
    : [{ key: throttleKeys.accountIp(email, ip), freeAttempts: c.LOGIN_THROTTLE_FREE_ATTEMPTS }];
  const shared: ThrottleRule[] = knownDevice
    ? []
    : [
        { key: throttleKeys.ip(ip), freeAttempts: c.LOGIN_THROTTLE_IP_FREE_ATTEMPTS },
        { key: throttleKeys.account(email), freeAttempts: c.LOGIN_THROTTLE_ACCOUNT_FREE_ATTEMPTS },
      ];
  const reservation = await reserveAttempt(h, [...personal, ...shared], throttleDelays());
  if (!reservation.ok) {
    const retryAfterSeconds = retrySeconds(reservation.retryAfterMs);
    log.warn({ event: "login_throttled", ...who(email, user), knownDevice, ip, retryAfterSeconds }, "login refused: throttled");
    await auditLoginFailure(h, user, ip, "trop de tentatives");
    return { ok: false, reason: "throttled", retryAfterSeconds };
  }
  const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await getDummyHash(), password), false);
  if (!user || !ok) {
    log.warn({ event: "login_failure", ...who(email, user), knownDevice, ip }, "login failed");
    await auditLoginFailure(h, user, ip, "mot de passe incorrect");
    return { ok: false, reason: "invalid" };
  }
  if (user.disabled_at !== null) {
    // the right password of a disabled account: refused like a wrong one, and its counters stay
    log.warn({ event: "login_failure", reason: "disabled", userId: user.id, ip }, "login failed: account disabled");
    await auditLoginFailure(h, user, ip, "compte désactivé");
    return { ok: false, reason: "invalid" };
  }
  // the owner's own counters start again; shared ones only get this attempt back
  await clearThrottle(h, personal.map((r) => r.key));
  await creditAttempt(h, shared);
  log.info({ event: "login_password_ok", userId: user.id, knownDevice, ip }, "login: password accepted");
  return { ok: true, user };
}

/** A completed sign-in (password, then the second factor when there is one) in the audit log. */
export async function auditLoginSuccess(h: Db, user: { id: number; email: string }, ip: string, how: string): Promise<void> {
  log.info({ event: "login_success", userId: user.id, ip }, "login succeeded");
  await audit(h, { userId: user.id, email: user.email, ip }, { action: "auth.login.success", targetType: "staff", targetId: user.id, detail: how });
}

export async function createStaffAccount(h: Db, email: string, password: string): Promise<StaffUser> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`);
  if (password.length > PASSWORD_MAX_LENGTH) throw new Error(PASSWORD_TOO_LONG);
  if (await findStaffByEmail(h, email)) throw new Error(`Un compte existe déjà pour ${email.trim().toLowerCase()}.`);
  return insertStaff(h, email, await hashPassword(password));
}

export type PasswordChangeResult =
  | { ok: true }
  | { ok: false; field: "current" | "next"; message: string }
  | { ok: false; field: null; message: string; retryAfterSeconds: number };

/**
 * Change one's own password. The current-password check is throttled like a login (its own
 * counter per account, reserved before the hash); a success clears it, ends a one-time password
 * (`must_change_password`) and is in the audit log (with `actor`), in one transaction.
 */
export async function changePassword(h: Db, userId: number, current: string, next: string, actor?: AuditActor): Promise<PasswordChangeResult> {
  if (current.length > PASSWORD_MAX_LENGTH) return { ok: false, field: "current", message: "Le mot de passe actuel est incorrect." };
  if (next.length < MIN_PASSWORD_LENGTH || next.length > PASSWORD_MAX_LENGTH) {
    const message = next.length < MIN_PASSWORD_LENGTH ? `Le nouveau mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.` : PASSWORD_TOO_LONG;
    return { ok: false, field: "next", message };
  }
  const rule = { key: throttleKeys.passwordCheck(userId), freeAttempts: getConfig().LOGIN_THROTTLE_FREE_ATTEMPTS };
  const reservation = await reserveAttempt(h, [rule], throttleDelays());
  if (!reservation.ok) {
    const retryAfterSeconds = retrySeconds(reservation.retryAfterMs);
    log.warn({ event: "password_check_throttled", userId, retryAfterSeconds }, "password change refused: throttled");
    return { ok: false, field: null, message: `Trop de tentatives avec un mot de passe incorrect. ${retryPhrase(retryAfterSeconds)}`, retryAfterSeconds };
  }
  const user = await getStaff(h, userId);
  if (!user || !(await verifyPassword(user.password_hash, current))) {
    log.warn({ event: "password_check_failure", userId }, "password change refused: wrong current password");
    return { ok: false, field: "current", message: "Le mot de passe actuel est incorrect." };
  }
  await clearThrottle(h, [rule.key]);
  const passwordHash = await hashPassword(next);
  await writeTransaction(h, async (trx) => {
    await setOwnPassword(trx, userId, passwordHash);
    if (actor) await audit(trx, actor, { action: "account.password_changed", targetType: "staff", targetId: userId, detail: "par le titulaire ; autres sessions fermées" });
  });
  log.info({ event: "password_changed", userId }, "staff password changed");
  return { ok: true };
}

/** 'Réessayez dans n minute(s).' for a throttled attempt. */
export function retryPhrase(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Réessayez dans ${minutes} minute${minutes > 1 ? "s" : ""}.`;
}

/** A readable random password for the first account (about 100 bits). */
export function generatePassword(): string {
  const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  let out = "";
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${out.slice(0, 6)}-${out.slice(6, 12)}-${out.slice(12, 18)}`;
}

/**
 * First start: when no staff account exists, create one from ADMIN_EMAIL/ADMIN_PASSWORD or
 * with a generated password that is returned once so the caller can print it.
 */
export async function ensureFirstStaff(h: Db): Promise<{ email: string; password?: string } | null> {
  if ((await countStaff(h)) > 0) return null;
  const c = getConfig();
  const email = c.ADMIN_EMAIL ?? "admin@clinique.local";
  const generated = c.ADMIN_PASSWORD ? undefined : generatePassword();
  await createStaffAccount(h, email, c.ADMIN_PASSWORD ?? generated!);
  return { email, password: generated };
}
