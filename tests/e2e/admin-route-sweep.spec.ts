import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { policyFor } from "../../app/.server/staff-guard";
import { adminRouteSweep, bodies, EXPECTED, harmless, harmlessPath, type BuildRoute } from "../admin-route-matrix";
import { dbQuery, E2E_ASSISTANT, E2E_DENTIST, loginAsStaff, type E2EAccount } from "./helpers";

/**
 * Every admin route, read from the route config of the build the e2e server runs, has its line in
 * the staff guard's table (ROUTE_POLICY) and in the role matrix (tests/admin-route-matrix.ts), and
 * a dentist and an assistant signed in get 403 exactly where their role may not (docs/product.md,
 * "Staff roles"). The same sweep without a session is in the HTTP tier
 * (tests/http/admin-route-sweep.test.ts).
 */
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as { routes: Record<string, BuildRoute> };
const { fullPath, adminRoutes, adminPaths, snapshot } = adminRouteSweep(build.routes, dbQuery);

test.describe("admin route sweep (roles)", () => {
  test("every admin route of the build has its line in the staff guard's table and in the role matrix", () => {
    for (const p of adminPaths) {
      expect(policyFor(p), `ROUTE_POLICY has no entry for ${p}`).toBeDefined();
      expect(EXPECTED[p], `the role matrix of this spec has no line for ${p}`).toBeDefined();
      // and the same for its client data request
      expect(policyFor(`${p}.data`), `${p}.data`).toBe(policyFor(p));
    }
  });

  const roles: { label: string; letter: string; account: E2EAccount }[] = [
    { label: "dentiste", letter: "D", account: E2E_DENTIST },
    { label: "assistant(e)", letter: "S", account: E2E_ASSISTANT },
  ];

  for (const { label, letter, account } of roles) {
    test(`as ${label}: every route and intent answers 403 exactly where the role may not, and a 403 changes nothing`, async ({ page, baseURL }) => {
      test.setTimeout(240_000);
      await loginAsStaff(page, "/admin/agenda", account);
      const request: APIRequestContext = page.request;
      const headers = { Origin: baseURL! };
      const dataRoutes = new Set(adminRoutes.filter((r) => r.module.default).map(fullPath));

      const start = snapshot();
      for (const p of adminPaths) {
        const expected = EXPECTED[p];
        const variants = dataRoutes.has(p) ? [p, `${p}.data`] : [p];

        // the requests the role may not make: refused before anything runs
        const before = snapshot();
        for (const url of variants) {
          if (!expected.view.includes(letter)) {
            const res = await request.get(url, { maxRedirects: 0 });
            expect(res.status(), `GET ${url} as ${label}`).toBe(403);
            if (url === p && dataRoutes.has(p)) expect(await res.text()).toContain("Accès non autorisé");
          }
          for (const form of bodies()) {
            const allowed = (expected.intents?.[form.intent] ?? expected.post).includes(letter);
            if (allowed) continue;
            const res = await request.post(url, { form, headers, maxRedirects: 0 });
            expect(res.status(), `POST ${url} intent=${form.intent} as ${label}`).toBe(403);
          }
        }
        expect(snapshot(), `a refused request to ${p} changed the database`).toBe(before);

        // the requests it may make: not refused by the guard (the action answers them itself)
        for (const url of variants.map(harmlessPath)) {
          if (expected.view.includes(letter)) {
            const res = await request.get(url, { maxRedirects: 0 });
            expect(res.status(), `GET ${url} as ${label}`).not.toBe(403);
            expect(res.status(), `GET ${url} as ${label}`).toBeLessThan(500);
          }
          for (const form of bodies()) {
            const allowed = (expected.intents?.[form.intent] ?? expected.post).includes(letter);
            if (!allowed) continue;
            const res = await request.post(url, { form: harmless(form), headers, maxRedirects: 0 });
            expect(res.status(), `POST ${url} intent=${form.intent} as ${label}`).not.toBe(403);
            expect(res.status(), `POST ${url} intent=${form.intent} as ${label}`).toBeLessThan(500);
          }
        }
      }
      // the allowed requests were refused by their actions: the other specs find the database as it was
      expect(snapshot()).toBe(start);
    });
  }
});
