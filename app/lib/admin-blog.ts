import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/lib/toast";

/** The staff texts of /admin/blog, English ones included, to the letter (docs/product.md, "Staff: blog"). */
export const ADMIN_BLOG_TEXTS = {
  title: "Blog Management",
  open: "Ajouter un Blog",
  close: "Close Form",
  edit: "Modifier",
  delete: "supprimer",
  confirmDelete: "Are you sure you want to delete this blog?",
  empty: "Aucun blog pour le moment. Ajoutez le vôtre !",
  added: "Blog added successfully!",
  updated: "Blog updated successfully!",
  deleted: "Blog deleted successfully!",
  fetchError: "Error fetching blogs",
  addError: "Error adding blog",
  updateError: "Error updating blog",
  deleteError: "Error deleting blog",
  unexpected: "An unexpected error occurred",
} as const;

/** Staff blog toasts last 3000 ms (docs/product.md, "Texts, toasts and timings"). */
export const ADMIN_BLOG_TOAST_MS = 3000;

/** The form on screen: a new post, or the post being edited. */
export type BlogTarget = { kind: "create" } | { kind: "edit"; id: number };

/** What the action answers, for every intent. */
export interface AdminBlogResult {
  intent: "create" | "update" | "delete" | null;
  ok: boolean;
  toast?: Toast;
  /** the editor's answer (Conform): field errors, the values typed */
  reply?: SubmissionResult<string[]>;
  /** the form to show again after a refused save (also after a post without JavaScript) */
  target?: BlogTarget;
}

/** The last choice of the person (open, edit, close) and the save result on screen at that moment. */
export interface EditorChoice {
  target: BlogTarget | null;
  seen: AdminBlogResult | undefined;
}

/**
 * The form to show, derived: a save result that arrived after the last choice decides (saved:
 * the form closes; refused: it stays, or opens after a post without JavaScript); otherwise the
 * choice does.
 */
export function editorTarget(choice: EditorChoice, result: AdminBlogResult | undefined): BlogTarget | null {
  if (!result || result === choice.seen) return choice.target;
  if (result.ok) return null;
  return result.target ?? choice.target;
}
