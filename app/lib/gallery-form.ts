import type { SubmissionResult } from "@conform-to/react";
import { z } from "~/lib/zod";
import { GALLERY_TREATMENTS } from "~/content/gallery-treatments";
import { todayInClinic } from "./clinic-time";
import { ALT_MAX_LENGTH } from "./media";
import { photoFile } from "./photo-form";
import { calendarDay, multiLine, optionalText, personName, requiredText, singleLine } from "./rules";

/**
 * The forms of 'Galerie et avis' (/admin/galerie; docs/product.md, "Staff: gallery and reviews"):
 * a before/after case with the patient's consent, the delay before the photos of a withdrawn
 * case are deleted, and a patient review. One schema per form, run by the browser and the action.
 */

export const GALLERY_PATH = "/admin/galerie";
export const CASE_TEXT_MAX = 300;
export const REVIEW_NAME_MAX = 60;
export const REVIEW_COMMENT_MAX = 1000;
export const DELETION_DAYS = { min: 0, max: 365 } as const;

export const CONSENT_SCOPES = ["site", "site_social"] as const;
export type ConsentScopeValue = (typeof CONSENT_SCOPES)[number];
export const CONSENT_SCOPE_LABELS: Record<ConsentScopeValue, string> = {
  site: "Site internet uniquement",
  site_social: "Site internet et réseaux sociaux",
};

/** 1, 1,5 … 5 stars: the select's values ("4.5") and labels ("4,5 / 5"). */
export const RATING_CHOICES = Array.from({ length: 9 }, (_, i) => {
  const stars = 1 + i / 2;
  return { value: String(stars), label: `${String(stars).replace(".", ",")} / 5`, halves: 2 + i };
});

export const GALLERY_MESSAGES = {
  treatment: "Choisissez le traitement dans la liste.",
  textMissing: "Écrivez un court texte sur ce cas.",
  textTooLong: `Le texte ne peut pas dépasser ${CASE_TEXT_MAX} caractères.`,
  beforeMissing: "Choisissez la photo « avant ».",
  afterMissing: "Choisissez la photo « après ».",
  beforeAltMissing: "Décrivez la photo « avant » en quelques mots (texte lu aux personnes malvoyantes).",
  afterAltMissing: "Décrivez la photo « après » en quelques mots (texte lu aux personnes malvoyantes).",
  altTooLong: `La description ne peut pas dépasser ${ALT_MAX_LENGTH} caractères.`,
  textArTooLong: `Le texte en arabe ne peut pas dépasser ${CASE_TEXT_MAX} caractères.`,
  altArTooLong: `La description en arabe ne peut pas dépasser ${ALT_MAX_LENGTH} caractères.`,
  consentDateMissing: "Indiquez la date à laquelle le patient a donné son accord.",
  consentDateFuture: "La date du consentement ne peut pas être dans le futur.",
  scope: "Choisissez ce que le patient a accepté.",
  patient: "Dossier patient introuvable : cherchez-le de nouveau.",
  deletionDays: `Indiquez un nombre de jours de ${DELETION_DAYS.min} à ${DELETION_DAYS.max}.`,
  reviewName: "Indiquez le nom tel que la personne a accepté qu'il soit affiché.",
  reviewNameTooLong: `Le nom ne peut pas dépasser ${REVIEW_NAME_MAX} caractères.`,
  rating: "Choisissez une note de 1 à 5 (demi-étoiles possibles).",
  commentMissing: "Recopiez l'avis du patient.",
  commentTooLong: `L'avis ne peut pas dépasser ${REVIEW_COMMENT_MAX} caractères.`,
  reviewDateMissing: "Indiquez la date de l'avis.",
  reviewDateFuture: "La date de l'avis ne peut pas être dans le futur.",
} as const;

const M = GALLERY_MESSAGES;

/** A case's photo ("avant", "après"): the rule of every photo form (~/lib/photo-form). */
export const casePhotoSchema = photoFile();

/** Judged in the clinic's time zone, in the browser as on the server. */
const notFuture = (v: string) => v <= todayInClinic();

const optionalId = singleLine()
  .optional()
  .transform((v, ctx): number | null => {
    if (v === undefined || v === "") return null;
    if (!/^\d{1,9}$/.test(v) || Number(v) < 1) {
      ctx.addIssue({ code: "custom", message: M.patient });
      return z.NEVER;
    }
    return Number(v);
  });

