import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie, redirect } from "react-router";
import { makeToast, toastSchema, type Toast, type ToastInput } from "~/lib/toast";
import { getConfig } from "./config";

/**
 * SESSION_SECRET signs the flash cookie (a toast carried across a redirect). When it is not set,
 * a random secret is generated once and kept in DATA_DIR/session-secret, so it survives
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

/** The Set-Cookie header that carries a toast to the next page. */
export async function createToastHeader(request: Request, input: ToastInput): Promise<string> {
  return flashCookie(request).serialize(JSON.stringify(makeToast(input)));
}

/** Redirect and show a toast on the page that follows. */
export async function redirectWithToast(request: Request, url: string, input: ToastInput, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await createToastHeader(request, input));
  return redirect(url, { ...init, headers });
}

/** Read (and clear) the toast of this request. A tampered or malformed cookie reads as none. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookie = flashCookie(request);
  let value: unknown;
  try {
    value = await cookie.parse(request.headers.get("Cookie"));
  } catch {
    value = null;
  }
  if (typeof value !== "string" || !value) return { toast: null, setCookie: null };
  let toast: Toast | null = null;
  try {
    const parsed = toastSchema.safeParse(JSON.parse(value));
    toast = parsed.success ? parsed.data : null;
  } catch {
    toast = null;
  }
  return { toast, setCookie: await cookie.serialize("", { maxAge: 0 }) };
}
