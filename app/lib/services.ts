/** The eight services (docs/product.md, "Booking"), offered by the public booking form and the admin add form. */
export const SERVICES = [
  "Implementation",
  "Prothèses dentaires",
  "Blanchiment des dents",
  "Orthodontie",
  "Chirurgie dentaire",
  "Extraction dentaire",
  "Soins conservateurs",
  "Esthétique dentaire",
] as const;

export type Service = (typeof SERVICES)[number];
