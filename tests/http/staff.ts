import { hash } from "@node-rs/argon2";
import { expect } from "vitest";

/** A staff account of the HTTP tier: written straight into the database (argon2 as the site hashes). */
export async function passwordHash(password: string): Promise<string> {
  return hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/**
 * Signs in by posting the login form, as a browser without JavaScript does (an account without a
 * second factor), and returns the session cookie to send (`clinic_session=…`).
 */
export async function signIn(origin: string, email: string, password: string, redirectTo = "/admin/agenda"): Promise<string> {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, redirectTo }).toString(),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("clinic_session="));
  expect(res.status, `sign-in of ${email}`).toBe(302);
  expect(cookie, `the session cookie of ${email}`).toBeDefined();
  return cookie!.split(";")[0];
}
