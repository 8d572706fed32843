import type { ServicePage } from "./service-page";
import { TREATMENT_PAGES_AR } from "./treatments-ar";

/**
 * The care pages translated into Arabic so far (docs/decisions/029-arabic.md), found by the
 * loader of app/routes/$slug.tsx for /ar/{slug}. Apart from app/content/care-pages.ts so that the
 * modules importing the French pages (the staff screens' photo slots, the gallery form) do not
 * carry the Arabic.
 */
export const CARE_PAGES_AR: ServicePage[] = [...TREATMENT_PAGES_AR];

const BY_SLUG_AR = new Map<string, ServicePage>(CARE_PAGES_AR.map((p) => [p.slug, p]));

/** The Arabic care page at /ar/{slug}, or undefined (not translated, or no such page). */
export function findCarePageAr(slug: string | undefined): ServicePage | undefined {
  return slug ? BY_SLUG_AR.get(slug) : undefined;
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
