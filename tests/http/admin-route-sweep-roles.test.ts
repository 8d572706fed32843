import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminRouteSweep, bodies, EXPECTED, harmless, harmlessPath, type BuildRoute } from "../admin-route-matrix";
import { startAppServer } from "./app-server";
import { passwordHash, signIn } from "./staff";

/**
 * Every admin route, read from the route config of the build, has its line in the staff guard's
 * table (ROUTE_POLICY) and in the role matrix (tests/admin-route-matrix.ts), and a dentist and an
 * assistant signed in (through the login form's post, as a browser does) get 403 exactly where
 * their role may not (docs/product.md, "Staff roles"); a refused request changes nothing. The
 * same sweep without a session is tests/http/admin-route-sweep.test.ts.
 */
const server = await startAppServer();
// after the server: the guard's module loads React, which must be the build's production one
const { policyFor } = await import("../../app/.server/staff-guard");
afterAll(() => server.close());
const baseURL = server.origin;
const { fullPath, adminRoutes, adminPaths, snapshot } = adminRouteSweep(server.build.routes as unknown as Record<string, BuildRoute>, server.dbQuery);

const ROLES = [
  { label: "dentiste", letter: "D", role: "dentist", email: "dentiste@clinique.test", password: "Dentiste-Kouba-2026" },
  { label: "assistant(e)", letter: "S", role: "assistant", email: "assistante@clinique.test", password: "Assistante-Kouba-2026" },
] as const;

/** The session cookie of each role, from a sign-in through the login form. */
const sessions = new Map<string, string>();

beforeAll(async () => {
  const now = new Date().toISOString();
  for (const r of ROLES) {
    server.dbRun("insert into staff_users (email, password_hash, role, created_at, updated_at) values (?, ?, ?, ?, ?)", r.email, await passwordHash(r.password), r.role, now, now);
    sessions.set(r.letter, await signIn(baseURL, r.email, r.password));
  }
});

/** A request of a signed-in browser: its cookie, no redirect followed, a form encoded as a form. */
async function send(letter: string, target: string, form?: Record<string, string>) {
  const res = await fetch(`${baseURL}${target}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { Cookie: sessions.get(letter)!, ...(form ? { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return { status: res.status, text: await res.text() };
}

describe("admin route sweep (roles)", () => {
  test("every admin route of the build has its line in the staff guard's table and in the role matrix", () => {
    for (const p of adminPaths) {
      expect(policyFor(p), `ROUTE_POLICY has no entry for ${p}`).toBeDefined();
      expect(EXPECTED[p], `the role matrix has no line for ${p}`).toBeDefined();
      // and the same for its client data request
      expect(policyFor(`${p}.data`), `${p}.data`).toBe(policyFor(p));
    }
  });

  const dataRoutes = new Set(adminRoutes.filter((r) => r.module.default).map(fullPath));
  for (const { label, letter } of ROLES) {
    // every admin path × every intent of bodies(): over 4 minutes in CI beside the end-to-end servers
    // once issue 31's screens and intents came in, a fraction of that alone
    test(`as ${label}: every route and intent answers 403 exactly where the role may not, and a 403 changes nothing`, { timeout: 600_000 }, async () => {
      const start = snapshot();
      for (const p of adminPaths) {
        const expected = EXPECTED[p];
        const variants = dataRoutes.has(p) ? [p, `${p}.data`] : [p];

        // the requests the role may not make: refused before anything runs
        const before = snapshot();
        for (const url of variants) {
          if (!expected.view.includes(letter)) {
            const res = await send(letter, url);
            expect(res.status, `GET ${url} as ${label}`).toBe(403);
            if (url === p && dataRoutes.has(p)) expect(res.text).toContain("Accès non autorisé");
          }
          for (const form of bodies()) {
            if ((expected.intents?.[form.intent] ?? expected.post).includes(letter)) continue;
            const res = await send(letter, url, form);
            expect(res.status, `POST ${url} intent=${form.intent} as ${label}`).toBe(403);
          }
        }
        expect(snapshot(), `a refused request to ${p} changed the database`).toBe(before);

        // the requests it may make: not refused by the guard (the action answers them itself)
        for (const url of variants.map(harmlessPath)) {
          if (expected.view.includes(letter)) {
            const res = await send(letter, url);
            expect(res.status, `GET ${url} as ${label}`).not.toBe(403);
            expect(res.status, `GET ${url} as ${label}`).toBeLessThan(500);
          }
          for (const form of bodies()) {
            if (!(expected.intents?.[form.intent] ?? expected.post).includes(letter)) continue;
            const res = await send(letter, url, harmless(form));
            expect(res.status, `POST ${url} intent=${form.intent} as ${label}`).not.toBe(403);
            expect(res.status, `POST ${url} intent=${form.intent} as ${label}`).toBeLessThan(500);
          }
        }
      }
      // the allowed requests were refused by their actions: the database is as it was
      expect(snapshot()).toBe(start);
    });
  }
});
