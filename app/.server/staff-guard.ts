import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestInfo, staffContext } from "~/context";
import { peekForm } from "~/lib/form-body";
import { can, permissionsOf, roleLabel, type Permission } from "~/lib/permissions";
import { getDb } from "./db";
import { log } from "./log";
import { getTeamSettings, roleOptions, twoFactorRequired } from "./repos/team";
import { getStaffSession, type StaffSession } from "./session";

/**
 * The one guard of the staff area: the middleware of the `admin` route, so it runs before every
 * admin loader and action (documents, client data requests, fetchers and resource routes alike).
 * See docs/decisions/004-one-form-stack-one-guard.md and 010-staff-roles-2fa-audit.md.
 *
 * 1. Without a valid session a page request (GET/HEAD) is redirected to /login?redirectTo=…, any
 *    other method gets 401 and nothing runs.
 * 2. An account that must change its one-time password, or that must set up two-factor sign-in
 *    (administrators always, everyone when the team setting says so), opens only Mon compte.
 * 3. Every request needs the permissions that `ROUTE_POLICY` gives its path and, for a POST, its
 *    `intent`: a path missing from the table is refused (a new screen must be added to it), and
 *    a request that lacks a permission gets 403 and the French page, before any loader or action.
 * Every answer to a signed-in staff member carries `Cache-Control: private, no-store`.
 */

/** What a request needs: one or more permissions, possibly read from the posted form. */
type Need = Permission[] | ((form: FormData) => Permission[]);

export interface RoutePolicy {
  /** what opening the page (GET/HEAD) needs */
  view: Permission[];
  /** what each posted intent needs, on top of `view` */
  intents?: Record<string, Need>;
  /** an intent absent from `intents` (the action answers 400): the strictest of the screen */
  otherwise?: Permission[];
}

/** Prices are written by a form that carries `prixtotal`/`prixpay`: those need `appointment:price`. */
const withPrices =
  (base: Permission): Need =>
  (form) =>
    form.has("prixtotal") || form.has("prixpay") ? [base, "appointment:price"] : [base];

const FRONT_DESK: Record<string, Need> = {
  status: ["appointment:update"],
  move: ["appointment:update"],
  book: ["appointment:create"],
  // 'Encaisser': whoever may mark 'Honoré' (ADR 021); it posts no prixtotal/prixpay
  pay: ["appointment:update"],
};

/**
 * Every staff path (a `:param` matches one segment) and what it needs. The route sweep test
 * (tests/http/admin-route-sweep-roles.test.ts) checks that every admin route of the build is here.
 */
