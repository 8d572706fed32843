/**
 * Facts shown on /mentions-legales and /politique-de-confidentialite. The publisher's facts
 * (registration, order, activity, publication director) and the host are the clinic's own:
 * staff enter them on /admin/clinique (`Clinic.legal`, app/lib/clinic.ts); the staff home lists
 * those still equal to the demo's before going live.
 */

/** Date of the last update of the legal pages (ISO date). */
export const LEGAL_UPDATED = "2026-01-15";

/** Algerian law on personal data and its supervisory authority. */
export const DATA_LAW = {
  name: "loi n° 18-07 du 10 juin 2018 relative à la protection des personnes physiques dans le traitement des données à caractère personnel",
  authority: "Autorité nationale de protection des données à caractère personnel (ANPDP)",
} as const;

export interface DataProcessing {
  id: string;
  title: string;
  data: string[];
  purpose: string;
  basis: string;
  retention: string;
  recipients: string;
}

/** What each form and function of the site collects, why, for how long and who sees it. */
export const DATA_PROCESSINGS: DataProcessing[] = [
  {
    id: "rendez-vous",
    title: "Demande de rendez-vous (formulaire « Prendre Rendez-vous »)",
    data: [
      "nom complet, adresse e-mail et numéro de téléphone",
      "soin souhaité, date et heure souhaitées",
      "message facultatif, qui peut contenir des informations sur votre santé si vous choisissez d'en écrire",
      "après votre venue, les informations de suivi saisies par l'équipe : avancement du traitement, montants du devis et des règlements, remarques",
    ],
    purpose: "organiser votre rendez-vous, vous recontacter pour le confirmer et assurer le suivi administratif de vos soins",
    basis: "votre consentement, exprimé par la case à cocher du formulaire, et la relation de soins qui en découle",
    retention:
      "une demande jamais confirmée est anonymisée après la durée indiquée sous « Durées appliquées par le site » ; pour les patients soignés, la durée de conservation du dossier patient fixée par la réglementation sanitaire",
    recipients: "le chirurgien-dentiste et le personnel de la clinique habilité, tous tenus au secret professionnel",
  },
  {
    id: "formation",
    title: "Inscription à une formation",
    data: ["nom, prénom, adresse e-mail et numéro de téléphone", "formation choisie, date et statut de l'inscription"],
    purpose: "gérer votre inscription, vous informer de l'organisation de la session et délivrer les attestations",
    basis: "votre consentement, exprimé par la case à cocher du formulaire, et l'exécution de l'inscription",
    retention: "pendant toute la durée de la formation, puis 3 ans après sa fin",
    recipients: "le responsable des formations et le personnel administratif de la clinique",
  },
  {
    id: "securite",
    title: "Sécurité et fonctionnement du site",
    data: [
      "adresse IP, pages demandées, date et heure (journaux du serveur)",
      "compteurs temporaires liés à l'adresse IP pour limiter les envois abusifs de formulaires",
      "pour le personnel uniquement : un cookie de session nécessaire à la connexion",
    ],
    purpose: "protéger le site contre les abus et les intrusions, et diagnostiquer les pannes",
    basis: "l'intérêt légitime de la clinique à assurer la sécurité de son site",
    retention: "6 mois au plus pour les journaux et les compteurs anti-abus ; 12 heures au plus pour la session du personnel",
    recipients: "le personnel technique de la clinique et son hébergeur",
  },
];

// ---- Arabic (/ar/mentions-legales, /ar/politique-de-confidentialite) ---------------------------

/** Law 18-07 and its authority as the Official Journal names them in Arabic. */
export const DATA_LAW_AR = {
  name: "القانون رقم 18-07 المؤرّخ في 25 رمضان عام 1439 الموافق 10 يونيو سنة 2018، المتعلّق بحماية الأشخاص الطبيعيين في مجال معالجة المعطيات ذات الطابع الشخصي",
  short: "القانون رقم 18-07",
  authority: "السلطة الوطنية لحماية المعطيات ذات الطابع الشخصي",
} as const;

