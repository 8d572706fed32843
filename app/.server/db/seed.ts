import type { Db } from "./index";
import { nowIso } from "./index";
import { createBlog } from "../repos/blogs";
import { createAppointment } from "../repos/appointments";
import { bookAppointment, setAppointmentStatus } from "../repos/booking";
import { createFormation } from "../repos/formations";
import { loadSchedule } from "../repos/schedule";
import { addDaysYmd, dayHours, toMinutes, type Schedule } from "~/lib/schedule";
import { clinicInstant, clinicNow } from "~/lib/clinic-time";
import type { Service } from "~/lib/services";
import type { Syllabus } from "~/lib/syllabus";
import { DEMO_SUBMISSION_PREFIX } from "../demo";
import { addMonthsYmd } from "~/lib/recall";
import { todayInClinic } from "~/lib/clinic-time";
import { rebuildAllRecalls } from "../repos/recalls";

/** The demo articles; the first two have their Arabic version (the Arabic blog shows both cases on a fresh start). */
const BLOGS: { title: string; image: string; daysAgo: number; content: string; title_ar?: string; content_ar?: string }[] = [
  {
    title: "Implant dentaire : les étapes d'un traitement réussi",
    image: "/media/blog-implant.svg",
    daysAgo: 21,
    title_ar: "زراعة الأسنان: مراحل علاج ناجح",
    content_ar: `فقدان سنٍّ ليس أمرًا هيّنًا: فإلى جانب المظهر، يتأثر المضغ والنطق وتوازن الأسنان المجاورة. تعوّض زرعة الأسنان الجذرَ المفقود ببرغي من التيتانيوم، يُثبَّت عليه تاجٌ لاحقًا.

يبدأ كل شيء باستشارة وفحص بالأشعة (صورة بانورامية، وغالبًا أشعة مقطعية ثلاثية الأبعاد). تتيح هذه الفحوص قياس كمية العظم المتوفرة وتحديد الموضع الأمثل للزرعة.

تُجرى عملية الزرع تحت تخدير موضعي، وتستغرق عادةً أقل من ساعة لكل زرعة. وغالبًا ما تكون فترة ما بعد العملية بسيطة: انتفاخ خفيف لبضعة أيام تخففه المسكنات المعتادة.

تأتي بعد ذلك مرحلة الالتحام العظمي: خلال شهرين إلى أربعة أشهر يلتحم العظم بالزرعة، ويمكن خلال هذه الفترة وضع سنٍّ مؤقتة. ثم يُصنع التاج النهائي حسب المقاس وبلون أسنانك.

مع العناية الجيدة، أي التنظيف الدقيق بالفرشاة والمراجعة السنوية، يمكن أن تدوم الزرعة مدى الحياة.`,
    content: `Perdre une dent n'est jamais anodin : au-delà de l'esthétique, la mastication, l'élocution et l'équilibre des dents voisines sont touchés. L'implant dentaire remplace la racine manquante par une vis en titane, sur laquelle on fixe ensuite une couronne.

Tout commence par une consultation et un bilan radiologique (panoramique, et souvent un scanner 3D). Ils permettent de mesurer le volume d'os disponible et de planifier la position idéale de l'implant.

La pose elle-même se fait sous anesthésie locale et dure en général moins d'une heure par implant. Les suites sont le plus souvent simples : un léger gonflement pendant quelques jours, soulagé par les antalgiques habituels.

Vient ensuite l'ostéo-intégration : pendant deux à quatre mois, l'os se soude à l'implant. Une dent provisoire peut être portée pendant cette période. La couronne définitive est enfin réalisée sur mesure, dans la teinte de vos dents.

Bien entretenu, avec un brossage soigneux et un contrôle annuel, un implant peut durer toute une vie.`,
  },
  {
    title: "Blanchiment dentaire : ce qu'il faut savoir avant de se lancer",
    image: "/media/blog-blanchiment.svg",
    daysAgo: 12,
    title_ar: "تبييض الأسنان: ما يجب معرفته قبل البدء",
    content_ar: `القهوة والشاي والتدخين وبعض الأدوية، أو ببساطة التقدم في السن: كلها تُغيّر لون أسناننا مع مرور الوقت. يُفتّح التبييض المهني اللون الطبيعي لمينا الأسنان بأمان، تحت إشراف طبيب الأسنان.

قبل أي تبييض لا بد من فحص: يجب علاج التسوس وإزالة الجير أولًا. أما التيجان والقشور والحشوات التجميلية فلا يتغير لونها بالتبييض، ويجب أخذ ذلك في الحسبان عند التخطيط.

هناك طريقتان: التبييض في العيادة خلال جلسة واحدة، والتبييض في المنزل بقوالب مصنوعة حسب المقاس تُلبس لمدة أسبوع إلى أسبوعين. ويمكن الجمع بينهما.

قد تظهر حساسية عابرة للبرودة لبضعة أيام. وتدوم النتيجة عدة سنوات إذا قلّلتم من المشروبات والأطعمة الملوِّنة وحافظتم على نظافة جيدة للفم.

أما المنتجات التي تُباع عبر الإنترنت، فكثيرًا ما تكون شديدة التركيز أو كاشطة وقد تُتلف المينا: استشيروا طبيب أسنانكم دائمًا.`,
    content: `Café, thé, tabac, certains médicaments ou simplement l'âge : nos dents se teintent avec le temps. Le blanchiment professionnel éclaircit la teinte naturelle de l'émail en toute sécurité, sous contrôle du dentiste.

Avant tout blanchiment, un examen s'impose : les caries doivent être soignées et un détartrage réalisé. Les couronnes, facettes et composites ne blanchissent pas ; il faut en tenir compte dans le projet.

Deux approches existent : le blanchiment au fauteuil, en une séance, et le blanchiment ambulatoire avec des gouttières sur mesure portées à domicile pendant une à deux semaines. Elles peuvent être associées.

Une sensibilité passagère au froid est possible pendant quelques jours. Le résultat dure plusieurs années si l'on limite les colorants et que l'on garde une bonne hygiène.

Les produits vendus en ligne, souvent trop dosés ou trop abrasifs, peuvent abîmer l'émail : demandez toujours conseil à votre dentiste.`,
  },
  {
    title: "Facettes dentaires : retrouver un sourire harmonieux",
    image: "/media/blog-facettes.svg",
    daysAgo: 4,
    content: `Les facettes sont de fines pellicules de céramique collées sur la face visible des dents. Elles corrigent la forme, la couleur ou de petits défauts d'alignement, pour un résultat naturel et durable.

Le projet commence par une analyse du sourire : photos, empreintes et, souvent, une simulation appelée « mock-up » qui permet de visualiser le résultat en bouche avant toute préparation.

La préparation des dents est minime et se fait sous anesthésie locale. Le laboratoire réalise ensuite des facettes sur mesure, que nous collons lors d'une seconde séance.

Les facettes en céramique résistent très bien aux taches et conservent leur éclat pendant de nombreuses années. Elles demandent les mêmes soins que des dents naturelles : brossage, fil dentaire et visites de contrôle.

Chaque sourire est unique : le coût dépend du nombre de facettes et du matériau choisi. Un devis personnalisé vous est remis après la consultation.`,
  },
];

