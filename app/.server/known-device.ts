import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "~/lib/zod";
import { getSessionSecret } from "./toast";

/**
 * The "known device" cookie (docs/decisions/005-login-throttle.md): set at every successful
 * login, signed with SESSION_SECRET (HMAC-SHA256, React Router's signed cookies) and bound to the
 * account. Its holder passes the per-account and per-address login counters, so a stranger who
 * knows a dentist's e-mail cannot lock that dentist out of a browser already used to sign in;
 * what the holder tries is counted on the device's own counter.
 */
export const KNOWN_DEVICE_MAX_AGE_DAYS = 180;
const MAX_AGE_MS = KNOWN_DEVICE_MAX_AGE_DAYS * 24 * 3600 * 1000;

export interface KnownDevice {
  userId: number;
  deviceId: string;
}

const payload = z.object({
  u: z.number().int().positive(),
  d: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  t: z.number().int().nonnegative(),
});

function deviceCookie(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(secure ? "__Host-clinic_device" : "clinic_device", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: MAX_AGE_MS / 1000,
    secrets: [getSessionSecret()],
  });
}

/** The known device this request comes from, or null (no cookie, a bad signature, too old). */
export async function readKnownDevice(request: Request, now: number = Date.now()): Promise<KnownDevice | null> {
  let value: unknown;
  try {
    value = await deviceCookie(request).parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const parsed = payload.safeParse(value);
  if (!parsed.success || parsed.data.t > now || now - parsed.data.t > MAX_AGE_MS) return null;
  return { userId: parsed.data.u, deviceId: parsed.data.d };
}

/**
 * The Set-Cookie header that makes this browser a known device of `userId`, keeping its device id
 * when it already was one for the same account.
 */
export async function knownDeviceCookie(request: Request, userId: number, previous: KnownDevice | null): Promise<string> {
  const deviceId = previous?.userId === userId ? previous.deviceId : randomBytes(16).toString("base64url");
  return deviceCookie(request).serialize({ u: userId, d: deviceId, t: Date.now() });
}
