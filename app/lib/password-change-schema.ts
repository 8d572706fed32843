import { z } from "~/lib/zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG } from "~/lib/login-schema";

export const NEW_PASSWORD_MAX = 200;

/**
 * The password change of Mon compte (docs/product.md, "Staff: account and login"). The minimum
 * length comes from the server (MIN_PASSWORD_LENGTH, through the loader in the browser), so both
 * sides judge alike. The two cross-field rules run even when another field is wrong, so every
 * message shows at once.
 */
export function passwordChangeSchema(minLength: number) {
  return z
    .object({
      current: z.string({ error: "Indiquez votre mot de passe actuel." }).max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG }),
      next: z
        .string({ error: "Indiquez le nouveau mot de passe." })
        .min(minLength, { error: `Le nouveau mot de passe doit contenir au moins ${minLength} caractères.` })
        .max(NEW_PASSWORD_MAX, { error: `Le nouveau mot de passe ne peut pas dépasser ${NEW_PASSWORD_MAX} caractères.` }),
      confirm: z.string().optional(),
    })
    .superRefine(
      (v, ctx) => {
        const next = typeof v.next === "string" ? v.next : "";
        const nextValid = next.length >= minLength && next.length <= NEW_PASSWORD_MAX;
        if (nextValid && next === v.current) {
          ctx.addIssue({ code: "custom", path: ["next"], message: "Le nouveau mot de passe doit être différent de l'actuel." });
        }
        if (next && v.confirm !== next) {
          ctx.addIssue({ code: "custom", path: ["confirm"], message: "La confirmation ne correspond pas au nouveau mot de passe." });
        }
      },
      { when: () => true },
    );
}
