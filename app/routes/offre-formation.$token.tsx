import { CalendarDays, MapPin, Wallet } from "lucide-react";
import { data, Form, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/offre-formation.$token";
import { formationOfferAction, formationOfferView, openFormationOffer, type FormationOfferReply } from "~/.server/formation-offer-actions";
import { personalLinkHeaders, RDV_HEADERS } from "~/.server/rdv-actions";
import { requestInfo } from "~/context";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RdvBlockedPage, RdvNotFoundPage } from "~/components/rdv/RdvErrorPages";
import { Alert } from "~/components/ui/Alert";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { personalPageMeta } from "~/lib/personal-meta";
import { clinicFromMatches } from "~/lib/seo";
import { useI18n } from "~/hooks/use-locale";
import { localeOf, t } from "~/i18n";
import { clinicWords } from "~/i18n/clinic";

/**
 * /offre-formation/<token>: a place of a full course session offered to the next person on its
 * waiting list (issue 31, item 4; ADR 028). A content page (not hydrated): 'Prendre cette place'
 * is posted by the browser. A wrong token is a 404 like /rdv's; too many, a 429.
 *
 * /ar/offre-formation/<token> (app/routes.ts, id "ar-offre-formation") is the same page in Arabic
 * (issue 32): same loader, token rules, headers and action, its texts and answers in Arabic; the
 * Arabic offer e-mail links there.
 */
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ error, matches, location }) => {
  if (localeOf(location.pathname) === "fr") {
    return personalPageMeta(matches, error, { title: "Une place s'est libérée", description: (name) => `Une place s'est libérée dans une formation de ${name} : confirmez votre inscription avant l'échéance.` });
  }
  // the same head in Arabic (noindex, same-origin Referer), the clinic named in Arabic
  const name = clinicWords(clinicFromMatches(matches), "ar").name;
  const title = !error ? t("ar", "courseOffer.title") : isRouteErrorResponse(error) && error.status === 429 ? t("ar", "rdvPage.tooMany") : t("ar", "rdvPage.notFound");
  return [{ title: `${title} | ${name}` }, { name: "description", content: t("ar", "courseOffer.description", { name }) }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
};

export const headers: Route.HeadersFunction = personalLinkHeaders;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const found = await openFormationOffer(params.token, context.get(requestInfo).clientIp);
  return data(formationOfferView(found, new Date(), localeOf(url.pathname)), { headers: RDV_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const found = await openFormationOffer(params.token, context.get(requestInfo).clientIp);
  return formationOfferAction(found, request, undefined, undefined, localeOf(new URL(request.url).pathname));
}

export default function FormationOfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t: text, words, locale } = useI18n();
  const ar = locale === "ar";
  const o = loaderData;
  const reply = actionData as FormationOfferReply | undefined;
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="-end-56 -top-56 glow text-teal-600 opacity-25" />
        <div className="container-site relative py-8 md:py-12">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{words.name}</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-4xl">{text("courseOffer.title")}</h1>
        </div>
      </section>
      <section className="bg-ivory py-6 md:py-12">
        <div className="container-site max-w-2xl space-y-6">
          {reply && (
            <Alert tone={reply.ok ? "success" : "error"} focusKey={reply}>
              <p className="text-base">{reply.message}</p>
            </Alert>
          )}
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
            <p className="text-slate-700">{ar ? text("courseOffer.hello", { name: "\u2068" + o.firstName + "\u2069" }) : text("courseOffer.hello", { name: o.firstName })}</p>
            <h2 className="mt-3 font-serif text-2xl font-bold text-navy-900">{o.title}</h2>
            <ul className="mt-4 space-y-2 text-slate-800">
              <li className="flex items-start gap-2">
                <CalendarDays aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" />
                <span className="first-letter:uppercase">{o.dates}</span>
              </li>
              <li className="flex items-start gap-2">
                <MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" />
                {ar ? <bdi lang="fr">{o.place}</bdi> : o.place}
              </li>
              <li className="flex items-start gap-2">
                <Wallet aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" />
                {o.price}
              </li>
            </ul>
            {o.state === "open" && !reply?.ok && (
              <Form method="post" className="mt-6 space-y-3">
                <input type="hidden" name="intent" value="claim" />
                <p className="text-sm text-slate-600">{text("courseOffer.reservedUntil", { date: o.expiresAt ?? "" })}</p>
                <button type="submit" className="btn-primary min-h-12 w-full sm:w-auto">
                  {text("courseOffer.claim")}
                </button>
              </Form>
            )}
            {o.state === "claimed" && !reply && <p className="mt-6 rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-600/30">{text("courseOffer.stateClaimed")}</p>}
            {o.state === "expired" && !reply && <p className="mt-6 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-600/30">{text("courseOffer.stateExpired")}</p>}
            {o.state === "gone" && !reply && <p className="mt-6 rounded-xl bg-slate-100 p-4 text-slate-800 ring-1 ring-slate-300">{text("courseOffer.stateGone")}</p>}
          </div>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <RdvNotFoundPage />, 429: () => <RdvBlockedPage /> }} />;
}
