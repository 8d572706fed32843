import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "react-router";
import { getConfig } from "./config";

/**
 * SESSION_SECRET signs flash cookies (one-time messages carried across a redirect). When it is
 * not set, a random secret is generated once and kept in DATA_DIR/session-secret, so it survives
 * restarts; several app servers must share an explicit SESSION_SECRET.
 */
let secret: string | undefined;

export function getSessionSecret(): string {
  if (secret) return secret;
  const c = getConfig();
  if (c.SESSION_SECRET) return (secret = c.SESSION_SECRET);
  const file = path.resolve(c.DATA_DIR, "session-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  } catch {
    // not generated yet
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function flashCookie(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(secure ? "__Host-clinic_flash" : "clinic_flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: 60,
    secrets: [getSessionSecret()],
  });
}

/** Set-Cookie header carrying a one-time message to the next page. */
export async function setFlash(request: Request, message: string): Promise<string> {
  return flashCookie(request).serialize(message);
}

/** Read (and clear) the one-time message. A tampered cookie reads as no message. */
export async function takeFlash(request: Request): Promise<{ message: string | null; setCookie: string | null }> {
  const cookie = flashCookie(request);
  const value = await cookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !value) return { message: null, setCookie: null };
  return { message: value, setCookie: await cookie.serialize("", { maxAge: 0 }) };
}
