import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/**
 * TOTP (RFC 6238) for the staff's two-factor sign-in (ADR 010): SHA-1, 6 digits, 30-second steps,
 * one step of tolerance either side (a phone a little early or late). Pure functions: nothing here
 * reads the configuration, so the end-to-end tests can import it with the e2e server's secret.
 *
 * The secret is stored sealed with AES-256-GCM under a key derived from SESSION_SECRET
 * (HKDF-SHA256, info "totp-secret"), as "v1:<iv>:<ciphertext>:<tag>" (base64url): a copy of the
 * database alone cannot mint codes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
/** The authenticator entry's name when the clinic's own is not known (tests); the app passes the clinic's name (identity). */
export const TOTP_ISSUER = "Clinique dentaire";

function sealKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "", "totp-secret", 32));
}

/** Seal a base32 secret for storage. */
export function sealTotpSecret(base32: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(sessionSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ["v1", iv.toString("base64url"), ciphertext.toString("base64url"), tag.toString("base64url")].join(":");
}

/** The base32 secret of a stored value, or null (another secret, a damaged value). */
export function openTotpSecret(stored: string, sessionSecret: string): string | null {
  const parts = stored.split(":");
  if (parts.length !== 4 || parts[0] !== "v1") return null;
  try {
    const [iv, ciphertext, tag] = parts.slice(1).map((p) => Buffer.from(p, "base64url"));
    if (iv.length !== 12 || tag.length !== 16) return null;
    const decipher = createDecipheriv("aes-256-gcm", sealKey(sessionSecret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(base32: string, label = "", issuer = TOTP_ISSUER) {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32) });
}

/** The otpauth:// address the QR code holds: the account's e-mail as label, the clinic's name as issuer (the entry's name in the app). */
export function totpUri(base32: string, accountEmail: string, issuer: string = TOTP_ISSUER): string {
  return totp(base32, accountEmail, issuer.trim() || TOTP_ISSUER).toString();
}

/** The time step of an instant. */
export function totpStep(now: number = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of an instant (tests, and nothing else in the app). */
export function totpCode(base32: string, now: number = Date.now()): string {
  return totp(base32).generate({ timestamp: now });
}

/** A code as typed: spaces and dashes dropped. */
export function normalizeTotpCode(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/**
 * The time step a code belongs to when it is right now (within one step either side), or null.
 * The caller must still refuse a step already used (replay protection, `totp_last_step`).
 */
export function matchTotpStep(base32: string, code: string, now: number = Date.now()): number | null {
  const token = normalizeTotpCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(base32).validate({ token, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/** The secret grouped by four characters, as shown for typing it by hand. */
export function groupSecret(base32: string): string {
  return base32.replace(/(.{4})(?=.)/g, "$1 ");
}

/** SHA-256 hex of a value (recovery codes, challenge and device tokens are stored so). */
export function sha256Hex(v: string): string {
  return createHash("sha256").update(v).digest("hex");
}

// ---- recovery codes (pure too: the end-to-end tests seed an account's codes with them) -----

export const RECOVERY_CODE_COUNT = 10;

/** Letters and digits that cannot be mistaken for one another (no i, l, o, 0, 1). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten fresh codes like "k7mq2-xw9pe" (about 49 bits each). */
export function generateRecoveryCodes(n = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < n) {
    let s = "";
    for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    codes.add(`${s.slice(0, 5)}-${s.slice(5)}`);
  }
  return [...codes];
}

export const hashRecoveryCode = (code: string) => sha256Hex(`recovery:${code}`);
