/**
 * The language of a page is its URL's (docs/decisions/029-arabic.md): `/ar` followed by the
 * French page's path is the Arabic page; every other path is French (the default; no cookie, no
 * Accept-Language redirect). Only the pages translated have an /ar route: ARABIC_PAGES lists them
 * with their route module, and grows as pages are translated (app/routes.ts reads it).
 *
 * Imported by app/routes.ts (relative imports only, no `~`).
 */
export type Locale = "fr" | "ar";

export interface ArabicPage {
  /** the French path, e.g. "/" or "/implants-dentaires" */
  path: string;
  /** the route module both languages render */
  file: string;
  /** the Arabic route's id (a module can be mounted once per id) */
  id: string;
}

export const ARABIC_PAGES: readonly ArabicPage[] = [
  { path: "/", file: "routes/_index.tsx", id: "ar-home" },
  // the care pages: the one $slug module, mounted at each translated path (its loader reads the slug from the path)
  { path: "/esthetique-dentaire", file: "routes/$slug.tsx", id: "ar-esthetique-dentaire" },
  { path: "/implants-dentaires", file: "routes/$slug.tsx", id: "ar-implants-dentaires" },
  { path: "/blanchiment-professionnel", file: "routes/$slug.tsx", id: "ar-blanchiment-professionnel" },
  { path: "/soins-conservateurs", file: "routes/$slug.tsx", id: "ar-soins-conservateurs" },
  { path: "/orthodontie-invisible", file: "routes/$slug.tsx", id: "ar-orthodontie-invisible" },
  // needs and aesthetic landing pages: the ten need pages ('VOTRE BESOIN', the $slug module), /dentist and /clean
  { path: "/allongement-dent-courte", file: "routes/$slug.tsx", id: "ar-allongement-dent-courte" },
  { path: "/raccourcissement-dent-longue", file: "routes/$slug.tsx", id: "ar-raccourcissement-dent-longue" },
  { path: "/alignement-dents", file: "routes/$slug.tsx", id: "ar-alignement-dents" },
  { path: "/fermeture-espaces", file: "routes/$slug.tsx", id: "ar-fermeture-espaces" },
  { path: "/blanchiment-dents", file: "routes/$slug.tsx", id: "ar-blanchiment-dents" },
  { path: "/restauration-dents", file: "routes/$slug.tsx", id: "ar-restauration-dents" },
  { path: "/remplacement-dent-implant", file: "routes/$slug.tsx", id: "ar-remplacement-dent-implant" },
  { path: "/remplacement-complet-implants", file: "routes/$slug.tsx", id: "ar-remplacement-complet-implants" },
  { path: "/correction-sourire-gingival", file: "routes/$slug.tsx", id: "ar-correction-sourire-gingival" },
  { path: "/correction-sourires-edentes", file: "routes/$slug.tsx", id: "ar-correction-sourires-edentes" },
  { path: "/dentist", file: "routes/smile-makeover.tsx", id: "ar-dentist" },
  { path: "/clean", file: "routes/clean.tsx", id: "ar-clean" },
  // the clinic (the doctor, the care space, the gallery), the legal pages, the certificate check (its /attestation/:code page: app/routes.ts)
  { path: "/doctorpage", file: "routes/doctorpage.tsx", id: "ar-doctorpage" },
  { path: "/espacesoinpage", file: "routes/espacesoinpage.tsx", id: "ar-espacesoinpage" },
  { path: "/gallery", file: "routes/gallery.tsx", id: "ar-gallery" },
  { path: "/mentions-legales", file: "routes/mentions-legales.tsx", id: "ar-mentions-legales" },
  { path: "/politique-de-confidentialite", file: "routes/politique-de-confidentialite.tsx", id: "ar-politique-de-confidentialite" },
  { path: "/attestation", file: "routes/attestation._index.tsx", id: "ar-attestation" },
  // blog and training (the articles and formations' own pages are dynamic: app/routes.ts, ARABIC_DYNAMIC_ROUTES)
  { path: "/blog", file: "routes/blog._index.tsx", id: "ar-blog" },
  { path: "/formation", file: "routes/formation.tsx", id: "ar-formation" },
  { path: "/syllabus", file: "routes/syllabus._index.tsx", id: "ar-syllabus" },
  // the public forms (booking)
  { path: "/appointment", file: "routes/appointment.tsx", id: "ar-appointment" },
  { path: "/liste-attente", file: "routes/liste-attente.tsx", id: "ar-liste-attente" },
  // the training side (issue 32): the enrolment form and the course waiting list's form (noindex, out of the sitemap)
  { path: "/inscription", file: "routes/inscription.tsx", id: "ar-inscription" },
];

const ARABIC_PATHS = new Set(ARABIC_PAGES.map((p) => p.path));

export function localeOf(pathname: string): Locale {
  return /^\/ar(?:\/|$)/.test(pathname) ? "ar" : "fr";
}

/** "/ar/implants-dentaires" -> "/implants-dentaires", "/ar" -> "/"; a French path unchanged. */
export function frenchPathOf(pathname: string): string {
  if (localeOf(pathname) === "fr") return pathname;
  const rest = pathname.slice(3);
  return rest === "" ? "/" : rest;
}

/** Whether the French page at `path` has its Arabic version. */
export function hasArabic(path: string): boolean {
  return ARABIC_PATHS.has(path);
}

/**
 * Where a link to the French page `path` goes from a page in `locale`: its Arabic version when
 * there is one, else the French page (a French page never under dir=rtl).
 */
export function localizedPath(locale: Locale, path: string): string {
  const [, bare, rest] = /^([^?#]*)(.*)$/.exec(path) ?? [path, path, ""];
  if (locale !== "ar" || !hasArabic(bare)) return path;
  return `/ar${bare === "/" ? "" : bare}${rest}`;
}

/**
 * The French patterns of the pages of stored rows mounted again under /ar (app/routes.ts,
 * ARABIC_DYNAMIC_ROUTES and the personal pages): an article, a formation's syllabus, a
 * certificate's check, a patient's personal page. A row without its Arabic text still has its
 * /ar page (it says so and links to the French one).
 */
const ARABIC_ROW_PAGES = [/^\/blog\/[^/]+$/, /^\/syllabus\/[^/]+$/, /^\/attestation\/[^/]+$/, /^\/(?:rdv|offre|rappel|offre-formation)\/[^/]+$/];

/** Whether `path` (French) is a page of a stored row that has an /ar route. */
export function hasArabicRowPage(path: string): boolean {
  return ARABIC_ROW_PAGES.some((pattern) => pattern.test(path));
}

/** The same page in the other language, or null when it has none (the language switch's link). */
export function alternatePath(pathname: string): string | null {
  const french = frenchPathOf(pathname);
  if (localeOf(pathname) === "ar") return hasArabic(french) || hasArabicRowPage(french) ? french : null;
  if (hasArabicRowPage(french)) return `/ar${french}`;
  return hasArabic(french) ? localizedPath("ar", french) : null;
}
