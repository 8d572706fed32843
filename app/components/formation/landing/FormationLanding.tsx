import { useClinic } from "~/hooks/use-clinic";
import type { FormationLandingItem, FormationSyllabusItem } from "~/lib/formation";
import { About, Audience, Objectives, Trainer } from "./FeaturedSections";
import { featuredTexts } from "./featured-texts";
import { FormationList } from "./FormationList";
import { LandingHero } from "./LandingHero";
import { ProgrammePreview } from "./ProgrammePreview";

/** What /formation shows: the newest active formation, featured with its syllabus, and the cards of all. */
export interface FormationLandingData {
  featured: FormationSyllabusItem | null;
  formations: FormationLandingItem[];
}

/** The page after a failed load (docs/product.md, "Errors and failures"): the defaults and the empty state. */
export function emptyLanding(): FormationLandingData {
  return { featured: null, formations: [] };
}

/**
 * /formation (docs/product.md, "Training offer"): each section of the featured formation appears
 * only with its data; every enrol button inside opens the enrolment island (in 'Sessions disponibles').
 */
export function FormationLanding({ data }: { data: FormationLandingData }) {
  const clinic = useClinic();
  const f = data.featured;
  const texts = f ? featuredTexts(f, clinic) : null;
  const overview = f?.syllabus?.overview;
  const modules = f?.syllabus?.modules ?? [];
  const objectives = overview?.objectives ?? [];
  return (
    <>
      <LandingHero featured={f} />
      {objectives.length > 0 && <Objectives objectives={objectives} />}
      {f && (
        <About description={f.description} duration={overview?.duration || `${f.duration_months} mois`} maxParticipants={f.max_participants} moduleCount={modules.length} />
      )}
      {texts && <Trainer trainer={texts.trainer} />}
      {f && texts && <Audience audience={texts.audience} maxParticipants={f.max_participants} durationMonths={f.duration_months} />}
      {modules.length > 0 && <ProgrammePreview modules={modules} />}
      <FormationList formations={data.formations} />
    </>
  );
}
