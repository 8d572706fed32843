/**
 * The Arabic training pages' own words (/ar/formation, /ar/syllabus; docs/decisions/029-arabic.md).
 * The formations' titles, descriptions and syllabi are staff's (`title_ar`, `description_ar`,
 * `syllabus_ar`); a formation without them shows its French title isolated, with `onlyFrench`.
 */
export const FORMATION_AR = {
  eyebrow: "تكوين مستمر لجراحي الأسنان",
  defaultTitle: "تكوين في زراعة الأسنان",
  defaultDescription:
    "دورات تكوينية نظرية وتطبيقية ضمن مجموعات صغيرة، لإدماج زراعة الأسنان في ممارستكم العامة بأمان، بإشراف ممارس ذي خبرة.",
  metaTitle: "تكوين في زراعة الأسنان لجراحي الأسنان",
  metaDescription:
    "دورات تكوينية في زراعة الأسنان بالقبة (الجزائر العاصمة): برنامج على شكل وحدات، تطبيق سريري، ومجموعات صغيرة. اطّلعوا على البرنامج وسجّلوا عبر الإنترنت.",
  onlyFrench: "هذا التكوين متوفر بالفرنسية فقط:",
  enrolNow: "سجّلوا الآن",
  enrol: "التسجيل",
  fullProgramme: "البرنامج الكامل",
  seeProgramme: "عرض البرنامج",
  objectivesEyebrow: "ما ستتقنونه",
  objectivesTitle: "أهداف التكوين",
  aboutEyebrow: "التكوين",
  aboutTitle: "نبذة عن التكوين",
  duration: "المدة",
  participants: "العدد الأقصى للمشاركين",
  modules: "عدد الوحدات",
  place: "المكان",
  price: "السعر",
  priceOnRequest: "السعر عند الطلب",
  hours: "التوقيت",
  programmeEyebrow: "البرنامج",
  programmeTitle: "البرنامج باختصار",
  module: "الوحدة",
  calendarEyebrow: "الرزنامة",
  sessionsTitle: "الدورات المتاحة",
  nextSessions: "الدورات القادمة",
  sessionDates: "تواريخ الدورات",
  placesLeft: "المقاعد المتبقية:",
  of: "من أصل",
  full: "مكتملة",
  joinWaitlist: "الانضمام إلى قائمة الانتظار",
  callUs: "اتصلوا بنا",
  noSession: "لا توجد دورات تكوينية متاحة حاليًا.",
  noSessionText:
    "تُبرمج دورات جديدة بانتظام: اتصلوا بنا لإعلامكم بالدورة القادمة أو لأي سؤال.",
  syllabusEyebrow: "برنامج التكوين",
  syllabusTitle: "برنامج التكوين",
  syllabusMetaDescription:
    "البرنامج المفصّل لدوراتنا التكوينية في زراعة الأسنان لجراحي الأسنان: الأهداف والوحدات والتطبيق السريري.",
  noFormation: "لا يوجد تكوين متاح حاليًا.",
  seeFormations: "تصفّح دوراتنا التكوينية",
  noArabicProgramme:
    "لم يُنشر برنامج هذا التكوين بالعربية بعد. يمكنكم الاطلاع عليه بالفرنسية:",
  breadcrumb: "مسار التنقل",
  training: "التكوين",
  lessons: "الدروس",
} as const;

/** "6 أشهر" (Arabic plural: 1 شهر واحد, 2 شهران, 3–10 أشهر, 11 and more شهرًا). */
export function monthsAr(n: number): string {
  if (n === 1) return "شهر واحد";
  if (n === 2) return "شهران";
  return n <= 10 ? `${n} أشهر` : `${n} شهرًا`;
}