const MODULES: { title: string; points: string[]; objectifs: string[]; pratique: string[] }[] = [
  {
    title: "Bases de l'implantologie et anatomie chirurgicale",
    points: ["Ostéo-intégration et biologie osseuse", "Anatomie des maxillaires et obstacles", "Asepsie et organisation du bloc"],
    objectifs: ["Expliquer les mécanismes de l'ostéo-intégration", "Repérer les structures anatomiques à risque"],
    pratique: ["Dissection commentée sur modèles anatomiques", "Mise en place d'un champ opératoire stérile"],
  },
  {
    title: "Diagnostic, imagerie 3D et planification",
    points: ["Examen clinique et indications", "Lecture du cone beam (CBCT)", "Guides chirurgicaux"],
    objectifs: ["Poser l'indication implantaire", "Planifier la position de l'implant sur logiciel"],
    pratique: ["Planification de cas réels sur logiciel", "Conception d'un guide chirurgical"],
  },
  {
    title: "Protocole chirurgical et pose de l'implant",
    points: ["Incisions et lambeaux", "Séquence de forage", "Stabilité primaire et sutures"],
    objectifs: ["Réaliser une pose d'implant unitaire", "Gérer les suites opératoires"],
    pratique: ["Pose d'implants sur mâchoires animales", "Chirurgie en direct commentée"],
  },
  {
    title: "Greffes osseuses et gestion des tissus mous",
    points: ["Régénération osseuse guidée", "Comblement sinusien", "Greffes gingivales"],
    objectifs: ["Évaluer un déficit osseux", "Choisir une technique d'augmentation adaptée"],
    pratique: ["Ateliers de sutures et de greffe", "Analyse de cas de régénération"],
  },
  {
    title: "Prothèse sur implants",
    points: ["Empreintes et transferts", "Prothèse scellée ou vissée", "Occlusion implantaire"],
    objectifs: ["Concevoir la prothèse supra-implantaire", "Régler l'occlusion d'une restauration sur implant"],
    pratique: ["Prise d'empreinte sur modèles", "Réglage d'une couronne transvissée"],
  },
  {
    title: "Complications, maintenance et cas cliniques",
    points: ["Péri-implantite", "Complications mécaniques", "Programme de maintenance"],
    objectifs: ["Prévenir et traiter les complications", "Organiser le suivi à long terme"],
    pratique: ["Présentation des cas des participants", "Évaluation finale et remise des attestations"],
  },
];

