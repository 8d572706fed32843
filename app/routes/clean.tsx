import type { Route } from "./+types/clean";
import { ServicePageView } from "~/components/content/ServicePageView";
import { relatedLinksAr } from "~/content/care-pages-ar";
import { relatedLinks } from "~/content/care-pages";
import { CLEAN_PAGE } from "~/content/clean";
import { CLEAN_PAGE_AR } from "~/content/clean-ar";
import { localeOf } from "~/i18n/locale";
import { seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/** The page in its URL's language (/clean, or /ar/clean: the same module, route id "ar-clean"). */
export function loader({ request }: Route.LoaderArgs) {
  if (localeOf(new URL(request.url).pathname) === "ar") return { page: CLEAN_PAGE_AR, related: relatedLinksAr(CLEAN_PAGE_AR) };
  return { page: CLEAN_PAGE, related: relatedLinks(CLEAN_PAGE) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const page = loaderData?.page ?? CLEAN_PAGE;
  return seo(matches, { title: page.metaTitle, description: page.description, path: "/clean", image: page.image.src, locale: localeOf(location.pathname) });
};

/** /clean: professional cleaning and polishing of the smile (menu 'EMBELLIR VOTRE SOURIRE'). */
export default function CleanPage({ loaderData }: Route.ComponentProps) {
  return <ServicePageView page={loaderData.page} related={loaderData.related} />;
}
