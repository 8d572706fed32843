import { z } from "~/lib/zod";
import { consent, optionalText, singleLine } from "~/lib/rules";

/**
 * The forms of the patient screens (docs/product.md, "Staff: patients" and "Personal data"): the
 * staff notes, the merge of two records and the erasure. The action and the browser run the same
 * schemas (Conform); the list's query is read leniently from the URL.
 */

export const NOTES_MAX = 5000;

export const notesSchema = z.object({ notes: optionalText({ max: NOTES_MAX, tooLong: `Les notes ne peuvent pas dépasser ${NOTES_MAX} caractères.`, multiline: true }) });

export const MERGE_CONFIRM_MESSAGE = "Cochez la case pour confirmer la fusion.";

export const mergeSchema = z.object({
  other: z.number({ error: "Choisissez le dossier à fusionner dans celui-ci." }).int().positive({ error: "Choisissez le dossier à fusionner dans celui-ci." }),
  confirm: consent(MERGE_CONFIRM_MESSAGE),
});

/** The word typed to confirm an erasure (case and spaces around it ignored). */
export const ERASE_WORD = "EFFACER";
export const ERASE_CONFIRM_MESSAGE = `Tapez ${ERASE_WORD} pour confirmer l'effacement.`;

export const eraseSchema = z.object({
  confirmation: singleLine({ error: ERASE_CONFIRM_MESSAGE })
    .trim()
    .max(20, { error: ERASE_CONFIRM_MESSAGE })
    .refine((v) => v.toUpperCase() === ERASE_WORD, { error: ERASE_CONFIRM_MESSAGE }),
});

export const PATIENTS_PAGE_SIZE = 24;
export const PATIENT_SEARCH_MAX = 100;

export interface PatientListQuery {
  q: string;
  page: number;
}

/** Lenient: a value that makes no sense is ignored rather than refused. */
export function parsePatientQuery(params: URLSearchParams): PatientListQuery {
  const q = (params.get("q") ?? "").trim().slice(0, PATIENT_SEARCH_MAX);
  const page = Number(params.get("page") ?? "1");
  return { q, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

export function patientQueryString(q: PatientListQuery): string {
  const params = new URLSearchParams();
  if (q.q) params.set("q", q.q);
  if (q.page > 1) params.set("page", String(q.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
