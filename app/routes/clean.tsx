import type { Route } from "./+types/clean";
import { ServicePageView } from "~/components/content/ServicePageView";
import { relatedLinks } from "~/content/care-pages";
import { CLEAN_PAGE } from "~/content/clean";
import { seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

export function loader() {
  return { related: relatedLinks(CLEAN_PAGE) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: CLEAN_PAGE.metaTitle, description: CLEAN_PAGE.description, path: "/clean", image: CLEAN_PAGE.image.src });

/** /clean: professional cleaning and polishing of the smile (menu 'EMBELLIR VOTRE SOURIRE'). */
export default function CleanPage({ loaderData }: Route.ComponentProps) {
  return <ServicePageView page={CLEAN_PAGE} related={loaderData.related} />;
}
