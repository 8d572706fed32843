import { clinicWords } from "~/i18n/clinic";
import type { Locale } from "~/i18n/locale";
import type { Clinic } from "~/lib/clinic";
import { formatFigure } from "~/lib/format";

/**
 * The home page's copy in French and Arabic (HOME.fr, HOME.ar; the French is also exported by
 * part, as the spec writes it) and pictures. Pictures live in public/media (see README). What
 * depends on the clinic's identity (its figures, doctor, district) is a function of the stored
 * `Clinic` (useClinic()), never a string built at load time.
 */
export const HOME_CAROUSEL_INTERVAL_MS = 3000;

/**
 * A count-up that lasts about as long whatever the figure: `ticks` steps of `intervalMs`
 * (7 000 patients: 100 every 30 ms, as SPEC has it; 30 years: 1 every 80 ms).
 */
export function countUp(target: number, ticks: number, intervalMs: number) {
  return { target, step: Math.max(1, Math.ceil(target / ticks)), intervalMs };
}

export const patientsCounter = (c: Clinic) => countUp(c.figures.patients, 70, 30);
export const yearsCounter = (c: Clinic) => countUp(c.figures.yearsOfExperience, 30, 80);
export const surgeriesCounter = (c: Clinic) => countUp(c.figures.surgeries, 40, 40);

export const hero = {
  tagline: "VOTRE FUTUR SOURIRE",
  intro: (c: Clinic) => `Implantologie et esthétique dentaire à ${c.address.district}, ${c.address.city} : des soins précis, un accompagnement humain et des résultats naturels.`,
  cta: { label: "DECOUVRIR", to: "/dentist" },
  image: { src: "/media/home-hero.svg", width: 1600, height: 900 },
  claims: (c: Clinic) => [
    { value: formatFigure(c.figures.patients), label: "patients satisfaits" },
    { value: formatFigure(c.figures.yearsOfExperience), label: "ans d'expérience" },
    // a year, not a figure: no thousands space
    { value: String(c.figures.since), label: "l'excellence depuis" },
  ],
  scrollHint: "Faites défiler",
};

export const teaser = {
  eyebrow: "Avant / Après",
  title: "Facettes et implants : des sourires transformés",
  text: "Facettes en céramique pour un sourire harmonieux, implants pour remplacer durablement les dents manquantes : découvrez des transformations réalisées au cabinet.",
  satisfactionLabel: "de patients satisfaits",
  patientsLabel: "patients traités",
  slides: [
    { src: "/media/home-teaser-veneers.svg", width: 1200, height: 800, alt: "Sourire avant et après la pose de facettes dentaires", caption: "Facettes dentaires" },
    { src: "/media/home-teaser-implant.svg", width: 1200, height: 800, alt: "Implant dentaire surmonté d'une couronne en céramique", caption: "Implant et couronne" },
  ],
  buttons: [
    { label: "Voir la galerie", to: "/gallery" },
    { label: "Prendre Rendez-vous", to: "/appointment" },
  ],
};

export const expertise = {
  eyebrow: "Notre expertise",
  title: "Une expérience au service de votre sourire",
  text: (c: Clinic) => `Depuis ${c.figures.since}, ${c.doctor.name} accompagne ses patients de la première consultation jusqu'au suivi, avec la même exigence de précision et de confort.`,
  years: "ans d'expérience",
  patients: "patients traités",
};

export const surgery = {
  eyebrow: "Chirurgie et implantologie",
  title: "La chirurgie implantaire, en toute sérénité",
  intro: "Remplacer une dent, reconstruire un sourire complet ou préparer l'os avant un implant : chaque intervention est planifiée avec soin et expliquée à l'avance.",
  blocks: [
    {
      title: "Des résultats visibles et naturels",
      text: () =>
        "Implants, couronnes et facettes sont conçus pour s'intégrer à votre visage : forme, teinte et alignement sont choisis avec vous. La galerie présente des cas traités au cabinet.",
      image: { src: "/media/home-surgery-3.svg", alt: "Sourire harmonieux après traitement" },
      buttons: [{ label: "Voir les avant/après", to: "/gallery" }],
    },
    {
      title: "Des techniques chirurgicales précises",
      text: () =>
        "Imagerie 3D, planification numérique et guides chirurgicaux permettent des interventions moins invasives, des suites plus simples et une pose d'implant au millimètre.",
      image: { src: "/media/home-surgery-2.svg", alt: "Planification 3D d'un implant et instruments chirurgicaux" },
      buttons: [{ label: "Découvrir nos techniques", to: "/espacesoinpage" }],
    },
    {
      title: "Un praticien expérimenté à votre écoute",
      text: (c: Clinic) =>
        `Plus de ${formatFigure(c.figures.surgeries, "")} chirurgies implantaires et ${formatFigure(c.figures.yearsOfExperience, "")} ans de pratique : ${c.doctor.name} vous reçoit, répond à vos questions et vous remet un devis personnalisé.`,
      image: { src: "/media/home-surgery-1.svg", alt: "Cabinet de consultation avec fauteuil dentaire et radiographie" },
      buttons: [
        { label: "Prendre Rendez-vous", to: "/appointment" },
        { label: "Rencontrer le docteur", to: "/doctorpage" },
      ],
    },
  ],
};

