import { AUDIT_ACTIONS, isAuditAction, type AuditAction } from "~/lib/audit-actions";
import { isValidYmd, parseId } from "~/lib/rules";

/**
 * The journal's query (docs/product.md, "Staff: audit log"), read leniently from the URL of its GET
 * form: `compte` (an account id, or `aucun` for the entries without one), `action`, `du` / `au`
 * (calendar days in Africa/Algiers, both included), and the page's position `avant` / `apres`
 * (the id of the entry the page continues from, older or newer). A value that makes no sense is
 * left out and named in a French note; the screen never fails on its URL.
 */

export const JOURNAL_PAGE_SIZE = 50;

/** The account filter: an account's id, or "none" for entries without an account (the site itself, unknown addresses). */
export type JournalAccount = number | "none" | null;

export interface JournalQuery {
  account: JournalAccount;
  action: AuditAction | null;
  from: string | null;
  to: string | null;
}

export interface JournalCursor {
  direction: "older" | "newer";
  id: number;
}

export interface ParsedJournalQuery {
  query: JournalQuery;
  cursor: JournalCursor | null;
  /** French notes on what was left out of the URL */
  notes: string[];
}

/** The URL value of the account filter for "no account". */
export const NO_ACCOUNT_PARAM = "aucun";

export const JOURNAL_NOTES = {
  account: "Le compte demandé n'est pas reconnu : ce filtre a été ignoré.",
  action: "L'action demandée n'est pas reconnue : ce filtre a été ignoré.",
  from: "La date « Du » n'est pas une date valide : ce filtre a été ignoré.",
  to: "La date « Au » n'est pas une date valide : ce filtre a été ignoré.",
  swapped: "La date « Du » était après la date « Au » : les deux ont été inversées.",
  cursor: "Le lien de page n'est plus valable : voici les entrées les plus récentes.",
} as const;

const text = (params: URLSearchParams, name: string) => (params.get(name) ?? "").trim();

export function parseJournalQuery(params: URLSearchParams): ParsedJournalQuery {
  const notes: string[] = [];
  const query: JournalQuery = { account: null, action: null, from: null, to: null };

  const account = text(params, "compte");
  if (account === NO_ACCOUNT_PARAM) query.account = "none";
  else if (account) {
    const id = parseId(account);
    if (id === null) notes.push(JOURNAL_NOTES.account);
    else query.account = id;
  }

  const action = text(params, "action");
  if (action) {
    if (isAuditAction(action)) query.action = action;
    else notes.push(JOURNAL_NOTES.action);
  }

  const from = text(params, "du");
  if (from) {
    if (isValidYmd(from)) query.from = from;
    else notes.push(JOURNAL_NOTES.from);
  }
  const to = text(params, "au");
  if (to) {
    if (isValidYmd(to)) query.to = to;
    else notes.push(JOURNAL_NOTES.to);
  }
  if (query.from && query.to && query.from > query.to) {
    [query.from, query.to] = [query.to, query.from];
    notes.push(JOURNAL_NOTES.swapped);
  }

  let cursor: JournalCursor | null = null;
  const older = text(params, "avant");
  const newer = text(params, "apres");
  if (older || newer) {
    const id = parseId(older || newer);
    if (id === null || (older && newer)) notes.push(JOURNAL_NOTES.cursor);
    else cursor = { direction: older ? "older" : "newer", id };
  }
  return { query, cursor, notes };
}

/** The URL's query string of a journal query (and a page position), "" when there is nothing. */
export function journalQueryString(q: JournalQuery, cursor?: JournalCursor | null): string {
  const params = new URLSearchParams();
  if (q.account !== null) params.set("compte", q.account === "none" ? NO_ACCOUNT_PARAM : String(q.account));
  if (q.action) params.set("action", q.action);
  if (q.from) params.set("du", q.from);
  if (q.to) params.set("au", q.to);
  if (cursor) params.set(cursor.direction === "older" ? "avant" : "apres", String(cursor.id));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function hasFilters(q: JournalQuery): boolean {
  return q.account !== null || q.action !== null || q.from !== null || q.to !== null;
}

/** The groups of the action filter, in the order of the list; an action of no known family goes to 'Autres'. */
const GROUPS: { label: string; prefixes: string[] }[] = [
  { label: "Connexions", prefixes: ["auth."] },
  { label: "Comptes", prefixes: ["account.", "2fa."] },
  { label: "Rendez-vous", prefixes: ["appointment."] },
  { label: "Patients", prefixes: ["patient.", "recall."] },
  { label: "Liste d'attente", prefixes: ["waitlist."] },
  { label: "Argent", prefixes: ["payment.", "cash.", "quote.", "plan.", "act."] },
  { label: "Contenus", prefixes: ["blog.", "formation.", "photo.", "gallery.", "review."] },
  { label: "Formations", prefixes: ["attendance.", "certificate."] },
  { label: "Exports", prefixes: ["export."] },
  { label: "Réglages", prefixes: ["team.", "schedule.", "clinic."] },
  { label: "E-mails", prefixes: ["outbox."] },
  { label: "Journal", prefixes: ["audit."] },
];

export interface ActionGroup {
  label: string;
  actions: { value: AuditAction; label: string }[];
}

export function actionGroups(): ActionGroup[] {
  const groups: ActionGroup[] = [...GROUPS.map((g) => ({ label: g.label, actions: [] as ActionGroup["actions"] })), { label: "Autres", actions: [] }];
  for (const [value, label] of Object.entries(AUDIT_ACTIONS) as [AuditAction, string][]) {
    const i = GROUPS.findIndex((g) => g.prefixes.some((p) => value.startsWith(p)));
    groups[i === -1 ? groups.length - 1 : i].actions.push({ value, label });
  }
  return groups.filter((g) => g.actions.length > 0);
}
