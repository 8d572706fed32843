import { route, type RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";
import { ARABIC_PAGES } from "./i18n/locale";

/**
 * File-based routes (app/routes/, flat naming): one module per screen. admin.tsx is the staff
 * layout; its middleware guards every admin.* loader and action.
 *
 * A few modules are named after what they are rather than their URL, and mapped here:
 * - smile-makeover.tsx: the smile-transformation landing page, kept at /dentist (the URL the
 *   home page, the menu and the sitemap link to).
 */
const NAMED_ROUTES = [route("dentist", "routes/smile-makeover.tsx")];

/**
 * The Arabic pages of stored rows (one page per article, formation or certificate: ARABIC_PAGES
 * cannot list them): /ar + the French pattern, each module under an id of its own. Their loaders
 * answer in Arabic, or say the row exists in French only. A certificate's check is noindex, out of
 * the sitemap, as in French.
 */
const ARABIC_DYNAMIC_ROUTES = [
  route("ar/blog/:slug", "routes/blog.$slug.tsx", { id: "ar-blog-article" }),
  route("ar/syllabus/:id", "routes/syllabus.$id.tsx", { id: "ar-syllabus-formation" }),
  route("ar/attestation/:code", "routes/attestation.$code.tsx", { id: "ar-attestation-code" }),
];

/**
 * The Arabic pages (docs/decisions/029-arabic.md): `/ar` + the French path, the same module under
 * its own id, for the pages translated so far (app/i18n/locale.ts); any other /ar path is the
 * Arabic 404 page.
 */
const ARABIC_ROUTES = [
  ...ARABIC_PAGES.map((p) => route(p.path === "/" ? "ar" : `ar${p.path}`, p.file, { id: p.id })),
  ...ARABIC_DYNAMIC_ROUTES,
  // the patient's personal page in Arabic: the same module, linked from the Arabic messages (issue 32, item 6)
  route("ar/rdv/:token", "routes/rdv.$token.tsx", { id: "ar-rdv" }),
  // the waiting-list offer and the recall's 'Ne plus me rappeler' in Arabic: the same modules, linked from the Arabic messages (issue 32)
  route("ar/offre/:token", "routes/offre.$token.tsx", { id: "ar-offre" }),
  route("ar/rappel/:token", "routes/rappel.$token.tsx", { id: "ar-rappel" }),
  // a freed place of a full course session offered, in Arabic: the same module, linked from the Arabic offer e-mail (issue 32, the training side)
  route("ar/offre-formation/:token", "routes/offre-formation.$token.tsx", { id: "ar-offre-formation" }),
  route("ar/*", "routes/$.tsx", { id: "ar-404" }),
];

export default [
  ...(await flatRoutes({ ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx", "**/.*", "**/routes/smile-makeover.tsx"] })),
  ...NAMED_ROUTES,
  ...ARABIC_ROUTES,
] satisfies RouteConfig;
