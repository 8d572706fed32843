/**
 * The clinic presentation 'Espace de soin' (/espacesoinpage): the surgical techniques practised,
 * hygiene and the patient's path. Icons are lucide-react names chosen by the page.
 */
export interface Technique {
  id: "implant" | "guided" | "graft" | "perio" | "extraction" | "prosthesis";
  title: string;
  text: string;
}

export const ESPACE_INTRO: string[] = [
  "Notre espace de soin a été pensé pour la chirurgie dentaire et l'implantologie : une salle dédiée aux interventions, une imagerie numérique sur place et une chaîne de stérilisation contrôlée. Vous êtes soigné dans un cadre calme, où chaque geste est expliqué.",
  "Les techniques présentées ci-dessous ne conviennent pas à toutes les situations : leur indication se décide toujours après un examen et un bilan, lors d'une consultation.",
];

export const TECHNIQUES: Technique[] = [
  {
    id: "implant",
    title: "Implantologie",
    text: "Pose d'implants en titane pour remplacer une ou plusieurs dents, en un ou deux temps chirurgicaux selon la qualité de l'os, sous anesthésie locale.",
  },
  {
    id: "guided",
    title: "Chirurgie guidée par imagerie 3D",
    text: "Le cone beam mesure l'os disponible en trois dimensions. La position de chaque implant est planifiée sur ordinateur, puis reproduite grâce à un guide chirurgical lorsque c'est indiqué.",
  },
  {
    id: "graft",
    title: "Greffes osseuses et sinus lift",
    text: "Lorsque l'os manque, il peut être reconstitué avant ou pendant la pose des implants : greffe d'apposition, régénération osseuse guidée ou comblement du sinus.",
  },
  {
    id: "perio",
    title: "Chirurgie des gencives",
    text: "Traitement des maladies parodontales, greffes de gencive pour recouvrir une racine exposée et remodelage gingival pour harmoniser le sourire.",
  },
  {
    id: "extraction",
    title: "Extractions délicates",
    text: "Dents de sagesse incluses, racines fracturées ou dents fragiles : extractions réalisées en préservant l'os, en prévision d'un éventuel implant.",
  },
  {
    id: "prosthesis",
    title: "Prothèses sur implants",
    text: "Couronnes, bridges et arcades complètes fixés sur implants, ou prothèses amovibles stabilisées, réalisées avec des laboratoires partenaires.",
  },
];

export const HYGIENE_POINTS: string[] = [
  "Instruments stérilisés en autoclave de classe B, emballés et tracés pour chaque patient",
  "Matériel à usage unique chaque fois que c'est possible",
  "Désinfection complète du fauteuil et des surfaces entre deux patients",
  "Radiographie numérique à faible dose et imagerie 3D sur place",
];

export const PATIENT_PATH: { title: string; text: string }[] = [
  { title: "Consultation", text: "Vous exposez votre demande ; nous examinons votre bouche et répondons à vos questions." },
  { title: "Bilan", text: "Radiographies, imagerie 3D et photographies si nécessaire, pour un diagnostic complet." },
  { title: "Plan de traitement et devis", text: "Les options, les étapes, la durée et le coût vous sont remis par écrit, sans engagement." },
  { title: "Soins", text: "Les interventions se déroulent sous anesthésie locale, avec des consignes claires avant et après." },
  { title: "Suivi", text: "Des contrôles réguliers garantissent la bonne cicatrisation et la durée de vie des soins." },
];