export interface TreatmentTab {
  id: "esthetique" | "chirurgie" | "blanchiment" | "generale" | "orthodontie";
  tab: string;
  title: string;
  description: string;
  image: string;
  imageAlt: string;
  bookingLabel: string;
  more: string;
}

/** The five tabs of 'NOS SOINS ET TRAITEMENTS' (docs/product.md, "Public site"). */
export const treatments: { title: string; tabs: TreatmentTab[] } = {
  title: "NOS SOINS ET TRAITEMENTS",
  tabs: [
    {
      id: "esthetique",
      tab: "Esthétique",
      title: "Facettes dentaires",
      description:
        "De fines facettes en céramique, collées sur la face visible des dents, corrigent la forme, la couleur et les petits défauts d'alignement. Le résultat est simulé avant toute préparation.",
      image: "/media/home-treat-esthetique.svg",
      imageAlt: "Pose d'une facette en céramique sur une incisive",
      bookingLabel: "PRENDRE RENDEZ-VOUS",
      more: "/esthetique-dentaire",
    },
    {
      id: "chirurgie",
      tab: "Chirurgie",
      title: "Implants dentaires",
      description:
        "L'implant en titane remplace la racine d'une dent perdue et porte une couronne sur mesure. Une solution fixe et durable, planifiée en 3D et posée sous anesthésie locale.",
      image: "/media/home-treat-chirurgie.svg",
      imageAlt: "Implant dentaire dans l'os de la mâchoire, surmonté d'une couronne",
      bookingLabel: "PRENDRE RENDEZ-VOUS",
      more: "/implants-dentaires",
    },
    {
      id: "blanchiment",
      tab: "Blanchiment",
      title: "Blanchiment professionnel",
      description:
        "Un éclaircissement sûr et contrôlé de la teinte naturelle de vos dents, au fauteuil ou à domicile avec des gouttières sur mesure, après un examen et un détartrage.",
      image: "/media/home-treat-blanchiment.svg",
      imageAlt: "Teintier allant du jaune au blanc à côté de dents éclaircies",
      bookingLabel: "PLANIFIER UN BLANCHIMENT",
      more: "/blanchiment-professionnel",
    },
    {
      id: "generale",
      tab: "Générale",
      title: "Soins conservateurs",
      description:
        "Caries, dents sensibles ou fissurées : nous soignons en préservant au maximum la dent naturelle, avec des restaurations esthétiques de la couleur de vos dents.",
      image: "/media/home-treat-generale.svg",
      imageAlt: "Dent soignée par une obturation esthétique, miroir et sonde",
      bookingLabel: "PRENDRE RENDEZ-VOUS",
      more: "/soins-conservateurs",
    },
    {
      id: "orthodontie",
      tab: "Orthodontie",
      title: "Orthodontie invisible",
      description:
        "Des gouttières transparentes, presque invisibles et amovibles, alignent progressivement les dents. Un plan de traitement numérique montre le résultat attendu dès le départ.",
      image: "/media/home-treat-orthodontie.svg",
      imageAlt: "Gouttière d'alignement transparente au-dessus d'une arcade dentaire",
      bookingLabel: "CONSULTATION ORTHODONTIE",
      more: "/orthodontie-invisible",
    },
  ],
};

/** The home page's texts that are not copy: regions, carousel buttons, the page's title. */
const labels = {
  figures: "La clinique en chiffres",
  carousel: "Transformations avant / après",
  previousImage: "Image précédente",
  nextImage: "Image suivante",
  showImage: "Afficher l'image {index} : {caption}",
  before: "Avant",
  after: "Après",
  treatmentsEyebrow: "Ce que nous faisons pour vous",
  treatmentsTabs: "Nos traitements",
  previousTreatment: "Traitement précédent",
  nextTreatment: "Traitement suivant",
  showTreatment: "Afficher {title}",
};