function demoSyllabus(): Syllabus {
  return {
    overview: {
      title: "Formation en implantologie orale",
      description:
        "Un cursus de six mois, théorique et pratique, pour intégrer l'implantologie dans l'exercice d'omnipratique en toute sécurité.",
      objectives: [
        "Poser l'indication implantaire et établir un plan de traitement",
        "Lire un examen radiologique 3D et planifier la position de l'implant",
        "Réaliser une pose d'implant unitaire selon un protocole chirurgical rigoureux",
        "Concevoir et réaliser la prothèse supra-implantaire",
        "Prévenir, reconnaître et prendre en charge les complications",
      ],
      duration: "6 mois, un module par mois (2 jours)",
      instructor: "",
    },
    modules: MODULES.map((m, i) => ({
      number: i + 1,
      title: m.title,
      description: `Deux journées consacrées à ce thème : cours, démonstrations et travaux pratiques encadrés.`,
      duration: "2 jours",
      points_clefs: m.points,
      objectifs: m.objectifs,
      pratique: m.pratique,
      lessons: [
        { title: "Cours théorique", description: "Exposé et échanges", duration: "3 h", content: `Les notions essentielles du module : ${m.points.join(", ").toLowerCase()}.` },
        { title: "Atelier pratique", description: "Manipulation encadrée", duration: "4 h", content: "Exercices sur modèles et présentation de cas." },
      ],
    })),
  };
}

/** The demo formation's Arabic version (the /ar training pages): its objectives and its modules' titles. */
function demoSyllabusAr(): Syllabus {
  const modules = [
    "أسس زراعة الأسنان والتشريح الجراحي",
    "التشخيص والتصوير ثلاثي الأبعاد والتخطيط",
    "البروتوكول الجراحي ووضع الزرعة",
    "الطعوم العظمية والتعامل مع الأنسجة الرخوة",
    "التركيبات على الزرعات",
    "المضاعفات والمتابعة والحالات السريرية",
  ];
  return {
    overview: {
      title: DEMO_FORMATION_AR.title,
      description: DEMO_FORMATION_AR.description,
      objectives: [
        "تحديد دواعي الزرع ووضع خطة علاج متكاملة",
        "قراءة الفحص الإشعاعي ثلاثي الأبعاد وتخطيط موضع الزرعة",
        "إنجاز زرعة مفردة وفق بروتوكول جراحي دقيق",
        "تصميم التركيبة فوق الزرعة وتنفيذها",
        "الوقاية من المضاعفات والتعرف عليها وعلاجها",
      ],
      duration: "",
      instructor: "",
    },
    modules: modules.map((title, i) => ({ number: i + 1, title, description: "", duration: "", points_clefs: [], objectifs: [], pratique: [], lessons: [] })),
  };
}

