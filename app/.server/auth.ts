import { hash, verify } from "@node-rs/argon2";
import { getConfig } from "./config";
import type { Db } from "./db";
import { nowIso } from "./db";
import { log } from "./log";
import { clearThrottle, getThrottle, recordThrottleFailure } from "./repos/limits";
import { countStaff, findStaffByEmail, getStaff, insertStaff, setStaffPasswordHash, type StaffUser } from "./repos/staff";

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

export type LoginResult =
  | { ok: true; user: StaffUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

function blockedUntil(failures: number, now: number): string | null {
  const c = getConfig();
  const over = failures - c.LOGIN_THROTTLE_FREE_ATTEMPTS;
  if (over < 0) return null;
  const delay = Math.min(c.LOGIN_THROTTLE_BASE_DELAY_MS * 2 ** over, c.LOGIN_THROTTLE_MAX_DELAY_MS);
  return new Date(now + delay).toISOString();
}

/**
 * Check an e-mail and password, throttled per account and per IP with a growing delay.
 * Every success and failure is logged, never with the password.
 */
export async function attemptLogin(h: Db, emailInput: string, password: string, ip: string): Promise<LoginResult> {
  const email = emailInput.trim().toLowerCase();
  const keys = [`login:acct:${email}`, `login:ip:${ip}`];
  const now = Date.now();
  for (const key of keys) {
    const t = await getThrottle(h, key);
    if (t?.blocked_until && Date.parse(t.blocked_until) > now) {
      const retryAfterSeconds = Math.ceil((Date.parse(t.blocked_until) - now) / 1000);
      log.warn({ event: "login_throttled", email, ip, retryAfterSeconds }, "login refused: throttled");
      return { ok: false, reason: "throttled", retryAfterSeconds };
    }
  }
  const user = await findStaffByEmail(h, email);
  const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await getDummyHash(), password), false);
  if (!user || !ok) {
    for (const key of keys) await recordThrottleFailure(h, key, (f) => blockedUntil(f, now), nowIso());
    log.warn({ event: "login_failure", email, ip }, "login failed");
    return { ok: false, reason: "invalid" };
  }
  for (const key of keys) await clearThrottle(h, key);
  log.info({ event: "login_success", email, ip, userId: user.id }, "login succeeded");
  return { ok: true, user };
}

export async function createStaffAccount(h: Db, email: string, password: string): Promise<StaffUser> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`);
  if (await findStaffByEmail(h, email)) throw new Error(`Un compte existe déjà pour ${email.trim().toLowerCase()}.`);
  return insertStaff(h, email, await hashPassword(password));
}

export async function changePassword(
  h: Db,
  userId: number,
  current: string,
  next: string,
): Promise<{ ok: true } | { ok: false; field: "current" | "next"; message: string }> {
  const user = await getStaff(h, userId);
  if (!user || !(await verifyPassword(user.password_hash, current))) {
    return { ok: false, field: "current", message: "Le mot de passe actuel est incorrect." };
  }
  if (next.length < MIN_PASSWORD_LENGTH) {
    return { ok: false, field: "next", message: `Le nouveau mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.` };
  }
  await setStaffPasswordHash(h, userId, await hashPassword(next));
  log.info({ event: "password_changed", userId }, "staff password changed");
  return { ok: true };
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
