import type { Route } from "./+types/syllabus._index";
import { loadSyllabusPage } from "~/.server/formation-public";
import { SyllabusView } from "~/components/formation/SyllabusView";
import { syllabusMeta } from "~/components/formation/syllabus-meta";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { SyllabusAr } from "~/components/formation/arabic/SyllabusAr";
import { useLocale } from "~/hooks/use-locale";
import { localeOf } from "~/i18n/locale";

/** Not hydrated (decision 016): the enrolment dialog is the site script's (components/formation/EnrollmentDialog.tsx). */
export const handle = CONTENT_PAGE;

/** /syllabus: the syllabus of the newest active formation (the same page as /syllabus/all). */
export async function loader() {
  return loadSyllabusPage(undefined);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  syllabusMeta(matches, loaderData?.formation ?? null, "/syllabus", false, localeOf(location.pathname));

/** /ar/syllabus (ARABIC_PAGES) is the same page in Arabic. */
export default function SyllabusIndex({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  if (locale === "ar") return <SyllabusAr formation={loaderData.formation} />;
  return <SyllabusView formation={loaderData.formation} options={loaderData.options} />;
}