const DEMO_FORMATION_AR = {
  title: "تكوين في زراعة الأسنان — دورة الربيع",
  description:
    "ستة أشهر لتتعلموا تحديد دواعي الزرع وتخطيطه وإنجاز زرعة مفردة ثم التركيبة فوقها، مع متابعة شخصية وأعمال تطبيقية ضمن مجموعة صغيرة.",
};

/**
 * Demo content for a fresh database. Idempotent: it runs once, recorded in app_meta, and never
 * touches a database that already holds content.
 */
export async function seedDemo(h: Db): Promise<boolean> {
  const done = await h.db.selectFrom("app_meta").select("value").where("key", "=", "demo_seeded").executeTakeFirst();
  if (done) return false;
  const [blogs, formations, appointments] = await Promise.all([
    h.db.selectFrom("blogs").select("id").limit(1).execute(),
    h.db.selectFrom("formations").select("id").limit(1).execute(),
    h.db.selectFrom("appointments").select("id").limit(1).execute(),
  ]);
  const now = Date.now();
  const daysAgo = (d: number) => new Date(now - d * 86400000).toISOString();
  const inDays = (d: number) => new Date(now + d * 86400000).toISOString().slice(0, 10);

  await h.db.transaction().execute(async (trx) => {
    const t: Db = { ...h, db: trx };
    if (blogs.length === 0) {
      for (const b of BLOGS) {
        await createBlog(t, { title: b.title, content: b.content, image_url: b.image, title_ar: b.title_ar ?? null, content_ar: b.content_ar ?? null }, daysAgo(b.daysAgo));
      }
    }
    if (formations.length === 0) {
      await createFormation(
        t,
        {
          title: "Formation en implantologie orale — session de printemps",
          description:
            "Six mois pour apprendre à poser l'indication, planifier et réaliser une pose d'implant unitaire, puis la prothèse, avec un suivi personnalisé et des travaux pratiques en petit groupe.",
          duration_months: 6,
          max_participants: 10,
          price: 35000000, // 350 000 DA
          is_active: true,
          syllabus: demoSyllabus(),
          title_ar: DEMO_FORMATION_AR.title,
          description_ar: DEMO_FORMATION_AR.description,
          syllabus_ar: demoSyllabusAr(),
        },
        daysAgo(30),
      );
    }
    if (appointments.length === 0) {
      // a record of the past (stored as is, without slot units): seen as 'Honoré' and paid
      const past = await createAppointment(
        t,
        { name: "Sarah Haddad", email: "sarah.haddad@example.com", phone: "0770 11 22 33", service: "Soins conservateurs", date: inDays(-5), time: "09:30", message: null, prixtotal: 800000, prixpay: 800000, progress: "Soins terminés" },
        { createdAt: daysAgo(9), submissionKey: `${DEMO_SUBMISSION_PREFIX}past-1` },
      );
      await trx.updateTable("appointments").set({ status: "attended" }).where("id", "=", past.appointment.id).execute();
      // two older visits whose recall is due (issue 31): 'Suivis à proposer' is not empty on a fresh
      // start; demo appointments, so their rows offer no message
      const today = todayInClinic();
      const older = [
        { name: "Leïla Benaïssa", email: "leila.benaissa@example.com", phone: "0771 45 67 89", service: "Soins conservateurs", date: addMonthsYmd(today, -7), time: "10:00" },
        { name: "Mourad Kaci", email: "mourad.kaci@example.com", phone: "0552 98 76 54", service: "Implementation", date: addMonthsYmd(today, -12), time: "11:00" },
      ];
      for (const [i, o] of older.entries()) {
        const made = await createAppointment(t, { ...o, message: null, prixtotal: null, prixpay: null, progress: "Contrôle fait" }, { createdAt: daysAgo(400), submissionKey: `${DEMO_SUBMISSION_PREFIX}past-${i + 2}` });
        await trx.updateTable("appointments").set({ status: "attended" }).where("id", "=", made.appointment.id).execute();
      }
      await rebuildAllRecalls(trx);
    }
    await trx.insertInto("app_meta").values({ key: "demo_seeded", value: nowIso() }).execute();
  });
  // each booking takes its slot units in a transaction of its own (after the one above)
  if (appointments.length === 0) await seedAgenda(h);
  return true;
}

