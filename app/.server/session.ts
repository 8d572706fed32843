import { createHash, randomBytes } from "node:crypto";
import { getDb, nowIso, type Db } from "./db";
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
}

function sha256(v: string) {
  return createHash("sha256").update(v).digest("hex");
}

function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:";
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i) === name) return decodeURIComponent(part.slice(i + 1));
  }
  return undefined;
}

function sessionIdFrom(request: Request): string | undefined {
  return isHttps(request) ? (readCookie(request, SECURE_NAME) ?? readCookie(request, PLAIN_NAME)) : readCookie(request, PLAIN_NAME);
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

/** Start a new session (a fresh 256-bit id at every login) and return its Set-Cookie header. */
export async function startSession(request: Request, userId: number, h: Db = getDb()): Promise<string> {
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
  return { userId: row.user_id, email: row.email, role: row.role, idHash };
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

/** Only same-origin paths are accepted as a place to return to after login. */
export function safeRedirectPath(to: string | null | undefined, fallback = "/admin/appointments"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  try {
    const u = new URL(to, "http://x");
    if (u.origin !== "http://x") return fallback;
    return u.pathname + u.search + u.hash;
  } catch {
    return fallback;
  }
}
