import { beforeEach, expect, it, vi } from "vitest";
import { createAppointment } from "~/.server/repos/appointments";
import { insertStaff } from "~/.server/repos/staff";
import { DEFAULT_TEAM_SETTINGS, saveTeamSettings } from "~/.server/repos/team";
import { startSession } from "~/.server/session";
import { ROUTE_POLICY, staffGuard } from "~/.server/staff-guard";
import { createLoadContext, staffContext } from "~/context";
import { action as appointmentsAction } from "~/routes/admin.appointments";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";

/**
 * The permission matrix (docs/product.md, "Staff roles"; issue 13): for every path of the staff
 * guard's table and every intent it names (and the intents its screen's action knows, and one
 * it does not), each role gets 403 exactly when the role lacks what the request needs, and the
 * route runs otherwise. The expected answers are written by hand from the roles' definitions —
 * 'Administrateur' everything; 'Dentiste' everything but staff accounts, the audit log and the
 * outbox; 'Assistant(e)' the agenda, appointments (prices read-only unless the team allows
 * them), reminders, patients without export or erasure, the schedule and the formations read-only
 * — never computed from permissionsOf, so a wrong table fails here.
 *
 * Who may: A = administrator, D = dentist, S = assistant, P = assistant when the team setting
 * 'Prix modifiables par les assistant(e)s' is on.
 */
type Who = "A" | "D" | "S" | "P";
interface Row {
  /** the policy pattern of ROUTE_POLICY the request falls under */
  pattern: string;
  method: "GET" | "POST";
  /** the URL asked (a `:param` filled in) */
  url: string;
  /** the posted intent ("" = none); undefined for a GET */
  intent?: string;
  /** other posted fields (prices, for instance) */
  fields?: Record<string, string>;
  /** who gets through; everyone else gets 403 */
  allowed: string;
}

const ALL = "ADSP";
const CLINICAL_LEADS = "AD";
const ADMIN = "A";
const PRICES = { prixtotal: "15000", prixpay: "0" };

const get = (pattern: string, allowed: string, url = pattern): Row => ({ pattern, method: "GET", url, allowed });
const post = (pattern: string, intent: string, allowed: string, o: { url?: string; fields?: Record<string, string> } = {}): Row => ({
  pattern,
  method: "POST",
  url: o.url ?? pattern,
  intent,
  fields: o.fields,
  allowed,
});

const PATIENT = "/admin/patients/7";
const EXPORT = "/admin/patients/7/export?format=csv";
const CSV = "/admin/formations/3/inscriptions.csv";

