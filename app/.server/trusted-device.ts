import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "~/lib/zod";
import type { Db } from "./db";
import { deleteExpiredTrustedDevices, insertTrustedDevice, touchTrustedDevice } from "./repos/two-factor";
import { deviceLabel } from "./session";
import { getSessionSecret } from "./toast";
import { sha256Hex } from "./totp";

/**
 * "Se souvenir de cet appareil" (ADR 010): after a correct second factor with the box ticked, the
 * browser gets a signed cookie `clinic_2fa_device` (`__Host-` over HTTPS; HMAC-SHA256 with
 * SESSION_SECRET, React Router's signed cookies) holding a random 256-bit token; the table
 * `trusted_devices` keeps the token's SHA-256 with the account, a label of the device and the
 * expiry (30 days). Sign-in skips the code when the cookie's token is a live row of the account:
 * deleting the row (Mon compte 'Oublier cet appareil', a two-factor reset, a disabled account)
 * makes the cookie worthless at once. tests/e2e/staff-accounts.ts makes the same cookie.
 */
export const TRUSTED_DEVICE_DAYS = 30;
export const TRUSTED_DEVICE_MAX_AGE_MS = TRUSTED_DEVICE_DAYS * 24 * 3600 * 1000;
export const TRUSTED_DEVICE_COOKIE = "clinic_2fa_device";

const payload = z.object({ t: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

function trustedCookie(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(secure ? `__Host-${TRUSTED_DEVICE_COOKIE}` : TRUSTED_DEVICE_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: TRUSTED_DEVICE_MAX_AGE_MS / 1000,
    secrets: [getSessionSecret()],
  });
}

/** The SHA-256 of this browser's trusted-device token, or null (no cookie, a bad signature). */
export async function trustedDeviceHash(request: Request): Promise<string | null> {
  let value: unknown;
  try {
    value = await trustedCookie(request).parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const parsed = payload.safeParse(value);
  return parsed.success ? sha256Hex(parsed.data.t) : null;
}

/** Whether this browser is a live trusted device of the account (and mark it used). */
export async function isTrustedDevice(h: Db, request: Request, userId: number, now: Date = new Date()): Promise<boolean> {
  const idHash = await trustedDeviceHash(request);
  if (!idHash) return false;
  return touchTrustedDevice(h, userId, idHash, now.toISOString());
}

/** Trust this browser for the account for 30 days; returns the Set-Cookie header. */
export async function rememberDevice(h: Db, request: Request, userId: number, now: Date = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // expired rows open nothing; they go as new ones come
  await deleteExpiredTrustedDevices(h, now.toISOString());
  await insertTrustedDevice(h, {
    id_hash: sha256Hex(token),
    user_id: userId,
    label: deviceLabel(request.headers.get("User-Agent")),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + TRUSTED_DEVICE_MAX_AGE_MS).toISOString(),
  });
  return trustedCookie(request).serialize({ t: token });
}

/** The Set-Cookie header that removes the trusted-device cookie from this browser. */
export async function clearTrustedDeviceCookie(request: Request): Promise<string> {
  return trustedCookie(request).serialize("", { maxAge: 0 });
}
