import type { Route } from "./+types/_index";
import { renderDegraded } from "~/.server/page-cache";
import { getDb } from "~/.server/db";
import { errorCode, log } from "~/.server/log";
import { listPublicCases } from "~/.server/repos/gallery";
import { Expertise } from "~/components/home/Expertise";
import { GalleryTeaser } from "~/components/home/GalleryTeaser";
import { Hero } from "~/components/home/Hero";
import { Surgery } from "~/components/home/Surgery";
import { TreatmentsCarousel } from "~/components/home/TreatmentsCarousel";
import type { Clinic } from "~/lib/clinic";
import { HOME } from "~/content/home";
import { localeOf, type Locale } from "~/i18n/locale";
import { clinicWords } from "~/i18n/clinic";
import { openingHoursSpecification, type TimeRange, type Weekday } from "~/lib/schedule";
import { clinicFromMatches, originFromMatches, seo } from "~/lib/seo";
import type { RootHours } from "~/lib/root-data";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/** The home page in French at /, in Arabic at /ar (the same module, route id "ar-home"). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const clinic = clinicFromMatches(matches);
  const locale = localeOf(location.pathname);
  const { meta } = HOME[locale];
  return [
    ...seo(matches, { title: meta.title(clinic), description: meta.description(clinic), path: "/", locale }),
    { "script:ld+json": dentistJsonLd(clinic, originFromMatches(matches), hoursFromMatches(matches), locale) },
  ];
};

/** The weekly hours the root loader read from the stored schedule (absent if it failed). */
function hoursFromMatches(matches: Route.MetaArgs["matches"]): RootHours["weekly"] | undefined {
  const root = matches.find((m) => m?.id === "root");
  return ((root?.loaderData ?? root?.data) as { hours?: RootHours } | undefined)?.hours?.weekly;
}

/**
 * schema.org Dentist, from the clinic's stored identity (/admin/clinique); the opening hours from
 * the schedule staff edit on /admin/horaires (the same data as the footer).
 */
export function dentistJsonLd(clinic: Clinic, origin: string, weekly?: Record<Weekday, TimeRange[]>, locale: Locale = "fr") {
  const words = clinicWords(clinic, locale);
  return {
    "@context": "https://schema.org",
    "@type": "Dentist",
    name: words.name,
    url: `${origin}${locale === "ar" ? "/ar" : "/"}`,
    image: `${origin}/media/og-default.svg`,
    logo: `${origin}/media/logo.svg`,
    email: clinic.email,
    telephone: clinic.phones.map((p) => p.tel),
    address: {
      "@type": "PostalAddress",
      streetAddress: words.street,
      addressLocality: `${words.district}, ${words.city}`,
      postalCode: clinic.address.postalCode,
      addressCountry: clinic.address.countryCode,
    },
    ...(weekly ? { openingHoursSpecification: openingHoursSpecification(weekly) } : {}),
    founder: { "@type": "Person", name: words.doctorName },
    foundingDate: String(clinic.figures.since),
    sameAs: clinic.social.map((s) => s.url),
    priceRange: "$$",
  };
}

/** The teaser's slides: the first real before/after cases (the drawings while there is none). */
export async function loader() {
  const cases = await listPublicCases(getDb()).catch((err) => {
    // the home page still shows, with the drawings
    log.error({ event: "home_teaser_failed", ...errorCode(err) }, "home gallery teaser could not be read");
    renderDegraded();
    return [];
  });
  return { teaserCases: cases.slice(0, 3).map(({ id, treatment, before, after }) => ({ id, treatment, before, after })) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <GalleryTeaser cases={loaderData.teaserCases} />
      <Expertise />
      <Surgery />
      <TreatmentsCarousel />
    </>
  );
}
