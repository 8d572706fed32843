import { z } from "~/lib/zod";
import { loginEmail, PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG } from "./login-schema";

/**
 * The two forms of the password reset by e-mail (docs/product.md, "Staff: account and login"):
 * the address that asks for a link, and the new password typed twice. The minimum length comes
 * from the server (MIN_PASSWORD_LENGTH, through the loader), so both sides judge alike.
 */
export const forgotPasswordSchema = z.object({ email: loginEmail });

export function newPasswordSchema(minLength: number) {
  return z
    .object({
      password: z
        .string({ error: "Choisissez un nouveau mot de passe." })
        .min(minLength, { error: `Le mot de passe doit contenir au moins ${minLength} caractères.` })
        .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG }),
      confirm: z.string().optional(),
    })
    .superRefine(
      (v, ctx) => {
        if (typeof v.password === "string" && v.password && v.confirm !== v.password) {
          ctx.addIssue({ code: "custom", path: ["confirm"], message: "Les deux saisies ne correspondent pas : tapez le même mot de passe deux fois." });
        }
      },
      { when: () => true },
    );
}

/** The answer to every request for a link, whether or not the address has an account. */
export const RESET_REQUESTED =
  "Si un compte existe pour cette adresse, un e-mail avec un lien de réinitialisation vient d'être envoyé. Le lien est valable 30 minutes.";

export const RESET_LINK_INVALID = "Ce lien n'est plus valable : il a déjà servi, il a expiré (il est valable 30 minutes) ou il est incomplet.";

export const RESET_DONE = "Mot de passe modifié. Connectez-vous avec le nouveau mot de passe.";
