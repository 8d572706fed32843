import type { Drawing } from "~/components/ui/Photo";
import { clinicWords } from "~/i18n/clinic";
import type { Locale } from "~/i18n/locale";
import type { Clinic } from "~/lib/clinic";
import { formatNumber } from "~/lib/format";

/**
 * The smile-transformation landing page (/dentist; docs/product.md, "Public site"): its sections in order and their
 * texts. Button labels and the headline are the product's, to the letter. What names the clinic is a
 * function of its stored identity (`Clinic`, useClinic()).
 */
export const LANDING = {
  meta: {
    title: "Le sourire de vos rêves : facettes, implants et esthétique dentaire",
    description:
      "Transformation du sourire : bilan complet, facettes en céramique, implants et blanchiment, avec un devis personnalisé et des facilités de paiement.",
  },
  hero: {
    eyebrow: "Transformation du sourire",
    headline: "LE SOURIRE DE VOS RÊVES À MILIANA",
    byline: (c: Clinic) => `Par ${c.doctor.name}, ${c.doctor.title.charAt(0).toLowerCase()}${c.doctor.title.slice(1)} — ${c.name}`,
    text: "Facettes, implants, blanchiment, alignement : un projet de sourire se construit avec méthode, à partir de votre visage, de vos attentes et de la santé de vos dents.",
    /** the clinic's figures under the text (the years' figure, then its unit) */
    figures: { experience: "Expérience", years: "ans", patients: "Patients", since: "Depuis" },
  },
  redo: {
    eyebrow: "Refaire ses dents",
    title: "Refaire ses dents, sans perdre son naturel",
    paragraphs: [
      "Dents abîmées, tachées, manquantes ou mal alignées : il existe presque toujours une solution pour retrouver un sourire dont on n'a plus à se cacher. Tout l'enjeu est de choisir la bonne, au bon moment, et dans le bon ordre.",
      "Nous commençons par un bilan complet, puis nous vous présentons les options possibles avec des photographies et, lorsque c'est utile, une simulation. Vous décidez ensuite, en connaissance de cause.",
    ],
    points: ["Bilan complet et imagerie sur place", "Simulation du futur sourire quand c'est possible", "Des soins qui respectent vos dents naturelles"],
    button: { label: "GALERIE DES VISAGES AVANT & APRÈS", to: "/gallery" },
  },
  bookOnline: {
    title: "Votre projet de sourire commence par une consultation",
    text: "Choisissez le soin, le jour et l'heure qui vous conviennent : nous vous rappelons pour confirmer votre rendez-vous.",
    button: { label: "PRENEZ RDV EN LIGNE", to: "/appointment" },
  },
  veneers: {
    badge: "Solution Premium",
    title: "Les facettes en céramique",
    paragraphs: [
      "Les facettes sont de fines pellicules de céramique, collées sur la face visible des dents. Elles corrigent durablement la teinte, la forme et les petites irrégularités de position, avec un rendu très proche de l'émail naturel.",
      "Avant tout collage, une maquette est essayée en bouche : vous voyez le projet sur votre propre visage et nous l'ajustons ensemble. La préparation des dents reste minimale et se décide au cas par cas.",
    ],
    steps: ["Consultation, photographies et étude du sourire", "Maquette d'essai en bouche", "Préparation minimale et empreinte", "Collage des facettes et contrôle"],
    button: { label: "VOIR LES ÉTAPES EN IMAGES", to: "/gallery" },
  },
  investment: {
    eyebrow: "Investissement",
    title: "Un investissement pour votre sourire",
    text: "Le coût d'une transformation du sourire varie beaucoup d'une personne à l'autre : il dépend des soins nécessaires, du nombre de dents concernées et des matériaux choisis. C'est pourquoi nous ne donnons pas de prix sans examen.",
    cards: [
      {
        title: "Une consultation pour faire le point",
        text: "Un examen complet permet d'établir ce qui est nécessaire, ce qui est souhaitable et ce qui peut attendre.",
      },
      {
        title: "Un devis détaillé et personnalisé",
        text: "Chaque étape est chiffrée par écrit avant de commencer. Vous prenez le temps de réfléchir, sans engagement.",
      },
      {
        title: "Des facilités de paiement",
        text: "Le traitement peut être réparti dans le temps et le règlement échelonné, selon un calendrier convenu ensemble.",
      },
    ],
  },
  closing: {
    title: "Parlons de votre sourire",
    text: (c: Clinic) => `Depuis ${c.figures.since}, plus de ${formatNumber(c.figures.patients)} patients nous ont fait confiance. Réservez votre consultation : nous répondrons à toutes vos questions.`,
    button: { label: "PRENDRE RENDEZ-VOUS", to: "/appointment" },
  },
  map: {
    title: "Nous trouver",
    text: (c: Clinic) => `La clinique vous accueille à ${c.address.district}, ${c.address.city}.`,
    linkLabel: "Ouvrir le plan dans OpenStreetMap",
  },
} as const;

/** The reveal durations of the landing page's sections, in seconds (docs/product.md, "Texts, toasts and timings"). */
export const REVEAL_DURATIONS = [0.6, 0.7, 0.8] as const;

/** The landing page's texts in one language: LANDING's shape, every text a string. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer U)[]
      ? readonly Widen<U>[]
      : { readonly [K in keyof T]: Widen<T[K]> };
export type LandingContent = Widen<typeof LANDING> & {
  /** the drawings' alt texts (and labelled copies) in this language; the slots' own (French) when absent */
  pictures?: { hero: Drawing; redo: Drawing; veneers: Drawing };
};

const ar = (c: Clinic) => clinicWords(c, "ar");