/** Written by hand from the issue's role definitions. */
const MATRIX: Row[] = [
  get("/admin", ALL),
  post("/admin", "", ALL),

  get("/admin/account", ALL),
  post("/admin/account", "password", ALL),
  post("/admin/account", "", ALL),

  get("/admin/agenda", ALL),
  post("/admin/agenda", "status", ALL),
  post("/admin/agenda", "move", ALL),
  post("/admin/agenda", "book", ALL),
  // 'Encaisser': whoever may mark 'Honoré' (ADR 021), the assistant included, prices or not
  post("/admin/agenda", "pay", ALL, { fields: { id: "1", amount: "5000", mode: "especes" } }),
  post("/admin/agenda", "inconnue", ALL),

  get("/admin/creneaux", ALL, "/admin/creneaux?service=Orthodontie&date=2031-01-04"),
  post("/admin/creneaux", "", ALL),

  get("/admin/agenda/rdv/:id", ALL, "/admin/agenda/rdv/1"),
  post("/admin/agenda/rdv/:id", "", ALL, { url: "/admin/agenda/rdv/1" }),

  get("/admin/appointments", ALL),
  post("/admin/appointments", "status", ALL),
  post("/admin/appointments", "move", ALL),
  post("/admin/appointments", "book", ALL),
  post("/admin/appointments", "pay", ALL, { fields: { id: "1", amount: "5000", mode: "cib" } }),
  post("/admin/appointments", "create", ALL),
  post("/admin/appointments", "create", "ADP", { fields: PRICES }),
  post("/admin/appointments", "create", "ADP", { fields: { prixtotal: "" } }),
  post("/admin/appointments", "update", ALL, { fields: { id: "1", progress: "Devis" } }),
  post("/admin/appointments", "update", "ADP", { fields: { id: "1", ...PRICES } }),
  post("/admin/appointments", "update", "ADP", { fields: { id: "1", prixpay: "500" } }),
  post("/admin/appointments", "inconnue", ALL),

  get("/admin/rappels", ALL),
  post("/admin/rappels", "reminded", ALL),
  post("/admin/rappels", "template", CLINICAL_LEADS),
  post("/admin/rappels", "inconnue", CLINICAL_LEADS),

  // 'Suivis à proposer' (issue 31): relance and 'Ne plus me rappeler' for everyone, intervals and templates for the clinical leads
  get("/admin/suivis", ALL),
  post("/admin/suivis", "recall-sent", ALL),
  post("/admin/suivis", "recall-optout", ALL),
  post("/admin/suivis", "recall-optin", ALL),
  post("/admin/suivis", "recall-intervals", CLINICAL_LEADS),
  post("/admin/suivis", "recall-template", CLINICAL_LEADS),
  post("/admin/suivis", "inconnue", CLINICAL_LEADS),

  get("/admin/patients", ALL),
  get("/admin/patients", ALL, "/admin/patients?q=amina&page=2"),
  post("/admin/patients", "", ALL),

  get("/admin/patients/:id", ALL, PATIENT),
  get("/admin/patients/:id", ALL, `${PATIENT}?fusion=karim`),
  post("/admin/patients/:id", "notes", ALL, { url: PATIENT }),
  post("/admin/patients/:id", "language", ALL, { url: PATIENT }),
  post("/admin/patients/:id", "merge", ALL, { url: PATIENT }),
  post("/admin/patients/:id", "account-pay", ALL, { url: PATIENT }),
  post("/admin/patients/:id", "erase", CLINICAL_LEADS, { url: PATIENT }),
  post("/admin/patients/:id", "inconnue", CLINICAL_LEADS, { url: PATIENT }),
  post("/admin/patients/:id", "", CLINICAL_LEADS, { url: PATIENT }),

  get("/admin/patients/:id/export", CLINICAL_LEADS, EXPORT),
  get("/admin/patients/:id/export", CLINICAL_LEADS, "/admin/patients/7/export?format=json"),
  post("/admin/patients/:id/export", "", CLINICAL_LEADS, { url: EXPORT }),

  get("/admin/horaires", ALL),
  // every form of the schedule screen writes: the schedule's 'otherwise'
  ...["hours", "exception-add", "exception-delete", "services", "settings", "contact", "inconnue"].map((intent) => post("/admin/horaires", intent, CLINICAL_LEADS)),

  get("/admin/blog", CLINICAL_LEADS),
  post("/admin/blog", "create", CLINICAL_LEADS),
  post("/admin/blog", "update", CLINICAL_LEADS),
  post("/admin/blog", "delete", CLINICAL_LEADS),
  post("/admin/blog", "inconnue", CLINICAL_LEADS),

  get("/admin/formations", ALL),
  get("/admin/formations", ALL, "/admin/formations?inscriptions=3"),
  post("/admin/formations", "create", CLINICAL_LEADS),
  post("/admin/formations", "update", CLINICAL_LEADS),
  post("/admin/formations", "delete", CLINICAL_LEADS),
  post("/admin/formations", "status", CLINICAL_LEADS),
  post("/admin/formations", "inconnue", CLINICAL_LEADS),

  get("/admin/formations/:id/inscriptions.csv", CLINICAL_LEADS, CSV),
  get("/admin/formations/:id/inscriptions.csv", CLINICAL_LEADS, "/admin/formations/sans-session/inscriptions.csv"),
  post("/admin/formations/:id/inscriptions.csv", "", CLINICAL_LEADS, { url: CSV }),

  get("/admin/equipe", ADMIN),
  ...["create", "role", "disable", "enable", "password", "2fa", "settings", "inconnue"].map((intent) => post("/admin/equipe", intent, ADMIN)),

  get("/admin/journal", ADMIN),
  get("/admin/journal", ADMIN, "/admin/journal?action=patient.export&page=2"),
  post("/admin/journal", "", ADMIN),

  // the site's content (issue 14): administrators and dentists
  get("/admin/clinique", CLINICAL_LEADS),
  ...["identity", "legal", "inconnue", ""].map((intent) => post("/admin/clinique", intent, CLINICAL_LEADS)),
  get("/admin/photos", CLINICAL_LEADS),
  ...["upload", "remove", "alt", "inconnue"].map((intent) => post("/admin/photos", intent, CLINICAL_LEADS)),
  get("/admin/galerie", CLINICAL_LEADS),
  ...["case-create", "case-update", "withdraw", "review-create", "review-delete", "inconnue"].map((intent) => post("/admin/galerie", intent, CLINICAL_LEADS)),
  get("/admin/formations/:id/inscriptions.xlsx", CLINICAL_LEADS, "/admin/formations/3/inscriptions.xlsx"),
  post("/admin/formations/:id/inscriptions.xlsx", "", CLINICAL_LEADS, { url: "/admin/formations/3/inscriptions.xlsx" }),
  // the reports show money: administrators and dentists, never an assistant (with the price setting or not)
  get("/admin/rapports", CLINICAL_LEADS, "/admin/rapports?du=2026-11-01&au=2026-11-30&pas=semaine"),
  post("/admin/rapports", "", CLINICAL_LEADS),
  get("/admin/rapports.xlsx", CLINICAL_LEADS, "/admin/rapports.xlsx?rapport=production"),
  post("/admin/rapports.xlsx", "", CLINICAL_LEADS),

  // money (issue 29): acts for dentists and administrators; quotes also for an assistant with the
  // price setting (P); payments and receipts for everyone; cancelling a receipt and closing the cash: administrators
  get("/admin/actes", CLINICAL_LEADS),
  post("/admin/actes", "save", CLINICAL_LEADS),
  get("/admin/devis", "ADP"),
  post("/admin/devis", "create", "ADP"),
  get("/admin/devis/:id", "ADP", "/admin/devis/4"),
  post("/admin/devis/:id", "save", "ADP", { url: "/admin/devis/4" }),
  post("/admin/devis/:id", "propose", "ADP", { url: "/admin/devis/4" }),
  get("/admin/devis/:id/pdf", "ADP", "/admin/devis/4/pdf"),
  get("/admin/devis/:id/echeancier", "ADP", "/admin/devis/4/echeancier"),
  post("/admin/devis/:id/echeancier", "save", "ADP", { url: "/admin/devis/4/echeancier" }),
  post("/admin/devis/:id/pdf", "", "ADP", { url: "/admin/devis/4/pdf" }),
  get("/admin/recus/:id", ALL, "/admin/recus/9"),
  post("/admin/recus/:id", "cancel", ADMIN, { url: "/admin/recus/9" }),
  post("/admin/recus/:id", "", ADMIN, { url: "/admin/recus/9" }),
  get("/admin/recus/:id/pdf", ALL, "/admin/recus/9/pdf"),
  post("/admin/recus/:id/pdf", "", ALL, { url: "/admin/recus/9/pdf" }),
  get("/admin/caisse", ALL, "/admin/caisse?jour=2026-11-28"),
  post("/admin/caisse", "close", ADMIN),
  post("/admin/caisse", "", ADMIN),
  get("/admin/caisse.xlsx", ALL, "/admin/caisse.xlsx?jour=2026-11-28"),
  post("/admin/caisse.xlsx", "", ALL),
  get("/admin/patients/:id/releve", ALL, `${PATIENT}/releve`),
  post("/admin/patients/:id/releve", "", ALL, { url: `${PATIENT}/releve` }),
  get("/admin/patients/:id/releve/pdf", ALL, `${PATIENT}/releve/pdf`),
  post("/admin/patients/:id/releve/pdf", "", ALL, { url: `${PATIENT}/releve/pdf` }),

  // issue 31: the waiting list, a formation's sessions, a session's attendance and its certificates
  get("/admin/liste-attente", ALL),
  ...["waitlist-add", "waitlist-remove", "inconnue"].map((intent) => post("/admin/liste-attente", intent, ALL)),
  get("/admin/formations/:id/sessions", ALL, "/admin/formations/3/sessions"),
  post("/admin/formations/:id/sessions", "save", CLINICAL_LEADS, { url: "/admin/formations/3/sessions" }),
  post("/admin/formations/:id/sessions", "pay", ALL, { url: "/admin/formations/3/sessions" }),
  post("/admin/formations/:id/sessions", "withdraw", CLINICAL_LEADS, { url: "/admin/formations/3/sessions" }),
  post("/admin/formations/:id/sessions", "delete", CLINICAL_LEADS, { url: "/admin/formations/3/sessions" }),
  post("/admin/formations/:id/sessions", "inconnue", CLINICAL_LEADS, { url: "/admin/formations/3/sessions" }),
  get("/admin/presences/:id", ALL, "/admin/presences/4"),
  post("/admin/presences/:id", "mark", ALL, { url: "/admin/presences/4" }),
  ...["issue", "resend", "revoke", "inconnue"].map((intent) => post("/admin/presences/:id", intent, CLINICAL_LEADS, { url: "/admin/presences/4" })),
  get("/admin/presences/:id/attestations.pdf", ALL, "/admin/presences/4/attestations.pdf"),
  post("/admin/presences/:id/attestations.pdf", "", ALL, { url: "/admin/presences/4/attestations.pdf" }),
  get("/admin/attestations/:id/pdf", ALL, "/admin/attestations/4/pdf"),
  post("/admin/attestations/:id/pdf", "", ALL, { url: "/admin/attestations/4/pdf" }),

  // the outbox: administrators only
  get("/admin/emails", ADMIN),
  ...["retry", "inconnue"].map((intent) => post("/admin/emails", intent, ADMIN)),
];

