import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { clinicFromMatches } from "./seo";
import { t, type MessageKey } from "~/i18n";
import { clinicWords } from "~/i18n/clinic";

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

/**
 * The same head in Arabic (/ar/offre/<token>, /ar/rappel/<token>; issue 32): the texts are the
 * catalogue's (`title`, `description` with {name}, `tooMany`, `notFound` keys), the clinic named as
 * Arabic writes it; noindex and the same-origin Referer as in French.
 */
export function personalPageMetaAr(matches: MatchLike, error: unknown, keys: { title: MessageKey; description: MessageKey; tooMany: MessageKey; notFound: MessageKey }): MetaDescriptor[] {
  const name = clinicWords(clinicFromMatches(matches), "ar").name;
  const title = t("ar", !error ? keys.title : isRouteErrorResponse(error) && error.status === 429 ? keys.tooMany : keys.notFound);
  return [
    { title: `${title} | ${name}` },
    { name: "description", content: t("ar", keys.description, { name }) },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}