/**
 * /ar/dentist in Modern Standard Arabic, for patients in Algeria (issue 32): the same sections,
 * buttons to the same pages; the clinic named as the Arabic pages name it (clinicWords).
 */
export const LANDING_AR: LandingContent = {
  meta: {
    title: "ابتسامة أحلامك: قشور خزفية وزرعات وتجميل الأسنان",
    description: "تجميل الابتسامة: فحص شامل، وقشور من الخزف، وزرعات، وتبييض، مع عرض سعر خاص بحالتك وتسهيلات للدفع.",
  },
  hero: {
    eyebrow: "تجميل الابتسامة",
    headline: "ابتسامة أحلامك في مليانة",
    byline: (c) => `مع ${ar(c).doctorName}، ${ar(c).doctorTitle} — ${ar(c).name}`,
    text: "قشور خزفية، وزرعات، وتبييض، وتقويم: مشروع الابتسامة يُبنى بمنهجية، انطلاقًا من ملامح وجهك وتوقعاتك وصحة أسنانك.",
    figures: { experience: "الخبرة", years: "سنة", patients: "المرضى", since: "منذ" },
  },
  redo: {
    eyebrow: "تجديد الأسنان",
    title: "جدّد أسنانك دون أن تفقد ابتسامتك الطبيعية",
    paragraphs: [
      "أسنان متضرّرة أو مصطبغة أو مفقودة أو غير منتظمة: يوجد دائمًا تقريبًا حلّ لاستعادة ابتسامة لا تحتاج بعدها إلى إخفائها. والمهم كله أن نختار الحل المناسب، في الوقت المناسب، وبالترتيب الصحيح.",
      "نبدأ بفحص شامل، ثم نعرض عليك الخيارات الممكنة بالصور الفوتوغرافية، وبمحاكاة للنتيجة عندما تكون مفيدة. وبعدها تقرّر أنت، عن بيّنة.",
    ],
    points: ["فحص شامل وتصوير في العيادة نفسها", "محاكاة للابتسامة المستقبلية عندما يكون ذلك ممكنًا", "علاجات تحترم أسنانك الطبيعية"],
    button: { label: "معرض الوجوه قبل وبعد", to: "/gallery" },
  },
  bookOnline: {
    title: "مشروع ابتسامتك يبدأ باستشارة",
    text: "اختر العلاج واليوم والساعة التي تناسبك: نتصل بك لتأكيد موعدك.",
    button: { label: "احجز موعدك عبر الإنترنت", to: "/appointment" },
  },
  veneers: {
    badge: "الحل المتميّز",
    title: "القشور الخزفية",
    paragraphs: [
      "القشور طبقات رقيقة من الخزف تُلصق على الوجه الظاهر من الأسنان. وهي تصحّح على نحو دائم لون الأسنان وشكلها والعيوب الصغيرة في مواضعها، بمظهر قريب جدًا من المينا الطبيعية.",
      "وقبل أي إلصاق، يُجرَّب نموذج في الفم: فترى المشروع على وجهك أنت، ونعدّله معًا. ويبقى برد الأسنان في حدّه الأدنى، ويُقرَّر حسب كل حالة.",
    ],
    steps: ["استشارة وصور فوتوغرافية ودراسة للابتسامة", "تجربة نموذج في الفم", "تحضير طفيف للأسنان وأخذ البصمة", "إلصاق القشور ومراقبتها"],
    button: { label: "شاهد المراحل بالصور", to: "/gallery" },
  },
  investment: {
    eyebrow: "الاستثمار",
    title: "استثمار في ابتسامتك",
    text: "تختلف تكلفة تجميل الابتسامة كثيرًا من شخص إلى آخر: فهي تتوقف على العلاجات اللازمة، وعدد الأسنان المعنية، والمواد المختارة. لهذا لا نحدّد أي سعر دون فحص.",
    cards: [
      { title: "استشارة لتقييم حالتك", text: "يتيح فحص شامل تحديد ما هو ضروري، وما هو مرغوب فيه، وما يمكن أن ينتظر." },
      { title: "عرض سعر مفصّل خاص بحالتك", text: "تُحدَّد تكلفة كل مرحلة كتابيًا قبل البدء. وتأخذ وقتك في التفكير، دون أي التزام." },
      { title: "تسهيلات للدفع", text: "يمكن توزيع العلاج على فترة من الزمن وتقسيط الدفع، حسب جدول نتفق عليه معًا." },
    ],
  },
  closing: {
    title: "لنتحدّث عن ابتسامتك",
    text: (c) => `منذ ${c.figures.since}، منحنا ثقتهم أكثر من ${formatNumber(c.figures.patients)} مريض. احجز استشارتك: سنجيب عن كل أسئلتك.`,
    button: { label: "احجز موعدًا", to: "/appointment" },
  },
  map: {
    title: "موقعنا",
    text: (c) => `تستقبلكم العيادة في ${ar(c).district}، ${ar(c).city}.`,
    linkLabel: "افتح الخريطة في OpenStreetMap",
  },
  pictures: {
    hero: { src: "/media/content-smile-hero.svg", alt: "رسم توضيحي لابتسامة مشرقة ومتناسقة", width: 1200, height: 800 },
    redo: { src: "/media/content-veneers-after.svg", alt: "رسم توضيحي لابتسامة مجدَّدة بأسنان منتظمة وطبيعية", width: 1200, height: 800 },
    veneers: { src: "/media/content-veneers-ar.svg", alt: "رسم توضيحي لقشور خزفية على أسنان الابتسامة", width: 1200, height: 800 },
  },
};

/** The landing page's texts in each language (the route reads the page's: useLocale()). */
export const LANDINGS: Record<Locale, LandingContent> = { fr: LANDING, ar: LANDING_AR };
