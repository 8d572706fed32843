import type { Route } from "./+types/$slug";
import { ServicePageView } from "~/components/content/ServicePageView";
import { findCarePageAr, relatedLinksAr } from "~/content/care-pages-ar";
import { findCarePage, relatedLinks } from "~/content/care-pages";
import { frenchPathOf, localeOf } from "~/i18n/locale";
import { seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/**
 * The fifteen care pages (five treatments, ten needs) from typed content in app/content/.
 * Static routes outrank this one; any other single-segment path answers 404.
 * In Arabic (docs/decisions/029-arabic.md) the module is mounted once per translated page at its
 * /ar path (app/i18n/locale.ts, ARABIC_PAGES), without a :slug param: the slug is the path's.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  if (localeOf(pathname) === "ar") {
    const page = findCarePageAr(params.slug ?? frenchPathOf(pathname).slice(1));
    if (!page) throw new Response("Page introuvable", { status: 404 });
    return { page, related: relatedLinksAr(page) };
  }
  const page = findCarePage(params.slug);
  if (!page) throw new Response("Page introuvable", { status: 404 });
  return { page, related: relatedLinks(page) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  if (!loaderData) return [{ title: "Page introuvable" }];
  const { page } = loaderData;
  const locale = localeOf(location.pathname);
  return seo(matches, { title: page.metaTitle, description: page.description, path: `/${page.slug}`, image: page.image.src, locale });
};

export default function CarePage({ loaderData }: Route.ComponentProps) {
  return <ServicePageView page={loaderData.page} related={loaderData.related} />;
}