// ---- the week's agenda -------------------------------------------------------------------------

const DEMO_ACTOR = { staffUserId: null, label: "Démo" };

type DemoStatus = "requested" | "confirmed" | "attended" | "no_show" | "cancelled";

interface DemoBooking {
  /** which open day: -1 the last one before today, 0 today (or the next open day), 1, 2… the following ones */
  day: number;
  time: string;
  service: Service;
  name: string;
  phone: string;
  email?: string;
  message?: string;
  /** DA (stored in centimes) */
  total?: number;
  paid?: number;
  progress?: string;
  /** the status it ends with; 'attended' and 'no_show' only once the time has passed (else 'confirmed') */
  status: DemoStatus;
  reason?: string;
  /** open day at least this many days after today (instead of `day`) */
  inDays?: number;
}

const AGENDA: DemoBooking[] = [
  // the last open day before today
  { day: -1, time: "09:00", service: "Soins conservateurs", name: "Sofiane Brahimi", phone: "0550 21 43 65", email: "sofiane.brahimi@example.com", total: 8000, paid: 8000, progress: "Composite posé sur la 36", status: "attended" },
  { day: -1, time: "10:30", service: "Extraction dentaire", name: "Meriem Toumi", phone: "0661 45 78 12", status: "no_show" },
  { day: -1, time: "14:00", service: "Blanchiment des dents", name: "Yasmine Guendouz", phone: "0772 33 14 90", email: "yasmine.g@example.com", total: 25000, paid: 15000, progress: "Première séance faite", status: "attended" },
  // today (or the next open day)
  { day: 0, time: "09:00", service: "Soins conservateurs", name: "Karim Mansouri", phone: "0551 87 65 43", email: "karim.mansouri@example.com", total: 6000, paid: 6000, status: "attended" },
  { day: 0, time: "10:00", service: "Extraction dentaire", name: "Nadia Cherif", phone: "0662 10 20 30", message: "Douleur à une molaire en bas à droite depuis trois jours.", total: 4000, paid: 0, status: "attended" },
  { day: 0, time: "10:45", service: "Orthodontie", name: "Rayan Belaid", phone: "0773 56 89 01", message: "Contrôle de l'appareil ; sa maman l'accompagne.", status: "requested" },
  { day: 0, time: "11:30", service: "Blanchiment des dents", name: "Leïla Ait Ahmed", phone: "0552 67 34 21", email: "leila.aitahmed@example.com", total: 25000, paid: 10000, status: "confirmed" },
  { day: 0, time: "14:00", service: "Implementation", name: "Mohamed Ouali", phone: "0663 98 12 45", email: "m.ouali@example.com", total: 120000, paid: 40000, progress: "Bilan radiologique fait", status: "confirmed" },
  { day: 0, time: "16:00", service: "Chirurgie dentaire", name: "Samira Haddad", phone: "0774 21 09 87", message: "Dent de sagesse qui pousse de travers, je voudrais un avis.", status: "requested" },
  // the next open days
  { day: 1, time: "09:30", service: "Prothèses dentaires", name: "Farid Zerrouki", phone: "0553 44 55 66", email: "farid.zerrouki@example.com", total: 45000, paid: 20000, status: "confirmed" },
  { day: 1, time: "11:00", service: "Soins conservateurs", name: "Imane Bensalem", phone: "0664 77 88 99", email: "imane.bensalem@example.com", status: "cancelled", reason: "Empêchement professionnel, rappellera la semaine prochaine." },
  { day: 1, time: "14:30", service: "Esthétique dentaire", name: "Hocine Mebarki", phone: "0775 12 34 56", message: "Facettes sur les incisives : premier rendez-vous pour en parler.", status: "requested" },
  { day: 2, time: "10:00", service: "Orthodontie", name: "Lina Kaci", phone: "0554 90 80 70", email: "lina.kaci@example.com", status: "confirmed" },
  { day: 2, time: "13:30", service: "Extraction dentaire", name: "Omar Slimani", phone: "0665 23 45 67", status: "requested" },
  // the requests of the earlier demo content, now booked at real slots
  { day: 0, inDays: 3, time: "10:00", service: "Blanchiment des dents", name: "Amina Belkacem", phone: "0551 23 45 67", email: "amina.belkacem@example.com", message: "Je souhaite un devis pour un blanchiment.", status: "requested" },
  { day: 0, inDays: 6, time: "14:30", service: "Implementation", name: "Yacine Boudiaf", phone: "0661 98 76 54", email: "yacine.boudiaf@example.com", total: 120000, paid: 40000, progress: "Bilan radiologique fait, pose prévue", status: "confirmed" },
];

