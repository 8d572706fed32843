import { createHash, randomBytes } from "node:crypto";
import { audit } from "./audit";
import { hashPassword } from "./auth";
import { rateLimitKey } from "./client-ip";
import { publicOrigin } from "./config";
import { getDb, writeTransaction, type Db } from "./db";
import { errorCode, log } from "./log";
import { queueAndSend } from "./mail";
import { getClinic } from "./clinic";
import { passwordResetMail } from "./password-reset-mail";
import { hitCounter } from "./repos/limits";
import { claimPasswordReset, deleteOldPasswordResets, findOpenPasswordReset, insertPasswordReset } from "./repos/password-resets";
import { endAccess, findStaffByEmail, setOwnPassword } from "./repos/staff";

/**
 * Password reset by e-mail (docs/product.md, "Staff: account and login"; ADR 010).
 *
 * - Asking: whatever the address, the page answers the same. For an existing, active account a
 *   256-bit random token is made; only its SHA-256 is stored (`password_resets`, 30 minutes) with
 *   the audit entry, and the link is e-mailed through the outbox. The requests are throttled per
 *   address typed and per client address; over a limit nothing is stored or sent, and the page
 *   still says the same thing.
 * - Using: the token is marked used by ONE conditional update (`used_at IS NULL`, not expired), so
 *   two posts of the same link cannot both pass; in that transaction the password is set, the
 *   one-time-password flag cleared, every session and pending sign-in of the account deleted,
 *   the other unused links too, and the audit entry written. Sign-in still asks the second factor.
 * - The token is in the link's path: the request log writes `/reinitialiser-mot-de-passe/[lien]`
 *   (server/logged-path.js); no log line of this module carries it, nor the address typed.
 */

export const RESET_TTL_MINUTES = 30;
const RESET_TTL_MS = RESET_TTL_MINUTES * 60_000;
const HOUR_MS = 3_600_000;
/** Requests allowed per address typed and per hour. */
export const RESET_MAX_PER_ADDRESS = 3;
/** Requests allowed per client address (IPv6: its /64) and per hour. */
export const RESET_MAX_PER_IP = 10;

export const RESET_PATH = "/reinitialiser-mot-de-passe";

/**
 * Every answer of the two pages: never stored by a cache, not indexed, and the reset link's token
 * never leaves the site in a Referer. "same-origin" rather than "no-referrer", as for the personal
 * link (app/.server/rdv-actions.ts): under "no-referrer" Chromium posts with `Origin: null`, which
 * React Router's action guard refuses, so the form would not work without JavaScript.
 */
export const RESET_HEADERS: Record<string, string> = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
};

/** A token as made below: 32 random bytes in base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

export type ResetRequestOutcome = "queued" | "no_account" | "throttled";

/**
 * Ask for a reset link. Returns what happened for the tests and the logs; the page shows the same
 * text whatever it is. `origin`: where the link points (PUBLIC_URL by default, never the request's
 * Host header, which a visitor chooses).
 */
export async function requestPasswordReset(
  h: Db,
  emailInput: string,
  ip: string,
  opts: { now?: Date; origin?: string } = {},
): Promise<{ outcome: ResetRequestOutcome; sending?: Promise<unknown> }> {
  const now = opts.now ?? new Date();
  const email = emailInput.trim().toLowerCase();
  // the address typed is counted by its hash: a mistyped address is not kept in the counters
  const perIp = await hitCounter(h, `pwreset:ip:${rateLimitKey(ip)}`, HOUR_MS, now);
  if (perIp.count > RESET_MAX_PER_IP) {
    log.warn({ event: "password_reset_throttled", scope: "ip", ip }, "password reset refused: throttled");
    return { outcome: "throttled" };
  }
  const perAddress = await hitCounter(h, `pwreset:email:${sha256(email)}`, HOUR_MS, now);
  if (perAddress.count > RESET_MAX_PER_ADDRESS) {
    log.warn({ event: "password_reset_throttled", scope: "address", ip }, "password reset refused: throttled");
    return { outcome: "throttled" };
  }
  const user = await findStaffByEmail(h, email);
  if (!user || user.disabled_at !== null) {
    log.info({ event: "password_reset_no_account", ip }, "password reset asked for no active account");
    return { outcome: "no_account" };
  }
  const token = randomBytes(32).toString("base64url");
  const userId = Number(user.id);
  await writeTransaction(h, async (trx) => {
    await insertPasswordReset(trx, { token_hash: sha256(token), user_id: userId, created_at: now.toISOString(), expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString() });
    await audit(trx, { userId, email: user.email, ip }, { action: "auth.password_reset.requested", targetType: "staff", targetId: userId });
  });
  const link = `${opts.origin ?? publicOrigin()}${RESET_PATH}/${token}`;
  const { sending } = await queueAndSend([passwordResetMail(user.email, link, RESET_TTL_MINUTES, await getClinic(h))], h);
  log.info({ event: "password_reset_requested", userId, ip }, "password reset link queued");
  return { outcome: "queued", sending };
}

/** The account a reset link opens (unused, not expired, account active), or null. */
export async function openPasswordReset(h: Db, token: string | undefined, now: Date = new Date()): Promise<{ userId: number; email: string } | null> {
  if (!token || !TOKEN.test(token)) return null;
  const row = await findOpenPasswordReset(h, sha256(token), now.toISOString());
  return row ? { userId: Number(row.id), email: row.email } : null;
}

/**
 * Use a reset link: the new password is set and every session of the account ends, once. False
 * when the link is unknown, used (even by a concurrent post), expired, or the account disabled.
 */
export async function completePasswordReset(h: Db, token: string | undefined, password: string, ip: string, now: Date = new Date()): Promise<boolean> {
  // the costly hash only for a link that opens (a forged token costs one lookup)
  const found = await openPasswordReset(h, token, now);
  if (!found) return false;
  const passwordHash = await hashPassword(password);
  const at = now.toISOString();
  try {
    const done = await writeTransaction(h, async (trx) => {
      const userId = await claimPasswordReset(trx, sha256(token!), at);
      if (userId === undefined) return false;
      await setOwnPassword(trx, userId, passwordHash, at);
      await endAccess(trx, userId);
      await audit(trx, { userId, email: found.email, ip }, { action: "auth.password_reset.used", targetType: "staff", targetId: userId });
      return true;
    });
    if (done) log.info({ event: "password_reset_used", userId: found.userId, ip }, "password reset by link");
    return done;
  } catch (err) {
    log.error({ event: "password_reset_failed", userId: found.userId, ...errorCode(err) }, "password reset by link failed");
    throw err;
  }
}

/** The expired and used links of more than a day go (the clean-up job may call it). */
export async function purgePasswordResets(h: Db = getDb(), now: Date = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS).toISOString();
  await deleteOldPasswordResets(h, dayAgo);
}
