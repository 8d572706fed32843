import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { policyFor } from "../../app/.server/staff-guard";
import { dbQuery, E2E_ASSISTANT, E2E_DENTIST, loginAsStaff, type E2EAccount } from "./helpers";

/**
 * Every admin route, read from the route config of the build the e2e server runs, refuses a
 * visitor without a session: a GET is redirected to /login (with redirectTo), a POST is
 * answered 401 or 403, and nothing in the database changes. New admin routes are covered
 * automatically: each must also have its line in the staff guard's table (ROUTE_POLICY) and in
 * the role matrix below, and a dentist and an assistant get 403 exactly where their role may not
 * (docs/product.md, "Staff roles").
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
    "team_settings",
    "audit_log",
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

/**
 * Who may, per admin path of the build (D = dentist, S = assistant), written by hand from the
 * roles (issue 13), never read from the guard: `view` for a GET, `post` for any posted intent
 * unless `intents` names it. Every form of bodies() carries prices, so the appointments' create
 * and update need `appointment:price`, which an assistant lacks (team setting off).
 */
const EXPECTED: Record<string, { view: string; post: string; intents?: Record<string, string> }> = {
  "/admin": { view: "DS", post: "DS" },
  "/admin/account": { view: "DS", post: "DS" },
  "/admin/agenda": { view: "DS", post: "DS" },
  "/admin/creneaux": { view: "DS", post: "DS" },
  "/admin/appointments": { view: "DS", post: "DS", intents: { create: "D", update: "D" } },
  "/admin/rappels": { view: "DS", post: "D", intents: { reminded: "DS" } },
  "/admin/patients": { view: "DS", post: "DS" },
  "/admin/patients/1": { view: "DS", post: "D", intents: { notes: "DS", merge: "DS" } },
  "/admin/patients/1/export": { view: "D", post: "D" },
  "/admin/horaires": { view: "DS", post: "D" },
  "/admin/blog": { view: "D", post: "D" },
  "/admin/formations": { view: "DS", post: "D" },
  "/admin/formations/1/inscriptions.csv": { view: "D", post: "D" },
  "/admin/equipe": { view: "", post: "" },
  "/admin/journal": { view: "", post: "" },
  "/admin/clinique": { view: "D", post: "D" },
  "/admin/photos": { view: "D", post: "D" },
  "/admin/galerie": { view: "D", post: "D" },
  "/admin/formations/1/inscriptions.xlsx": { view: "D", post: "D" },
  "/admin/emails": { view: "", post: "" },
};

/**
 * What a request the role may make posts: the same intent and the same price fields (all the
 * guard judges), an unknown id and nothing else, so that the action refuses it (400/404) and the
 * shared e2e database stays as the other specs expect it. A request the role may not make posts
 * the full plausible form: were the guard to let it through, the action would act.
 */
function harmless(form: Record<string, string>): Record<string, string> {
  return { intent: form.intent, id: "999999", other: "999998", prixtotal: form.prixtotal, prixpay: form.prixpay, "d0[0].opens": "xx", "services[0].service": "xx" };
}
const harmlessPath = (p: string) => p.replace(/\/1(?=\/|\.data|$)/, "/999999");

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
