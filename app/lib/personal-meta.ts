import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { clinicFromMatches } from "./seo";

type MatchLike = Parameters<typeof clinicFromMatches>[0];

/**
 * The head of a page opened from a personal link or a code (/rdv, /devis, /offre,
 * /offre-formation, /rappel, /attestation/<code>): its title (or 'Trop de tentatives' after too
 * many wrong links, or the not-found title), a description that names no one, noindex, and no
 * Referer: the token is in the address ("same-origin", not "no-referrer", so that the forms post
 * with their Origin; the answer's headers say the same: RDV_HEADERS).
 */
export function personalPageMeta(
  matches: MatchLike,
  error: unknown,
  page: { title: string; description: (clinicName: string) => string; notFound?: string },
): MetaDescriptor[] {
  const clinic = clinicFromMatches(matches);
  const title = !error ? page.title : isRouteErrorResponse(error) && error.status === 429 ? "Trop de tentatives" : (page.notFound ?? "Lien introuvable");
  return [
    { title: `${title} | ${clinic.name}` },
    { name: "description", content: page.description(clinic.name) },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}
