import { rateLimitKey } from "./client-ip";
import { getConfig } from "./config";
import { getDb, type Db } from "./db";
import { hitCounter } from "./repos/limits";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

export const RATE_LIMIT_MESSAGE = "Trop de demandes envoyées depuis votre connexion. Merci de patienter quelques minutes avant de réessayer, ou appelez-nous.";

/**
 * Per-IP limit for a public form (booking, enrolment): an IPv6 client is counted by its /64
 * (`rateLimitKey`). Counters live in the database so that several app servers share them.
 */
export async function checkFormRateLimit(scope: string, ip: string, h: Db = getDb()): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const c = getConfig();
  const { count, resetAt } = await hitCounter(h, `form:${scope}:${rateLimitKey(ip)}`, c.RATE_LIMIT_FORM_WINDOW_MS);
  if (count > c.RATE_LIMIT_FORM_MAX) {
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(resetAt) - Date.now()) / 1000)) };
  }
  return { ok: true };
}

/** The honeypot: a field hidden from people; a bot that fills it is answered as if all went well. */
export { HONEYPOT_FIELD };

export function isHoneypotFilled(form: FormData): boolean {
  const v = form.get(HONEYPOT_FIELD);
  return typeof v === "string" && v.trim() !== "";
}
