import type { Route } from "./+types/$slug";
import { ServicePageView } from "~/components/content/ServicePageView";
import { findCarePage, relatedLinks } from "~/content/care-pages";
import { seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/**
 * The fifteen care pages (five treatments, ten needs) from typed content in app/content/.
 * Static routes outrank this one; any other single-segment path answers 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const page = findCarePage(params.slug);
  if (!page) throw new Response("Page introuvable", { status: 404 });
  return { page, related: relatedLinks(page) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page introuvable" }];
  const { page } = loaderData;
  return seo(matches, { title: page.metaTitle, description: page.description, path: `/${page.slug}`, image: page.image.src });
};

export default function CarePage({ loaderData }: Route.ComponentProps) {
  return <ServicePageView page={loaderData.page} related={loaderData.related} />;
}
