import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import { dbQuery } from "./helpers";

/**
 * Every admin route, read from the route config of the build the e2e server runs, refuses a
 * visitor without a session: a GET is redirected to /login (with redirectTo), a POST is
 * answered 401 or 403, and nothing in the database changes. New admin routes are covered
 * automatically.
 */
interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { default?: unknown; loader?: unknown; action?: unknown };
}

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as { routes: Record<string, BuildRoute> };
const routes = build.routes;

function fullPath(route: BuildRoute): string {
  const segments: string[] = [];
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) segments.unshift(r.path);
  }
  const joined = segments
    .join("/")
    .split("/")
    .filter(Boolean)
    .flatMap((s) => {
      if (s === "*") return ["x"];
      if (s.startsWith(":")) return s.endsWith("?") ? [] : ["1"]; // a dummy value for every param
      return [s.replace(/\?$/, "")];
    });
  return `/${joined.join("/")}`;
}

const adminRoutes = Object.values(routes).filter((r) => r.id === "routes/admin" || r.id.startsWith("routes/admin.") || r.id.startsWith("routes/admin/"));
const adminPaths = [...new Set(adminRoutes.map(fullPath))].sort();

/** Everything an admin action could change. */
function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of [
    "appointments",
    "appointment_slots",
    "appointment_history",
    "opening_hours",
    "schedule_exceptions",
    "service_settings",
    "schedule_settings",
    "blogs",
    "formations",
    "enrollments",
    "staff_users",
    "outbox",
    "patients",
    "patient_events",
    "message_templates",
  ]) {
    out[table] = dbQuery(`select * from ${table} order by 1`);
  }
  return JSON.stringify(out);
}

/** Plausible form fields of every admin form, so that an unprotected action would act. */
function bodies(): Record<string, string>[] {
  const common = {
    id: "1",
    name: "Intrus",
    email: "intrus@exemple.dz",
    phone: "0550000000",
    service: "Orthodontie",
    date: "2030-01-01",
    time: "10:00",
    prixtotal: "1",
    prixpay: "1",
    progress: "intrus",
    tips: "intrus",
    title: "Intrus",
    content: "Intrus",
    description: "Intrus",
    duration_months: "6",
    max_participants: "10",
    price: "1",
    is_active: "on",
    status: "cancelled",
    to: "cancelled",
    reason: "intrus",
    cancelled_by: "clinic",
    forced: "on",
    label: "Intrus",
    startDate: "2030-01-01",
    endDate: "2030-01-02",
    chairs: "3",
    current: "x",
    next: "Intrus-Mot-De-Passe",
    confirm: "Intrus-Mot-De-Passe",
    channel: "appel",
    key: "whatsapp",
    body: "Intrus {lien}",
    cancelCutoffHours: "1",
    reminderHours: "1",
    retentionMonths: "1",
    notes: "Intrus",
    other: "2",
    confirmation: "EFFACER",
  };
  return ["create", "update", "delete", "status", "move", "book", "toggle", "hours", "exception-add", "exception-delete", "services", "settings", "reminded", "template", "contact", "notes", "merge", "erase", ""].map((intent) => ({ ...common, intent }));
}

test.describe("admin route sweep (no session)", () => {
  test("the route config lists the admin area and its screens", () => {
    for (const p of ["/admin", "/admin/agenda", "/admin/appointments", "/admin/horaires", "/admin/creneaux", "/admin/account", "/admin/rappels", "/admin/patients", "/admin/patients/1", "/admin/patients/1/export"]) expect(adminPaths).toContain(p);
    test.info().annotations.push({ type: "admin routes", description: adminPaths.join(", ") });
  });

  test("the staff free times (/admin/creneaux) answer nothing without a session, whatever the query", async ({ request }) => {
    const url = "/admin/creneaux?service=Orthodontie&date=2031-01-04";
    const res = await request.get(url, { maxRedirects: 0 });
    expect([302, 303]).toContain(res.status());
    expect(res.headers()["location"]).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    expect(await res.text()).not.toContain("times");
  });

  for (const p of adminPaths) {
    test(`GET ${p} redirects to /login`, async ({ request }) => {
      const res = await request.get(p, { maxRedirects: 0 });
      expect([302, 303]).toContain(res.status());
      expect(res.headers()["location"]).toBe(`/login?redirectTo=${encodeURIComponent(p)}`);
    });

    test(`POST ${p} is refused and changes nothing`, async ({ request, baseURL }) => {
      const before = snapshot();
      for (const form of bodies()) {
        const res = await request.post(p, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
        expect([401, 403], `POST ${p} intent=${form.intent} answered ${res.status()}`).toContain(res.status());
        const index = await request.post(`${p}?index`, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
        expect([401, 403]).toContain(index.status());
      }
      expect(snapshot()).toBe(before);
    });
  }

  // Client-side submissions (fetchers, <Form> with JavaScript) call the actions through *.data.
  for (const route of adminRoutes.filter((r) => r.module.default)) {
    const p = fullPath(route);
    const url = route.index ? `${p === "/" ? "/_root" : p}.data?index` : `${p}.data`;
    test(`GET ${url} (${route.id}) sends a redirect to /login, no data`, async ({ request }) => {
      const res = await request.get(url, { maxRedirects: 0 });
      const body = await res.text();
      expect(body).toContain(`/login?redirectTo=${encodeURIComponent(p)}`);
      expect(body).not.toContain("@"); // no e-mail address of a patient or a colleague
    });

    test(`POST ${url} (${route.id}) is refused and changes nothing`, async ({ request, baseURL }) => {
      const before = snapshot();
      for (const form of bodies()) {
        const res = await request.post(url, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
        // a route without an action has nothing to run: 405
        const allowed = route.module.action ? [401, 403] : [401, 403, 405];
        expect(allowed, `POST ${url} intent=${form.intent} answered ${res.status()}`).toContain(res.status());
      }
      expect(snapshot()).toBe(before);
    });
  }
});
