/** The site's menus (docs/product.md, "Public site"), read by the nav, footer and sitemap. */
export interface NavLink {
  to: string;
  label: string;
}

export interface NavMenu {
  id: string;
  label: string;
  links: NavLink[];
}

export const NEED_LINKS: NavLink[] = [
  { to: "/allongement-dent-courte", label: "Allonger une dent courte" },
  { to: "/raccourcissement-dent-longue", label: "Raccourcir une dent longue" },
  { to: "/alignement-dents", label: "Aligner les dents" },
  { to: "/fermeture-espaces", label: "Fermer les espaces entre les dents" },
  { to: "/blanchiment-dents", label: "Blanchir les dents" },
  { to: "/restauration-dents", label: "Restaurer les dents abîmées" },
  { to: "/remplacement-dent-implant", label: "Remplacer une dent par un implant" },
  { to: "/remplacement-complet-implants", label: "Remplacer toutes les dents par des implants" },
  { to: "/correction-sourire-gingival", label: "Corriger un sourire gingival" },
  { to: "/correction-sourires-edentes", label: "Corriger un sourire édenté" },
];

export const TREATMENT_LINKS: NavLink[] = [
  { to: "/esthetique-dentaire", label: "Esthétique dentaire" },
  { to: "/implants-dentaires", label: "Implants dentaires" },
  { to: "/blanchiment-professionnel", label: "Blanchiment professionnel" },
  { to: "/soins-conservateurs", label: "Soins conservateurs" },
  { to: "/orthodontie-invisible", label: "Orthodontie invisible" },
];

export const MENUS: NavMenu[] = [
  {
    id: "sourire",
    label: "EMBELLIR VOTRE SOURIRE",
    links: [
      { to: "/dentist", label: "Transformation du sourire" },
      { to: "/clean", label: "Nettoyage et polissage" },
    ],
  },
  { id: "besoin", label: "VOTRE BESOIN", links: NEED_LINKS },
  { id: "soins", label: "NOS SOINS ET TRAITEMENTS", links: TREATMENT_LINKS },
  {
    id: "clinique",
    label: "DECOUVRIR NOTRE CLINIC",
    links: [
      { to: "/doctorpage", label: "Le docteur" },
      { to: "/espacesoinpage", label: "Espace de soin" },
    ],
  },
];

export const DIRECT_LINKS: NavLink[] = [
  { to: "/", label: "Accueil" },
  { to: "/gallery", label: "Photos Avant/Apres" },
  { to: "/blog", label: "Le Blog Dentaire" },
  { to: "/formation", label: "Formation" },
];

/** The staff entrance (direct link of the navigation, shown in the header's top row on large screens). */
export const WORKSPACE_LINK: NavLink = { to: "/login", label: "Espace de Travail" };

export const BOOKING_LINK: NavLink = { to: "/appointment", label: "Prendre Rendez-vous" };

export const LEGAL_LINKS: NavLink[] = [
  { to: "/mentions-legales", label: "Mentions légales" },
  { to: "/politique-de-confidentialite", label: "Politique de confidentialité" },
];
