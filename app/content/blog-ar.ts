/**
 * The Arabic blog's own words (/ar/blog, /ar/blog/<article>; docs/decisions/029-arabic.md): the
 * list's header, an article's meta line, the 'only in French' notes. The articles themselves are
 * staff's (`title_ar`, `content_ar`); the French pages keep their texts in components/blog.
 */
export const BLOG_AR = {
  eyebrow: "مدونة طب الأسنان",
  title: "مدونتنا",
  intro:
    "نصائح وشروح وأخبار العيادة: كل ما تحتاجون معرفته للعناية بابتسامتكم والاستعداد لعلاجكم بثقة.",
  metaTitle: "مدونتنا — مدونة طب الأسنان",
  metaDescription:
    "مدونة طب الأسنان في العيادة: زراعة الأسنان، القشور، التبييض، والعناية اليومية. نصائح واضحة لفهم علاجكم والحفاظ على ابتسامتكم.",
  listLabel: "المقالات",
  empty: "لا توجد مقالات حاليًا",
  emptyText:
    "نصائحنا القادمة حول صحة الفم والأسنان قادمة قريبًا. عودوا لزيارتنا!",
  loadError: "تعذّر تحميل المقالات. يرجى المحاولة بعد قليل.",
  retry: "إعادة المحاولة",
  tag: "مقال",
  readMore: "اقرأ المقال",
  onlyFrench: "هذا المقال متوفر بالفرنسية فقط.",
  readInFrench: "اقرأه بالفرنسية",
  updated: "آخر تحديث في",
  author: "الكاتب: ",
  home: "الرئيسية",
  breadcrumb: "مسار التنقل",
  backToBlog: "العودة إلى المدونة",
  // an article without its Arabic version, at its /ar address
  frenchOnlyTitle: "هذا المقال غير متوفر بالعربية بعد",
  frenchOnlyText:
    "كتب طبيبنا هذا المقال بالفرنسية، ولم تُنشر ترجمته العربية بعد. يمكنكم قراءته بالفرنسية:",
  frenchOnlyOthers: "أو تصفح المقالات المتوفرة بالعربية في مدونتنا.",
  notFound: "المقال غير موجود",
  ctaTitle: "هل لديكم سؤال حول ابتسامتكم؟",
  ctaText: "لكل حالة خصوصيتها: لنتحدث عنها خلال استشارة.",
  ctaButton: "احجزوا موعدًا",
} as const;

/** "مدة القراءة: 3 دقائق" (Arabic plural: 1 دقيقة, 2 دقيقتان, 3–10 دقائق, 11 and more دقيقة). */
export function readingTimeAr(minutes: number): string {
  const unit =
    minutes === 1
      ? "دقيقة واحدة"
      : minutes === 2
        ? "دقيقتان"
        : minutes <= 10
          ? `${minutes} دقائق`
          : `${minutes} دقيقة`;
  return `مدة القراءة: ${unit}`;
}
