import { redirect } from "react-router";
import type { Route } from "./+types/syllabus.$id";
import { loadSyllabusPage } from "~/.server/formation-public";
import { SyllabusView } from "~/components/formation/SyllabusView";
import { syllabusMeta } from "~/components/formation/syllabus-meta";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { syllabusPath } from "~/lib/slug";

/** Not hydrated (decision 016): the enrolment dialog is the site script's (components/formation/EnrollmentDialog.tsx). */
export const handle = CONTENT_PAGE;

/**
 * /syllabus/:id — 'all' is the newest active formation. An unknown, inactive or malformed id
 * shows 'Aucune formation disponible pour le moment.' with status 404, never an error page.
 */
export async function loader({ params }: Route.LoaderArgs) {
  // one address per formation: /syllabus/007 is sent to /syllabus/7 (the page cache stores only that one)
  const id = params.id ?? "";
  if (/^0\d{0,8}$/.test(id) && /[1-9]/.test(id)) throw redirect(syllabusPath(Number(id)), 301);
  return loadSyllabusPage(params.id);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  syllabusMeta(matches, loaderData?.formation ?? null, params.id === "all" ? "/syllabus" : `/syllabus/${params.id}`, loaderData?.notFound ?? true);

export default function SyllabusById({ loaderData }: Route.ComponentProps) {
  return <SyllabusView formation={loaderData.formation} options={loaderData.options} />;
}
