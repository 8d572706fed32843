/**
 * Staff roles and what each may do (docs/product.md, "Staff roles"; ADR 010). The server checks
 * permissions in one place, the staff guard (app/.server/staff-guard.ts), from its table of every
 * admin route and intent; the screens read the same list (usePermissions) only to leave out what
 * one may not do.
 */

export const ROLES = ["admin", "dentist", "assistant"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Administrateur",
  dentist: "Dentiste",
  assistant: "Assistant(e)",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Tout, y compris les comptes du personnel, le journal d'audit, l'annulation des reçus, la clôture de la caisse et les réglages de sécurité.",
  dentist: "Agenda, rendez-vous, patients (export et effacement compris), prix, actes et devis, encaissements et reçus, rapports chiffrés, horaires, identité de la clinique, photos, galerie et avis, blog, formations et inscriptions, exports.",
  assistant: "Agenda, rendez-vous, rappels et patients, sans export ni effacement ; encaissements et reçus ; prix et devis en lecture seule sauf réglage ; ni rapports chiffrés ; ni blog, ni contenu du site, ni modification des formations, ni comptes.",
};

export function isRole(v: unknown): v is Role {
  return typeof v === "string" && (ROLES as readonly string[]).includes(v);
}

export const PERMISSIONS = [
  "agenda:read",
  "appointment:read",
  "appointment:create",
  "appointment:update",
  "appointment:price",
  "reminder:send",
  "template:update",
  "patient:read",
  "patient:update",
  "patient:merge",
  "patient:export",
  "patient:erase",
  "schedule:read",
  "schedule:update",
  "blog:manage",
  "blog:delete",
  "formation:read",
  "formation:manage",
  "formation:delete",
  "enrollment:update",
  "enrollment:export",
  "content:manage",
  "staff:manage",
  "audit:read",
  "outbox:manage",
  "report:read",
  // money (issue 29, ADR 026)
  "act:manage",
  "quote:manage",
  "payment:take",
  "payment:cancel",
  "cash:close",
  "attendance:mark",
  "certificate:issue",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ASSISTANT: Permission[] = [
  "agenda:read",
  "appointment:read",
  "appointment:create",
  "appointment:update",
  "reminder:send",
  "patient:read",
  "patient:update",
  "patient:merge",
  "schedule:read",
  "formation:read",
  "attendance:mark",
  "payment:take",
];

const ADMIN_ONLY: Permission[] = ["staff:manage", "audit:read", "outbox:manage", "payment:cancel", "cash:close"];

/** The settings that widen a role (team_settings). */
export interface RoleOptions {
  assistantCanEditPrices: boolean;
}

/** Every permission of a role; an unknown role has none. */
export function permissionsOf(role: string, options: RoleOptions): Permission[] {
  if (role === "admin") return [...PERMISSIONS];
  if (role === "dentist") return PERMISSIONS.filter((p) => !ADMIN_ONLY.includes(p));
  // the team setting for prices also opens quotes (never the catalogue of acts)
  if (role === "assistant") return options.assistantCanEditPrices ? [...ASSISTANT, "appointment:price", "quote:manage"] : [...ASSISTANT];
  return [];
}

export function can(permissions: readonly string[] | undefined, permission: Permission): boolean {
  return permissions?.includes(permission) ?? false;
}

/** The French label of a role; an unknown value is shown as is. */
export function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}
