import type { Locale } from "~/i18n/locale";
import { todayInClinic } from "~/lib/clinic-time";
import { rateLimitKey } from "./client-ip";
import { getConfig, publicOrigin } from "./config";
import { getDb, type Db } from "./db";
import type { Appointment } from "./db/types";
import { findAppointmentByLinkHash } from "./repos/appointments";
import { getRateLimit, hitCounter } from "./repos/limits";

/**
 * The patient's personal link to one appointment, /rdv/<token> (docs/decisions/009-patients-and-links.md).
 *
 * Each appointment gets 128 random bits (`link_salt`). The token is HMAC-SHA256(server secret,
 * salt): 256 bits, base64url, 43 characters. The database holds the salt and the SHA-256 of the
 * token (`link_hash`), never the token: a copy of the database alone opens no appointment, and a
 * lookup is one indexed equality on the hash. The server can write the same link again (a WhatsApp
 * reminder a week after the booking e-mail) without storing it. Several servers share the secret
 * (SESSION_SECRET), as for the session cookies.
 *
 * The link works until the end of the appointment's day (clinic time), while the appointment keeps
 * its identity (erasure and retention clear the salt and the hash).
 */

import { hashToken, tokenFromSalt } from "./link-tokens";

export { hashToken, newLinkColumns, newLinkSalt, tokenFromSalt } from "./link-tokens";

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The appointment's personal link (absolute), or null when it has none (erased, imported). In
 * Arabic it is the page's Arabic twin, /ar/rdv/<token> (a URL is one language, decision 029).
 */
export function personalLink(a: Pick<Appointment, "link_salt">, origin: string = publicOrigin(), locale: Locale = "fr"): string | null {
  return a.link_salt ? `${origin}${locale === "ar" ? "/ar" : ""}/rdv/${tokenFromSalt(a.link_salt)}` : null;
}

/** True while the link may open the appointment: until the end of its day, identity kept. */
export function linkIsLive(a: Pick<Appointment, "date" | "anonymised_at">, now: Date = new Date()): boolean {
  return !a.anonymised_at && a.date >= todayInClinic(now);
}

/**
 * The appointment a token opens, or null: a malformed token, an unknown one and an expired one
 * look the same to the caller (and so to the visitor).
 */
export async function findByToken(token: string, h: Db = getDb(), now: Date = new Date()): Promise<Appointment | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await findAppointmentByLinkHash(h, hashToken(token));
  if (!row || !linkIsLive(row, now)) return null;
  return row;
}

/**
 * Guessing is limited per address: every miss (wrong, malformed or expired token) counts, and past
 * RDV_LINK_MISS_MAX misses in the window every /rdv request from that address is refused with 429
 * until the window ends, valid tokens included (a guesser cannot tell a hit by the status).
 */
export async function linkGuessBlocked(ip: string, h: Db = getDb()): Promise<{ blocked: false } | { blocked: true; retryAfterSeconds: number }> {
  const c = getConfig();
  const key = `rdv-miss:${rateLimitKey(ip)}`;
  const row = await getRateLimit(h, key);
  if (!row || Date.parse(row.reset_at) <= Date.now() || Number(row.count) < c.RDV_LINK_MISS_MAX) return { blocked: false };
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(row.reset_at) - Date.now()) / 1000)) };
}

export async function countLinkMiss(ip: string, h: Db = getDb()): Promise<void> {
  await hitCounter(h, `rdv-miss:${rateLimitKey(ip)}`, getConfig().RDV_LINK_MISS_WINDOW_MS);
}
