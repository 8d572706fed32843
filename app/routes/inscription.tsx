import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, GraduationCap } from "lucide-react";
import { Link } from "react-router";
import { requestInfo } from "~/context";
import type { Route } from "./+types/inscription";
import { enrollmentJson, handleEnrollmentPost } from "~/.server/enrollment-form";
import { handleWaitlistPost, loadWaitlistSession } from "~/.server/waitlist-form";
import { WaitlistForm } from "~/components/formation/WaitlistForm";
import { formationOptions, loadActiveFormations } from "~/.server/formation-public";
import { EnrollmentForm, type EnrollmentReply } from "~/components/formation/EnrollmentForm";
import { ENROLLMENT_KEYS } from "~/lib/enrollment-messages";
import { enrollmentSchema } from "~/lib/enrollment-schema";
import { isFull, onlyOpenSession } from "~/lib/formation";
import { peekForm, wantsJson } from "~/lib/form-body";
import { parseId, parseSubmissionKey } from "~/lib/rules";
import { seo } from "~/lib/seo";
import { localeOf, t } from "~/i18n";
import { messageText } from "~/i18n/messages";
import { useI18n } from "~/hooks/use-locale";

/**
 * /inscription?formation={id}: the enrolment form on its own page (docs/product.md, "Enrolment").
 * The enrol buttons of /formation and /syllabus link here, so enrolment works without JavaScript;
 * with it they open the page's enrolment island (components/formation/EnrollmentDialog.tsx), which
 * posts here with `Accept: application/json` and reads the typed JSON answer (lib/enrollment-answer.ts).
 * In Arabic at /ar/inscription (route id "ar-inscription", issue 32): the Arabic training pages'
 * enrol links come here; the form posts here, its answer and the enrolment's language are Arabic.
 */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOf(location.pathname);
  return seo(matches, {
    title: t(locale, "enrolment.metaTitle"),
    description: t(locale, "enrolment.metaDescription"),
    path: "/inscription",
    locale,
    noindex: true,
  });
};

/** The choice of formation, the one the link names when it is still open, and a fresh key. */
export async function loader({ url }: Route.LoaderArgs) {
  const waitlist = url.searchParams.has("attente") ? await loadWaitlistSession(parseId(url.searchParams.get("attente"))) : null;
  const { formations } = await loadActiveFormations();
  const wanted = parseId(url.searchParams.get("formation"));
  const preselected = formations.find((f) => f.id === wanted && !isFull(f));
  const session = onlyOpenSession(preselected ?? (formations.length === 1 ? formations[0] : undefined));
  // the Arabic page names each formation by its Arabic title when staff wrote one
  const arabic = localeOf(url.pathname) === "ar";
  const options = formationOptions(formations).map((o, i) => (arabic ? { ...o, title_ar: formations[i].title_ar ?? null } : o));
  return { options, preselectedId: preselected ? String(preselected.id) : "", preselectedSessionId: session ? String(session.id) : "", waitlist };
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
  const locale = localeOf(new URL(request.url).pathname);
  try {
    return await serverAction();
  } catch (err) {
    console.error("Inscription : envoi impossible", err);
    return {
      status: "error",
      result: parseWithZod(posted, { schema: enrollmentSchema }).reply({ formErrors: [messageText(locale, ENROLLMENT_KEYS.failure)] }),
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
  return <EnrollmentPage loaderData={loaderData} actionData={actionData} />;
}

function EnrollmentPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t: text, href } = useI18n();
  return (
    <section className="bg-ivory py-14 md:py-20">
      <div className="container-site max-w-3xl">
        <nav aria-label={text("layout.breadcrumb")} className="text-sm text-slate-600">
          <Link to={href("/formation")} className="underline-offset-2 hover:text-navy-900 hover:underline">
            {text("enrolment.training")}
          </Link>
          <span aria-hidden className="mx-2">
            /
          </span>
          <span aria-current="page">{text("enrolment.current")}</span>
        </nav>
        {actionData?.status === "success" ? (
          <div className="mt-6 rounded-2xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200 md:p-12">
            <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-teal-50 text-teal-600">
              <CheckCircle2 aria-hidden className="h-9 w-9" />
            </div>
            <h1 ref={focusOnMount} tabIndex={-1} className="mt-6 text-2xl font-bold outline-none md:text-3xl">
              {text("enrolment.success")}
            </h1>
            <p className="mt-4 text-slate-600">{text("enrolment.successText")}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to={href("/formation")} className="btn-primary">
                {text("enrolment.back")}
              </Link>
              {/* a new page view: the answer above is gone, the form is empty again */}
              <Link to={href("/inscription")} className="btn border border-navy-900 text-navy-900 hover:bg-white">
                {text("enrolment.another")}
              </Link>
            </div>
          </div>
        ) : (
          <div className="mt-6 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 md:p-10">
            <div className="flex items-center gap-4">
              <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-600">
                <GraduationCap aria-hidden className="h-6 w-6" />
              </div>
              <h1 className="text-2xl font-bold md:text-3xl">{text("enrolment.title")}</h1>
            </div>
            <p className="mb-6 mt-4 text-slate-600">{text("enrolment.lead")}</p>
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
  const { t: text, href } = useI18n();
  return (
    <section className="bg-ivory py-14 md:py-20">
      <div className="container-site max-w-3xl">
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 md:p-10">
          <h1 ref={reply?.status === "success" ? focusOnMount : undefined} tabIndex={-1} className="mb-6 text-2xl font-bold outline-none md:text-3xl">
            {text("enrolment.waitlistTitle")}
          </h1>
          {reply?.status === "success" ? (
            <p role="status" className="text-slate-700">{text("enrolment.waitlistSuccess")}</p>
          ) : session ? (
            <WaitlistForm session={session} reply={reply} />
          ) : (
            <p className="text-slate-700">{text("enrolment.waitlistUnavailable")}</p>
          )}
          <Link to={href("/formation")} className="mt-6 inline-flex min-h-11 items-center font-semibold text-teal-700 underline">
            {text("enrolment.back")}
          </Link>
        </div>
      </div>
    </section>
  );
}
