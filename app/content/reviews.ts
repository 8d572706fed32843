/**
 * Patient reviews shown on /gallery ('Avis de nos patients'): static content (docs/product.md, "Public site"),
 * published with the patients' agreement. Ratings go from 1 to 5 in steps of one half.
 */
export interface Review {
  id: number;
  name: string;
  rating: number;
  comment: string;
}

export const REVIEWS: Review[] = [
  {
    id: 1,
    name: "Amina B.",
    rating: 5,
    comment:
      "J'avais très peur des implants. Le docteur a pris le temps de tout m'expliquer avec le scanner à l'écran, et l'intervention s'est bien mieux passée que je ne l'imaginais. Équipe très douce et rassurante.",
  },
  {
    id: 2,
    name: "Karim L.",
    rating: 4.5,
    comment:
      "Blanchiment au cabinet après un détartrage. Légère sensibilité le premier soir, comme on me l'avait annoncé, puis plus rien. Le devis était clair dès le départ, sans surprise.",
  },
  {
    id: 3,
    name: "Samira H.",
    rating: 4,
    comment:
      "Quatre facettes sur les dents de devant. On a d'abord essayé une maquette pour voir le résultat, ce qui m'a beaucoup aidée à me décider. Seul bémol : un peu d'attente le jour du deuxième rendez-vous.",
  },
  {
    id: 4,
    name: "Yacine M.",
    rating: 4.5,
    comment:
      "Prise de rendez-vous en ligne simple, rappel le lendemain pour confirmer. Soins conservateurs et dévitalisation faits avec beaucoup de soin, explications à chaque étape.",
  },
];

/** The parts of a star rating: how many full, half and empty stars out of five. */
export function starParts(rating: number): { full: number; half: number; empty: number } {
  const clamped = Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
  const full = Math.floor(clamped);
  const half = clamped - full === 0.5 ? 1 : 0;
  return { full, half, empty: 5 - full - half };
}

/** "4,5" for 4.5, "5" for 5 (fr-FR decimal comma). */
export function formatRating(rating: number): string {
  return new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(rating);
}

/** The rating as a sentence a screen reader reads: "Note : 4,5 sur 5". */
export function ratingLabel(rating: number): string {
  return `Note : ${formatRating(rating)} sur 5`;
}

/** The initial shown in the avatar. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toLocaleUpperCase("fr-FR") || "?";
}
