/**
 * What 'Galerie et avis' receives (type-only imports from the server: nothing of it reaches the
 * browser bundle).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { GalleryCase } from "~/.server/repos/gallery";
import type { Review } from "~/.server/repos/reviews";

export type { GalleryCase, Review };

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
