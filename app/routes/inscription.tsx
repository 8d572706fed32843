import { CheckCircle2, GraduationCap } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useActionData } from "react-router";
import { requestInfo } from "~/context";
import type { Route } from "./+types/inscription";
import { handleEnrollmentPost, loadActiveSessions, newSubmissionKey, sessionOptions } from "~/.server/formation-public";
import { EnrollmentForm, type EnrollmentResult } from "~/components/formation/EnrollmentForm";
import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-schema";
import { seo } from "~/lib/seo";

/**
 * /inscription?formation={id}: the enrolment form on its own page. The enrol buttons of
 * /formation and /syllabus link here, so enrolment works before (or without) JavaScript; with
 * JavaScript they open the dialog, which posts to this route's action through a fetcher.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Inscription à la formation",
    description: "Inscrivez-vous à une session de formation en implantologie de la clinique : nous vous recontactons pour confirmer votre place.",
    path: "/inscription",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const { sessions } = await loadActiveSessions();
  const wanted = new URL(request.url).searchParams.get("formation");
  const preselected = sessions.find((s) => String(s.id) === wanted && s.taken < s.max_participants);
  return { sessions: sessionOptions(sessions), preselectedId: preselected ? String(preselected.id) : "", submissionKey: newSubmissionKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleEnrollmentPost(request, context.get(requestInfo).clientIp);
}

/** In the browser: a network failure becomes the failure message, never an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<EnrollmentResult> {
  try {
    return (await serverAction()) as EnrollmentResult;
  } catch (err) {
    console.error("Inscription : envoi impossible", err);
    return { ok: false, message: ENROLLMENT_MESSAGES.failure, fieldErrors: {}, values: null };
  }
}

export default function Inscription({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<EnrollmentResult>();
  const [formationId, setFormationId] = useState(posted && !posted.ok && posted.values ? posted.values.formation_id : loaderData.preselectedId);
  const [key, setKey] = useState(loaderData.submissionKey);
  const [done, setDone] = useState<string | null>(posted?.ok ? posted.message : null);
  const [round, setRound] = useState(0);

  const doneRef = useRef<HTMLHeadingElement>(null);

  const onSuccess = useCallback((message: string, nextKey: string) => {
    setKey(nextKey);
    setDone(message);
  }, []);

  // after a submit through JavaScript, bring the confirmation to the visitor (and screen readers)
  useEffect(() => {
    if (done && round >= 0 && document.activeElement !== doneRef.current) doneRef.current?.focus();
  }, [done, round]);

  return (
    <section className="bg-ivory py-14 md:py-20">
      <div className="container-site max-w-3xl">
        <nav aria-label="Fil d'Ariane" className="text-sm text-slate-600">
          <Link to="/formation" className="underline-offset-2 hover:text-navy-900 hover:underline">
            Formation
          </Link>
          <span aria-hidden className="mx-2">
            /
          </span>
          <span aria-current="page">Inscription</span>
        </nav>
        {done ? (
          <div className="mt-6 rounded-2xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200 md:p-12">
            <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-teal-50 text-teal-600">
              <CheckCircle2 aria-hidden className="h-9 w-9" />
            </div>
            <h1 ref={doneRef} tabIndex={-1} className="mt-6 text-2xl font-bold outline-none md:text-3xl">
              {done}
            </h1>
            <p className="mt-4 text-slate-600">Votre inscription est en attente de confirmation : notre équipe vous contactera prochainement pour confirmer votre place.</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/formation" className="btn-primary">
                Retour à la formation
              </Link>
              <Link
                to="/inscription"
                onClick={() => {
                  setDone(null);
                  setFormationId("");
                  setRound((n) => n + 1);
                }}
                className="btn border border-navy-900 text-navy-900 hover:bg-white"
              >
                Inscrire une autre personne
              </Link>
            </div>
          </div>
        ) : (
          <div className="mt-6 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 md:p-10">
            <div className="flex items-center gap-4">
              <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-600">
                <GraduationCap aria-hidden className="h-6 w-6" />
              </div>
              <h1 className="text-2xl font-bold md:text-3xl">Inscription à la formation</h1>
            </div>
            <p className="mb-6 mt-4 text-slate-600">
              Laissez-nous vos coordonnées : nous vous recontactons pour confirmer votre place. Les places sont limitées pour chaque session.
            </p>
            <EnrollmentForm
              key={round}
              sessions={loaderData.sessions}
              submissionKey={key}
              formationId={formationId}
              onFormationIdChange={setFormationId}
              onSuccess={onSuccess}
              serverResult={round === 0 && posted && !posted.ok ? posted : undefined}
            />
          </div>
        )}
      </div>
    </section>
  );
}
