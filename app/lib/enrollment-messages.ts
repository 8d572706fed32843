/**
 * The texts of the enrolment form's results (docs/product.md, "Enrolment"), apart from its schema
 * (./enrollment-schema.ts) so the pages that only announce a result do not load Zod.
 */
export const ENROLLMENT_MESSAGES = {
  success: "Votre inscription a été envoyée avec succès!",
  failure: "Erreur lors de l'inscription. Veuillez réessayer.",
  invalid: "Certains champs sont à corriger : voyez les messages sous les champs concernés.",
  full: "Cette session est complète. Choisissez une autre session ou contactez-nous.",
  unavailable: "Cette session n'est plus proposée. Choisissez une autre session ou contactez-nous.",
  sessionRequired: "Choisissez une session dans la liste.",
} as const;

/**
 * The same results as catalogue keys (issue 32, the training side), for the server's answers: the
 * public form pipeline answers each as its text in the page's language (fr.ts `enrolment.*` holds
 * the French sentences above, unchanged).
 */
export const ENROLLMENT_KEYS = {
  success: "enrolment.success",
  failure: "enrolment.failure",
  invalid: "enrolment.invalid",
  full: "enrolment.full",
  unavailable: "enrolment.unavailable",
  sessionRequired: "enrolment.sessionRequired",
} as const satisfies Record<keyof typeof ENROLLMENT_MESSAGES, string>;
