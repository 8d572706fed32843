import QRCode from "qrcode";
import { audit, type AuditActor } from "./audit";
import { throttleDelays } from "./auth";
import { getClinic } from "./clinic";
import { getConfig } from "./config";
import { writeTransaction, type Db } from "./db";
import { log } from "./log";
import { clearThrottle, reserveAttempt } from "./repos/limits";
import {
  clearTwoFactor,
  consumeStep,
  countUnusedRecoveryCodes,
  deleteTrustedDevices,
  getTwoFactorState,
  replaceRecoveryCodes,
  savePendingSecret,
  spendRecoveryCode,
} from "./repos/two-factor";
import { getSessionSecret } from "./toast";
import { looksLikeTotp, normalizeRecoveryCode, type CodeMethod } from "~/lib/two-factor-schema";
import { generateRecoveryCodes, generateTotpSecret, groupSecret, hashRecoveryCode, matchTotpStep, openTotpSecret, sealTotpSecret, totpUri } from "./totp";

/**
 * Two-factor sign-in of the staff (docs/product.md, "Staff: two-factor sign-in"; ADR 010): the
 * set-up on Mon compte, the check of a code (TOTP or recovery code) at sign-in and before a
 * change of the set-up, the recovery codes. Every check of a code is reserved on the account's
 * own throttle counter first (as passwords are), and every refused code is in the audit log.
 */
export const CODE_INCORRECT = "Code incorrect. Vérifiez l'heure de votre téléphone et réessayez.";
export const RECOVERY_CODE_INCORRECT = "Ce code de secours est incorrect ou a déjà été utilisé.";

/** The throttle counter of an account's codes (sign-in and Mon compte alike). */
export const twoFactorThrottleKey = (userId: number) => `2fa:user:${userId}`;

export type { CodeMethod };

export type CodeCheck =
  | { ok: true; method: CodeMethod; recoveryCodesLeft?: number }
  | { ok: false; reason: "invalid"; method: CodeMethod }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };


// ---- checking a code --------------------------------------------------------------------------

