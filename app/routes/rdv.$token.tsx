import { data } from "react-router";
import type { Route } from "./+types/rdv.$token";
import { openPersonalLink, patientView, personalLinkHeaders, RDV_HEADERS, rdvAccount, rdvAction } from "~/.server/rdv-actions";
import { AccountSection } from "~/components/rdv/AccountSection";
import { loadBookingRules } from "~/.server/booking-slots";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AppointmentCard } from "~/components/rdv/AppointmentCard";
import { ChangeSection } from "~/components/rdv/ChangeForms";
import { CallButtons, ClinicCard } from "~/components/rdv/ClinicInfo";
import { RdvBlockedPage, RdvNotFoundPage } from "~/components/rdv/RdvErrorPages";
import { Alert } from "~/components/ui/Alert";
import { useClinic } from "~/hooks/use-clinic";
import { personalPageMeta } from "~/lib/personal-meta";
import { requestInfo } from "~/context";
import { todayInClinic } from "~/lib/clinic-time";
import { addDays } from "~/lib/rules";
import { isRouteErrorResponse } from "react-router";
import { useI18n } from "~/hooks/use-locale";
import { rdvTexts } from "~/lib/rdv-texts-ar";
import { localeOf, t } from "~/i18n";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { clinicWords } from "~/i18n/clinic";
import { clinicFromMatches } from "~/lib/seo";

/**
 * /rdv/<token>: the patient's own page for one appointment, opened from the personal link
 * (docs/product.md, "Personal link"). It shows the service, the day, the time, the status and
 * the clinic, never who the patient is; the patient confirms, moves or cancels here (until the
 * cut-off; then the page says to call) and downloads the .ics. A wrong, malformed or expired
 * token is the same 404; too many of them from one address, a 429.
 *
 * /ar/rdv/<token> (app/routes.ts, id "ar-rdv") is the same page in Arabic: the same components
 * (their texts from the catalogue, `rdvPage`/`rdvChange`), loader, token rules, headers and
 * action (which answers in the URL's language); the Arabic e-mails and messages link there.
 *
 * Not hydrated (decision 016, its amendment in decision 020): the server's HTML, its forms posted
 * by the browser and answered by the action; the move form's free times are an island
 * (components/rdv/MoveForm.tsx, `rdv-move`), the disclosures `<details>`, the answer's focus the
 * page chrome's (app/site/chrome.ts).
 */
export const handle = CONTENT_PAGE;

/** The Arabic page's head: the same rules as personalPageMeta (noindex, same-origin Referer). */
function arabicMeta(error: unknown, matches: Parameters<typeof clinicFromMatches>[0]) {
  const name = clinicWords(clinicFromMatches(matches), "ar").name;
  const title = !error ? t("ar", "rdvPage.title") : isRouteErrorResponse(error) && error.status === 429 ? t("ar", "rdvPage.tooMany") : t("ar", "rdvPage.notFound");
  return [
    { title: `${title} | ${name}` },
    { name: "description", content: t("ar", "rdvPage.description", { name }) },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}

export const meta: Route.MetaFunction = ({ error, matches, location }) =>
  localeOf(location.pathname) === "ar" ? arabicMeta(error, matches) : personalPageMeta(matches, error, { title: "Votre rendez-vous", description: (name) => `Votre rendez-vous à ${name} : le jour, l'heure, et la confirmation, le déplacement ou l'annulation en ligne.` });

/** Every answer, pages and errors alike: private, never stored, not indexed, no Referer. */
export const headers: Route.HeadersFunction = personalLinkHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const appointment = await openPersonalLink(params.token, context.get(requestInfo).clientIp);
  const [view, rules, account] = await Promise.all([patientView(appointment), loadBookingRules(), rdvAccount(appointment.patient_id)]);
  const today = todayInClinic();
  return data(
    {
      appointment: view,
      today,
      maxDate: addDays(today, rules.horizonDays),
      icsHref: `/rdv/${params.token}/calendrier.ics`,
      account,
    },
    { headers: RDV_HEADERS },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const appointment = await openPersonalLink(params.token, context.get(requestInfo).clientIp);
  return rdvAction(appointment, request);
}

export default function RdvPage({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment: a, today, maxDate, icsHref, account } = loaderData;
  const reply = actionData;
  const open = a.status === "requested" || a.status === "confirmed";
  const clinic = useClinic();
  const { locale, t, words } = useI18n();
  const ar = locale === "ar";
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="-end-56 -top-56 glow text-teal-600 opacity-25" />
        <div className="container-site relative py-10 md:py-12">
          <p className={ar ? "text-sm font-semibold text-gold-400" : "text-xs font-semibold uppercase tracking-[0.2em] text-gold-400"}>{words.name}</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-4xl">{t("rdvPage.title")}</h1>
        </div>
      </section>
      <section className="bg-ivory py-8 md:py-12">
        <div className="container-site grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] xl:gap-10">
          <div className="min-w-0 space-y-6">
            {reply?.message && (
              <Alert tone={reply.status === "done" ? "success" : "error"} focusKey={reply} role={reply.status === "done" ? "status" : "alert"} closeLabel={t("forms.close")}>
                <p className="text-base">{reply.message}</p>
              </Alert>
            )}
            <AppointmentCard appointment={a} icsHref={icsHref} />
            {open && a.canChange && (
              <ChangeSection
                service={a.service}
                movable={a.movable}
                today={today}
                maxDate={maxDate}
                reply={reply}
                notMovable={
                  <div className="space-y-3">
                    <p className="text-sm text-slate-700">{rdvTexts(locale).notOnline(clinic)}</p>
                    <CallButtons />
                  </div>
                }
              />
            )}
            {open && !a.canChange && (
              <CallToChange title={t("rdvPage.callToChangeTitle")} text={rdvTexts(locale).cutoffPage(a.cutoffHours)} />
            )}
            <AccountSection account={account} />
            {a.status === "cancelled" && <CallToChange title={t("rdvPage.newTitle")} text={t("rdvPage.newText")} />}
          </div>
          <aside aria-label={t("rdvPage.clinic")}>
            <ClinicCard />
          </aside>
        </div>
      </section>
    </>
  );
}

function CallToChange({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="rdv-call" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="rdv-call" className="text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{text}</p>
      <CallButtons className="mt-4" />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <RdvNotFoundPage />, 429: () => <RdvBlockedPage /> }} />;
}
