import type { Db } from "./index";
import { nowIso } from "./index";
import { createBlog } from "../repos/blogs";
import { createAppointment } from "../repos/appointments";
import { createFormation } from "../repos/formations";
import type { Syllabus } from "~/lib/syllabus";

const BLOGS = [
  {
    title: "Implant dentaire : les étapes d'un traitement réussi",
    image: "/media/blog-implant.svg",
    daysAgo: 21,
    content: `Perdre une dent n'est jamais anodin : au-delà de l'esthétique, la mastication, l'élocution et l'équilibre des dents voisines sont touchés. L'implant dentaire remplace la racine manquante par une vis en titane, sur laquelle on fixe ensuite une couronne.

Tout commence par une consultation et un bilan radiologique (panoramique, et souvent un scanner 3D). Ils permettent de mesurer le volume d'os disponible et de planifier la position idéale de l'implant.

La pose elle-même se fait sous anesthésie locale et dure en général moins d'une heure par implant. Les suites sont le plus souvent simples : un léger gonflement pendant quelques jours, soulagé par les antalgiques habituels.

Vient ensuite l'ostéo-intégration : pendant deux à quatre mois, l'os se soude à l'implant. Une dent provisoire peut être portée pendant cette période. La couronne définitive est enfin réalisée sur mesure, dans la teinte de vos dents.

Bien entretenu, avec un brossage soigneux et un contrôle annuel, un implant peut durer toute une vie.`,
  },
  {
    title: "Blanchiment dentaire : ce qu'il faut savoir avant de se lancer",
    image: "/media/blog-blanchiment.svg",
    daysAgo: 12,
    content: `Café, thé, tabac, certains médicaments ou simplement l'âge : nos dents se teintent avec le temps. Le blanchiment professionnel éclaircit la teinte naturelle de l'émail en toute sécurité, sous contrôle du dentiste.

Avant tout blanchiment, un examen s'impose : les caries doivent être soignées et un détartrage réalisé. Les couronnes, facettes et composites ne blanchissent pas ; il faut en tenir compte dans le projet.

Deux approches existent : le blanchiment au fauteuil, en une séance, et le blanchiment ambulatoire avec des gouttières sur mesure portées à domicile pendant une à deux semaines. Elles peuvent être associées.

Une sensibilité passagère au froid est possible pendant quelques jours. Le résultat dure plusieurs années si l'on limite les colorants et que l'on garde une bonne hygiène.

Les produits vendus en ligne, souvent trop dosés ou trop abrasifs, peuvent abîmer l'émail : demandez toujours conseil à votre dentiste.`,
  },
  {
    title: "Facettes dentaires : retrouver un sourire harmonieux",
    image: "/media/blog-facettes.svg",
    daysAgo: 4,
    content: `Les facettes sont de fines pellicules de céramique collées sur la face visible des dents. Elles corrigent la forme, la couleur ou de petits défauts d'alignement, pour un résultat naturel et durable.

Le projet commence par une analyse du sourire : photos, empreintes et, souvent, une simulation appelée « mock-up » qui permet de visualiser le résultat en bouche avant toute préparation.

La préparation des dents est minime et se fait sous anesthésie locale. Le laboratoire réalise ensuite des facettes sur mesure, que nous collons lors d'une seconde séance.

Les facettes en céramique résistent très bien aux taches et conservent leur éclat pendant de nombreuses années. Elles demandent les mêmes soins que des dents naturelles : brossage, fil dentaire et visites de contrôle.

Chaque sourire est unique : le coût dépend du nombre de facettes et du matériau choisi. Un devis personnalisé vous est remis après la consultation.`,
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
      description: `Deux journées consacrées à ce thème : cours, démonstrations et travaux pratiques encadrés.`,
      duration: "2 jours",
      points_clefs: m.points,
      objectifs: m.objectifs,
      pratique: m.pratique,
      lessons: [
        { title: "Cours théorique", description: "Exposé et échanges", duration: "3 h", content: `Les notions essentielles du module : ${m.points.join(", ").toLowerCase()}.` },
        { title: "Atelier pratique", description: "Manipulation encadrée", duration: "4 h", content: "Exercices sur modèles et présentation de cas." },
      ],
    })),
  };
}

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
      for (const b of BLOGS) await createBlog(t, { title: b.title, content: b.content, image_url: b.image }, daysAgo(b.daysAgo));
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
        },
        daysAgo(30),
      );
    }
    if (appointments.length === 0) {
      const demo = [
        { name: "Amina Belkacem", email: "amina.belkacem@example.com", phone: "0551 23 45 67", service: "Blanchiment des dents", date: inDays(3), time: "10:00", message: "Je souhaite un devis pour un blanchiment.", created: 2 },
        { name: "Yacine Boudiaf", email: "yacine.boudiaf@example.com", phone: "0661 98 76 54", service: "Implementation", date: inDays(6), time: "14:30", message: null, created: 1, prixtotal: 12000000, prixpay: 4000000, progress: "Bilan radiologique fait, pose prévue" },
        { name: "Sarah Haddad", email: "sarah.haddad@example.com", phone: "0770 11 22 33", service: "Soins conservateurs", date: inDays(-5), time: "09:30", message: null, created: 9, prixtotal: 800000, prixpay: 800000, progress: "Soins terminés" },
      ];
      for (const { created, ...input } of demo) {
        await createAppointment(t, input, { createdAt: daysAgo(created) });
      }
    }
    await trx.insertInto("app_meta").values({ key: "demo_seeded", value: nowIso() }).execute();
  });
  return true;
}
