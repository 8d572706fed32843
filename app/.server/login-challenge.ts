import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "~/lib/zod";
import type { Db } from "./db";
import { deleteChallenge, deleteExpiredChallenges, findChallenge, insertChallenge, type ChallengeRow } from "./repos/two-factor";
import { getSessionSecret } from "./toast";
import { sha256Hex } from "./totp";

/**
 * The step between the password and the second factor (ADR 010): no session yet, only a row in
 * `login_challenges` (the SHA-256 of a random 256-bit id, the account, where to go next, 5 minutes)
 * and a short-lived signed httpOnly cookie holding the id.
 */
export const CHALLENGE_MAX_AGE_MS = 5 * 60 * 1000;
const NAME = "clinic_login_challenge";

const payload = z.object({ c: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

function challengeCookie(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(secure ? `__Host-${NAME}` : NAME, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: CHALLENGE_MAX_AGE_MS / 1000,
    secrets: [getSessionSecret()],
  });
}

async function challengeHash(request: Request): Promise<string | null> {
  let value: unknown;
  try {
    value = await challengeCookie(request).parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const parsed = payload.safeParse(value);
  return parsed.success ? sha256Hex(parsed.data.c) : null;
}

/** Open a challenge for the account; returns the Set-Cookie header. */
export async function openChallenge(h: Db, request: Request, userId: number, redirectTo: string | null, now: Date = new Date()): Promise<string> {
  await deleteExpiredChallenges(h, now.toISOString());
  const id = randomBytes(32).toString("base64url");
  await insertChallenge(h, {
    id_hash: sha256Hex(id),
    user_id: userId,
    redirect_to: redirectTo,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CHALLENGE_MAX_AGE_MS).toISOString(),
  });
  return challengeCookie(request).serialize({ c: id });
}

export interface OpenChallenge extends ChallengeRow {
  idHash: string;
}

/** This browser's live challenge, or null (none, expired, a bad signature). */
export async function currentChallenge(h: Db, request: Request, now: Date = new Date()): Promise<OpenChallenge | null> {
  const idHash = await challengeHash(request);
  if (!idHash) return null;
  const row = await findChallenge(h, idHash, now.toISOString());
  return row ? { ...row, idHash } : null;
}

/** Close this browser's challenge (done or abandoned); returns the Set-Cookie header that clears the cookie. */
export async function closeChallenge(h: Db, request: Request): Promise<string> {
  const idHash = await challengeHash(request);
  if (idHash) await deleteChallenge(h, idHash);
  return challengeCookie(request).serialize("", { maxAge: 0 });
}
