import { BellOff, CheckCircle2 } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/rappel.$token";
import { intentOf, readForm } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { errorCode, log } from "~/.server/log";
import { countLinkMiss, linkGuessBlocked } from "~/.server/personal-link";
import { personalLinkHeaders, RDV_HEADERS } from "~/.server/rdv-actions";
import { recallByToken, setRecallOptOut } from "~/.server/repos/recalls";
import { PATIENT_ACTOR } from "~/.server/actor";
import { requestInfo } from "~/context";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { CallButtons } from "~/components/rdv/ClinicInfo";
import { useClinic } from "~/hooks/use-clinic";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { personalPageMeta, personalPageMetaAr } from "~/lib/personal-meta";
import { RecallBlockedPageAr, RecallNotFoundPageAr, RecallPageAr } from "~/components/rdv/RecallPageAr";
import { useLocale } from "~/hooks/use-locale";
import { t } from "~/i18n";
import { localeOf, type Locale } from "~/i18n/locale";

/**
 * /rappel/<token>: 'Ne plus me rappeler' (issue 31, item 2), the link at the end of a recall
 * message. A content page (not hydrated): the GET only shows the question, the browser posts the
 * button's form and only that post stops the recalls. The token is a recall's (only its hash is
 * stored), guessed links are limited as /rdv's (misses per address, then 429), the page is never
 * stored by a cache nor indexed, and the logs write /rappel/[lien] (server/logged-path.js).
 *
 * /ar/rappel/<token> (app/routes.ts, id "ar-rappel") is the same page in Arabic
 * (app/components/rdv/RecallPageAr.tsx), where the Arabic recall messages link; the action
 * answers in the URL's language.
 */
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ error, matches, location }) =>
  localeOf(location.pathname) === "ar"
    ? personalPageMetaAr(matches, error, { title: "recallPage.metaTitle", description: "recallPage.metaDescription", tooMany: "recallPage.tooMany", notFound: "recallPage.notFound" })
    : personalPageMeta(matches, error, { title: "Rappels de suivi", description: (name) => `Vos rappels de suivi de ${name} : continuer à les recevoir, ou ne plus être rappelé.` });

export const headers: Route.HeadersFunction = personalLinkHeaders;

async function open(token: string | undefined, ip: string) {
  const blocked = await linkGuessBlocked(ip);
  if (blocked.blocked) throw data({ message: "Trop de tentatives." }, { status: 429, headers: { ...RDV_HEADERS, "Retry-After": String(blocked.retryAfterSeconds) } });
  const found = await recallByToken(getDb(), token ?? "");
  if (found) return found;
  await countLinkMiss(ip).catch(() => undefined);
  throw data({ message: "Lien introuvable." }, { status: 404, headers: RDV_HEADERS });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await open(params.token, context.get(requestInfo).clientIp);
  return data({ optedOut: found.optedOut, done: false }, { headers: RDV_HEADERS });
}

/** The action's refusals in the page's language (the French sentences as they were). */
function answerText(locale: Locale, key: "unknownIntent" | "storeFailed"): string {
  if (locale === "ar") return t("ar", `recallPage.${key}`);
  return key === "unknownIntent" ? "Action inconnue." : "Votre demande n'a pas pu être enregistrée. Réessayez dans un instant ou appelez-nous.";
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const found = await open(params.token, context.get(requestInfo).clientIp);
  const locale = localeOf(new URL(request.url).pathname);
  const form = await readForm(request);
  if (intentOf(form) !== "stop") return data({ optedOut: found.optedOut, done: false, error: answerText(locale, "unknownIntent") }, { status: 400, headers: RDV_HEADERS });
  try {
    const changed = await setRecallOptOut(getDb(), found.patientId, true, PATIENT_ACTOR);
    if (changed) log.info({ event: "recall_opt_out", patientId: found.patientId }, "recall opt-out by the patient");
    return data({ optedOut: true, done: true }, { headers: RDV_HEADERS });
  } catch (err) {
    log.error({ event: "recall_opt_out_failed", patientId: found.patientId, ...errorCode(err) }, "recall opt-out failed");
    return data({ optedOut: false, done: false, error: answerText(locale, "storeFailed") }, { status: 503, headers: RDV_HEADERS });
  }
}

export default function RecallOptOutPage({ loaderData, actionData }: Route.ComponentProps) {
  const clinic = useClinic();
  const state = actionData ?? loaderData;
  const error = actionData && "error" in actionData && typeof actionData.error === "string" ? actionData.error : undefined;
  if (useLocale() === "ar") return <RecallPageAr optedOut={state.optedOut} done={state.done} error={error} />;
  return (
    <>
      <section className="bg-navy-900 text-white">
        <div className="container-site py-8 md:py-12">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{clinic.name}</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-4xl">Rappels de suivi</h1>
        </div>
      </section>
      <section className="bg-ivory py-8 md:py-12">
        <div className="container-site max-w-2xl">
          <div className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8">
            {state.optedOut ? (
              <div role="status" className="flex items-start gap-3">
                <CheckCircle2 aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-teal-600" />
                <div className="space-y-2 text-slate-800">
                  <p className="text-lg font-semibold text-navy-900">{state.done ? "C'est noté." : "Vous avez déjà demandé à ne plus être rappelé."}</p>
                  <p>Vous ne recevrez plus de messages de rappel pour vos visites de suivi. Vos rendez-vous et leurs rappels restent inchangés.</p>
                  <p>Pour changer d'avis, dites-le-nous lors de votre prochaine visite ou par téléphone.</p>
                </div>
              </div>
            ) : (
              <form method="post" className="space-y-4">
                <input type="hidden" name="intent" value="stop" />
                <div className="flex items-start gap-3">
                  <BellOff aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-teal-600" />
                  <div className="space-y-2 text-slate-800">
                    <p className="text-lg font-semibold text-navy-900">Ne plus recevoir de rappels de suivi ?</p>
                    <p>La {clinic.name} vous envoie un message quand un contrôle ou un entretien est conseillé. Confirmez pour ne plus recevoir ces messages.</p>
                  </div>
                </div>
                {error && (
                  <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-600/30">
                    {error}
                  </p>
                )}
                <button type="submit" className="btn-primary min-h-12 w-full sm:w-auto">
                  Ne plus me rappeler
                </button>
                <p className="text-sm text-slate-600">
                  Vous voulez plutôt prendre rendez-vous ?{" "}
                  <Link to="/appointment" className="font-medium text-navy-900 underline underline-offset-2">
                    Choisir un jour
                  </Link>
                </p>
              </form>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

function NotFound() {
  return <ErrorPage eyebrow="Erreur 404" title="Lien introuvable" text={<p>Ce lien ne fonctionne pas ou plus. Vérifiez qu'il a été copié en entier ; pour ne plus être rappelé, vous pouvez aussi nous appeler.</p>} actions={<CallButtons className="justify-center" />} />;
}

function Blocked() {
  return <ErrorPage eyebrow="Erreur 429" title="Trop de tentatives" text={<p>Trop de liens invalides ont été ouverts depuis votre connexion. Réessayez dans quelques minutes, ou appelez-nous.</p>} actions={<CallButtons className="justify-center" />} />;
}

export function ErrorBoundary() {
  const ar = useLocale() === "ar";
  return <GeneralErrorBoundary statusHandlers={{ 404: () => (ar ? <RecallNotFoundPageAr /> : <NotFound />), 429: () => (ar ? <RecallBlockedPageAr /> : <Blocked />) }} />;
}
