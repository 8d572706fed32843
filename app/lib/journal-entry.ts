import { auditActionLabel } from "~/lib/audit-actions";
import { CLINIC_TIME_ZONE } from "~/lib/clinic-time";

/**
 * One line of the journal as the screen shows it (docs/product.md, "Staff: audit log"), made on
 * the server from a stored entry: the time in Africa/Algiers, who, from where, what, on what.
 */
export interface JournalEntryView {
  id: number;
  /** the stored instant (ISO, UTC), for <time dateTime> */
  at: string;
  /** "25/11/2026 à 14:05:32" in Africa/Algiers */
  when: string;
  /** the same, day and time apart: "25/11/2026", "14:05:32" */
  day: string;
  time: string;
  account: JournalAccountView;
  ip: string | null;
  action: string;
  actionLabel: string;
  target: { label: string; href: string | null } | null;
  detail: string | null;
}

export type JournalAccountView =
  | { kind: "staff"; email: string }
  | { kind: "system" }
  /** a sign-in or reset request for an address that has no account (the text typed is never stored) */
  | { kind: "unknown" };

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: CLINIC_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-25T13:05:32.000Z" → { day: "25/11/2026", time: "14:05:32" } (Africa/Algiers). */
export function journalDayTime(iso: string): { day: string; time: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { day: iso, time: "" };
  const p = Object.fromEntries(dateTime.formatToParts(d).map((x) => [x.type, x.value]));
  return { day: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

/** "2026-11-25T13:05:32.000Z" → "25/11/2026 à 14:05:32" (Africa/Algiers). */
export function formatJournalTime(iso: string): string {
  const { day, time } = journalDayTime(iso);
  return time ? `${day} à ${time}` : day;
}

/** The `actor` the site writes for its own entries (app/.server/audit.ts, AUDIT_SYSTEM_ACTOR). */
const SYSTEM_ACTOR = "système";
/** The `actor` of a sign-in for an address without an account (app/.server/auth.ts, UNKNOWN_ADDRESS_ACTOR). */
const UNKNOWN_ACTOR = "adresse inconnue";

export function accountOf(e: { staffUserId: number | null; actor: string; action: string }): JournalAccountView {
  if (e.staffUserId !== null) return { kind: "staff", email: e.actor };
  if (e.actor === SYSTEM_ACTOR) return { kind: "system" };
  // a sign-in or reset for an address that has no account
  if (e.actor === UNKNOWN_ACTOR || e.action.startsWith("auth.") || !e.actor.trim()) return { kind: "unknown" };
  // an account deleted since: its address at the time
  return { kind: "staff", email: e.actor };
}

const TARGET_NAMES: Record<string, string> = {
  appointment: "Rendez-vous",
  patient: "Patient",
  staff: "Compte",
  blog: "Article",
  formation: "Formation",
  schedule: "Horaires",
  team: "Réglages de l'équipe",
  audit: "Journal",
  outbox: "E-mail",
  clinic: "Identité de la clinique",
  photo: "Photo du site",
  gallery_case: "Cas avant/après",
  review: "Avis",
  export: "Export",
};

/**
 * 'Rendez-vous #12', 'Patient #3' (a link to the record when the viewer may open it),
 * 'Compte #2 (adresse)'…; a target without an id is named alone ('Réglages de l'équipe').
 */
export function targetOf(
  e: { targetType: string | null; targetId: string | null; targetEmail?: string | null },
  viewer: { canOpenPatients: boolean },
): JournalEntryView["target"] {
  if (!e.targetType) return null;
  const name = TARGET_NAMES[e.targetType] ?? e.targetType;
  if (!e.targetId) return { label: name, href: null };
  const label = `${name} #${e.targetId}${e.targetType === "staff" && e.targetEmail ? ` (${e.targetEmail})` : ""}`;
  const href = e.targetType === "patient" && viewer.canOpenPatients && /^\d{1,9}$/.test(e.targetId) ? `/admin/patients/${e.targetId}` : null;
  return { label, href };
}

export function toJournalEntryView(
  e: { id: number; at: string; staffUserId: number | null; actor: string; ip: string | null; action: string; targetType: string | null; targetId: string | null; targetEmail: string | null; detail: string | null },
  viewer: { canOpenPatients: boolean },
): JournalEntryView {
  return {
    id: e.id,
    at: e.at,
    when: formatJournalTime(e.at),
    ...journalDayTime(e.at),
    account: accountOf(e),
    ip: e.ip,
    action: e.action,
    actionLabel: auditActionLabel(e.action),
    target: targetOf(e, viewer),
    detail: e.detail,
  };
}
