import type { ClinicWords } from "~/i18n/clinic";
import { DEMO_CLINIC, type Clinic, type Diploma } from "~/lib/clinic";
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

/** The page's labels of the counters, in Arabic ("أكثر من 30 سنة من الخبرة" for screen readers). */
export const DOCTOR_COUNTER_LABELS_AR = ["سنة من الخبرة", "مريض تلقّوا العلاج", "عملية زرع أسنان"] as const;

/** The doctor page's counters with the Arabic labels. */
export function doctorCountersAr(c: Clinic) {
  return doctorCounters(c).map((x, i) => ({ ...x, label: DOCTOR_COUNTER_LABELS_AR[i] }));
}

/** The doctor page in Arabic: its copy; the names are the clinic's, as the Arabic pages write them (clinicWords). */
export const DOCTOR_AR = {
  metaTitle: (w: ClinicWords) => `${w.doctorName}، جرّاح أسنان في ${w.district}`,
  metaDescription: (w: ClinicWords, years: string) => `${w.doctorName}: أكثر من ${years} سنة من الخبرة في زراعة الأسنان وتجميلها، شهاداته وطريقته في العلاج.`,
  crumbClinic: "تعرّف على عيادتنا",
  eyebrow: "الطبيب",
  lead: (w: ClinicWords, c: Clinic) => `${w.doctorTitle}. مؤسّس ${w.name}، يعالج مرضاه في ${w.district} منذ ${c.figures.since}.`,
  portraitAlt: (w: ClinicWords) => `صورة توضيحية لـ${w.doctorName} في عيادته`,
  book: "احجز موعدًا",
  discoverEspace: "اكتشف فضاء العلاج",
  figuresTitle: "بعض الأرقام",
  pathEyebrow: "المسار المهني",
  pathTitle: (years: string) => `${years} سنة في خدمة الابتسامة`,
  bio: (w: ClinicWords, c: Clinic) => [
    `تخرّج ${w.doctorName} في كلية الطب بالجزائر العاصمة، ويمارس المهنة منذ ${c.figures.since}، وقد أسّس ${w.name} في ${w.district}. بعد تخصّصه في طب اللثة، كرّس نشاطه لزراعة الأسنان وتجميل الابتسامة، وهما مجالان تعمّق فيهما خلال تكوينات جامعية في الجزائر وفرنسا.`,
    "تقوم ممارسته على مبدأ بسيط: الشرح قبل العلاج. تُعرض كلّ خطة علاج بالتفصيل، مع بدائلها ومراحلها وحدودها وتكلفتها، حتى يتّخذ كلّ مريض قراره عن بيّنة.",
    "وحرصًا منه على التكوين المستمر، يشارك اليوم خبرته مع زملائه من خلال دورات التكوين في زراعة الأسنان التي تنظّمها العيادة.",
  ],
  commitments: [
    { title: "تشخيص شامل", text: "فحص سريري وصور فوتوغرافية وتصوير ثلاثي الأبعاد عند الحاجة: لا يُتّخذ أيّ قرار دون رؤية شاملة لحالة فمك." },
    { title: "خيارات مشروحة بوضوح", text: "كثيرًا ما تتوفّر عدّة حلول. نقارنها معك، بمزاياها وحدودها وتكلفتها." },
    { title: "متابعة على المدى الطويل", text: "العلاج الناجح تكمّله مراجعات منتظمة: نبقى إلى جانبك بعد انتهاء العلاج." },
  ],
  diplomasEyebrow: "التكوين",
  diplomasTitle: "الشهادات والتكوينات",
  obtainedIn: "سنة الحصول عليها: ",
  ctaTitle: (w: ClinicWords) => `استشر ${w.doctorName}`,
  ctaText: "زراعة الأسنان، تجميل الابتسامة، العلاجات: احجز موعدًا لاستشارة أولى وخطة علاج مصمّمة لحالتك.",
};

/** The demo clinic's diplomas in Arabic, by year and French title. */
const DEMO_DIPLOMAS_AR: Record<string, { title: string; institution: string }> = {
  "1993 Doctorat en médecine dentaire": { title: "دكتوراه في طب الأسنان", institution: "كلية الطب بالجزائر، جامعة الجزائر" },
  "1998 Diplôme d'études médicales spécialisées (DEMS) en parodontologie": {
    title: "شهادة الدراسات الطبية المتخصّصة في طب اللثة",
    institution: "المستشفى الجامعي مصطفى باشا، الجزائر العاصمة",
  },
  "2004 Diplôme universitaire d'implantologie orale": { title: "شهادة جامعية في زراعة الأسنان", institution: "جامعة باريس 7 – دوني ديدرو" },
  "2008 Diplôme universitaire de chirurgie pré-implantaire et greffes osseuses": {
    title: "شهادة جامعية في الجراحة التمهيدية للزراعة وترقيع العظم",
    institution: "جامعة ستراسبورغ",
  },
  "2011 Diplôme universitaire de dentisterie esthétique": { title: "شهادة جامعية في طب الأسنان التجميلي", institution: "جامعة بوردو" },
  "2015 Attestation universitaire d'imagerie 3D et de chirurgie implantaire guidée": {
    title: "إفادة جامعية في التصوير ثلاثي الأبعاد والجراحة الموجَّهة لزراعة الأسنان",
    institution: "جامعة مونبلييه",
  },
  "2019 Certificat de formation en orthodontie par aligneurs transparents": {
    title: "شهادة تكوين في تقويم الأسنان بالمصفِّفات الشفافة",
    institution: "الجمعية الجزائرية لتقويم الأسنان والفكين، الجزائر العاصمة",
  },
};

/**
 * A diploma as the Arabic page shows it: the demo's in Arabic while it is the demo's (same year,
 * title and institution), else as staff typed it ('Clinique' has no Arabic diplomas: `latin`,
 * shown in <bdi>).
 */
export function diplomaAr(d: Diploma): { year: number; title: string; institution: string; latin: boolean } {
  const demo = DEMO_CLINIC.diplomas.some((x) => x.year === d.year && x.title === d.title && x.institution === d.institution) ? DEMO_DIPLOMAS_AR[`${d.year} ${d.title}`] : undefined;
  return demo ? { year: d.year, ...demo, latin: false } : { ...d, latin: true };
}