function retrySeconds(ms: number) {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Check a second factor of an account with two-factor on: a TOTP code (accepted once: its time
 * step must be newer than the last one accepted) or a recovery code (used once). `where` names the
 * place in the audit detail ('connexion', 'Mon compte').
 */
export async function checkSecondFactor(h: Db, actor: AuditActor & { userId: number }, method: CodeMethod, input: string, where: string): Promise<CodeCheck> {
  const key = twoFactorThrottleKey(actor.userId);
  const reservation = await reserveAttempt(h, [{ key, freeAttempts: getConfig().LOGIN_THROTTLE_FREE_ATTEMPTS }], throttleDelays());
  if (!reservation.ok) {
    const retryAfterSeconds = retrySeconds(reservation.retryAfterMs);
    log.warn({ event: "2fa_throttled", userId: actor.userId, retryAfterSeconds }, "second factor refused: throttled");
    await audit(h, actor, { action: "auth.2fa.failure", targetType: "staff", targetId: actor.userId, detail: `${where} : trop de tentatives` });
    return { ok: false, reason: "throttled", retryAfterSeconds };
  }
  const accepted = method === "totp" ? await acceptTotp(h, actor.userId, input) : await acceptRecoveryCode(h, actor.userId, input);
  if (!accepted) {
    log.warn({ event: "2fa_failure", userId: actor.userId, method }, "second factor refused");
    const what = method === "totp" ? "code de l'application" : "code de secours";
    await audit(h, actor, { action: "auth.2fa.failure", targetType: "staff", targetId: actor.userId, detail: `${where} : ${what} refusé` });
    return { ok: false, reason: "invalid", method };
  }
  await clearThrottle(h, [key]);
  if (method === "recovery") {
    const left = await countUnusedRecoveryCodes(h, actor.userId);
    await audit(h, actor, { action: "auth.recovery_code.used", targetType: "staff", targetId: actor.userId, detail: `${where} : ${left} code(s) de secours restant(s)` });
    return { ok: true, method, recoveryCodesLeft: left };
  }
  return { ok: true, method };
}

async function acceptTotp(h: Db, userId: number, input: string): Promise<boolean> {
  const state = await getTwoFactorState(h, userId);
  if (!state?.secret || !state.enabledAt) return false;
  const base32 = openTotpSecret(state.secret, getSessionSecret());
  if (!base32) return false;
  const step = matchTotpStep(base32, input);
  if (step === null) return false;
  return consumeStep(h, userId, step, { sealed: state.secret });
}

async function acceptRecoveryCode(h: Db, userId: number, input: string): Promise<boolean> {
  const code = normalizeRecoveryCode(input);
  if (!code) return false;
  return spendRecoveryCode(h, userId, hashRecoveryCode(code));
}

// ---- set-up -----------------------------------------------------------------------------------

export interface PendingSetup {
  /** the secret grouped by four characters, to type by hand */
  secret: string;
  /** the QR code (SVG made here) as a data: address for an <img> */
  qr: string;
}

/** Start (or start again) the set-up: a new secret kept sealed until a first code confirms it. */
export async function startSetup(h: Db, userId: number): Promise<boolean> {
  return savePendingSecret(h, userId, sealTotpSecret(generateTotpSecret(), getSessionSecret()));
}

/** The set-up under way (a pending secret), or null. */
export async function pendingSetup(h: Db, userId: number, email: string): Promise<PendingSetup | null> {
  const state = await getTwoFactorState(h, userId);
  if (!state?.secret || state.enabledAt) return null;
  const base32 = openTotpSecret(state.secret, getSessionSecret());
  if (!base32) return null;
  const svg = await QRCode.toString(totpUri(base32, email, (await getClinic(h)).name), { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#0f172a", light: "#ffffff" } });
  return { secret: groupSecret(base32), qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export type SetupResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: "invalid" | "none" } | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Confirm the set-up with a first code: two-factor is on, ten recovery codes are made (returned
 * once, stored hashed) and the change is in the audit log, in one transaction.
 */
export async function confirmSetup(h: Db, actor: AuditActor & { userId: number }, input: string): Promise<SetupResult> {
  const state = await getTwoFactorState(h, actor.userId);
  if (!state?.secret || state.enabledAt) return { ok: false, reason: "none" };
  const key = twoFactorThrottleKey(actor.userId);
  const reservation = await reserveAttempt(h, [{ key, freeAttempts: getConfig().LOGIN_THROTTLE_FREE_ATTEMPTS }], throttleDelays());
  if (!reservation.ok) return { ok: false, reason: "throttled", retryAfterSeconds: retrySeconds(reservation.retryAfterMs) };
  const base32 = openTotpSecret(state.secret, getSessionSecret());
  const step = base32 ? matchTotpStep(base32, input) : null;
  if (step === null) return { ok: false, reason: "invalid" };
  const codes = generateRecoveryCodes();
  const sealed = state.secret;
  const done = await writeTransaction(h, async (trx) => {
    if (!(await consumeStep(trx, actor.userId, step, { sealed, enable: true }))) return false;
    await replaceRecoveryCodes(trx, actor.userId, codes.map(hashRecoveryCode));
    await audit(trx, actor, { action: "2fa.enabled", targetType: "staff", targetId: actor.userId });
    return true;
  });
  if (!done) return { ok: false, reason: "invalid" };
  await clearThrottle(h, [key]);
  log.info({ event: "2fa_enabled", userId: actor.userId }, "two-factor sign-in enabled");
  return { ok: true, recoveryCodes: codes };
}

/** New recovery codes (the old ones stop working), after a current code. */
export async function renewRecoveryCodes(h: Db, actor: AuditActor & { userId: number }, input: string): Promise<CodeCheck | { ok: true; recoveryCodes: string[] }> {
  const check = await checkSecondFactor(h, actor, looksLikeTotp(input) ? "totp" : "recovery", input, "Mon compte");
  if (!check.ok) return check;
  const codes = generateRecoveryCodes();
  await writeTransaction(h, async (trx) => {
    await replaceRecoveryCodes(trx, actor.userId, codes.map(hashRecoveryCode));
    await audit(trx, actor, { action: "2fa.recovery_codes.renewed", targetType: "staff", targetId: actor.userId });
  });
  return { ok: true, recoveryCodes: codes };
}

/**
 * Turn two-factor off after a current code: the secret, the recovery codes and the trusted
 * devices go. `restart` starts a new set-up at once (a new phone): the account is then without
 * two-factor until the new one is confirmed.
 */
export async function disableTwoFactor(h: Db, actor: AuditActor & { userId: number }, input: string, opts: { restart?: boolean } = {}): Promise<CodeCheck> {
  const check = await checkSecondFactor(h, actor, looksLikeTotp(input) ? "totp" : "recovery", input, "Mon compte");
  if (!check.ok) return check;
  await writeTransaction(h, async (trx) => {
    await clearTwoFactor(trx, actor.userId);
    await audit(trx, actor, { action: "2fa.disabled", targetType: "staff", targetId: actor.userId, detail: opts.restart ? "changement de téléphone" : null });
  });
  if (opts.restart) await startSetup(h, actor.userId);
  log.info({ event: "2fa_disabled", userId: actor.userId, restart: Boolean(opts.restart) }, "two-factor sign-in disabled");
  return check;
}

/** Forget one trusted device (by its id hash) or all of them; returns how many went. */
export async function forgetTrustedDevices(h: Db, actor: AuditActor & { userId: number }, idHash?: string): Promise<number> {
  return writeTransaction(h, async (trx) => {
    const n = await deleteTrustedDevices(trx, actor.userId, idHash);
    if (n > 0) {
      await audit(trx, actor, { action: "2fa.device.forgotten", targetType: "staff", targetId: actor.userId, detail: idHash ? "un appareil" : `tous les appareils (${n})` });
    }
    return n;
  });
}