/** What each form and function of the site collects, in Arabic: the same entries as DATA_PROCESSINGS. */
export const DATA_PROCESSINGS_AR: DataProcessing[] = [
  {
    id: "rendez-vous",
    title: "طلب موعد (استمارة «احجز موعدًا»)",
    data: [
      "الاسم الكامل، والبريد الإلكتروني، ورقم الهاتف",
      "العلاج المطلوب، والتاريخ والساعة المرغوب فيهما",
      "رسالة اختيارية، قد تتضمّن معلومات عن صحّتك إن اخترت كتابتها",
      "بعد زيارتك، معلومات المتابعة التي يسجّلها الفريق: مراحل تقدّم العلاج، ومبالغ عرض السعر والمدفوعات، والملاحظات",
    ],
    purpose: "تنظيم موعدك، والاتصال بك لتأكيده، وضمان المتابعة الإدارية لعلاجك",
    basis: "موافقتك، المعبَّر عنها بخانة الاختيار في الاستمارة، وعلاقة العلاج التي تترتّب عليها",
    retention:
      "يُجهَّل الطلب الذي لم يُؤكَّد قطّ بعد انقضاء المدّة المبيّنة في قسم «المدد التي يطبّقها الموقع»؛ وبالنسبة للمرضى الذين تلقّوا العلاج، تُطبَّق مدّة حفظ الملف الطبي التي يحدّدها التنظيم الصحي",
    recipients: "جرّاح الأسنان وموظفو العيادة المؤهَّلون، وجميعهم ملزمون بالسرّ المهني",
  },
  {
    id: "formation",
    title: "التسجيل في دورة تكوينية",
    data: ["الاسم واللقب، والبريد الإلكتروني، ورقم الهاتف", "الدورة المختارة، وتاريخ التسجيل وحالته"],
    purpose: "تسيير تسجيلك، وإعلامك بتنظيم الدورة، وتسليم شهادات الحضور",
    basis: "موافقتك، المعبَّر عنها بخانة الاختيار في الاستمارة، وتنفيذ التسجيل",
    retention: "طوال مدّة الدورة التكوينية، ثم 3 سنوات بعد انتهائها",
    recipients: "المسؤول عن التكوين والموظفون الإداريون في العيادة",
  },
  {
    id: "securite",
    title: "أمن الموقع وتشغيله",
    data: [
      "عنوان بروتوكول الإنترنت، والصفحات المطلوبة، والتاريخ والساعة (سجلّات الخادم)",
      "عدّادات مؤقّتة مرتبطة بعنوان بروتوكول الإنترنت للحدّ من الإرسال المفرط للاستمارات",
      "للموظفين فقط: ملف تعريف ارتباط للجلسة ضروري لتسجيل الدخول",
    ],
    purpose: "حماية الموقع من التجاوزات والاختراقات، وتشخيص الأعطال",
    basis: "المصلحة المشروعة للعيادة في ضمان أمن موقعها",
    retention: "6 أشهر على الأكثر بالنسبة للسجلّات وعدّادات مكافحة التجاوزات؛ و12 ساعة على الأكثر بالنسبة لجلسة الموظفين",
    recipients: "الموظفون التقنيون في العيادة والجهة المستضيفة للموقع",
  },
];

/** The demo's legal facts in Arabic (app/lib/clinic.ts, DEMO_CLINIC.legal). */
export const DEMO_LEGAL_AR = {
  registration: "اعتماد الممارسة الخاصة رقم {number}",
  registrationNumber: "16/CD/0452",
  order: "مسجَّل في جدول هيئة جرّاحي الأسنان، الفرع الجهوي للجزائر العاصمة",
  activity: "عيادة جراحة الأسنان (زراعة الأسنان وتجميلها)",
  hostAddress: "الحظيرة التكنولوجية سيدي عبد الله، الرحمانية، 16090 الجزائر العاصمة، الجزائر",
} as const;
