/**
 * The catalogue of acts (docs/product.md, "Staff: acts and prices"; ADR 026): the categories and
 * their French labels, shared by the catalogue's screen, the quote editor and the database checks.
 */
export const ACT_CATEGORIES = ["consultation", "implantologie", "prothese", "esthetique", "soins", "chirurgie", "orthodontie"] as const;
export type ActCategory = (typeof ACT_CATEGORIES)[number];

export const ACT_CATEGORY_LABELS: Record<ActCategory, string> = {
  consultation: "Consultation",
  implantologie: "Implantologie",
  prothese: "Prothèse",
  esthetique: "Esthétique",
  soins: "Soins conservateurs",
  chirurgie: "Chirurgie",
  orthodontie: "Orthodontie",
};

export function isActCategory(v: unknown): v is ActCategory {
  return typeof v === "string" && (ACT_CATEGORIES as readonly string[]).includes(v);
}
