import { z } from "~/lib/zod";
import type { MessageKey } from "~/i18n";
import { consent, email, KEYED_RULE_MESSAGES, parseId, personName, phone, singleLine } from "./rules";

/**
 * The enrolment form (docs/product.md, "Enrolment"): Nom, Prénom, email and telephone are
 * required, 'Formation choisie' is optional, and the consent box (Algerian law 18-07) is
 * required. Composed from the field rules of ./rules; the action (parseWithZod) and the browser
 * run this same schema.
 */
/** The longest name (and first name) the form takes. */
export const ENROLLMENT_NAME_MAX = 100;

/**
 * The enrolment's messages as catalogue keys (issue 32, the training side): the action answers with
 * their text in the page's language (app/i18n/messages.ts; French: fr.ts `enrolment.err*`, the
 * sentences this form always showed); the browser shows them through the same catalogue.
 */
export const ENROLLMENT_FIELD_MESSAGES = {
  name: "enrolment.errName",
  nameTooLong: "enrolment.errNameTooLong",
  surname: "enrolment.errSurname",
  surnameTooLong: "enrolment.errSurnameTooLong",
  emailMissing: "enrolment.errEmailMissing",
  emailInvalid: "enrolment.errEmailInvalid",
  phone: "enrolment.errPhone",
  formation: "enrolment.errFormation",
  consent: "enrolment.errConsent",
} as const satisfies Record<string, MessageKey>;

const M = ENROLLMENT_FIELD_MESSAGES;
const R = KEYED_RULE_MESSAGES;
const FORMATION_INVALID = M.formation;

export const enrollmentSchema = z.object({
  user_name: personName({ missing: M.name, max: ENROLLMENT_NAME_MAX, tooLong: M.nameTooLong, messages: R }),
  user_surname: personName({ missing: M.surname, max: ENROLLMENT_NAME_MAX, tooLong: M.surnameTooLong, messages: R }),
  email: email({ missing: M.emailMissing, invalid: M.emailInvalid, messages: R }),
  phone: phone({ missing: M.phone, messages: R }),
  /** empty (Conform: undefined) means "no preference": the enrolment then occupies no place */
  formation_id: singleLine({ messages: R })
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
  session_id: singleLine({ messages: R })
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
  consent: consent(M.consent),
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