const meta = {
  title: (c: Clinic) => `${c.name} — implants et esthétique dentaire à ${c.address.district}, ${c.address.city}`,
  description: (c: Clinic) =>
    `Implantologie, facettes, blanchiment et soins dentaires à ${c.address.district}, ${c.address.city}. ${formatFigure(c.figures.yearsOfExperience, "")} ans d'expérience, plus de ${formatFigure(c.figures.patients, "")} patients. Prenez rendez-vous en ligne.`,
};

export interface HomeContent {
  meta: typeof meta;
  hero: typeof hero;
  teaser: typeof teaser;
  expertise: typeof expertise;
  surgery: typeof surgery;
  treatments: typeof treatments & { eyebrow: string };
  labels: typeof labels;
}

const ar = (c: Clinic) => clinicWords(c, "ar");

/** The home page in Modern Standard Arabic, for patients in Algeria (/ar). */
const HOME_AR: HomeContent = {
  meta: {
    title: (c) => `${ar(c).name} — زراعة الأسنان وتجميلها في ${ar(c).district}، ${ar(c).city}`,
    description: (c) =>
      `زراعة الأسنان، والقشور الخزفية، والتبييض، وعلاج الأسنان في ${ar(c).district}، ${ar(c).city}. ${formatFigure(c.figures.yearsOfExperience, "")} سنة من الخبرة وأكثر من ${formatFigure(c.figures.patients, "")} مريض. احجز موعدك عبر الإنترنت.`,
  },
  hero: {
    tagline: "ابتسامتك المستقبلية",
    intro: (c) => `زراعة الأسنان وتجميلها في ${ar(c).district}، ${ar(c).city}: علاج دقيق، ومرافقة إنسانية، ونتائج طبيعية.`,
    cta: { label: "اكتشف", to: "/dentist" },
    image: hero.image,
    claims: (c) => [
      { value: formatFigure(c.figures.patients), label: "مريض راضٍ" },
      { value: formatFigure(c.figures.yearsOfExperience), label: "سنة من الخبرة" },
      { value: String(c.figures.since), label: "التميّز منذ" },
    ],
    scrollHint: "مرّر إلى الأسفل",
  },
  teaser: {
    eyebrow: "قبل / بعد",
    title: "القشور الخزفية والزرعات: ابتسامات تغيّرت",
    text: "قشور من الخزف لابتسامة متناسقة، وزرعات تعوّض الأسنان المفقودة تعويضًا دائمًا: اكتشف تحوّلات أُنجزت في عيادتنا.",
    satisfactionLabel: "من المرضى راضون",
    patientsLabel: "مريض عولج في العيادة",
    slides: [
      { ...teaser.slides[0], alt: "ابتسامة قبل تركيب القشور الخزفية وبعده", caption: "القشور الخزفية" },
      { ...teaser.slides[1], alt: "زرعة سنية يعلوها تاج من الخزف", caption: "زرعة وتاج" },
    ],
    buttons: [
      { label: "شاهد المعرض", to: "/gallery" },
      { label: "احجز موعدًا", to: "/appointment" },
    ],
  },
  expertise: {
    eyebrow: "خبرتنا",
    title: "خبرة في خدمة ابتسامتك",
    text: (c) => `منذ ${c.figures.since}، يرافق ${ar(c).doctorName} مرضاه من الاستشارة الأولى حتى المتابعة، بالحرص نفسه على الدقة والراحة.`,
    years: "سنة من الخبرة",
    patients: "مريض عولج في العيادة",
  },
  surgery: {
    eyebrow: "الجراحة وزراعة الأسنان",
    title: "جراحة زراعة الأسنان بكل اطمئنان",
    intro: "تعويض سنّ واحدة، أو إعادة بناء ابتسامة كاملة، أو تهيئة العظم قبل الزرعة: نخطّط لكل تدخّل بعناية ونشرحه لك مسبقًا.",
    blocks: [
      {
        title: "نتائج واضحة وطبيعية",
        text: () => "تُصمَّم الزرعات والتيجان والقشور لتنسجم مع ملامح وجهك: نختار معك الشكل واللون والاصطفاف. ويعرض المعرض حالات عولجت في العيادة.",
        image: { src: surgery.blocks[0].image.src, alt: "ابتسامة متناسقة بعد العلاج" },
        buttons: [{ label: "شاهد صور قبل وبعد", to: "/gallery" }],
      },
      {
        title: "تقنيات جراحية دقيقة",
        text: () => "يتيح التصوير ثلاثي الأبعاد والتخطيط الرقمي والأدلة الجراحية تدخّلات أقل تدخّلًا في الأنسجة، وتعافيًا أيسر، ووضعًا للزرعة بدقة المليمتر.",
        image: { src: surgery.blocks[1].image.src, alt: "تخطيط ثلاثي الأبعاد لزرعة سنية وأدوات جراحية" },
        buttons: [{ label: "اكتشف تقنياتنا", to: "/espacesoinpage" }],
      },
      {
        title: "طبيب متمرّس يصغي إليك",
        text: (c) =>
          `أكثر من ${formatFigure(c.figures.surgeries, "")} عملية زرع و${formatFigure(c.figures.yearsOfExperience, "")} سنة من الممارسة: يستقبلك ${ar(c).doctorName}، ويجيب عن أسئلتك، ويسلّمك عرض أسعار مفصّلًا خاصًا بحالتك.`,
        image: { src: surgery.blocks[2].image.src, alt: "غرفة استشارة فيها كرسي أسنان وصورة أشعة" },
        buttons: [
          { label: "احجز موعدًا", to: "/appointment" },
          { label: "تعرّف على الطبيب", to: "/doctorpage" },
        ],
      },
    ],
  },
  treatments: {
    title: "خدماتنا العلاجية",
    eyebrow: "ما نقدّمه لك",
    tabs: [
      {
        ...treatments.tabs[0],
        tab: "التجميل",
        title: "القشور الخزفية",
        description: "قشور رقيقة من الخزف تُلصَق على الوجه الظاهر للأسنان، فتصحّح شكلها ولونها وعيوب الاصطفاف البسيطة. ونعرض عليك محاكاة للنتيجة قبل أي تحضير للأسنان.",
        imageAlt: "تركيب قشرة خزفية على سنّ أمامية",
        bookingLabel: "احجز موعدًا",
      },
      {
        ...treatments.tabs[1],
        tab: "الجراحة",
        title: "زراعة الأسنان",
        description: "تحلّ الزرعة المصنوعة من التيتانيوم محلّ جذر السنّ المفقودة، وتحمل تاجًا مصمّمًا على المقاس. حلّ ثابت ودائم، يُخطَّط له بالتصوير ثلاثي الأبعاد ويُنفَّذ تحت تخدير موضعي.",
        imageAlt: "زرعة سنية في عظم الفك يعلوها تاج",
        bookingLabel: "احجز موعدًا",
      },
      {
        ...treatments.tabs[2],
        tab: "التبييض",
        title: "التبييض الاحترافي",
        description: "تفتيح آمن ومراقَب للّون الطبيعي لأسنانك، في العيادة أو في المنزل بقوالب مصمّمة على المقاس، بعد فحص الأسنان وإزالة الجير.",
        imageAlt: "دليل ألوان من الأصفر إلى الأبيض بجانب أسنان مفتّحة",
        bookingLabel: "خطّط لجلسة تبييض",
      },
      {
        ...treatments.tabs[3],
        tab: "العلاج العام",
        title: "العلاج التحفظي",
        description: "التسوّس، أو حساسية الأسنان، أو تشقّقها: نعالجها مع الحفاظ قدر الإمكان على السنّ الطبيعية، بحشوات تجميلية بلون أسنانك.",
        imageAlt: "سنّ معالَجة بحشوة تجميلية، مع مرآة ومسبار",
        bookingLabel: "احجز موعدًا",
      },
      {
        ...treatments.tabs[4],
        tab: "التقويم",
        title: "التقويم الشفاف",
        description: "قوالب شفافة تكاد لا تُرى، تُنزع وتُركَّب بسهولة، تعيد الأسنان إلى مكانها تدريجيًا. وتُظهر خطة العلاج الرقمية النتيجة المنتظرة منذ البداية.",
        imageAlt: "قالب تقويم شفاف فوق قوس الأسنان",
        bookingLabel: "استشارة تقويم",
      },
    ],
  },
  labels: {
    figures: "العيادة بالأرقام",
    carousel: "تحوّلات قبل العلاج وبعده",
    previousImage: "الصورة السابقة",
    nextImage: "الصورة التالية",
    showImage: "عرض الصورة {index}: {caption}",
    before: "قبل",
    after: "بعد",
    treatmentsEyebrow: "ما نقدّمه لك",
    treatmentsTabs: "علاجاتنا",
    previousTreatment: "العلاج السابق",
    nextTreatment: "العلاج التالي",
    showTreatment: "عرض {title}",
  },
};

/** The home page's copy in each language. */
export const HOME: Record<Locale, HomeContent> = {
  fr: { meta, hero, teaser, expertise, surgery, treatments: { ...treatments, eyebrow: labels.treatmentsEyebrow }, labels },
  ar: HOME_AR,
};
