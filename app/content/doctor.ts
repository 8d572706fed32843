import type { Clinic } from "~/lib/clinic";
import { surgeriesCounter, patientsCounter, yearsCounter } from "./home";

/**
 * The doctor's profile (/doctorpage). The name, title, figures and diplomas come from the clinic
 * identity staff edit on /admin/clinique (`Clinic`, app/lib/clinic.ts); the biography and the
 * commitments are the site's texts.
 */
/**
 * The doctor page's counters, at the pace of the home page's (docs/product.md, "Texts, toasts and
 * timings"); each ends on formatFigure's text ("7 000+"), as every page writes the figure.
 */
export function doctorCounters(c: Clinic): { value: number; step: number; intervalMs: number; prefix: string; suffix: string; label: string }[] {
  const counter = (x: { target: number; step: number; intervalMs: number }, label: string) => ({ value: x.target, step: x.step, intervalMs: x.intervalMs, prefix: "", suffix: "+", label });
  return [counter(yearsCounter(c), "années d'expérience"), counter(patientsCounter(c), "patients traités"), counter(surgeriesCounter(c), "chirurgies implantaires")];
}

export function doctorBio(c: Clinic): string[] {
  return [
    `Diplômé de la Faculté de médecine d'Alger, ${c.doctor.name} exerce depuis ${c.figures.since} et a fondé la ${c.name} à ${c.address.district}. Après une spécialisation en parodontologie, il s'est consacré à l'implantologie et à l'esthétique du sourire, deux disciplines qu'il a approfondies lors de formations universitaires en Algérie et en France.`,
    "Sa pratique repose sur un principe simple : expliquer avant de soigner. Chaque plan de traitement est présenté en détail, avec ses alternatives, ses étapes, ses limites et son coût, afin que chaque patient décide en connaissance de cause.",
    "Attaché à la formation continue, il partage aujourd'hui son expérience avec ses confrères à travers les formations en implantologie organisées par la clinique.",
  ];
}

export const DOCTOR_COMMITMENTS: { title: string; text: string }[] = [
  {
    title: "Un diagnostic complet",
    text: "Examen clinique, photographies et imagerie 3D lorsque c'est utile : rien n'est décidé sans une vision d'ensemble de votre bouche.",
  },
  {
    title: "Des options expliquées",
    text: "Plusieurs solutions sont souvent possibles. Nous les comparons avec vous, avec leurs avantages, leurs limites et leur budget.",
  },
  {
    title: "Un suivi dans la durée",
    text: "Un traitement réussi se prolonge par des contrôles réguliers : nous restons à vos côtés après la fin des soins.",
  },
];
