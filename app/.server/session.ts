import { createHash, randomBytes } from "node:crypto";
import { getDb, nowIso, type Db } from "./db";
import type { Permission } from "~/lib/permissions";
import { deleteSession, deleteSessionsOfUser, findSession, insertSession, touchSession } from "./repos/sessions";

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const PLAIN_NAME = "clinic_session";
const SECURE_NAME = "__Host-clinic_session";

export interface StaffSession {
  userId: number;
  email: string;
  role: string;
  idHash: string;
  /** a one-time password set by an administrator: only Mon compte opens until it is changed */
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  /** every permission of the role (set by the staff guard; empty outside it) */
  permissions: readonly Permission[];
  /** the client's address (set by the staff guard, for the audit log) */
  ip?: string;
  /** a password change or the two-factor set-up is due: only Mon compte opens (set by the staff guard) */
  pending?: boolean;
}

function sha256(v: string) {
  return createHash("sha256").update(v).digest("hex");
}

function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:";
}

/** A cookie's value; a malformed one (bad percent-encoding) counts as absent, never as an error. */
function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i) === name) {
      try {
        return decodeURIComponent(part.slice(i + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Session ids are base64url; anything else in the cookie is no session. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Over HTTPS only the `__Host-` cookie counts: a plain one may have been set by a neighbour over HTTP. */
function sessionIdFrom(request: Request): string | undefined {
  const id = readCookie(request, isHttps(request) ? SECURE_NAME : PLAIN_NAME);
  return id !== undefined && SESSION_ID.test(id) ? id : undefined;
}

function cookie(request: Request, value: string, maxAgeSeconds: number): string {
  const secure = isHttps(request);
  const name = secure ? SECURE_NAME : PLAIN_NAME;
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * Start a new session (a fresh 256-bit id at every login) and return its Set-Cookie header. The
 * session keeps a short label of the device (browser and system, from the User-Agent) and the
 * address, shown on Mon compte.
 */
export async function startSession(request: Request, userId: number, h: Db = getDb(), ip: string | null = null): Promise<string> {
  const old = sessionIdFrom(request);
  if (old) await deleteSession(h, sha256(old));
  const id = randomBytes(32).toString("base64url");
  const now = new Date();
  await insertSession(h, {
    id_hash: sha256(id),
    user_id: userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS).toISOString(),
    device_label: deviceLabel(request.headers.get("User-Agent")),
    ip,
  });
  return cookie(request, id, ABSOLUTE_TIMEOUT_MS / 1000);
}

/** The signed-in staff member, or null. Enforces the idle and absolute timeouts. */
export async function getStaffSession(request: Request, h: Db = getDb()): Promise<StaffSession | null> {
  const id = sessionIdFrom(request);
  if (!id) return null;
  const idHash = sha256(id);
  const row = await findSession(h, idHash);
  if (!row) return null;
  const now = Date.now();
  if (Date.parse(row.expires_at) <= now || Date.parse(row.last_seen_at) + IDLE_TIMEOUT_MS <= now) {
    await deleteSession(h, idHash);
    return null;
  }
  // Keep writes rare: refresh the idle clock at most once a minute.
  if (now - Date.parse(row.last_seen_at) > 60_000) await touchSession(h, idHash, nowIso());
  return {
    userId: row.user_id,
    email: row.email,
    role: row.role,
    idHash,
    mustChangePassword: row.must_change_password === 1,
    twoFactorEnabled: row.totp_enabled_at !== null,
    permissions: [],
  };
}

/** Destroy the current session and return the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request, h: Db = getDb()): Promise<string> {
  const id = sessionIdFrom(request);
  if (id) await deleteSession(h, sha256(id));
  return cookie(request, "", 0);
}

export async function endOtherSessions(userId: number, keepIdHash: string, h: Db = getDb()): Promise<void> {
  await deleteSessionsOfUser(h, userId, keepIdHash);
}

const REDIRECT_BASE = "http://redirect.invalid";
const REDIRECT_MAX_LENGTH = 2048;

/**
 * Only a path of this site is accepted as a place to return to after login. The RESULT is
 * judged, not the input: the value is resolved as a browser would (dot segments, backslashes,
 * tabs and newlines dropped), and what would go into `Location` must itself resolve to this site
 * and to the same place again (so "/..//evil.com", which resolves to the path "//evil.com", is
 * refused rather than sent as a protocol-relative address).
 */
export function safeRedirectPath(to: string | null | undefined, fallback = "/admin/agenda"): string {
  if (!to || to.length > REDIRECT_MAX_LENGTH || !to.startsWith("/")) return fallback;
  try {
    const resolved = new URL(to, REDIRECT_BASE);
    if (resolved.origin !== REDIRECT_BASE) return fallback;
    const location = resolved.pathname + resolved.search + resolved.hash;
    if (!/^\/(?![/\\])/.test(location)) return fallback;
    const followed = new URL(location, `${REDIRECT_BASE}/some/page`);
    return followed.origin === REDIRECT_BASE && followed.href === resolved.href ? location : fallback;
  } catch {
    return fallback;
  }
}

/** 'Chrome sur Android', 'Safari sur iPhone', 'Firefox sur Windows'… from a User-Agent; never the raw string. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser/.test(ua)
        ? "Samsung Internet"
        : /Firefox\//.test(ua)
          ? "Firefox"
          : /Chrome\/|Chromium\/|CriOS\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "Navigateur inconnu";
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /Linux/.test(ua)
              ? "Linux"
              : "";
  return system ? `${browser} sur ${system}` : browser;
}
