/**
 * The interface texts of the public site in French: the source of the catalogue's keys
 * (docs/decisions/029-arabic.md). ar.ts has exactly the same keys (`satisfies Catalogue`, checked
 * at compile time, and by app/i18n/catalogue.test.ts at run time with the placeholders). A text
 * with `{name}` is filled by `t(locale, key, { name })`. Content (a page's own copy) lives in its
 * content module (app/content/*), the two languages side by side.
 */
export const fr = {
  layout: {
    skipToContent: "Aller au contenu",
    breadcrumb: "Fil d'Ariane",
    mainNav: "Navigation principale",
    homeOf: "{name} — accueil",
    tagline: "Implantologie & esthétique",
    menu: "Menu",
    menuOpen: " (ouvrir)",
    menuClose: " (fermer)",
    rdv: "RDV",
    rdvHint: " : {label}",
    phoneLabel: "{label} : ",
    quickContact: "Contact rapide",
    call: "Appeler",
    email: "E-mail",
  },
  /** the link to the other language: its text is written in that language */
  languageSwitch: {
    label: "العربية",
    lang: "ar",
    description: "Lire cette page en arabe",
  },
  menus: {
    sourire: "EMBELLIR VOTRE SOURIRE",
    besoin: "VOTRE BESOIN",
    soins: "NOS SOINS ET TRAITEMENTS",
    clinique: "DECOUVRIR NOTRE CLINIC",
  },
  /** the label of each page the menus, footer and buttons link to, by its French path */
  pages: {
    "/": "Accueil",
    "/dentist": "Transformation du sourire",
    "/clean": "Nettoyage et polissage",
    "/allongement-dent-courte": "Allonger une dent courte",
    "/raccourcissement-dent-longue": "Raccourcir une dent longue",
    "/alignement-dents": "Aligner les dents",
    "/fermeture-espaces": "Fermer les espaces entre les dents",
    "/blanchiment-dents": "Blanchir les dents",
    "/restauration-dents": "Restaurer les dents abîmées",
    "/remplacement-dent-implant": "Remplacer une dent par un implant",
    "/remplacement-complet-implants": "Remplacer toutes les dents par des implants",
    "/correction-sourire-gingival": "Corriger un sourire gingival",
    "/correction-sourires-edentes": "Corriger un sourire édenté",
    "/esthetique-dentaire": "Esthétique dentaire",
    "/implants-dentaires": "Implants dentaires",
    "/blanchiment-professionnel": "Blanchiment professionnel",
    "/soins-conservateurs": "Soins conservateurs",
    "/orthodontie-invisible": "Orthodontie invisible",
    "/doctorpage": "Le docteur",
    "/espacesoinpage": "Espace de soin",
    "/gallery": "Photos Avant/Apres",
    "/blog": "Le Blog Dentaire",
    "/formation": "Formation",
    "/login": "Espace de Travail",
    "/appointment": "Prendre Rendez-vous",
    "/mentions-legales": "Mentions légales",
    "/politique-de-confidentialite": "Politique de confidentialité",
  },
  footer: {
    about: "{name} — {doctor}, {title}. L'excellence depuis {since}.",
    newWindow: " (nouvelle fenêtre)",
    findUs: "Nous trouver",
    hours: "Horaires",
    treatments: "Nos soins",
    booking: "Rendez-vous en ligne",
    bookingText: "Réservez votre consultation en ligne en quelques minutes : nous vous rappelons pour confirmer le créneau.",
    rights: "© {year} {name}. Tous droits réservés.",
    demoNotice: "Site de démonstration — informations d'exemple",
  },
  hours: {
    closed: "Fermé",
    unknown: "Pour connaître nos horaires, appelez-nous au {phone}.",
    upcoming: "Fermetures et horaires spéciaux à venir",
  },
  carousel: {
    roleDescription: "carrousel",
    slide: "diapositive",
    position: "{index} sur {count}",
    learnMore: "En savoir plus",
  },
  /** the care pages (treatments, needs, /clean): app/components/content/ServicePageView.tsx */
  carePage: {
    kindTreatment: "Nos soins et traitements",
    kindNeed: "Votre besoin",
    kindAesthetic: "Embellir votre sourire",
    ctaBook: "Prendre RDV",
    ctaContact: "Contactez-nous",
    disclaimer:
      "Ces informations sont générales et ne remplacent pas une consultation. L'indication d'un traitement, sa durée et son coût ne peuvent être établis qu'après un examen clinique.",
    inBrief: "En bref",
    orCall: "ou appelez le",
    related: "À lire aussi",
    questionTitle: "Une question sur votre situation ?",
    questionText: "Réservez une consultation : nous faisons le point avec vous et vous remettons un devis personnalisé, sans engagement.",
  },
  errors: {
    siteName: "Clinique dentaire",
    backHome: "Retour à l'accueil",
    notFoundEyebrow: "Erreur 404",
    notFoundTitle: "Page introuvable",
    notFoundText: "La page que vous cherchez n'existe pas ou a été déplacée.",
    /** an /ar path whose French page exists but is not translated yet */
    untranslatedText: "Cette page n'existe pas encore dans cette langue.",
    untranslatedLink: "Lire la page en français",
    errorEyebrow: "Erreur",
    errorTitle: "Une erreur est survenue",
    errorText: "Nous n'avons pas pu afficher cette page. Merci de réessayer dans un instant ; si le problème persiste, appelez-nous.",
    badRequestEyebrow: "Erreur 400",
    badRequestTitle: "Requête invalide",
    badRequestText: "La demande envoyée est mal formée. Rien n'a été enregistré.",
    tooLargeEyebrow: "Erreur 413",
    tooLargeTitle: "Envoi trop volumineux",
    tooLargeText: "Les données envoyées dépassent la taille permise. Rien n'a été enregistré.",
  },
  /** the aesthetic landing page (/dentist) and its map */
  landing: {
    mapFrameTitle: "Plan d'accès à la {name}, {address}",
  },
} as const;

/** The shape every language's catalogue has: fr's keys, each a string. */
type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Catalogue = Widen<typeof fr>;
