import { afterAll, describe, expect, test } from "vitest";
import { adminRouteSweep, bodies, type BuildRoute } from "../admin-route-matrix";
import { startAppServer } from "./app-server";

/**
 * Every admin route, read from the route config of the build, refuses a visitor without a
 * session: a GET is redirected to /login (with redirectTo), a POST is answered 401 or 403, and
 * nothing in the database changes. New admin routes are covered automatically. The site runs in
 * this process (tests/http/app-server.ts); the sweep for each role, signed in through the
 * login form, is tests/http/admin-route-sweep-roles.test.ts.
 */
const server = await startAppServer();
afterAll(() => server.close());
const baseURL = server.origin;
const { fullPath, adminRoutes, adminPaths, snapshot } = adminRouteSweep(server.build.routes as unknown as Record<string, BuildRoute>, server.dbQuery);

/** A request as Playwright's `request` sent it: no redirect followed, a form encoded as a form. */
async function send(target: string, init: { method?: "GET" | "POST"; form?: Record<string, string> } = {}) {
  const res = await fetch(`${baseURL}${target}`, {
    method: init.method ?? "GET",
    redirect: "manual",
    headers: init.form ? { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" } : {},
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

describe("admin route sweep (no session)", () => {
  test("the route config lists the admin area and its screens", () => {
    for (const p of ["/admin", "/admin/agenda", "/admin/appointments", "/admin/horaires", "/admin/creneaux", "/admin/account", "/admin/rappels", "/admin/patients", "/admin/patients/1", "/admin/patients/1/export"]) expect(adminPaths).toContain(p);
  });

  test("the staff free times (/admin/creneaux) answer nothing without a session, whatever the query", async () => {
    const url = "/admin/creneaux?service=Orthodontie&date=2031-01-04";
    const res = await send(url);
    expect([302, 303]).toContain(res.status);
    expect(res.location).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    expect(res.text).not.toContain("times");
  });

  for (const p of adminPaths) {
    test(`GET ${p} redirects to /login`, async () => {
      const res = await send(p);
      expect([302, 303]).toContain(res.status);
      expect(res.location).toBe(`/login?redirectTo=${encodeURIComponent(p)}`);
    });

    test(`POST ${p} is refused and changes nothing`, async () => {
      const before = snapshot();
      for (const form of bodies()) {
        const res = await send(p, { method: "POST", form });
        expect([401, 403], `POST ${p} intent=${form.intent} answered ${res.status}`).toContain(res.status);
        const index = await send(`${p}?index`, { method: "POST", form });
        expect([401, 403]).toContain(index.status);
      }
      expect(snapshot()).toBe(before);
    });
  }

  // Client-side submissions (fetchers, <Form> with JavaScript) call the actions through *.data.
  for (const route of adminRoutes.filter((r) => r.module.default)) {
    const p = fullPath(route);
    const url = route.index ? `${p === "/" ? "/_root" : p}.data?index` : `${p}.data`;
    test(`GET ${url} (${route.id}) sends a redirect to /login, no data`, async () => {
      const body = (await send(url)).text;
      expect(body).toContain(`/login?redirectTo=${encodeURIComponent(p)}`);
      expect(body).not.toContain("@"); // no e-mail address of a patient or a colleague
    });

    test(`POST ${url} (${route.id}) is refused and changes nothing`, async () => {
      const before = snapshot();
      for (const form of bodies()) {
        const res = await send(url, { method: "POST", form });
        // a route without an action has nothing to run: 405
        const allowed = route.module.action ? [401, 403] : [401, 403, 405];
        expect(allowed, `POST ${url} intent=${form.intent} answered ${res.status}`).toContain(res.status);
      }
      expect(snapshot()).toBe(before);
    });
  }
});

