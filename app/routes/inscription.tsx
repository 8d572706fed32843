import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, GraduationCap } from "lucide-react";
import { Link } from "react-router";
import { requestInfo } from "~/context";
import type { Route } from "./+types/inscription";
import { enrollmentJson, handleEnrollmentPost } from "~/.server/enrollment-form";
import { handleWaitlistPost, loadWaitlistSession } from "~/.server/waitlist-form";
import { WAITLIST_MESSAGES } from "~/lib/waitlist-messages";
import { WaitlistForm } from "~/components/formation/WaitlistForm";
import { formationOptions, loadActiveFormations } from "~/.server/formation-public";
import { EnrollmentForm, type EnrollmentReply } from "~/components/formation/EnrollmentForm";
import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-messages";
import { enrollmentSchema } from "~/lib/enrollment-schema";
import { isFull, onlyOpenSession } from "~/lib/formation";
import { peekForm, wantsJson } from "~/lib/form-body";
import { parseId, parseSubmissionKey } from "~/lib/rules";
import { seo } from "~/lib/seo";

/**
 * /inscription?formation={id}: the enrolment form on its own page (docs/product.md, "Enrolment").
 * The enrol buttons of /formation and /syllabus link here, so enrolment works without JavaScript;
 * with it they open the page's enrolment island (components/formation/EnrollmentDialog.tsx), which
 * posts here with `Accept: application/json` and reads the typed JSON answer (lib/enrollment-answer.ts).
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Inscription à la formation",
    description: "Inscrivez-vous à une session de formation en implantologie de la clinique : nous vous recontactons pour confirmer votre place.",
    path: "/inscription",
    noindex: true,
  });

/** The choice of formation, the one the link names when it is still open, and a fresh key. */
export async function loader({ url }: Route.LoaderArgs) {
  const waitlist = url.searchParams.has("attente") ? await loadWaitlistSession(parseId(url.searchParams.get("attente"))) : null;
  const { formations } = await loadActiveFormations();
  const wanted = parseId(url.searchParams.get("formation"));
  const preselected = formations.find((f) => f.id === wanted && !isFull(f));
  const session = onlyOpenSession(preselected ?? (formations.length === 1 ? formations[0] : undefined));
  return { options: formationOptions(formations), preselectedId: preselected ? String(preselected.id) : "", preselectedSessionId: session ? String(session.id) : "", waitlist };
}

/**
 * The enrolment island's post (`Accept: application/json`) is answered here, before the page would
 * be rendered: the same pipeline, as JSON. Any other request goes on to the action and the page.
 */
const jsonAnswer: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (!wantsJson(request)) return next();
  return enrollmentJson(request, context.get(requestInfo).clientIp);
};
export const middleware: Route.MiddlewareFunction[] = [jsonAnswer];

export async function action({ request, context }: Route.ActionArgs) {
  const intent = (await peekForm(request.clone()).catch(() => null))?.get("intent");
  if (intent === "waitlist") return { ...(await handleWaitlistPost(request, context.get(requestInfo).clientIp)).data, intent: "waitlist" as const };
  return handleEnrollmentPost(request, context.get(requestInfo).clientIp);
}

/** In the browser: a network failure becomes the failure message beside the kept input, never an error page. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<EnrollmentReply> {
  const posted = await peekForm(request);
  try {
    return await serverAction();
  } catch (err) {
    console.error("Inscription : envoi impossible", err);
    return {
      status: "error",
      result: parseWithZod(posted, { schema: enrollmentSchema }).reply({ formErrors: [ENROLLMENT_MESSAGES.failure] }),
      submissionKey: parseSubmissionKey(posted.get("submission_key")) ?? crypto.randomUUID(),
    };
  }
}

/** A stable ref callback: the confirmation takes the focus once, when it appears. */
function focusOnMount(el: HTMLElement | null) {
  el?.focus();
}

export default function Inscription({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && "intent" in actionData) return <WaitlistPage session={loaderData.waitlist} reply={actionData} />;
  if (loaderData.waitlist) return <WaitlistPage session={loaderData.waitlist} />;
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
        {actionData?.status === "success" ? (
          <div className="mt-6 rounded-2xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200 md:p-12">
            <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-teal-50 text-teal-600">
              <CheckCircle2 aria-hidden className="h-9 w-9" />
            </div>
            <h1 ref={focusOnMount} tabIndex={-1} className="mt-6 text-2xl font-bold outline-none md:text-3xl">
              {ENROLLMENT_MESSAGES.success}
            </h1>
            <p className="mt-4 text-slate-600">Votre inscription est en attente de confirmation : notre équipe vous contactera prochainement pour confirmer votre place.</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/formation" className="btn-primary">
                Retour à la formation
              </Link>
              {/* a new page view: the answer above is gone, the form is empty again */}
              <Link to="/inscription" className="btn border border-navy-900 text-navy-900 hover:bg-white">
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
              Laissez-nous vos coordonnées : nous vous recontactons pour confirmer votre place. Les places sont limitées pour chaque session.
            </p>
            <EnrollmentForm
              id="enrollment"
              options={loaderData.options}
              reply={actionData}
              defaultFormationId={loaderData.preselectedId}
              defaultSessionId={loaderData.preselectedSessionId}
            />
          </div>
        )}
      </div>
    </section>
  );
}

/** /inscription?attente={session}: the waiting list of a full session, and its answer. */
function WaitlistPage({ session, reply }: { session: Route.ComponentProps["loaderData"]["waitlist"]; reply?: EnrollmentReply }) {
  return (
    <section className="bg-ivory py-14 md:py-20">
      <div className="container-site max-w-3xl">
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 md:p-10">
          <h1 ref={reply?.status === "success" ? focusOnMount : undefined} tabIndex={-1} className="mb-6 text-2xl font-bold outline-none md:text-3xl">
            Liste d'attente
          </h1>
          {reply?.status === "success" ? (
            <p role="status" className="text-slate-700">{WAITLIST_MESSAGES.success}</p>
          ) : session ? (
            <WaitlistForm session={session} reply={reply} />
          ) : (
            <p className="text-slate-700">{WAITLIST_MESSAGES.unavailable}</p>
          )}
          <Link to="/formation" className="mt-6 inline-flex min-h-11 items-center font-semibold text-teal-700 underline">
            Retour à la formation
          </Link>
        </div>
      </div>
    </section>
  );
}
