import { Alert } from "~/components/ui/Alert";
import { ErrorPage } from "~/components/error-boundary";
import { useI18n } from "~/hooks/use-locale";
import { ltr } from "~/lib/message-language";
import { CallButtons, ClinicCard } from "./ClinicInfo";
import { RdvErrorActions } from "./RdvErrorPages";

/** What /ar/offre/<token> shows of an offer (app/.server/offer-actions.ts, offerView in Arabic). */
export interface OfferPageView {
  state: "open" | "taken" | "expired" | "claimed" | "closed";
  serviceName: string;
  day: string;
  time: string;
  until: string;
  next: { day: string; times: string[]; href: string } | null;
}

export interface OfferPageReply {
  status: "booked" | "refused";
  message: string;
  link?: string | null;
}

/**
 * /ar/offre/<token>: a freed slot offered to a patient of the waiting list, in Arabic (issue 32),
 * the same module, loader and action as /offre/<token> (app/routes/offre.$token.tsx); its texts
 * from the catalogue (`offerPage.*`), times and the clinic's numbers left to right.
 */
export function OfferPageAr({ offer, reply }: { offer: OfferPageView; reply?: OfferPageReply }) {
  const { t } = useI18n();
  const taken = offer.state === "taken" || (reply?.status === "refused" && offer.state !== "claimed" && offer.state !== "open");
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="-end-56 -top-56 glow text-teal-600 opacity-25" />
        <div className="container-site relative py-8 md:py-12">
          <p className="text-sm font-semibold text-gold-400">{t("offerPage.eyebrow")}</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-4xl">{t("offerPage.title")}</h1>
        </div>
      </section>
      <section className="bg-ivory py-6 md:py-12">
        <div className="container-site grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] xl:gap-10">
          <div className="min-w-0 space-y-6">
            {reply && (
              <Alert tone={reply.status === "booked" ? "success" : "error"} role={reply.status === "booked" ? "status" : "alert"} focusKey={reply} closeLabel={t("forms.close")}>
                <p className="text-base">{reply.message}</p>
              </Alert>
            )}
            <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
              <dl className="grid gap-4 text-base sm:grid-cols-3">
                <div>
                  <dt className="text-sm font-semibold text-slate-600">{t("offerPage.service")}</dt>
                  <dd className="mt-1 text-lg font-semibold text-navy-900">{offer.serviceName}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold text-slate-600">{t("offerPage.date")}</dt>
                  <dd className="mt-1 text-lg font-semibold text-navy-900">{offer.day}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold text-slate-600">{t("offerPage.time")}</dt>
                  <dd className="mt-1 text-lg font-semibold text-navy-900">
                    <bdi dir="ltr">{offer.time}</bdi>
                  </dd>
                </div>
              </dl>
              {offer.state === "open" && (
                <form method="post" className="mt-6 space-y-4 border-t border-slate-200 pt-6">
                  <p className="text-slate-700">{t("offerPage.open", { until: ltr(offer.until) })}</p>
                  <button type="submit" name="intent" value="claim" className="btn-primary min-h-12 w-full sm:w-auto">
                    {t("offerPage.claim")}
                  </button>
                </form>
              )}
              {offer.state === "claimed" && (
                <div className="mt-6 space-y-3 border-t border-slate-200 pt-6" data-offer-claimed>
                  <p className="font-semibold text-emerald-800">{t("offerPage.claimed")}</p>
                  {reply?.link ? (
                    <p>
                      {t("offerPage.linkIntro")}{" "}
                      <a className="font-semibold text-teal-700 underline underline-offset-4" href={reply.link}>
                        {t("offerPage.manage")}
                      </a>
                    </p>
                  ) : (
                    <p className="text-slate-700">{t("offerPage.linkByMail")}</p>
                  )}
                </div>
              )}
              {(taken || offer.state === "expired" || offer.state === "closed") && (
                <div className="mt-6 space-y-3 border-t border-slate-200 pt-6">
                  <p className="text-lg font-semibold">
                    {offer.state === "expired" ? t("offerPage.stateExpired") : offer.state === "closed" ? t("offerPage.stateClosed") : t("offerPage.stateTaken")}
                  </p>
                  {offer.next ? (
                    <>
                      <p className="text-slate-700">{t("offerPage.next", { day: offer.next.day, times: offer.next.times.map(ltr).join("، ") })}</p>
                      <a className="btn-primary min-h-12" href={offer.next.href}>
                        {t("offerPage.seeTimes")}
                      </a>
                    </>
                  ) : (
                    <p className="text-slate-700">{t("offerPage.noneFree")}</p>
                  )}
                </div>
              )}
            </div>
            <CallButtons />
          </div>
          <aside aria-label={t("offerPage.clinic")}>
            <ClinicCard />
          </aside>
        </div>
      </section>
    </>
  );
}

export function OfferNotFoundPageAr() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("rdvPage.notFoundEyebrow")} title={t("offerPage.notFound")} text={<p>{t("offerPage.notFoundText")}</p>} actions={<RdvErrorActions />} />;
}

export function OfferBlockedPageAr() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("rdvPage.blockedEyebrow")} title={t("offerPage.tooMany")} text={<p>{t("offerPage.blockedText")}</p>} actions={<RdvErrorActions />} />;
}
