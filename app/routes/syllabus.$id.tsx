import { redirect } from "react-router";
import type { Route } from "./+types/syllabus.$id";
import { loadSyllabusPage } from "~/.server/formation-public";
import { SyllabusView } from "~/components/formation/SyllabusView";
import { syllabusMeta } from "~/components/formation/syllabus-meta";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { syllabusPath } from "~/lib/slug";
import { SyllabusAr } from "~/components/formation/arabic/SyllabusAr";
import { useLocale } from "~/hooks/use-locale";
import { localeOf } from "~/i18n/locale";

/** Not hydrated (decision 016): the enrolment dialog is the site script's (components/formation/EnrollmentDialog.tsx). */
export const handle = CONTENT_PAGE;

/**
 * /syllabus/:id — 'all' is the newest active formation. An unknown, inactive or malformed id
 * shows 'Aucune formation disponible pour le moment.' with status 404, never an error page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  // one address per formation: /syllabus/007 is sent to /syllabus/7 (the page cache stores only that one); /ar/syllabus/:id the same
  const id = params.id ?? "";
  const prefix = localeOf(new URL(request.url).pathname) === "ar" ? "/ar" : "";
  if (/^0\d{0,8}$/.test(id) && /[1-9]/.test(id)) throw redirect(`${prefix}${syllabusPath(Number(id))}`, 301);
  return loadSyllabusPage(params.id);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params, location }) =>
  syllabusMeta(matches, loaderData?.formation ?? null, params.id === "all" ? "/syllabus" : `/syllabus/${params.id}`, loaderData?.notFound ?? true, localeOf(location.pathname));

/** /ar/syllabus/:id (app/routes.ts, id ar-syllabus) is the same page in Arabic. */
export default function SyllabusById({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  if (locale === "ar") return <SyllabusAr formation={loaderData.formation} />;
  return <SyllabusView formation={loaderData.formation} options={loaderData.options} />;
}
