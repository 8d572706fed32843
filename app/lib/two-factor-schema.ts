import { z } from "~/lib/zod";
import { singleLine } from "./rules";

/**
 * The forms of two-factor sign-in (docs/product.md, "Staff: two-factor sign-in"): the code step of
 * the login page and the code asked on Mon compte. A code may be typed with spaces or a dash.
 */
export const TOTP_CODE_MISSING = "Indiquez le code à 6 chiffres affiché par votre application.";
export const TOTP_CODE_FORMAT = "Le code comporte 6 chiffres (exemple : 123456).";
export const RECOVERY_CODE_MISSING = "Indiquez un de vos codes de secours.";
export const RECOVERY_CODE_FORMAT = "Un code de secours a la forme abcde-23456 : 10 lettres et chiffres.";
export const ANY_CODE_MISSING = "Indiquez le code affiché par votre application, ou un code de secours.";
export const ANY_CODE_FORMAT = "Indiquez les 6 chiffres affichés par votre application, ou un code de secours (abcde-23456).";

/** A recovery code as typed (any case, with or without the dash or spaces) in its stored form, or null. */
export function normalizeRecoveryCode(input: string): string | null {
  const s = input.toLowerCase().replace(/[\s-]/g, "");
  return /^[a-z0-9]{10}$/.test(s) ? `${s.slice(0, 5)}-${s.slice(5)}` : null;
}

/** Whether a typed code is a TOTP code (6 digits, spaces and dashes aside). */
export function looksLikeTotp(input: string): boolean {
  return /^\d{6}$/.test(input.replace(/[\s-]/g, ""));
}

const totpCode = singleLine({ error: TOTP_CODE_MISSING })
  .trim()
  .min(1, { error: TOTP_CODE_MISSING })
  .max(20, { error: TOTP_CODE_FORMAT })
  .refine(looksLikeTotp, { error: TOTP_CODE_FORMAT });

const recoveryCode = singleLine({ error: RECOVERY_CODE_MISSING })
  .trim()
  .min(1, { error: RECOVERY_CODE_MISSING })
  .max(40, { error: RECOVERY_CODE_FORMAT })
  .refine((v) => normalizeRecoveryCode(v) !== null, { error: RECOVERY_CODE_FORMAT });

export type CodeMethod = "totp" | "recovery";

/** The code step of the login page, with the app's code or with a recovery code. */
export function loginCodeSchema(method: CodeMethod) {
  return z.object({
    method: z.literal(method),
    code: method === "totp" ? totpCode : recoveryCode,
    remember: z.boolean().optional(),
  });
}

/** The first code that confirms the set-up. */
export const setupCodeSchema = z.object({ code: totpCode });

/** A current code before a change of the set-up: the app's code or a recovery code. */
export const currentCodeSchema = z.object({
  code: singleLine({ error: ANY_CODE_MISSING })
    .trim()
    .min(1, { error: ANY_CODE_MISSING })
    .max(40, { error: ANY_CODE_FORMAT })
    .refine((v) => looksLikeTotp(v) || normalizeRecoveryCode(v) !== null, { error: ANY_CODE_FORMAT }),
});
