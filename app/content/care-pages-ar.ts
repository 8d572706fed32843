import { CLEAN_PAGE_AR } from "./clean-ar";
import { NEED_PAGES_AR } from "./needs-ar";
import type { ServicePage } from "./service-page";
import { TREATMENT_PAGES_AR } from "./treatments-ar";

/**
 * The care pages translated into Arabic (docs/decisions/029-arabic.md): the five treatments and
 * the ten needs, found by the loader of app/routes/$slug.tsx for /ar/{slug}; /ar/clean has its own
 * route (app/routes/clean.tsx) and is found for "À lire aussi" links only. Apart from
 * app/content/care-pages.ts so that the modules importing the French pages (the staff screens'
 * photo slots, the gallery form) do not carry the Arabic.
 */
export const CARE_PAGES_AR: ServicePage[] = [...TREATMENT_PAGES_AR, ...NEED_PAGES_AR];

const BY_SLUG_AR = new Map<string, ServicePage>([...CARE_PAGES_AR, CLEAN_PAGE_AR].map((p) => [p.slug, p]));

/** The Arabic care page at /ar/{slug}, or undefined (not translated, no such page, or /clean: its own route). */
export function findCarePageAr(slug: string | undefined): ServicePage | undefined {
  const page = slug ? BY_SLUG_AR.get(slug) : undefined;
  return page && page.kind !== "aesthetic" ? page : undefined;
}

/**
 * The "À lire aussi" links of an Arabic page: only the related pages that exist in Arabic (a
 * French title under dir=rtl is what the Arabic pages avoid), by their French path (the view
 * links to the Arabic one through localizedPath).
 */
export function relatedLinksAr(page: ServicePage): { to: string; label: string; description: string }[] {
  return page.related.flatMap((slug) => {
    const p = BY_SLUG_AR.get(slug);
    return p ? [{ to: `/${p.slug}`, label: p.title, description: p.description }] : [];
  });
}
