import type { Clinic } from "~/lib/clinic";
import { formatFigure, formatNumber } from "~/lib/format";
import type { FormationSyllabusItem } from "~/lib/formation";

/**
 * The words of /formation's trainer and audience blocks, from the featured formation's own data
 * (docs/product.md, "Training offer"): its subject is the syllabus overview's title (else the
 * formation's), its trainer the syllabus's instructor (else the clinic's dentist). The texts about
 * implantology (implant surgeries, "intégrer l'implantologie") are kept for an implantology
 * course only (its title, programme title or objectives speak of implants); any other course gets the same blocks about its own subject.
 */
export interface FeaturedTexts {
  subject: string;
  implantology: boolean;
  audience: { lead: string; rest: string };
  trainer: {
    name: string;
    /** the clinic's dentist: the doctor's title, figures, portrait and profile link */
    isClinicDoctor: boolean;
    subtitle: string;
    text: string;
    badges: string[];
  };
}

const key = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\b(dr|docteur|pr|professeur)\b\.?/gi, "")
    .replace(/[^a-z0-9]+/gi, " ")
    .trim()
    .toLowerCase();

/** A course about implants: its title, its programme's title or one of its objectives says so. */
export function isImplantologyCourse(f: Pick<FormationSyllabusItem, "title" | "syllabus">): boolean {
  const o = f.syllabus?.overview;
  return /implant/i.test([f.title, o?.title ?? "", ...(o?.objectives ?? [])].join("\n"));
}

export function featuredTexts(f: Pick<FormationSyllabusItem, "title" | "syllabus">, clinic: Pick<Clinic, "name" | "doctor" | "figures">): FeaturedTexts {
  const overview = f.syllabus?.overview;
  const subject = overview?.title.trim() || f.title;
  const implantology = isImplantologyCourse(f);
  const instructor = overview?.instructor.trim() ?? "";
  const isClinicDoctor = !instructor || [clinic.doctor.name, clinic.doctor.shortName].some((n) => key(n) === key(instructor));
  const fig = clinic.figures;

  const audience = implantology
    ? { lead: "chirurgiens-dentistes omnipraticiens", rest: "qui souhaitent intégrer l'implantologie à leur exercice, avec des bases solides et une pratique encadrée." }
    : { lead: "chirurgiens-dentistes", rest: `qui souhaitent se former à «\u00a0${subject}\u00a0», avec des bases solides et une pratique encadrée.` };

  const trainer: FeaturedTexts["trainer"] = isClinicDoctor
    ? {
        name: instructor || clinic.doctor.name,
        isClinicDoctor,
        subtitle: clinic.doctor.title,
        text: implantology
          ? `Plus de ${formatNumber(fig.yearsOfExperience)} ans d'exercice, plus de ${formatNumber(fig.surgeries)} chirurgies implantaires et plus de ${formatNumber(fig.patients)} patients traités : la formation transmet une pratique éprouvée au fauteuil, cas cliniques à l'appui.`
          : `Plus de ${formatNumber(fig.yearsOfExperience)} ans d'exercice et plus de ${formatNumber(fig.patients)} patients traités : la formation «\u00a0${subject}\u00a0» transmet une pratique éprouvée au fauteuil, cas cliniques à l'appui.`,
        badges: [
          `${formatFigure(fig.yearsOfExperience)} ans d'expérience`,
          implantology ? `${formatFigure(fig.surgeries)} chirurgies implantaires` : `${formatFigure(fig.patients)} patients traités`,
        ],
      }
    : {
        name: instructor,
        isClinicDoctor,
        subtitle: `Formateur de la session «\u00a0${f.title}\u00a0»`,
        text: `La formation «\u00a0${subject}\u00a0» est animée par ${instructor}, en petit groupe et cas cliniques à l'appui, au centre de formation de ${clinic.name}.`,
        badges: [],
      };
  return { subject, implantology, audience, trainer };
}
