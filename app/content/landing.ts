import type { Clinic } from "~/lib/clinic";
import { formatNumber } from "~/lib/format";

/**
 * The smile-transformation landing page (/dentist; docs/product.md, "Public site"): its sections in order and their
 * texts. Button labels and the headline are the product's, to the letter. What names the clinic is a
 * function of its stored identity (`Clinic`, useClinic()).
 */
export const LANDING = {
  hero: {
    eyebrow: "Transformation du sourire",
    headline: "LE SOURIRE DE VOS RÊVES À MILIANA",
    byline: (c: Clinic) => `Par ${c.doctor.name}, ${c.doctor.title.charAt(0).toLowerCase()}${c.doctor.title.slice(1)} — ${c.name}`,
    text: "Facettes, implants, blanchiment, alignement : un projet de sourire se construit avec méthode, à partir de votre visage, de vos attentes et de la santé de vos dents.",
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
