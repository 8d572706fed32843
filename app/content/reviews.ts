/**
 * Helpers of the patient reviews shown on /gallery ('Avis de nos patients'). The reviews are rows
 * managed on /admin/galerie (app/.server/repos/reviews.ts; docs/product.md, "Staff: gallery and
 * reviews"), the four of the original product as the demo content. Ratings go from 1 to 5 in
 * steps of one half.
 */
export interface PublicReview {
  id: number;
  name: string;
  rating: number;
  comment: string;
  /** YYYY-MM-DD */
  date: string;
}

/** The parts of a star rating: how many full, half and empty stars out of five. */
export function starParts(rating: number): { full: number; half: number; empty: number } {
  const clamped = Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
  const full = Math.floor(clamped);
  const half = clamped - full === 0.5 ? 1 : 0;
  return { full, half, empty: 5 - full - half };
}

/** "4,5" for 4.5, "5" for 5 (fr-FR decimal comma; a rating has one decimal at most). */
export function formatRating(rating: number): string {
  const halves = Math.round(rating * 2) / 2;
  return String(halves).replace(".", ",");
}

/** The rating as a sentence a screen reader reads: "Note : 4,5 sur 5". */
export function ratingLabel(rating: number): string {
  return `Note : ${formatRating(rating)} sur 5`;
}

/** The initial shown in the avatar. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toLocaleUpperCase("fr-FR") || "?";
}