export const ROUTE_POLICY: Record<string, RoutePolicy> = {
  "/admin": { view: [] },
  "/admin/account": { view: [], otherwise: [] },
  "/admin/agenda": { view: ["agenda:read"], intents: FRONT_DESK, otherwise: ["appointment:update"] },
  "/admin/creneaux": { view: ["agenda:read"] },
  // an appointment's card, loaded when the agenda opens it (the agenda's own reading)
  "/admin/agenda/rdv/:id": { view: ["agenda:read"] },
  "/admin/appointments": {
    view: ["appointment:read"],
    intents: { ...FRONT_DESK, create: withPrices("appointment:create"), update: withPrices("appointment:update") },
    otherwise: ["appointment:update"],
  },
  "/admin/rappels": {
    view: ["appointment:read"],
    intents: { reminded: ["reminder:send"], template: ["template:update"] },
    otherwise: ["template:update"],
  },
  // the waiting list (issue 31): who reads appointments sees it; adding books nothing yet, removing changes an entry
  "/admin/liste-attente": {
    view: ["appointment:read"],
    intents: { "waitlist-add": ["appointment:create"], "waitlist-remove": ["appointment:update"] },
    otherwise: ["appointment:update"],
  },
  // 'Suivis à proposer' (issue 31): the list for whoever reads appointments; the intervals with the schedule's right
  "/admin/suivis": {
    view: ["appointment:read"],
    intents: {
      "recall-sent": ["reminder:send"],
      "recall-optout": ["patient:update"],
      "recall-optin": ["patient:update"],
      "recall-intervals": ["schedule:update"],
      "recall-template": ["template:update"],
    },
    otherwise: ["schedule:update", "template:update"],
  },
  "/admin/patients": { view: ["patient:read"] },
  "/admin/patients/:id": {
    view: ["patient:read"],
    intents: { notes: ["patient:update"], language: ["patient:update"], merge: ["patient:merge"], erase: ["patient:erase"], "account-pay": ["payment:take"] },
    otherwise: ["patient:erase"],
  },
  // the patient's 'Relevé de compte' (print page and PDF)
  "/admin/patients/:id/releve": { view: ["patient:read", "payment:take"] },
  "/admin/patients/:id/releve/pdf": { view: ["patient:read", "payment:take"] },
  "/admin/patients/:id/export": { view: ["patient:read", "patient:export"] },
  "/admin/horaires": { view: ["schedule:read"], otherwise: ["schedule:update"] },
  "/admin/blog": {
    view: ["blog:manage"],
    intents: { create: ["blog:manage"], update: ["blog:manage"], delete: ["blog:delete"] },
    otherwise: ["blog:delete"],
  },
  "/admin/formations": {
    view: ["formation:read"],
    intents: { create: ["formation:manage"], update: ["formation:manage"], delete: ["formation:delete"], status: ["enrollment:update"] },
    otherwise: ["formation:delete"],
  },
  "/admin/formations/:id/inscriptions.csv": { view: ["formation:read", "enrollment:export"] },
  // issue 31: the dated sessions of a formation, their enrolments' payments
  "/admin/formations/:id/sessions": { view: ["formation:read"], intents: { save: ["formation:manage"], pay: ["payment:take"], withdraw: ["formation:manage"], delete: ["formation:manage"] }, otherwise: ["formation:manage"] },
  "/admin/equipe": { view: ["staff:manage"], otherwise: ["staff:manage"] },
  "/admin/journal": { view: ["audit:read"], otherwise: ["audit:read"] },
  "/admin/clinique": { view: ["content:manage"], otherwise: ["content:manage"] },
  "/admin/photos": { view: ["content:manage"], otherwise: ["content:manage"] },
  "/admin/galerie": { view: ["content:manage"], otherwise: ["content:manage"] },
  "/admin/emails": { view: ["outbox:manage"], otherwise: ["outbox:manage"] },
  "/admin/formations/:id/inscriptions.xlsx": { view: ["formation:read", "enrollment:export"] },
  // the reports (money included): administrators and dentists, never an assistant (ADR 024)
  "/admin/rapports": { view: ["report:read"] },
  "/admin/rapports.xlsx": { view: ["report:read"] },
  // money (issue 29, ADR 026): acts and quotes for dentists and administrators (assistants with the
  // team setting for prices: quotes only); payments and receipts for every role; cancelling a
  // receipt and closing the cash for administrators
  "/admin/actes": { view: ["act:manage"], otherwise: ["act:manage"] },
  "/admin/devis": { view: ["quote:manage"], otherwise: ["quote:manage"] },
  "/admin/devis/:id": { view: ["quote:manage"], otherwise: ["quote:manage"] },
  "/admin/devis/:id/pdf": { view: ["quote:manage"] },
  // the payment plan of an accepted quote
  "/admin/devis/:id/echeancier": { view: ["quote:manage"], otherwise: ["quote:manage"] },
  "/admin/recus/:id": { view: ["payment:take"], intents: { cancel: ["payment:cancel"] }, otherwise: ["payment:cancel"] },
  "/admin/recus/:id/pdf": { view: ["payment:take"] },
  "/admin/caisse": { view: ["payment:take"], intents: { close: ["cash:close"] }, otherwise: ["cash:close"] },
  "/admin/caisse.xlsx": { view: ["payment:take"] },
  // a course session's attendance (every role marks it) and its certificates (issue 31, ADR 028)
  "/admin/presences/:id": {
    view: ["formation:read"],
    intents: { mark: ["attendance:mark"], issue: ["certificate:issue"], resend: ["certificate:issue"], revoke: ["certificate:issue"] },
    otherwise: ["certificate:issue"],
  },
  "/admin/presences/:id/attestations.pdf": { view: ["formation:read"] },
  "/admin/attestations/:id/pdf": { view: ["formation:read"] },
};

