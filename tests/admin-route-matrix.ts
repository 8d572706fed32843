/**
 * The admin routes of a build and what the sweeps post to them (tests/http/admin-route-sweep.test.ts
 * without a session, tests/http/admin-route-sweep-roles.test.ts for each role): every admin route, read
 * from the route config of the build, the plausible forms of every admin action, the role matrix
 * written by hand (docs/product.md, "Staff roles") and a snapshot of everything an action could change.
 */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { default?: unknown; loader?: unknown; action?: unknown };
}


type DbQuery = (sql: string) => unknown[];

export function adminRouteSweep(routes: Record<string, BuildRoute>, dbQuery: DbQuery) {
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
    for (const table of SNAPSHOT_TABLES) out[table] = dbQuery(`select * from ${table} order by 1`);
    return JSON.stringify(out);
  }

  return { fullPath, adminRoutes, adminPaths, snapshot };
}

const SNAPSHOT_TABLES = [
"appointments",
"appointment_slots",
"appointment_history",
"waitlist_entries",
"waitlist_offers",
"payments",
"acts",
"money_counters",
"quotes",
"quote_lines",
"quote_events",
"payment_plans",
"plan_instalments",
"cash_closings",
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
  ];

/** Plausible form fields of every admin form, so that an unprotected action would act. */
export function bodies(): Record<string, string>[] {
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
    amount: "1",
    mode: "especes",
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
    session_id: "1",
    entry_id: "1",
    enrollment_id: "1",
  };
  return ["create", "update", "delete", "status", "move", "book", "pay", "toggle", "hours", "exception-add", "exception-delete", "services", "settings", "reminded", "template", "contact", "notes", "merge", "erase", "account-pay", "cancel", "close", "save", "propose", "recall-sent", "recall-optout", "recall-optin", "recall-intervals", "recall-template", "mark", "issue", "resend", "revoke", "withdraw", ""].map((intent) => ({ ...common, intent }));
}

/**
 * Who may, per admin path of the build (D = dentist, S = assistant), written by hand from the
 * roles (issue 13), never read from the guard: `view` for a GET, `post` for any posted intent
 * unless `intents` names it. Every form of bodies() carries prices, so the appointments' create
 * and update need `appointment:price`, which an assistant lacks (team setting off).
 */
export const EXPECTED: Record<string, { view: string; post: string; intents?: Record<string, string> }> = {
  "/admin": { view: "DS", post: "DS" },
  "/admin/account": { view: "DS", post: "DS" },
  "/admin/agenda": { view: "DS", post: "DS" },
  "/admin/creneaux": { view: "DS", post: "DS" },
  "/admin/agenda/rdv/1": { view: "DS", post: "DS" },
  "/admin/appointments": { view: "DS", post: "DS", intents: { create: "D", update: "D" } },
  "/admin/rappels": { view: "DS", post: "D", intents: { reminded: "DS" } },
  "/admin/liste-attente": { view: "DS", post: "DS" },
  "/admin/suivis": { view: "DS", post: "D", intents: { "recall-sent": "DS", "recall-optout": "DS", "recall-optin": "DS" } },
  "/admin/patients": { view: "DS", post: "DS" },
  "/admin/patients/1": { view: "DS", post: "D", intents: { notes: "DS", language: "DS", merge: "DS", "account-pay": "DS" } },
  "/admin/patients/1/releve": { view: "DS", post: "DS" },
  "/admin/patients/1/releve/pdf": { view: "DS", post: "DS" },
  // money (issue 29): acts and quotes for dentists (assistants only with the price setting), receipts
  // and the day's cash for everyone, cancelling a receipt and closing the cash for administrators
  "/admin/actes": { view: "D", post: "D" },
  "/admin/devis": { view: "D", post: "D" },
  "/admin/devis/1": { view: "D", post: "D" },
  "/admin/devis/1/pdf": { view: "D", post: "D" },
  "/admin/devis/1/echeancier": { view: "D", post: "D" },
  "/admin/recus/1": { view: "DS", post: "" },
  "/admin/recus/1/pdf": { view: "DS", post: "DS" },
  "/admin/caisse": { view: "DS", post: "" },
  "/admin/caisse.xlsx": { view: "DS", post: "DS" },
  "/admin/patients/1/export": { view: "D", post: "D" },
  "/admin/horaires": { view: "DS", post: "D" },
  "/admin/blog": { view: "D", post: "D" },
  "/admin/formations": { view: "DS", post: "D" },
  "/admin/formations/1/inscriptions.csv": { view: "D", post: "D" },
  "/admin/formations/1/sessions": { view: "DS", post: "D", intents: { pay: "DS" } },
  "/admin/equipe": { view: "", post: "" },
  "/admin/journal": { view: "", post: "" },
  "/admin/clinique": { view: "D", post: "D" },
  "/admin/photos": { view: "D", post: "D" },
  "/admin/galerie": { view: "D", post: "D" },
  "/admin/formations/1/inscriptions.xlsx": { view: "D", post: "D" },
  "/admin/emails": { view: "", post: "" },
  "/admin/rapports": { view: "D", post: "D" },
  "/admin/rapports.xlsx": { view: "D", post: "D" },
  // a course session's attendance (every role) and its certificates (dentists and administrators)
  "/admin/presences/1": { view: "DS", post: "D", intents: { mark: "DS" } },
  "/admin/presences/1/attestations.pdf": { view: "DS", post: "DS" },
  "/admin/attestations/1/pdf": { view: "DS", post: "DS" },
};

/**
 * What a request the role may make posts: the same intent and the same price fields (all the
 * guard judges), an unknown id and nothing else, so that the action refuses it (400/404) and the
 * shared e2e database stays as the other specs expect it. A request the role may not make posts
 * the full plausible form: were the guard to let it through, the action would act.
 */
export function harmless(form: Record<string, string>): Record<string, string> {
  return { intent: form.intent, id: "999999", other: "999998", prixtotal: form.prixtotal, prixpay: form.prixpay, "d0[0].opens": "xx", "services[0].service": "xx" };
}
export const harmlessPath = (p: string) => p.replace(/\/1(?=\/|\.data|$)/, "/999999");