/** A case: `id` absent is a new case, which needs both photos; an edited case keeps a photo not replaced. */
export const caseSchema = z
  .object({
    id: z.number().int().positive().optional(),
    treatment: singleLine({ error: M.treatment }).refine((v) => GALLERY_TREATMENTS.some((t) => t.name === v), { error: M.treatment }),
    description: multiLine({ error: M.textMissing })
      .transform((v) => v.replace(/\r\n?/g, "\n"))
      .pipe(requiredText({ missing: M.textMissing, max: CASE_TEXT_MAX, tooLong: M.textTooLong, multiline: true })),
    before: casePhotoSchema.optional(),
    before_alt: requiredText({ missing: M.beforeAltMissing, max: ALT_MAX_LENGTH, tooLong: M.altTooLong }),
    after: casePhotoSchema.optional(),
    after_alt: requiredText({ missing: M.afterAltMissing, max: ALT_MAX_LENGTH, tooLong: M.altTooLong }),
    // the Arabic gallery's texts: optional (without them it shows the treatment's name and describes the photos by it)
    description_ar: multiLine()
      .optional()
      .transform((v) => v?.replace(/\r\n?/g, "\n"))
      .pipe(optionalText({ max: CASE_TEXT_MAX, tooLong: M.textArTooLong, multiline: true })),
    before_alt_ar: optionalText({ max: ALT_MAX_LENGTH, tooLong: M.altArTooLong }),
    after_alt_ar: optionalText({ max: ALT_MAX_LENGTH, tooLong: M.altArTooLong }),
    consent_date: calendarDay({ missing: M.consentDateMissing }).refine(notFuture, { error: M.consentDateFuture }),
    consent_scope: z.enum(CONSENT_SCOPES, { error: M.scope }),
    patient_id: optionalId,
  })
  // checked even when other fields are wrong (`when`), so that every message shows at once
  .refine((v) => v.id !== undefined || Boolean(v.before), { path: ["before"], error: M.beforeMissing, when: () => true })
  .refine((v) => v.id !== undefined || Boolean(v.after), { path: ["after"], error: M.afterMissing, when: () => true });

export type CaseFormValue = z.output<typeof caseSchema>;

export const deletionDaysSchema = z.object({
  days: z
    .number({ error: M.deletionDays })
    .int({ error: M.deletionDays })
    .min(DELETION_DAYS.min, { error: M.deletionDays })
    .max(DELETION_DAYS.max, { error: M.deletionDays }),
});

export const reviewSchema = z.object({
  id: z.number().int().positive().optional(),
  name: personName({ missing: M.reviewName, max: REVIEW_NAME_MAX, tooLong: M.reviewNameTooLong }),
  rating: singleLine({ error: M.rating })
    .refine((v) => RATING_CHOICES.some((c) => c.value === v), { error: M.rating })
    .transform((v) => RATING_CHOICES.find((c) => c.value === v)!.halves),
  comment: multiLine({ error: M.commentMissing })
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .pipe(requiredText({ missing: M.commentMissing, max: REVIEW_COMMENT_MAX, tooLong: M.commentTooLong, multiline: true })),
  date: calendarDay({ missing: M.reviewDateMissing }).refine(notFuture, { error: M.reviewDateFuture }),
  published: z
    .boolean()
    .optional()
    .transform((v) => v === true),
});

export type ReviewFormValue = z.output<typeof reviewSchema>;

/** A case or review id posted by a button (move, withdraw, delete, publish). */
export const rowSchema = z.object({ id: z.number({ error: "Élément inconnu." }).int().positive({ error: "Élément inconnu." }) });

// ---- the action's intents and answer -------------------------------------------------------------

/** A patient record offered by the case form's search: name, record number, a hint to tell two apart. */
export interface PatientOption {
  id: number;
  name: string;
  detail: string;
}

export type GalleryIntent =
  | "case-save"
  | "case-withdraw"
  | "case-delete"
  | "case-move"
  | "settings"
  | "patient-search"
  | "review-save"
  | "review-publish"
  | "review-unpublish"
  | "review-delete"
  | "review-move";

/** The answer of the action when it does not redirect: a refusal, or the patients found. */
export interface GalleryActionResult {
  intent: GalleryIntent | "unknown";
  /** the case or review the answer is about */
  id?: number;
  result?: SubmissionResult<string[]>;
  /** a refusal of a row action (withdraw, delete, move, publish), shown beside that row */
  message?: string;
  /** patient-search: the records found for `query` */
  patients?: PatientOption[];
  query?: string;
  /** case-save refused: the record that was chosen, to show it again */
  patientChoice?: PatientOption | null;
}