/** Runs the admin route's middleware as React Router does. */
async function guard(row: Row, cookie: string, dataRequest = false) {
  const u = new URL(`http://clinic.test${row.url}`);
  if (dataRequest) u.pathname = `${u.pathname}.data`;
  let body: FormData | undefined;
  if (row.method === "POST") {
    body = new FormData();
    if (row.intent) body.set("intent", row.intent);
    for (const [k, v] of Object.entries(row.fields ?? {})) body.set(k, v);
  }
  const request = new Request(u, { method: row.method, headers: { Cookie: cookie }, body });
  const context = createLoadContext({ nonce: "", clientIp: "127.0.0.1" });
  const next = vi.fn(async () => new Response("ok"));
  const thrown = await Promise.resolve(staffGuard({ request, url: new URL(request.url), context, params: {}, unstable_pattern: "/admin" } as never, next)).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { thrown, next };
}

const label = (row: Row, who: Who) => `${who} ${row.method} ${row.url}${row.intent !== undefined ? ` intent=${row.intent || "(aucun)"}` : ""}${row.fields ? ` ${Object.keys(row.fields).join(",")}` : ""}`;
const ROLE_LABEL: Record<Who, string> = { A: "Administrateur", D: "Dentiste", S: "Assistant(e)", P: "Assistant(e)" };

