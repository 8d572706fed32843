import type { Permission } from "./permissions";

/**
 * The lines of 'Avant la mise en ligne' on the staff home (docs/product.md, "Staff: clinic
 * identity"), as the server computes them (app/.server/go-live-checklist.ts) and the screen shows them.
 */
export type ChecklistGroup = "legal" | "identity" | "photos" | "prices" | "server";

export interface ChecklistItem {
  id: string;
  group: ChecklistGroup;
  /** what is still to do, in a short French sentence */
  label: string;
  /** why, or how, in one more sentence */
  hint?: string;
  /** the screen that fixes it (none for what only the server's settings change) */
  href?: string;
  linkLabel?: string;
  /** who may act on it */
  permission: Permission;
}

/** What a group is about, said once above its lines. */
export const CHECKLIST_GROUP_HINTS: Partial<Record<ChecklistGroup, string>> = {
  legal: "La page « Mentions légales » affiche des exemples inventés : recopiez vos vrais documents (agrément, Ordre) et le contrat de votre hébergeur.",
  server: "Ces réglages se font sur le serveur, par la personne qui héberge le site (voir le README).",
};

export const CHECKLIST_GROUP_LABELS: Record<ChecklistGroup, string> = {
  legal: "Mentions légales",
  identity: "Identité de la clinique",
  photos: "Photos et galerie",
  prices: "Tarifs",
  server: "Serveur",
};

