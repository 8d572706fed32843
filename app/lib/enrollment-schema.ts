import { z } from "~/lib/zod";
import { consent, email, parseId, personName, phone, singleLine } from "./rules";

/**
 * The enrolment form (docs/product.md, "Enrolment"): Nom, Prénom, email and telephone are
 * required, 'Formation choisie' is optional, and the consent box (Algerian law 18-07) is
 * required. Composed from the field rules of ./rules; the action (parseWithZod) and the browser
 * run this same schema.
 */
/** The longest name (and first name) the form takes. */
export const ENROLLMENT_NAME_MAX = 100;

const FORMATION_INVALID = "Session invalide : choisissez une session dans la liste.";

export const enrollmentSchema = z.object({
  user_name: personName({ missing: "Indiquez votre nom.", max: ENROLLMENT_NAME_MAX, tooLong: "Le nom ne doit pas dépasser 100 caractères." }),
  user_surname: personName({ missing: "Indiquez votre prénom.", max: ENROLLMENT_NAME_MAX, tooLong: "Le prénom ne doit pas dépasser 100 caractères." }),
  email: email({ missing: "Indiquez votre adresse e-mail.", invalid: "Adresse e-mail invalide (exemple : nom@domaine.com)." }),
  phone: phone({ missing: "Indiquez votre numéro de téléphone." }),
  /** empty (Conform: undefined) means "no preference": the enrolment then occupies no place */
  formation_id: singleLine()
    .optional()
    .transform((v, ctx): number | null => {
      if (v === undefined || v.trim() === "") return null;
      const id = parseId(v.trim());
      if (id === null) {
        ctx.addIssue({ code: "custom", message: FORMATION_INVALID });
        return z.NEVER;
      }
      return id;
    }),
  /** the dated session (issue 31): required by the server when a session exists; empty means none chosen */
  session_id: singleLine()
    .optional()
    .transform((v, ctx): number | null => {
      if (v === undefined || v.trim() === "") return null;
      const id = parseId(v.trim());
      if (id === null) {
        ctx.addIssue({ code: "custom", message: FORMATION_INVALID });
        return z.NEVER;
      }
      return id;
    }),
  consent: consent("Cochez cette case pour nous permettre de traiter votre inscription."),
});

export type EnrollmentInput = z.output<typeof enrollmentSchema>;

/** The four statuses and their French labels (docs/product.md, "Staff: formations"), in the order of the dropdown. */
export const ENROLLMENT_STATUS_LABELS = {
  pending: "En attente",
  confirmed: "Confirmé",
  cancelled: "Annulé",
  completed: "Terminé",
} as const;

export type EnrollmentStatusValue = keyof typeof ENROLLMENT_STATUS_LABELS;

export function enrollmentStatusLabel(status: string): string {
  return (ENROLLMENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
