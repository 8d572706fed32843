import { data } from "react-router";
import type { Route } from "./+types/liste-attente";
import { requestInfo } from "~/context";
import { joinBounds, joinReply, type JoinReply } from "~/.server/waitlist-join";
import { Honeypot } from "~/components/ui/Honeypot";
import { Alert } from "~/components/ui/Alert";
import { WaitlistFields, type WaitlistValues } from "~/components/waitlist/WaitlistFields";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { addDays } from "~/lib/rules";
import { clinicFromMatches, seo } from "~/lib/seo";
import { parseDayQuery } from "~/lib/slots-view";
import { wishOf } from "~/lib/waitlist";
import { CATALOGUES, localeOf, t } from "~/i18n";
import { clinicWords } from "~/i18n/clinic";
import { useI18n } from "~/hooks/use-locale";

/**
 * /liste-attente: 'Rejoindre la liste d'attente' (issue 31, item 1), reached from the booking page
 * when the day wanted is full (`?service=…&date=…` preselects the service and that day's half-days).
 * A plain form, posted by the browser and answered by the server (decision 016): no JavaScript
 * needed. Indexed, with its canonical address without the query (the SEO target of issue 31).
 */
export const handle = CONTENT_PAGE;

/** In French at /liste-attente, in Arabic at /ar/liste-attente (route id "ar-liste-attente"). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOf(location.pathname);
  return seo(matches, {
    title: t(locale, "waitlistJoin.metaTitle"),
    description: t(locale, "waitlistJoin.metaDescription", { name: clinicWords(clinicFromMatches(matches), locale).name }),
    path: "/liste-attente",
    locale,
  });
};

/**
 * The page is the same for every visitor (the page cache stores it until the clinic's midnight:
 * its first and last days): its form's key is made by the browser (app/site/chrome.ts,
 * `data-submission-key`). A page prefilled from a full day (?service=&date=) and an answer are
 * not stored.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export async function loader({ url }: Route.LoaderArgs) {
  const bounds = joinBounds();
  const query = parseDayQuery((name) => url.searchParams.get(name));
  if (!query) return { ...bounds, prefill: {} as WaitlistValues };
  const prefill: WaitlistValues = { service: query.service, wishes: [wishOf(query.date, "09:00"), wishOf(query.date, "14:00")], until: query.date < bounds.minDate ? addDays(bounds.minDate, 14) : addDays(query.date, 7) };
  return data({ ...bounds, prefill }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  return joinReply(request, context.get(requestInfo).clientIp);
}

export default function WaitlistJoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as JoinReply | undefined;
  const done = reply?.status === "success";
  const { locale, t: text, href } = useI18n();
  const c = CATALOGUES[locale];
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="-end-56 -top-56 glow text-teal-600 opacity-25" />
        <div className="container-site relative py-10 md:py-14">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{text("waitlistJoin.eyebrow")}</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-5xl">{text("waitlistJoin.title")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">{text("waitlistJoin.lead")}</p>
        </div>
      </section>
      <section className="bg-ivory py-8 md:py-12">
        <div className="container-site max-w-3xl">
          <div className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8">
            {done ? (
              <div data-waitlist-done className="space-y-3">
                <Alert tone="success" role="status" focusKey={reply}>
                  <p className="text-base font-semibold">{text("waitlistJoin.done")}</p>
                </Alert>
                {reply.joined && <p className="text-slate-700">{text("waitlistJoin.joined", reply.joined)}</p>}
                <a href={href("/appointment")} className="btn-outline min-h-12">
                  {text("waitlistJoin.back")}
                </a>
              </div>
            ) : (
              <form method="post" action={href("/liste-attente")} noValidate className="relative space-y-6">
                <h2 className="text-2xl font-bold">{text("waitlistJoin.formTitle")}</h2>
                {reply?.formError && (
                  <Alert tone="error" role="alert" focusKey={reply}>
                    <p>{reply.formError}</p>
                  </Alert>
                )}
                {reply && !reply.formError && (
                  <Alert tone="error" role="alert" focusKey={reply}>
                    <p>{text("forms.fixFields")}</p>
                  </Alert>
                )}
                <input type="hidden" name="submission_key" defaultValue={reply?.submissionKey ?? ""} data-submission-key="" />
                <Honeypot id="waitlist-website" label={text("forms.honeypot")} />
                <WaitlistFields
                  form="waitlist"
                  values={reply?.values ?? loaderData.prefill}
                  errors={reply?.errors}
                  minDate={loaderData.minDate}
                  maxDate={loaderData.maxDate}
                  texts={{ ...c.waitlistJoin, optional: c.forms.optional }}
                  locale={locale}
                />
                <div>
                  <label className="flex min-h-11 items-start gap-3">
                    <input type="checkbox" name="consent" value="on" className="mt-1 h-5 w-5 accent-teal-700" aria-invalid={reply?.errors.consent ? true : undefined} aria-describedby={reply?.errors.consent ? "waitlist-consent-error" : undefined} />
                    <span className="text-sm text-slate-700">
                      {text("waitlistJoin.consent")}
                      <a className="text-teal-700 underline" href="/politique-de-confidentialite">
                        {text("waitlistJoin.consentLink")}
                      </a>
                      {text("waitlistJoin.consentAfter")}
                    </span>
                  </label>
                  {reply?.errors.consent && (
                    <p id="waitlist-consent-error" className="field-error">
                      {reply.errors.consent[0]}
                    </p>
                  )}
                </div>
                <button type="submit" className="btn-primary min-h-12 w-full sm:w-auto">
                  {text("waitlistJoin.submit")}
                </button>
              </form>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