it("the matrix covers every path of the guard's table and every intent the table names", () => {
  expect([...new Set(MATRIX.map((r) => r.pattern))].sort()).toEqual(Object.keys(ROUTE_POLICY).sort());
  for (const [pattern, policy] of Object.entries(ROUTE_POLICY)) {
    expect(MATRIX.some((r) => r.pattern === pattern && r.method === "GET"), `GET ${pattern}`).toBe(true);
    expect(MATRIX.some((r) => r.pattern === pattern && r.method === "POST"), `POST ${pattern}`).toBe(true);
    for (const intent of Object.keys(policy.intents ?? {})) {
      expect(MATRIX.some((r) => r.pattern === pattern && r.intent === intent), `${pattern} intent ${intent}`).toBe(true);
    }
  }
});

describeEachEngine("permission matrix of the staff guard", { appDb: true }, (t) => {
  let cookies: Record<"A" | "D" | "S", string>;

  beforeEach(async () => {
    const make = async (role: string) => {
      const user = await insertStaff(t.h, `${role}@clinique.test`, "not-a-real-hash", role);
      // two-factor set up: the gate of Mon compte is another test's subject (staff-guard.test.ts)
      await t.h.db.updateTable("staff_users").set({ totp_enabled_at: new Date().toISOString() }).where("id", "=", Number(user.id)).execute();
      return (await startSession(new Request("http://clinic.test/login"), Number(user.id), t.h)).split(";")[0];
    };
    cookies = { A: await make("admin"), D: await make("dentist"), S: await make("assistant") };
  });

  async function check(who: Who, cookie: string) {
    for (const row of MATRIX) {
      const { thrown, next } = await guard(row, cookie);
      if (row.allowed.includes(who)) {
        expect(thrown, label(row, who)).toBeUndefined();
        expect(next, label(row, who)).toHaveBeenCalledTimes(1);
      } else {
        expect(thrown, label(row, who)).toMatchObject({ init: { status: 403 }, data: { reason: "forbidden", role: ROLE_LABEL[who] } });
        expect(next, label(row, who)).not.toHaveBeenCalled();
      }
    }
  }

  it("each role gets 403 exactly where the matrix says, and the route runs everywhere else", async () => {
    await check("A", cookies.A);
    await check("D", cookies.D);
    await check("S", cookies.S);
  });

  it("with 'Prix modifiables par les assistant(e)s', an assistant may post prices and nothing more", async () => {
    await saveTeamSettings(t.h, { ...DEFAULT_TEAM_SETTINGS, assistantCanEditPrices: true });
    await check("P", cookies.S);
    // the dentist is not changed by the setting
    await check("D", cookies.D);
  });

  it("a client data request (*.data, fetchers and <Form> with JavaScript) is judged the same", async () => {
    for (const row of MATRIX.filter((r) => ["/admin/blog", "/admin/patients/:id", "/admin/equipe", "/admin/rappels"].includes(r.pattern))) {
      const { thrown, next } = await guard(row, cookies.S, true);
      if (row.allowed.includes("S")) expect(next, label(row, "S")).toHaveBeenCalledTimes(1);
      else expect(thrown, label(row, "S")).toMatchObject({ init: { status: 403 } });
    }
  });
});