/** The policy of a path, or undefined: the path is not a known staff screen. */
export function policyFor(pathname: string): RoutePolicy | undefined {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const segments = path.split("/");
  for (const [pattern, policy] of Object.entries(ROUTE_POLICY)) {
    const parts = pattern.split("/");
    if (parts.length !== segments.length) continue;
    if (parts.every((p, i) => (p.startsWith(":") ? segments[i] !== "" : p === segments[i]))) return policy;
  }
  return undefined;
}

/**
 * The staff screens (paths without a parameter or an extension) these permissions open: the
 * staff navigation shows exactly these of its links (app/components/admin/shell/nav.ts), so a
 * link never leads to a 403 and a new screen appears once its path is in ROUTE_POLICY. While a
 * password change or the two-factor set-up is due, only Mon compte.
 */
export function openablePaths(permissions: readonly string[], pending = false): string[] {
  return Object.entries(ROUTE_POLICY)
    .filter(([path, policy]) => !path.includes(":") && !/\.\w+$/.test(path) && policy.view.every((p) => can(permissions, p)))
    .filter(([path]) => !pending || PENDING_PATHS.has(path))
    .map(([path]) => path);
}

/**
 * The permissions a request needs, from its path, its method and (for a POST) its form. The path is
 * the page's (React Router's `url` argument: no `.data` of a data request, future.v8_passThroughRequests).
 */
export async function permissionsNeeded(request: Request, pathname: string = new URL(request.url).pathname): Promise<Permission[] | null> {
  const policy = policyFor(pathname);
  if (!policy) return null;
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return policy.view;
  let form: FormData;
  try {
    form = await peekForm(request);
  } catch {
    // the root middleware has already answered 400 to a body that is not a form
    return [...policy.view, ...(policy.otherwise ?? [])];
  }
  const intent = form.get("intent");
  const need = typeof intent === "string" ? policy.intents?.[intent] : undefined;
  const extra = need === undefined ? (policy.otherwise ?? []) : typeof need === "function" ? need(form) : need;
  return [...policy.view, ...extra];
}

/** Paths that open while a password change or the two-factor set-up is pending. */
const PENDING_PATHS = new Set(["/admin/account"]);

function forbidden(staff: StaffSession, request: Request, url: URL, permission: Permission | "setup") {
  log.warn({ event: "staff_forbidden", userId: staff.userId, role: staff.role, permission, method: request.method, path: url.pathname }, "staff request refused: permission");
  return data({ reason: "forbidden" as const, role: roleLabel(staff.role) }, { status: 403 });
}

export const staffGuard: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const session = await getStaffSession(request);
  const method = request.method.toUpperCase();
  const isRead = method === "GET" || method === "HEAD";
  if (!session) {
    if (isRead) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    throw data({ reason: "session" as const, redirectTo: url.pathname }, { status: 401 });
  }
  const settings = await getTeamSettings(getDb());
  const staff: StaffSession = { ...session, permissions: permissionsOf(session.role, roleOptions(settings)), ip: context.get(requestInfo).clientIp };

  const path = url.pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  const pending = staff.mustChangePassword || (twoFactorRequired(staff.role, settings) && !staff.twoFactorEnabled);
  if (pending && !PENDING_PATHS.has(path)) {
    if (isRead) throw redirect("/admin/account");
    throw forbidden(staff, request, url, "setup");
  }

  const needed = await permissionsNeeded(request, url.pathname);
  if (needed === null) throw data({ message: "Page introuvable." }, { status: 404 });
  const missing = needed.find((p) => !can(staff.permissions, p));
  if (missing) throw forbidden(staff, request, url, missing);

  context.set(staffContext, { ...staff, pending });
  const response = await next();
  // Staff pages, their data requests and exports hold patient data: never kept by a cache.
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** The signed-in staff member of an admin loader or action (set by `staffGuard`). */
export function getStaff(context: Readonly<RouterContextProvider>): StaffSession {
  const staff = context.get(staffContext);
  // Only reachable if a route outside the admin tree calls it: a programming error.
  if (!staff) throw new Error("getStaff() called outside the staff area");
  return staff;
}
