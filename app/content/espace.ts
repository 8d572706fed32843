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

/** The care space page in Arabic (/ar/espacesoinpage): the same parts as the French above. */
export const ESPACE_AR = {
  metaTitle: "فضاء العلاج: تقنياتنا الجراحية",
  metaDescription: (district: string) =>
    `زراعة الأسنان، والجراحة الموجَّهة بالتصوير ثلاثي الأبعاد، وترقيع العظم، وجراحة اللثة: تعرّف على فضاء العلاج في عيادتنا بـ${district}.`,
  crumbClinic: "تعرّف على عيادتنا",
  title: "فضاء العلاج",
  lead: (district: string) => `تجهيزات تقنية مخصّصة لجراحة الأسنان وزراعتها، في قلب ${district}.`,
  roomAlt: "رسم توضيحي لقاعة العلاج: كرسي طبيب الأسنان، ومصباح الجراحة، وشاشة التصوير",
  sterilisationAlt: "رسم توضيحي لسلسلة التعقيم: جهاز التعقيم بالبخار، وأكياس الأدوات المرقَّمة للتتبّع",
  book: "احجز موعدًا",
  meetDoctor: "تعرّف على الطبيب",
  techniquesTitle: "التقنيات الجراحية",
  intro: [
    "صُمِّم فضاء العلاج لدينا لجراحة الأسنان وزراعتها: قاعة مخصّصة للتدخّلات الجراحية، وتصوير رقمي في العيادة نفسها، وسلسلة تعقيم خاضعة للمراقبة. تتلقّى علاجك في جوّ هادئ، ويُشرح لك كلّ إجراء.",
    "لا تناسب التقنيات المعروضة أدناه جميع الحالات: يُقرَّر اللجوء إليها دائمًا بعد فحص وتقييم شامل، خلال الاستشارة.",
  ],
  techniques: [
    { id: "implant", title: "زراعة الأسنان", text: "وضع زرعات من التيتانيوم لتعويض سنّ واحدة أو عدّة أسنان، على مرحلة جراحية واحدة أو مرحلتين حسب جودة العظم، تحت تخدير موضعي." },
    {
      id: "guided",
      title: "الجراحة الموجَّهة بالتصوير ثلاثي الأبعاد",
      text: "يقيس التصوير المقطعي بالحزمة المخروطية العظمَ المتوفّر في ثلاثة أبعاد. يُخطَّط موضع كلّ زرعة على الحاسوب، ثم يُنقل بدقّة إلى الفم بفضل دليل جراحي عندما تستدعي الحالة ذلك.",
    },
    {
      id: "graft",
      title: "ترقيع العظم ورفع أرضية الجيب الفكّي",
      text: "عندما يكون العظم غير كافٍ، يمكن إعادة بنائه قبل وضع الزرعات أو أثناءه: ترقيع عظمي بالإضافة، أو تجديد عظمي موجَّه، أو ملء الجيب الفكّي.",
    },
    { id: "perio", title: "جراحة اللثة", text: "علاج أمراض اللثة والأنسجة الداعمة للأسنان، وترقيع اللثة لتغطية جذر مكشوف، وإعادة تشكيل اللثة لابتسامة متناسقة." },
    { id: "extraction", title: "القلع الدقيق", text: "أضراس العقل المنطمرة، والجذور المكسورة، والأسنان الهشّة: قلع يحافظ على العظم، تحسّبًا لزرعة محتملة." },
    {
      id: "prosthesis",
      title: "التركيبات على الزرعات",
      text: "تيجان وجسور وأقواس كاملة مثبّتة على زرعات، أو أطقم متحرّكة تثبّتها الزرعات، تُنجَز بالتعاون مع مخابر أسنان شريكة.",
    },
  ] satisfies Technique[],
  safetyEyebrow: "السلامة",
  hygieneTitle: "النظافة والتعقيم",
  hygieneText: "تقوم سلامة العلاج على بروتوكولات صارمة تُطبَّق على كلّ مريض، في كلّ تدخّل.",
  hygiene: [
    "تعقيم الأدوات في جهاز تعقيم بالبخار من الفئة B، ثم تغليفها وتسجيلها للتتبّع مع كلّ مريض",
    "استعمال أدوات وحيدة الاستعمال كلّما أمكن ذلك",
    "تطهير كامل لكرسي العلاج والأسطح بين مريض وآخر",
    "تصوير إشعاعي رقمي بجرعة منخفضة وتصوير ثلاثي الأبعاد في العيادة",
  ],
  pathEyebrow: "مسارك",
  pathTitle: "من الاستشارة إلى المتابعة",
  path: [
    { title: "الاستشارة", text: "تعرض علينا طلبك، فنفحص فمك ونجيب عن أسئلتك." },
    { title: "التقييم", text: "صور إشعاعية وتصوير ثلاثي الأبعاد وصور فوتوغرافية عند الحاجة، من أجل تشخيص شامل." },
    { title: "خطة العلاج وعرض السعر", text: "تُسلَّم إليك الخيارات والمراحل والمدّة والتكلفة مكتوبةً، دون أيّ التزام." },
    { title: "العلاج", text: "تجري التدخّلات تحت تخدير موضعي، مع تعليمات واضحة قبلها وبعدها." },
    { title: "المتابعة", text: "تضمن المراجعات المنتظمة التئامًا جيّدًا وعمرًا أطول للعلاجات." },
  ],
  ctaTitle: "زُر العيادة واطرح أسئلتك",
  ctaText: "أبسط طريقة هي أن تأتي للقائنا: تتيح الاستشارة تقييم حالتك وعرض الخيارات المناسبة لها.",
};
