/** The texts of the waiting-list form's results (issue 31, item 4). */
export const WAITLIST_MESSAGES = {
  success: "Vous êtes inscrit(e) sur la liste d'attente. Si une place se libère, vous recevrez un lien par e-mail pour la prendre.",
  failure: "Erreur lors de l'inscription sur la liste d'attente. Veuillez réessayer.",
  notFull: "Cette session a encore des places : inscrivez-vous directement.",
  unavailable: "Cette session n'est plus proposée. Choisissez une autre session ou contactez-nous.",
} as const;

/** The same results as catalogue keys (issue 32), for the server's answers in the page's language. */
export const WAITLIST_KEYS = {
  success: "enrolment.waitlistSuccess",
  failure: "enrolment.waitlistFailure",
  notFull: "enrolment.waitlistNotFull",
  unavailable: "enrolment.waitlistUnavailable",
} as const satisfies Record<keyof typeof WAITLIST_MESSAGES, string>;
