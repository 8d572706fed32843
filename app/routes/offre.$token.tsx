import { data } from "react-router";
import type { Route } from "./+types/offre.$token";
import { offerAction, offerView, openOffer, type OfferReply } from "~/.server/offer-actions";
import { personalLinkHeaders, RDV_HEADERS } from "~/.server/rdv-actions";
import { requestInfo } from "~/context";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CallButtons, ClinicCard } from "~/components/rdv/ClinicInfo";
import { RdvBlockedPage, RdvNotFoundPage } from "~/components/rdv/RdvErrorPages";
import { Alert } from "~/components/ui/Alert";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { personalPageMeta, personalPageMetaAr } from "~/lib/personal-meta";
import { OfferBlockedPageAr, OfferNotFoundPageAr, OfferPageAr } from "~/components/rdv/OfferPageAr";
import { useLocale } from "~/hooks/use-locale";
import { localeOf } from "~/i18n/locale";

/**
 * /offre/<token>: a freed slot offered to a patient of the waiting list (issue 31, item 1;
 * app/.server/offer-actions.ts). A content page (not hydrated): 'Prendre ce rendez-vous' is a plain
 * form. The first patient to claim wins (the slot units' key); the others read 'Ce créneau vient
 * d'être pris' and the next free times. Never cached, never indexed, no Referer.
 *
 * /ar/offre/<token> (app/routes.ts, id "ar-offre") is the same page in Arabic
 * (app/components/rdv/OfferPageAr.tsx): same loader, token rules, headers and action, which
 * answers in the URL's language; the Arabic offer messages link there.
 */
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ error, matches, location }) =>
  localeOf(location.pathname) === "ar"
    ? personalPageMetaAr(matches, error, { title: "offerPage.metaTitle", description: "offerPage.metaDescription", tooMany: "offerPage.tooMany", notFound: "offerPage.notFound" })
    : personalPageMeta(matches, error, { title: "Un créneau pour vous", description: (name) => `Un créneau s'est libéré à ${name} : prenez-le avant qu'il ne soit proposé à un autre patient.` });

export const headers: Route.HeadersFunction = personalLinkHeaders;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const offer = await openOffer(params.token, context.get(requestInfo).clientIp);
  return data({ offer: await offerView(offer, undefined, undefined, undefined, localeOf(new URL(request.url).pathname)) }, { headers: RDV_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const offer = await openOffer(params.token, context.get(requestInfo).clientIp);
  return offerAction(offer, request);
}

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer } = loaderData;
  const reply = actionData as OfferReply | undefined;
  const taken = offer.state === "taken" || (reply?.status === "refused" && offer.state !== "claimed" && offer.state !== "open");
  if (useLocale() === "ar") return <OfferPageAr offer={offer} reply={reply} />;
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="-end-56 -top-56 glow text-teal-600 opacity-25" />
        <div className="container-site relative py-8 md:py-12">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">Liste d'attente</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-4xl">Un créneau s'est libéré</h1>
        </div>
      </section>
      <section className="bg-ivory py-6 md:py-12">
        <div className="container-site grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] xl:gap-10">
          <div className="min-w-0 space-y-6">
            {reply && (
              <Alert tone={reply.status === "booked" ? "success" : "error"} role={reply.status === "booked" ? "status" : "alert"} focusKey={reply}>
                <p className="text-base">{reply.message}</p>
              </Alert>
            )}
            <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
              <dl className="grid gap-3 text-base sm:grid-cols-3">
                <div>
                  <dt className="text-sm font-semibold text-slate-600">Service</dt>
                  <dd className="font-semibold">{offer.service}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold text-slate-600">Date</dt>
                  <dd className="font-semibold first-letter:uppercase">{offer.day}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold text-slate-600">Heure</dt>
                  <dd className="font-semibold">{offer.time}</dd>
                </div>
              </dl>
              {offer.state === "open" && (
                <form method="post" className="mt-6 space-y-3">
                  <p className="text-slate-700">
                    Ce créneau est proposé à plusieurs patients de la liste d'attente : le premier qui le prend l'obtient. Offre valable jusqu'à {offer.until}.
                  </p>
                  <button type="submit" name="intent" value="claim" className="btn-primary min-h-12 w-full sm:w-auto">
                    Prendre ce rendez-vous
                  </button>
                </form>
              )}
              {offer.state === "claimed" && (
                <div className="mt-6 space-y-3" data-offer-claimed>
                  <p className="font-semibold text-emerald-800">Ce rendez-vous est à vous.</p>
                  {reply?.link ? (
                    <p>
                      Votre lien personnel pour le confirmer, l'annuler ou le déplacer :{" "}
                      <a className="break-all font-semibold text-teal-700 underline" href={reply.link}>
                        Gérer mon rendez-vous
                      </a>
                    </p>
                  ) : (
                    <p className="text-slate-700">Le lien pour gérer ce rendez-vous vous a été envoyé par e-mail ; sinon, appelez-nous.</p>
                  )}
                </div>
              )}
              {(taken || offer.state === "expired" || offer.state === "closed") && (
                <div className="mt-6 space-y-3">
                  <p className="text-lg font-semibold">{offer.state === "expired" ? "Cette offre a expiré." : offer.state === "closed" ? "Cette offre n'est plus valable." : "Ce créneau vient d'être pris."}</p>
                  {offer.next ? (
                    <>
                      <p className="text-slate-700">
                        Prochains horaires libres, {offer.next.day} : {offer.next.times.join(", ")}.
                      </p>
                      <a className="btn-primary min-h-12" href={`/appointment?${new URLSearchParams({ service: offer.service, date: offer.next.date }).toString()}`}>
                        Voir ces horaires
                      </a>
                    </>
                  ) : (
                    <p className="text-slate-700">Aucun horaire libre pour l'instant : vous restez sur la liste d'attente, ou appelez-nous.</p>
                  )}
                </div>
              )}
            </div>
            <CallButtons />
          </div>
          <aside aria-label="La clinique">
            <ClinicCard />
          </aside>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  const ar = useLocale() === "ar";
  return <GeneralErrorBoundary statusHandlers={{ 404: () => (ar ? <OfferNotFoundPageAr /> : <RdvNotFoundPage />), 429: () => (ar ? <OfferBlockedPageAr /> : <RdvBlockedPage />) }} />;
}
