import type { Route } from "./+types/syllabus._index";
import { loadSyllabusPage } from "~/.server/formation-public";
import { SyllabusView } from "~/components/formation/SyllabusView";
import { syllabusMeta } from "~/components/formation/syllabus-meta";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Not hydrated (decision 016): the enrolment dialog is the site script's (components/formation/EnrollmentDialog.tsx). */
export const handle = CONTENT_PAGE;

/** /syllabus: the syllabus of the newest active formation (the same page as /syllabus/all). */
export async function loader() {
  return loadSyllabusPage(undefined);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => syllabusMeta(matches, loaderData?.formation ?? null, "/syllabus", false);

export default function SyllabusIndex({ loaderData }: Route.ComponentProps) {
  return <SyllabusView formation={loaderData.formation} options={loaderData.options} />;
}
