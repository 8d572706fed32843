import type { Route } from "./+types/appointment";
import { requestInfo } from "~/context";
import { bookingJson, bookingReply } from "~/.server/booking-actions";
import { wantsJson } from "~/lib/form-body";
import { loadBookingRules, loadDaySlots } from "~/.server/booking-slots";
import { BookingAside } from "~/components/booking/BookingAside";
import { BookingForm } from "~/components/booking/BookingForm";
import { BookingHero } from "~/components/booking/BookingHero";
import { Island } from "~/components/Island";
import { useClinic } from "~/hooks/use-clinic";
import { postedValues, toBookingAnswer } from "~/lib/booking-answer";
import { todayInClinic } from "~/lib/clinic-time";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { addDays } from "~/lib/rules";
import { clinicFromMatches, seo } from "~/lib/seo";
import { parseDayQuery } from "~/lib/slots-view";
import { SERVICES, type Service } from "~/lib/services";
import { localeOf, localizedPath, t } from "~/i18n";
import { clinicWords, phoneLabel } from "~/i18n/clinic";
import { useI18n } from "~/hooks/use-locale";
import { bookingTexts } from "~/lib/booking-texts";

/** In French at /appointment, in Arabic at /ar/appointment (the same module, route id "ar-appointment"). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOf(location.pathname);
  const words = clinicWords(clinicFromMatches(matches), locale);
  return seo(matches, {
    title: t(locale, "booking.title"),
    description: t(locale, "booking.metaDescription", { name: words.name, district: words.district, city: words.city }),
    path: "/appointment",
    locale,
  });
};

/**
 * The clinic's today and booking horizon, the services
 * booked by phone only, and (`?service=…&date=…`, a plain GET) the free times of that day.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const today = todayInClinic();
  const params = url.searchParams;
  const query = parseDayQuery((name) => params.get(name));
  const locale = localeOf(url.pathname);
  const [rules, slots] = await Promise.all([loadBookingRules(), query ? loadDaySlots(query.service, query.date, locale) : undefined]);
  return {
    today,
    horizonDays: rules.horizonDays,
    maxDate: addDays(today, rules.horizonDays),
    offline: rules.offline,
    slots: slots?.view ?? null,
    prefill: query,
    // a recall's booking link (issue 31): /appointment?service=… preselects the service alone
    preselected: query?.service ?? SERVICES.find((s): s is Service => s === params.get("service")) ?? null,
  };
}

/**
 * The booking island posts with `Accept: application/json`: answered here, before the page would
 * be rendered, with the same action's reply as JSON (lib/booking-answer.ts). Any other request
 * goes on to the action and the page.
 */
const jsonAnswer: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (!wantsJson(request)) return next();
  return bookingJson(request, context.get(requestInfo).clientIp);
};
export const middleware: Route.MiddlewareFunction[] = [jsonAnswer];

/** The post without JavaScript: the answer page (app/.server/booking-actions.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return bookingReply(request, context.get(requestInfo).clientIp);
}

/**
 * Not hydrated (decision 016): the booking form is an island (components/booking/BookingForm.tsx),
 * hydrated alone in the browser; without JavaScript it is posted by the browser and answered by the server.
 */
export const handle = CONTENT_PAGE;

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const clinic = useClinic();
  const { locale, t: text } = useI18n();
  return (
    <>
      <BookingHero />
      <section className="bg-ivory py-10 md:py-14">
        <div className="container-site grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px] xl:gap-12">
          {/* `group`: once the booking island shows its success in place of the form, the note on the fields goes */}
          <div className="group self-start rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8">
            <h2 className="text-2xl font-bold">{text("booking.formTitle")}</h2>
            <p className="mt-1 text-sm text-slate-600 group-has-[[data-booking-done]]:hidden">
              {text("booking.requiredBefore")}
              <span className="font-semibold text-red-700">*</span>
              {text("booking.requiredAfter")}
            </p>
            <Island
              name="booking"
              component={BookingForm}
              props={{
                action: localizedPath(locale, "/appointment"),
                locale,
                texts: bookingTexts(locale),
                today: loaderData.today,
                maxDate: loaderData.maxDate,
                offline: loaderData.offline,
                phones: clinic.phones.map((p) => ({ ...p, label: phoneLabel(p.label, locale) })),
                initialSlots: loaderData.slots,
                prefill: loaderData.prefill,
                preselected: loaderData.preselected,
                // an answer page (a post without JavaScript, never stored): the answer and what was posted
                ...(actionData ? { answer: toBookingAnswer(actionData), values: postedValues(actionData) } : {}),
              }}
            />
          </div>
          <BookingAside />
        </div>
      </section>
    </>
  );
}
