/**
 * The patient's answer to a quote (docs/product.md, "Patients: answering a quote"): the fields of
 * the two forms of /devis/<token> and their French messages. Read by hand (the page is not
 * hydrated: its forms are posted by the browser and answered by the server).
 */
export const DEVIS_TEXTS = {
  nameMissing: "Tapez votre nom et prénom pour signer votre accord.",
  nameTooLong: "Votre nom ne peut pas dépasser 120 caractères.",
  consent: "Cochez « J'accepte ce devis » pour donner votre accord.",
  option: "Choisissez l'option que vous acceptez.",
  reasonTooLong: "La raison ne peut pas dépasser 500 caractères.",
  answered: "Ce devis a déjà reçu une réponse : la page est à jour.",
  expired: (day: string) => `Ce devis a expiré le ${day} : appelez-nous pour en recevoir un nouveau.`,
  accepted: "Merci, votre accord est enregistré.",
  refused: "Votre réponse est enregistrée. Merci de nous avoir répondu.",
  failed: "Votre réponse n'a pas pu être enregistrée. Réessayez dans un instant, ou appelez-nous.",
} as const;

export interface DevisFields {
  option: string;
  name: string;
  consent: boolean;
  reason: string;
}

export type DevisErrors = Partial<Record<"option" | "name" | "consent" | "reason" | "form", string>>;

export function readAcceptance(form: FormData, options: string[]): { fields: DevisFields; errors: DevisErrors } {
  const fields: DevisFields = {
    option: String(form.get("option") ?? ""),
    name: String(form.get("name") ?? "").trim(),
    consent: form.get("consent") === "on",
    reason: "",
  };
  const errors: DevisErrors = {};
  if (options.length > 0 && !options.includes(fields.option)) errors.option = DEVIS_TEXTS.option;
  if (!fields.name) errors.name = DEVIS_TEXTS.nameMissing;
  else if (fields.name.length > 120) errors.name = DEVIS_TEXTS.nameTooLong;
  if (!fields.consent) errors.consent = DEVIS_TEXTS.consent;
  return { fields, errors };
}

export function readRefusal(form: FormData): { fields: DevisFields; errors: DevisErrors } {
  const reason = String(form.get("reason") ?? "").trim();
  return { fields: { option: "", name: "", consent: false, reason }, errors: reason.length > 500 ? { reason: DEVIS_TEXTS.reasonTooLong } : {} };
}
