import type { FormationSyllabusItem } from "~/lib/formation";
import { seo } from "~/lib/seo";

type Matches = Parameters<typeof seo>[0];

/** Title, description and canonical link of a syllabus page. */
export function syllabusMeta(matches: Matches, formation: Pick<FormationSyllabusItem, "title" | "description" | "syllabus"> | null, path: string, notFound: boolean) {
  const title = formation ? `Programme : ${formation.syllabus?.overview.title || formation.title}` : "Programme de formation";
  const description = formation
    ? (formation.syllabus?.overview.description || formation.description).slice(0, 160)
    : "Le programme détaillé de nos formations en implantologie pour chirurgiens-dentistes : objectifs, modules et pratique clinique.";
  return seo(matches, { title, description, path, image: "/media/formation-hero.svg", noindex: notFound });
}
