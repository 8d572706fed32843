import type { ContentImage } from "./service-page";

/**
 * The demo before/after cards of /gallery (docs/product.md, "Staff: gallery and reviews"): drawings
 * made for the site, shown only while the clinic has no real case on the site. Real cases are
 * rows (app/.server/repos/gallery.ts) with the patient's recorded consent.
 */
export interface GalleryItem {
  id: number;
  treatment: string;
  description: string;
  before: ContentImage;
  after: ContentImage;
  /** where to read about the treatment */
  link: { to: string; label: string };
}

export const GALLERY_ITEMS: GalleryItem[] = [
  {
    id: 1,
    treatment: "Blanchiment dentaire",
    description:
      "Blanchiment au fauteuil précédé d'un détartrage. Illustration : le gain de teinte varie d'une personne à l'autre selon la couleur de départ.",
    before: {
      src: "/media/content-whitening-before.svg",
      alt: "Avant : dents à la teinte jaunie",
      width: 1200,
      height: 800,
    },
    after: {
      src: "/media/content-whitening-after.svg",
      alt: "Après : dents à la teinte éclaircie",
      width: 1200,
      height: 800,
    },
    link: { to: "/blanchiment-professionnel", label: "Le blanchiment professionnel" },
  },
  {
    id: 2,
    treatment: "Facettes dentaires",
    description:
      "Incisives usées et de formes irrégulières, harmonisées par des facettes en céramique après essai d'une maquette. Illustration : chaque plan de traitement est personnalisé.",
    before: {
      src: "/media/content-veneers-before.svg",
      alt: "Avant : incisives usées, ébréchées et de longueurs irrégulières",
      width: 1200,
      height: 800,
    },
    after: {
      src: "/media/content-veneers-after.svg",
      alt: "Après : incisives de forme et de longueur harmonieuses",
      width: 1200,
      height: 800,
    },
    link: { to: "/esthetique-dentaire", label: "L'esthétique dentaire" },
  },
];

/** The demo cards in Arabic (/ar/gallery): the same drawings, their texts in Arabic; links to the Arabic pages. */
export const GALLERY_ITEMS_AR: GalleryItem[] = [
  {
    ...GALLERY_ITEMS[0],
    treatment: "تبييض الأسنان",
    description: "تبييض في العيادة يسبقه تنظيف الأسنان من الجير. رسم توضيحي: تختلف درجة التفتيح من شخص لآخر حسب اللون الأصلي للأسنان.",
    before: { ...GALLERY_ITEMS[0].before, alt: "قبل: أسنان مائلة إلى الاصفرار" },
    after: { ...GALLERY_ITEMS[0].after, alt: "بعد: أسنان بلون أفتح" },
    link: { to: "/ar/blanchiment-professionnel", label: "التبييض الاحترافي للأسنان" },
  },
  {
    ...GALLERY_ITEMS[1],
    treatment: "القشور الخزفية للأسنان",
    description:
      "قواطع متآكلة وغير منتظمة الشكل، استعادت تناسقها بقشور خزفية بعد تجربة نموذج مسبق للابتسامة. رسم توضيحي: تُصمَّم كلّ خطة علاج حسب حالة المريض.",
    before: { ...GALLERY_ITEMS[1].before, alt: "قبل: قواطع متآكلة ومثلومة وبأطوال غير متساوية" },
    after: { ...GALLERY_ITEMS[1].after, alt: "بعد: قواطع متناسقة الشكل والطول" },
    link: { to: "/ar/esthetique-dentaire", label: "تجميل الأسنان" },
  },
];

/** The gallery page's copy in Arabic. */
export const GALLERY_AR = {
  metaTitle: "معرض صور قبل العلاج وبعده وآراء مرضانا",
  metaDescription: (district: string) => `قارن بين صور قبل تبييض الأسنان أو تركيب القشور الخزفية وبعدهما، واقرأ آراء مرضانا في العلاج الذي تلقّوه بعيادتنا في ${district}.`,
  eyebrow: "صور قبل العلاج وبعده",
  title: "معرض الصور",
  lead: "أمثلة من علاجات أُجريت في العيادة. كلّ ابتسامة مختلفة: تتوقّف النتيجة على الحالة الأولية للأسنان، وتُناقَش خلال الاستشارة.",
  casesTitle: "قبل وبعد",
  learnMore: "اعرف المزيد: {title}",
  reviewsTitle: "آراء مرضانا",
  satisfied: "{percent}% من مرضانا راضون",
  reviewOf: "رأي {name}",
  ctaTitle: "ماذا لو كانت هذه ابتسامتك؟",
  ctaText: "لنتحدّث عن مشروعك خلال استشارة: فحص، والخيارات الممكنة، وعرض سعر مفصّل خاص بك، دون أيّ التزام.",
  book: "احجز موعدًا",
};
