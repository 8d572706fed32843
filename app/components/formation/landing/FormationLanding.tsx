import { clinic } from "~/content/clinic";
import type { FormationLandingItem, FormationSyllabusItem } from "~/lib/formation";
import { EnrollmentProvider } from "../EnrollmentDialog";
import { About, Audience, Objectives, Trainer } from "./FeaturedSections";
import { FormationList } from "./FormationList";
import { LandingHero } from "./LandingHero";
import { ProgrammePreview } from "./ProgrammePreview";

/** What /formation shows: the newest active formation, featured with its syllabus, and the cards of all. */
export interface FormationLandingData {
  featured: FormationSyllabusItem | null;
  formations: FormationLandingItem[];
  submissionKey: string;
}

/** The page after a failed load (docs/product.md, "Errors and failures"): the defaults and the empty state. */
export function emptyLanding(): FormationLandingData {
  return { featured: null, formations: [], submissionKey: "" };
}

/**
 * /formation (docs/product.md, "Training offer"): each section of the featured formation appears
 * only with its data; every enrol button inside opens the enrolment dialog.
 */
export function FormationLanding({ data }: { data: FormationLandingData }) {
  const f = data.featured;
  const overview = f?.syllabus?.overview;
  const modules = f?.syllabus?.modules ?? [];
  const objectives = overview?.objectives ?? [];
  return (
    <EnrollmentProvider options={data.formations} submissionKey={data.submissionKey}>
      <LandingHero featured={f} />
      {objectives.length > 0 && <Objectives objectives={objectives} />}
      {f && (
        <About description={f.description} duration={overview?.duration || `${f.duration_months} mois`} maxParticipants={f.max_participants} moduleCount={modules.length} />
      )}
      {f && <Trainer name={overview?.instructor || clinic.doctor.name} />}
      {f && <Audience maxParticipants={f.max_participants} durationMonths={f.duration_months} />}
      {modules.length > 0 && <ProgrammePreview modules={modules} />}
      <FormationList formations={data.formations} />
    </EnrollmentProvider>
  );
}
