import { z } from "~/lib/zod";
import { email } from "./rules";

/**
 * The longest password the site accepts anywhere (login, account, new accounts): argon2 hashes
 * what it is given, so a longer one is refused by the form before any costly work.
 */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_TOO_LONG = `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`;

/**
 * The login identifier: an e-mail address (at most 254 characters) before it becomes a throttle
 * key or a log field. Its form says nothing about whether an account exists.
 */
export const loginEmail = email({ missing: "Indiquez votre adresse e-mail.", invalid: "Adresse e-mail invalide (exemple : nom@clinique.dz)." });

/** The login form (docs/product.md, "Staff: account and login"). */
export const loginSchema = z.object({
  email: loginEmail,
  password: z.string({ error: "Indiquez votre mot de passe." }).max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG }),
  redirectTo: z.string().optional(),
});
