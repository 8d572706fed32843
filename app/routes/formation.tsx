import type { Route } from "./+types/formation";
import { loadFormationLanding } from "~/.server/formation-public";
import { FormationLanding, type FormationLandingData } from "~/components/formation/landing/FormationLanding";
import { useLandingData, type PendingLanding } from "~/components/formation/landing/use-landing-data";
import { Spinner } from "~/components/formation/Spinner";
import { seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { FormationLandingAr } from "~/components/formation/arabic/FormationLandingAr";
import { FORMATION_AR } from "~/content/formation-ar";
import { useLocale } from "~/hooks/use-locale";
import { localeOf } from "~/i18n/locale";

/** Not hydrated (decision 016): the enrolment dialog is the site script's (components/formation/EnrollmentDialog.tsx). */
export const handle = CONTENT_PAGE;

export const LOADING_TEXT = "Chargement des formations...";

/** A failure is logged by loadActiveFormations and shown as the empty state (docs/product.md, "Errors and failures"). */
export async function loader(): Promise<FormationLandingData> {
  return loadFormationLanding();
}

/**
 * Client-side loads hand the data over as a promise: arriving from another page shows the
 * spinner at once (the data streams in behind it), and a revalidation keeps the page on screen
 * until its data arrives (useLandingData).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<PendingLanding> {
  return { pending: serverLoader() };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  localeOf(location.pathname) === "ar"
    ? seo(matches, { title: FORMATION_AR.metaTitle, description: FORMATION_AR.metaDescription, path: "/formation", locale: "ar", image: "/media/formation-hero.svg" })
    : seo(matches, {
    title: "Formation en implantologie pour chirurgiens-dentistes",
    description:
      "Sessions de formation en implantologie orale à Kouba (Alger) : programme en modules, pratique clinique, petits groupes. Consultez le programme et inscrivez-vous en ligne.",
    path: "/formation",
    image: "/media/formation-hero.svg",
  });

export default function FormationRoute({ loaderData }: Route.ComponentProps) {
  // No <Suspense> here: React outlines a large boundary into a chunk that only JavaScript can
  // put in place, and the server-rendered page must be complete without JavaScript.
  const data = useLandingData(loaderData);
  const locale = useLocale();
  if (locale === "ar" && data) return <FormationLandingAr data={data} />;
  return data ? <FormationLanding data={data} /> : <Spinner label={LOADING_TEXT} className="min-h-[60vh]" />;
}
