import { z } from "zod";

/**
 * The enrolment form (SPEC §2 "Enrolment dialog", §5): Nom, Prénom, email and telephone are
 * required, 'Formation choisie' is optional, and the consent box (Algerian law 18-07) is
 * required. One schema for the server action (always) and the browser (optionally).
 */
export const ENROLLMENT_FIELDS = ["user_name", "user_surname", "email", "phone", "formation_id", "consent"] as const;
export type EnrollmentField = (typeof ENROLLMENT_FIELDS)[number];

export const ENROLLMENT_MESSAGES = {
  success: "Votre inscription a été envoyée avec succès!",
  failure: "Erreur lors de l'inscription. Veuillez réessayer.",
  invalid: "Certains champs sont à corriger : voyez les messages sous les champs concernés.",
  full: "Cette session est complète. Choisissez une autre session ou contactez-nous.",
  unavailable: "Cette session n'est plus proposée. Choisissez une autre session ou contactez-nous.",
} as const;

const requiredText = (missing: string, max: number, tooLong: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: tooLong });

export const enrollmentSchema = z.object({
  user_name: requiredText("Indiquez votre nom.", 100, "Le nom ne doit pas dépasser 100 caractères."),
  user_surname: requiredText("Indiquez votre prénom.", 100, "Le prénom ne doit pas dépasser 100 caractères."),
  email: requiredText("Indiquez votre adresse e-mail.", 254, "L'adresse e-mail est trop longue.").pipe(
    z.email({ error: "Adresse e-mail invalide (exemple : nom@domaine.com)." }),
  ),
  phone: requiredText("Indiquez votre numéro de téléphone.", 30, "Le numéro de téléphone est trop long.").refine(
    (v) => /^\+?[0-9\s().-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 8 && (v.match(/\d/g)?.length ?? 0) <= 15,
    { error: "Numéro de téléphone invalide (exemple : 0550 12 34 56)." },
  ),
  /** empty means "no preference": the enrolment then occupies no place */
  formation_id: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return null;
      if (!/^\d{1,9}$/.test(v) || Number(v) < 1) {
        ctx.addIssue({ code: "custom", message: "Session invalide : choisissez une session dans la liste." });
        return z.NEVER;
      }
      return Number(v);
    }),
  consent: z
    .string()
    .optional()
    .refine((v) => v === "on" || v === "true" || v === "1", {
      error: "Cochez cette case pour nous permettre de traiter votre inscription.",
    }),
});

export type EnrollmentData = z.infer<typeof enrollmentSchema>;

/** What the visitor typed, echoed back so that a failed submit keeps it. */
export interface EnrollmentValues {
  user_name: string;
  user_surname: string;
  email: string;
  phone: string;
  formation_id: string;
  consent: boolean;
}

export type EnrollmentFieldErrors = Partial<Record<EnrollmentField, string>>;

export function enrollmentValuesFrom(form: FormData): EnrollmentValues {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  return {
    user_name: text("user_name"),
    user_surname: text("user_surname"),
    email: text("email"),
    phone: text("phone"),
    formation_id: text("formation_id"),
    consent: ["on", "true", "1"].includes(text("consent")),
  };
}

export type EnrollmentParse =
  | { success: true; data: EnrollmentData; values: EnrollmentValues }
  | { success: false; fieldErrors: EnrollmentFieldErrors; values: EnrollmentValues };

/** Validate a submitted enrolment form; the first message of each field is kept. */
export function parseEnrollmentForm(form: FormData): EnrollmentParse {
  const values = enrollmentValuesFrom(form);
  const raw: Record<string, string | undefined> = {};
  for (const k of ENROLLMENT_FIELDS) {
    const v = form.get(k);
    raw[k] = typeof v === "string" ? v : undefined;
  }
  const r = enrollmentSchema.safeParse(raw);
  if (r.success) return { success: true, data: r.data, values };
  const fieldErrors: EnrollmentFieldErrors = {};
  for (const issue of r.error.issues) {
    const k = issue.path[0] as EnrollmentField | undefined;
    if (k && !fieldErrors[k]) fieldErrors[k] = issue.message;
  }
  return { success: false, fieldErrors, values };
}

/** The four statuses and their French labels (SPEC §4), in the order of the dropdown. */
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
