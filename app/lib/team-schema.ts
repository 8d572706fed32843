import type { SubmissionResult } from "@conform-to/react";
import { z } from "~/lib/zod";
import { ROLES } from "~/lib/permissions";
import { email, personName } from "~/lib/rules";

/**
 * The forms of 'Équipe' (/admin/equipe; docs/product.md, "Staff: team"): a new member, a role,
 * the account actions (disable, enable, reset the password or two-factor sign-in) and the team's
 * settings. The action and the browser run the same schemas (Conform).
 */

export const TEAM_PATH = "/admin/equipe";

/** The limits of the audit log's retention, in months (the database checks them too). */
export const RETENTION_LIMITS = { min: 6, max: 120 } as const;

const role = z.enum(ROLES, { error: "Choisissez un rôle dans la liste." });
const accountId = z.number({ error: "Compte inconnu." }).int().positive({ error: "Compte inconnu." });

export const createMemberSchema = z.object({
  name: personName({ missing: "Indiquez le nom du membre (il s'affiche dans l'équipe et le journal)." }),
  email: email({ missing: "Indiquez l'adresse e-mail du membre.", invalid: "Adresse e-mail invalide (exemple : nom@clinique.dz)." }),
  role,
});

export const roleSchema = z.object({ id: accountId, role });

/** disable, enable, password, 2fa: the account only (the confirmation is the step before the post). */
export const accountSchema = z.object({ id: accountId });

const retentionMessage = `Indiquez une durée de ${RETENTION_LIMITS.min} à ${RETENTION_LIMITS.max} mois.`;

export const teamSettingsSchema = z.object({
  require2faAll: z.boolean().optional().transform((v) => v === true),
  assistantCanEditPrices: z.boolean().optional().transform((v) => v === true),
  auditRetentionMonths: z
    .number({ error: retentionMessage })
    .int({ error: retentionMessage })
    .min(RETENTION_LIMITS.min, { error: retentionMessage })
    .max(RETENTION_LIMITS.max, { error: retentionMessage }),
});

export type TeamIntent = "create" | "role" | "disable" | "enable" | "password" | "2fa" | "settings";

/** A one-time password, shown once on the answer to the post that made it (never stored readable). */
export interface OneTimePassword {
  id: number;
  label: string;
  email: string;
  password: string;
  reason: "created" | "reset";
}

/** The answer of the team action when it does not redirect: a refusal, or a one-time password. */
export interface TeamActionResult {
  intent: TeamIntent | "unknown";
  /** the account the answer is about */
  id?: number;
  result?: SubmissionResult<string[]>;
  /** a refusal of an account action, shown in that account's panel */
  message?: string;
  oneTime?: OneTimePassword;
}
