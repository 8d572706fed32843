import { clinic } from "./clinic";

/**
 * The doctor's profile (/doctorpage). The name, title and figures come from the clinic identity
 * (app/content/clinic.ts). The diplomas and the biography are demo content: replace them with the
 * doctor's real degrees before going live.
 */
export interface Diploma {
  year: number;
  title: string;
  institution: string;
}

export const DOCTOR_DIPLOMAS: Diploma[] = [
  {
    year: 1993,
    title: "Doctorat en médecine dentaire",
    institution: "Faculté de médecine d'Alger, Université d'Alger",
  },
  {
    year: 1998,
    title: "Diplôme d'études médicales spécialisées (DEMS) en parodontologie",
    institution: "CHU Mustapha Pacha, Alger",
  },
  {
    year: 2004,
    title: "Diplôme universitaire d'implantologie orale",
    institution: "Université Paris 7 – Denis Diderot",
  },
  {
    year: 2008,
    title: "Diplôme universitaire de chirurgie pré-implantaire et greffes osseuses",
    institution: "Université de Strasbourg",
  },
  {
    year: 2011,
    title: "Diplôme universitaire de dentisterie esthétique",
    institution: "Université de Bordeaux",
  },
  {
    year: 2015,
    title: "Attestation universitaire d'imagerie 3D et de chirurgie implantaire guidée",
    institution: "Université de Montpellier",
  },
  {
    year: 2019,
    title: "Certificat de formation en orthodontie par aligneurs transparents",
    institution: "Société algérienne d'orthopédie dento-faciale, Alger",
  },
];

/** The doctor page's counters; years and patients count at the pace of the home page's (docs/product.md, "Texts, toasts and timings"). */
export const DOCTOR_COUNTERS: { value: number; step: number; intervalMs: number; prefix: string; suffix: string; label: string }[] = [
  { value: clinic.figures.yearsOfExperience, step: 1, intervalMs: 80, prefix: "+", suffix: "", label: "années d'expérience" },
  { value: clinic.figures.patients, step: 100, intervalMs: 30, prefix: "+", suffix: "", label: "patients traités" },
  { value: clinic.figures.surgeries, step: 5, intervalMs: 40, prefix: "+", suffix: "", label: "chirurgies implantaires" },
];

export const DOCTOR_BIO: string[] = [
  `Diplômé de la Faculté de médecine d'Alger, ${clinic.doctor.name} exerce depuis ${clinic.figures.since} et a fondé la ${clinic.name} à ${clinic.address.district}. Après une spécialisation en parodontologie, il s'est consacré à l'implantologie et à l'esthétique du sourire, deux disciplines qu'il a approfondies lors de formations universitaires en Algérie et en France.`,
  "Sa pratique repose sur un principe simple : expliquer avant de soigner. Chaque plan de traitement est présenté en détail, avec ses alternatives, ses étapes, ses limites et son coût, afin que chaque patient décide en connaissance de cause.",
  "Attaché à la formation continue, il partage aujourd'hui son expérience avec ses confrères à travers les formations en implantologie organisées par la clinique.",
];

export const DOCTOR_COMMITMENTS: { title: string; text: string }[] = [
  {
    title: "Un diagnostic complet",
    text: "Examen clinique, photographies et imagerie 3D lorsque c'est utile : rien n'est décidé sans une vision d'ensemble de votre bouche.",
  },
  {
    title: "Des options expliquées",
    text: "Plusieurs solutions sont souvent possibles. Nous les comparons avec vous, avec leurs avantages, leurs limites et leur budget.",
  },
  {
    title: "Un suivi dans la durée",
    text: "Un traitement réussi se prolonge par des contrôles réguliers : nous restons à vos côtés après la fin des soins.",
  },
];
