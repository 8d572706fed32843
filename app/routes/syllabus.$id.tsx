import { data } from "react-router";
import type { Route } from "./+types/syllabus.$id";
import { loadSyllabusFormation, newSubmissionKey, sessionOptions } from "~/.server/formation-public";
import { SyllabusView } from "~/components/formation/SyllabusView";
import { syllabusMeta } from "~/components/formation/syllabus-meta";

/**
 * /syllabus/:id — 'all' is the newest active formation. An unknown, inactive or malformed id
 * shows 'Aucune formation disponible pour le moment.' with status 404 (so that search engines
 * drop an old link), never an error page.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const r = await loadSyllabusFormation(params.id);
  return data(
    { formation: r.formation, sessions: sessionOptions(r.sessions), submissionKey: newSubmissionKey(), notFound: r.notFound },
    { status: r.notFound ? 404 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  syllabusMeta(matches, loaderData?.formation ?? null, params.id === "all" ? "/syllabus" : `/syllabus/${params.id}`, loaderData?.notFound ?? true);

export default function SyllabusById({ loaderData }: Route.ComponentProps) {
  return <SyllabusView formation={loaderData.formation} sessions={loaderData.sessions} submissionKey={loaderData.submissionKey} />;
}
