import { FORMATION_AR } from "~/content/formation-ar";
import type { Locale } from "~/i18n/locale";
import type { FormationSyllabusItem } from "~/lib/formation";
import { originFromMatches, seo } from "~/lib/seo";

type Matches = Parameters<typeof seo>[0];

/**
 * Title, description and canonical link of a syllabus page. A formation with its Arabic title is
 * in both languages (hreflang both ways); its Arabic page without one points to the French page
 * (noindex, canonical French).
 */
export function syllabusMeta(
  matches: Matches,
  formation: Pick<FormationSyllabusItem, "title" | "description" | "syllabus" | "title_ar" | "description_ar"> | null,
  path: string,
  notFound: boolean,
  locale: Locale = "fr",
) {
  const bilingual = Boolean(formation?.title_ar);
  if (locale === "ar") {
    const title = formation?.title_ar ? `${FORMATION_AR.syllabusTitle}: ${formation.title_ar}` : FORMATION_AR.syllabusTitle;
    const description = (formation?.description_ar || FORMATION_AR.syllabusMetaDescription).slice(0, 160);
    const frenchOnly = formation !== null && !bilingual;
    const tags = seo(matches, { title, description, path, locale, bilingual: bilingual || path === "/syllabus", image: "/media/formation-hero.svg", noindex: notFound || frenchOnly });
    if (!frenchOnly) return tags;
    const french = `${originFromMatches(matches)}${path}`;
    return tags.map((t) => ("rel" in t && t.rel === "canonical" ? { ...t, href: french } : t));
  }
  const title = formation ? `Programme : ${formation.syllabus?.overview.title || formation.title}` : "Programme de formation";
  const description = formation
    ? (formation.syllabus?.overview.description || formation.description).slice(0, 160)
    : "Le programme détaillé de nos formations en implantologie pour chirurgiens-dentistes : objectifs, modules et pratique clinique.";
  return seo(matches, { title, description, path, image: "/media/formation-hero.svg", noindex: notFound, bilingual: bilingual && path !== "/syllabus" });
}
