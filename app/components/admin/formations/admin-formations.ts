import type { SubmissionResult } from "@conform-to/react";
import type { FormationAdminItem } from "~/lib/formation";
import { makeToast, type Toast } from "~/lib/toast";

/** The fixed texts of /admin/formations (docs/product.md, "Staff: formations" and "Texts, toasts and timings"). */
export const ADMIN_FORMATION_TEXTS = {
  title: "Tableau de Bord des Formations",
  confirmDelete: "Êtes-vous sûr de vouloir supprimer cette formation ?",
  emptyEnrollments: "Aucune inscription pour cette formation",
  created: "Formation créée avec succès !",
  updated: "Formation modifiée avec succès !",
  deleted: "Formation supprimée avec succès !",
  statusUpdated: "Statut de l'inscription mis à jour !",
  loadError: "Erreur lors du chargement des formations",
  enrollmentsError: "Erreur lors du chargement des inscriptions",
  genericError: "Une erreur est survenue. Veuillez réessayer.",
  deleteError: "Erreur lors de la suppression. Veuillez réessayer.",
  statusError: "Erreur lors de la mise à jour du statut.",
  /** a cancelled or completed enrolment cannot take a place again in a full formation */
  statusFull: "Cette formation est complète : libérez une place (annulez une autre inscription) avant de confirmer ou de remettre en attente cette inscription.",
  /** beside 'Participants maximum' and in the toast */
  maxBelowTaken: (taken: number) => `Le nombre maximum de participants ne peut pas être inférieur aux places déjà prises (${taken}).`,
} as const;

/** Every toast of the screen stays 5 s. */
export const ADMIN_FORMATION_TOAST_MS = 5000;

export const formationToast = (type: "success" | "error", description: string): Toast =>
  makeToast({ type, description, duration: ADMIN_FORMATION_TOAST_MS });

export type FormationIntent = "create" | "update" | "delete" | "status";

/** What every post of the screen answers: its toast, and for the editor Conform's reply. */
export interface FormationActionResult {
  intent: FormationIntent | null;
  ok: boolean;
  toast: Toast;
  reply?: SubmissionResult<string[]>;
}

/** The failure toast of a post that never got an answer (a lost connection). */
export function failureOf(intent: unknown): FormationActionResult {
  const T = ADMIN_FORMATION_TEXTS;
  const known = (["create", "update", "delete", "status"] as const).find((i) => i === intent) ?? null;
  const message = known === "delete" ? T.deleteError : known === "status" ? T.statusError : T.genericError;
  return { intent: known, ok: false, toast: formationToast("error", message) };
}

/** The editor: a new formation, or one of the list. */
export type EditorTarget = { kind: "create" } | { kind: "edit"; formation: FormationAdminItem };