describeEachEngine("an assistant's appointment forms without prices", { appDb: true }, (t) => {
  const context = (role: string) => {
    const c = createLoadContext({ nonce: "", clientIp: "203.0.113.7" });
    c.set(staffContext, staffSession({ userId: userId, email: `${role}@clinique.test`, role }));
    return c;
  };
  let userId: number;
  const submit = async (fields: Record<string, string>, role = "assistant") => {
    const request = new Request("http://clinic.test/admin/appointments", { method: "POST", body: new URLSearchParams(fields) });
    const r = (await appointmentsAction({ request, params: {}, context: context(role) } as never)) as { data: { ok: boolean; result?: { error?: Record<string, string[]> } }; init: { status?: number } | null };
    return { ok: r.data.ok, status: r.init?.status ?? 200, errors: r.data.result?.error ?? {} };
  };
  const add = { intent: "create", name: "Karim Saidi", phone: "0550 12 34 56", service: "Orthodontie", date: "2031-05-06", time: "10:00", progress: "Première visite", forced: "on" };

  beforeEach(async () => {
    userId = Number((await insertStaff(t.h, "assistant@clinique.test", "not-a-real-hash", "assistant")).id);
  });

  it("the add form without price fields stores the appointment without prices ('Non renseigné')", async () => {
    expect(await submit({ ...add, submission_key: crypto.randomUUID() })).toMatchObject({ ok: true, status: 200 });
    const row = await t.h.db.selectFrom("appointments").selectAll().where("name", "=", "Karim Saidi").executeTakeFirstOrThrow();
    expect(row.prixtotal).toBeNull();
    expect(row.prixpay).toBeNull();
    expect(row.progress).toBe("Première visite");
  });

  it("a form with price fields still requires them (the dentist's form)", async () => {
    const r = await submit({ ...add, prixtotal: "", prixpay: "", submission_key: crypto.randomUUID() }, "dentist");
    expect(r.status).toBe(400);
    expect(r.errors.prixtotal?.[0]).toBe("Veuillez indiquer le prix total.");
    expect(await t.h.db.selectFrom("appointments").selectAll().execute()).toHaveLength(0);
  });

  it("the card's edit without price fields leaves the stored prices as they are", async () => {
    const { appointment } = await createAppointment(t.h, { name: "Amina Benali", email: null, phone: "0550 98 76 54", service: "Orthodontie", date: "2031-05-07", time: "09:00", prixtotal: 2_000_000, prixpay: 500_000 });
    const id = String(appointment.id);
    expect(await submit({ intent: "update", id, progress: "Bagues posées", tips: "" })).toMatchObject({ ok: true });
    const row = await t.h.db.selectFrom("appointments").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
    expect(row.progress).toBe("Bagues posées");
    expect(Number(row.prixtotal)).toBe(2_000_000);
    expect(Number(row.prixpay)).toBe(500_000);
    // no price change in the audit log either
    expect(await t.h.db.selectFrom("audit_log").selectAll().where("action", "=", "appointment.price").execute()).toHaveLength(0);

    // the same form with price fields (a dentist) empties a price left blank, as before
    expect(await submit({ intent: "update", id, progress: "Bagues posées", prixtotal: "20000", prixpay: "" }, "dentist")).toMatchObject({ ok: true });
    const after = await t.h.db.selectFrom("appointments").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
    expect(after.prixpay).toBeNull();
  });
});
