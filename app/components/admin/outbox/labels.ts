/**
 * The French words of the outbox screen and banner (docs/product.md, "Staff: e-mails"). Shared by
 * the server (the banner's counts) and the browser; no server import.
 */
export const OUTBOX_PATH = "/admin/emails";

export type OutboxStatusValue = "pending" | "sent" | "failed";

export const OUTBOX_STATUS_LABELS: Record<OutboxStatusValue, string> = {
  pending: "En attente",
  sent: "Envoyé",
  failed: "Échec",
};

/** The filter of the list (`?statut=`), in French in the address. */
export const OUTBOX_FILTERS: { value: OutboxStatusValue | null; param: string | null; label: string }[] = [
  { value: null, param: null, label: "Tous" },
  { value: "pending", param: "en-attente", label: "En attente" },
  { value: "failed", param: "echec", label: "Échec" },
  { value: "sent", param: "envoyes", label: "Envoyés" },
];

export function statusOfParam(param: string | null): OutboxStatusValue | null {
  return OUTBOX_FILTERS.find((f) => f.param !== null && f.param === param)?.value ?? null;
}

export function paramOfStatus(status: OutboxStatusValue | null): string | null {
  return OUTBOX_FILTERS.find((f) => f.value === status)?.param ?? null;
}

const KIND_LABELS: Record<string, string> = {
  booking_received: "Demande de rendez-vous reçue (patient)",
  booking_clinic: "Nouvelle demande (clinique)",
  appointment_confirmed: "Rendez-vous confirmé",
  appointment_cancelled: "Rendez-vous annulé",
  appointment_moved: "Rendez-vous déplacé",
  reminder: "Rappel de rendez-vous",
  password_reset: "Réinitialisation du mot de passe",
  enrollment_received: "Demande d'inscription reçue (stagiaire)",
  enrollment_clinic: "Nouvelle inscription (clinique)",
};

/** What the message is; a message queued without a kind (before the kinds existed) is 'Autre message'. */
export function outboxKindLabel(kind: string | null): string {
  if (!kind) return "Autre message";
  return KIND_LABELS[kind] ?? kind;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export const OUTBOX_TEXTS = {
  retried: "Le message est remis dans la file : il part au prochain passage de l'envoi.",
  retriedNoSmtp: "Le message est remis dans la file ; il partira quand l'envoi des e-mails sera configuré.",
  notRetryable: "Ce message n'est plus à réessayer : il a déjà été remis dans la file, est en cours d'envoi ou a été envoyé.",
  notFound: "Ce message n'existe plus.",
  failed: "Le nouvel essai n'a pas pu être enregistré. Veuillez réessayer.",
  invalid: "Requête invalide.",
} as const;
