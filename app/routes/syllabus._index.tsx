import type { Route } from "./+types/syllabus._index";
import { loadSyllabusPage } from "~/.server/formation-public";
import { SyllabusView } from "~/components/formation/SyllabusView";
import { syllabusMeta } from "~/components/formation/syllabus-meta";

/** /syllabus: the syllabus of the newest active formation (the same page as /syllabus/all). */
export async function loader() {
  return loadSyllabusPage(undefined);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => syllabusMeta(matches, loaderData?.formation ?? null, "/syllabus", false);

export default function SyllabusIndex({ loaderData }: Route.ComponentProps) {
  return <SyllabusView formation={loaderData.formation} options={loaderData.options} />;
}
