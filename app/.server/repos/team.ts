import type { Kysely } from "kysely";
import type { Db } from "../db";
import { nowIso, writeTransaction } from "../db";
import type { Database } from "../db/types";
import { audit, type AuditActor } from "../audit";
import type { RoleOptions } from "~/lib/permissions";

/**
 * The team's settings (one row, id 1): two-factor sign-in required for every account (it always
 * is for administrators), whether assistants may edit prices, and how long the audit log keeps
 * its entries.
 */
export interface TeamSettings {
  require2faAll: boolean;
  assistantCanEditPrices: boolean;
  auditRetentionMonths: number;
}

export const DEFAULT_TEAM_SETTINGS: TeamSettings = { require2faAll: false, assistantCanEditPrices: false, auditRetentionMonths: 24 };
export const AUDIT_RETENTION_MIN_MONTHS = 6;
export const AUDIT_RETENTION_MAX_MONTHS = 120;

type Handle = Db | Kysely<Database>;
const k = (h: Handle): Kysely<Database> => ("db" in h && "engine" in h ? h.db : (h as Kysely<Database>));

export async function getTeamSettings(h: Handle): Promise<TeamSettings> {
  const r = await k(h).selectFrom("team_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!r) return { ...DEFAULT_TEAM_SETTINGS };
  return {
    require2faAll: Number(r.require_2fa_all) === 1,
    assistantCanEditPrices: Number(r.assistant_can_edit_prices) === 1,
    auditRetentionMonths: Number(r.audit_retention_months),
  };
}

export async function saveTeamSettings(h: Handle, s: TeamSettings): Promise<void> {
  const values = {
    require_2fa_all: s.require2faAll ? 1 : 0,
    assistant_can_edit_prices: s.assistantCanEditPrices ? 1 : 0,
    audit_retention_months: s.auditRetentionMonths,
    updated_at: nowIso(),
  };
  await k(h)
    .insertInto("team_settings")
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

export function roleOptions(s: TeamSettings): RoleOptions {
  return { assistantCanEditPrices: s.assistantCanEditPrices };
}

/** Two-factor sign-in is required of administrators always, and of everyone when the setting says so. */
export function twoFactorRequired(role: string, s: TeamSettings): boolean {
  return role === "admin" || s.require2faAll;
}

/** The French names of the settings, as the audit entry and the screen say them. */
export const TEAM_SETTING_LABELS: Record<keyof TeamSettings, string> = {
  require2faAll: "Double authentification obligatoire pour tous",
  assistantCanEditPrices: "Prix modifiables par les assistant(e)s",
  auditRetentionMonths: "Conservation du journal d'audit",
};

/** 'Prix modifiables par les assistant(e)s : non → oui ; Conservation du journal d'audit : 24 → 36 mois'; empty when nothing changed. */
export function describeTeamSettingsChange(before: TeamSettings, after: TeamSettings): string {
  const parts: string[] = [];
  const yesNo = (v: boolean) => (v ? "oui" : "non");
  for (const key of ["require2faAll", "assistantCanEditPrices"] as const) {
    if (before[key] !== after[key]) parts.push(`${TEAM_SETTING_LABELS[key]} : ${yesNo(before[key])} → ${yesNo(after[key])}`);
  }
  if (before.auditRetentionMonths !== after.auditRetentionMonths) {
    parts.push(`${TEAM_SETTING_LABELS.auditRetentionMonths} : ${before.auditRetentionMonths} → ${after.auditRetentionMonths} mois`);
  }
  return parts.join(" ; ");
}

/**
 * Save the team's settings from the screen, with the audit entry naming what changed, in one
 * transaction. Returns false when nothing changed (no write, no entry).
 */
export async function updateTeamSettings(h: Db, actor: AuditActor, next: TeamSettings): Promise<{ changed: boolean; detail: string }> {
  return writeTransaction(h, async (trx) => {
    const before = await getTeamSettings(trx);
    const detail = describeTeamSettingsChange(before, next);
    if (!detail) return { changed: false, detail };
    await saveTeamSettings(trx, next);
    await audit(trx, actor, { action: "team.settings", targetType: "team", detail });
    return { changed: true, detail };
  });
}
