import { ARABIC_PAGES, localizedPath } from "~/i18n/locale";


/**
 * Every public static route of the site: the sitemap lists them and the end-to-end route walk
 * visits each one. Dynamic pages (blog articles, syllabus pages) are added from the database
 * by the sitemap and by the walk. When you add a public page, add it here.
 */
export interface PublicRoute {
  path: string;
  /** sitemap priority */
  priority?: number;
  /** false: visited by the route walk and link crawl, but left out of the sitemap (noindex pages such as /login) */
  sitemap?: boolean;
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: "/", priority: 1 },
  { path: "/formation", priority: 0.8 },
  { path: "/syllabus", priority: 0.7 },
  { path: "/appointment", priority: 0.9 },
  { path: "/liste-attente", priority: 0.5 },
  { path: "/login", sitemap: false },
  { path: "/mot-de-passe-oublie", sitemap: false },
  { path: "/blog", priority: 0.7 },
  // aesthetic smile pages ('EMBELLIR VOTRE SOURIRE')
  { path: "/dentist", priority: 0.9 },
  { path: "/clean", priority: 0.8 },
  // the clinic
  { path: "/doctorpage", priority: 0.8 },
  { path: "/espacesoinpage", priority: 0.8 },
  { path: "/gallery", priority: 0.8 },
  // treatment pages ('NOS SOINS ET TRAITEMENTS')
  { path: "/esthetique-dentaire", priority: 0.8 },
  { path: "/implants-dentaires", priority: 0.8 },
  { path: "/blanchiment-professionnel", priority: 0.8 },
  { path: "/soins-conservateurs", priority: 0.8 },
  { path: "/orthodontie-invisible", priority: 0.8 },
  // need-based pages ('VOTRE BESOIN')
  { path: "/allongement-dent-courte", priority: 0.7 },
  { path: "/raccourcissement-dent-longue", priority: 0.7 },
  { path: "/alignement-dents", priority: 0.7 },
  { path: "/fermeture-espaces", priority: 0.7 },
  { path: "/blanchiment-dents", priority: 0.7 },
  { path: "/restauration-dents", priority: 0.7 },
  { path: "/remplacement-dent-implant", priority: 0.7 },
  { path: "/remplacement-complet-implants", priority: 0.7 },
  { path: "/correction-sourire-gingival", priority: 0.7 },
  { path: "/correction-sourires-edentes", priority: 0.7 },
  // the verification of a course certificate (the code's own page, /attestation/<code>, is not indexed)
  { path: "/attestation", priority: 0.2 },
  // legal (linked from the footer)
  { path: "/mentions-legales", priority: 0.2 },
  { path: "/politique-de-confidentialite", priority: 0.2 },
];

// the Arabic pages (app/i18n/locale.ts, ARABIC_PAGES): /ar + the French path, with the French page's sitemap priority;
// a page whose French version is not listed here (/inscription: noindex) stays out of the sitemap in Arabic too
PUBLIC_ROUTES.push(
  ...ARABIC_PAGES.map((p) => {
    const french = PUBLIC_ROUTES.find((r) => r.path === p.path);
    return { path: localizedPath("ar", p.path), priority: french?.priority, ...(french && french.sitemap !== false ? {} : { sitemap: false }) };
  }),
);