/** The first open day from `from` (included) going `step` days at a time, within a month. */
function openDay(schedule: Schedule, from: string, step: 1 | -1): string {
  let d = from;
  for (let i = 0; i < 31; i++, d = addDaysYmd(d, step)) if (dayHours(schedule, d).ranges.length > 0) return d;
  return from;
}

/**
 * The demo week of the agenda: a past day, today (or the next open day) and the next open days,
 * each booked at a real slot through `bookAppointment` (its units taken; the nearest free time
 * when the wanted one is not), then moved along to its status. The submission keys make a second
 * run store nothing new.
 */
async function seedAgenda(h: Db): Promise<void> {
  const now = clinicNow();
  const schedule = await loadSchedule(h, addDaysYmd(now.date, -31));
  const day0 = openDay(schedule, now.date, 1);
  const days = new Map<number, string>([[-1, openDay(schedule, addDaysYmd(now.date, -1), -1)], [0, day0]]);
  for (let i = 1; i <= 2; i++) days.set(i, openDay(schedule, addDaysYmd(days.get(i - 1)!, 1), 1));
  // bookings of the past are written as the staff would have written them on that morning
  const at = clinicInstant(days.get(-1)!, "00:00");

  for (const [n, b] of AGENDA.entries()) {
    const date = b.inDays === undefined ? days.get(b.day)! : openDay(schedule, addDaysYmd(now.date, b.inDays), 1);
    const input = {
      name: b.name,
      email: b.email ?? null,
      phone: b.phone,
      service: b.service,
      date,
      time: b.time,
      message: b.message ?? null,
      prixtotal: b.total === undefined ? null : b.total * 100,
      prixpay: b.paid === undefined ? null : b.paid * 100,
      progress: b.progress ?? null,
    };
    const opts = { actor: DEMO_ACTOR, mode: "staff" as const, submissionKey: `${DEMO_SUBMISSION_PREFIX}agenda-${n + 1}`, now: at };
    let booked = await bookAppointment(h, input, opts);
    if (!booked.ok && booked.alternatives[0]) booked = await bookAppointment(h, { ...input, ...booked.alternatives[0] }, opts);
    if (!booked.ok) {
      // no open day at all (a schedule without hours): the earlier demo requests are kept as records
      if (b.inDays !== undefined) await createAppointment(h, { ...input, date: addDaysYmd(now.date, b.inDays) }, { submissionKey: opts.submissionKey });
      continue;
    }
    if (booked.duplicate) continue;
    const id = Number(booked.appointment.id);
    const row = booked.appointment;
    // 'Honoré' / 'Absent' once its time has passed; until then it is simply confirmed
    const passed = row.date < now.date || (row.date === now.date && toMinutes(row.time) + Number(row.duration_minutes ?? 30) <= now.minutes);
    const final: DemoStatus = (b.status === "attended" || b.status === "no_show") && !passed ? "confirmed" : b.status;
    if (final === "requested") continue;
    await setAppointmentStatus(h, id, "confirmed", { actor: DEMO_ACTOR });
    if (final !== "confirmed") {
      await setAppointmentStatus(h, id, final, { actor: DEMO_ACTOR, reason: b.reason ?? null, cancelledBy: final === "cancelled" ? "patient" : null });
    }
  }
}
