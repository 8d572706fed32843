import type { Db } from "../db";
import { nowIso } from "../db";
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

export async function getTeamSettings(h: Db): Promise<TeamSettings> {
  const r = await h.db.selectFrom("team_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!r) return { ...DEFAULT_TEAM_SETTINGS };
  return {
    require2faAll: Number(r.require_2fa_all) === 1,
    assistantCanEditPrices: Number(r.assistant_can_edit_prices) === 1,
    auditRetentionMonths: Number(r.audit_retention_months),
  };
}

export async function saveTeamSettings(h: Db, s: TeamSettings): Promise<void> {
  const values = {
    require_2fa_all: s.require2faAll ? 1 : 0,
    assistant_can_edit_prices: s.assistantCanEditPrices ? 1 : 0,
    audit_retention_months: s.auditRetentionMonths,
    updated_at: nowIso(),
  };
  await h.db
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
