import { CLEAN_PAGE } from "./clean";
import { NEED_PAGES } from "./needs";
import type { ServicePage } from "./service-page";
import { TREATMENT_PAGES } from "./treatments";

/**
 * The fifteen care pages served by the one data-driven route app/routes/$slug.tsx
 * (five treatments, ten needs). /clean has its own static route but shares the component.
 */
export const CARE_PAGES: ServicePage[] = [...TREATMENT_PAGES, ...NEED_PAGES];

const BY_SLUG = new Map<string, ServicePage>([...CARE_PAGES, CLEAN_PAGE].map((p) => [p.slug, p]));

/** The care page at /{slug} served by $slug.tsx, or undefined. */
export function findCarePage(slug: string | undefined): ServicePage | undefined {
  if (!slug) return undefined;
  const page = BY_SLUG.get(slug);
  return page && page.kind !== "aesthetic" ? page : undefined;
}

/** Title and path of any care page (treatments, needs, /clean), for "À lire aussi" links. */
export function carePageLink(slug: string): { to: string; label: string; description: string } | undefined {
  const page = BY_SLUG.get(slug);
  return page ? { to: `/${page.slug}`, label: page.title, description: page.description } : undefined;
}

/**
 * The "À lire aussi" links of a care page, found by its route's loader: the pages' texts stay on
 * the server instead of in every care page's JavaScript (decision 015).
 */
export function relatedLinks(page: ServicePage): { to: string; label: string; description: string }[] {
  return page.related.map(carePageLink).filter((l) => l !== undefined);
}
