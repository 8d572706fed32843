import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requestInfo } from "~/context";
import type { Route } from "./+types/appointment";
import { notifyNewBooking } from "~/.server/booking-mail";
import { getClinic } from "~/.server/clinic";
import { getDb } from "~/.server/db";
import { personalLink } from "~/.server/personal-link";
import { handlePublicForm, type StoreOutcome } from "~/.server/public-form";
import type { Appointment } from "~/.server/repos/appointments";
import { PATIENT_ACTOR } from "~/.server/actor";
import { bookAppointment } from "~/.server/repos/booking";
import { BookingAside } from "~/components/booking/BookingAside";
import { BOOKING_FIX_MESSAGE, BookingForm, type BookingReply } from "~/components/booking/BookingForm";
import { BookingHero } from "~/components/booking/BookingHero";
import { RDV_TEXTS } from "~/lib/rdv-schema";
import { parseBookingIntent, parseDayQuery, type BookingIntent, type SlotsView } from "~/lib/slots-view";
import { loadBookingRules, loadDaySlots } from "~/.server/booking-slots";
import { bookingDaySchema, bookingSchema } from "~/lib/booking-schema";
import { todayInClinic } from "~/lib/clinic-time";
import { peekForm } from "~/lib/form-body";
import { slotRefusalText } from "~/lib/front-desk-schema";
import { addDays, parseSubmissionKey } from "~/lib/rules";
import type { SlotChoice } from "~/lib/schedule";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { clinicFromMatches, seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => {
  const clinic = clinicFromMatches(matches);
  return seo(matches, {
    title: "Prendre Rendez-vous",
    description: `Demandez un rendez-vous en ligne à la ${clinic.name} (${clinic.address.district}, ${clinic.address.city}) : implants, prothèses, blanchiment, orthodontie, soins conservateurs et esthétique dentaire.`,
    path: "/appointment",
  });
};

/**
 * The clinic's today and booking horizon, the services
 * booked by phone only, and (`?service=…&date=…`, a plain GET) the free times of that day.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const today = todayInClinic();
  const params = new URL(request.url).searchParams;
  const query = parseDayQuery((name) => params.get(name));
  const [rules, slots] = await Promise.all([loadBookingRules(), query ? loadDaySlots(query.service, query.date) : undefined]);
  return {
    today,
    horizonDays: rules.horizonDays,
    maxDate: addDays(today, rules.horizonDays),
    offline: rules.offline,
    slots: slots?.view ?? null,
    prefill: query,
  };
}

/**
 * Without JavaScript, 'Voir les horaires libres', 'Prochain jour libre' and a nearest free time
 * post the form: the answer renders it again with every field kept and the free times of the
 * day chosen. Nothing is stored, so neither the rate limit nor the key is involved.
 */
async function showFreeTimes(form: FormData, intent: Exclude<BookingIntent, { kind: "book" }>) {
  if (intent.kind !== "slots") {
    form.set("date", intent.date);
    form.set("time", intent.kind === "slot" ? intent.time : "");
  }
  form.delete("intent");
  const rules = await loadBookingRules();
  const submission = parseWithZod(form, { schema: bookingDaySchema(todayInClinic(), rules.horizonDays) });
  const submissionKey = parseSubmissionKey(form.get("submission_key")) ?? randomUUID();
  if (submission.status !== "success") {
    return data<BookingReply>({ status: "error", result: submission.reply(), submissionKey, slots: null }, { status: 400 });
  }
  const { view } = await loadDaySlots(submission.value.service, submission.value.date);
  return data<BookingReply>({ status: "slots", result: submission.reply(), submissionKey, slots: view });
}

/**
 * The public form pipeline; the slot is checked again and taken (its units, once per key) in
 * one transaction before the answer says "envoyée". A refused slot is answered 409 with the
 * reason beside 'Heure', the day's free times and the three nearest ones. A success carries the
 * appointment's personal link (the same one for a resent post: the row stored first).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await peekForm(request).catch(() => null);
  const intent = parseBookingIntent(posted?.get("intent"));
  if (posted && intent.kind !== "book") return showFreeTimes(posted, intent);

  const { horizonDays } = await loadBookingRules();
  const { reply: answer, stored, refused } = await handlePublicForm({
    request,
    clientIp: context.get(requestInfo).clientIp,
    scope: "booking",
    schema: bookingSchema(todayInClinic(), horizonDays),
    // the stored phone (none when the database cannot even give it)
    failureMessage: RDV_TEXTS.storeFailed(await getClinic().catch(() => null)),
    store: async ({ consent: _consent, ...input }, submissionKey): Promise<StoreOutcome<Appointment, { slots: SlotsView | null; alternatives: SlotChoice[] }>> => {
      const booked = await bookAppointment(getDb(), input, { actor: PATIENT_ACTOR, mode: "public", submissionKey });
      if (booked.ok) return { ok: true, value: booked.appointment, duplicate: booked.duplicate };
      const { view, settings } = await loadDaySlots(input.service, input.date);
      // a service booked by phone only is the service's fault; any other refusal is the time's
      const field = booked.reason === "not_online" ? "service" : "time";
      return {
        ok: false,
        status: 409,
        formError: BOOKING_FIX_MESSAGE,
        fieldErrors: { [field]: [slotRefusalText(booked.reason, settings, [])] },
        detail: { slots: view, alternatives: booked.alternatives },
      };
    },
    afterCommit: async (appointment) => {
      // queued in the outbox; the sending runs in the background
      await notifyNewBooking(appointment);
    },
  });
  // a refused post keeps its day's free times on the page (without JavaScript, nothing else shows them)
  let slots = refused?.slots ?? null;
  const day = posted && answer.data.status === "error" && !refused ? parseDayQuery((name) => posted.get(name)) : null;
  if (day) slots = (await loadDaySlots(day.service, day.date).catch(() => undefined))?.view ?? null;
  // the personal link, shown on the success screen to the person who just booked
  const link = answer.data.status === "success" && stored ? personalLink(stored) : null;
  return data<BookingReply>({ ...answer.data, slots, alternatives: refused?.alternatives ?? [], link }, answer.init ?? undefined);
}

/**
 * Not hydrated (decision 016): the form is posted by the browser and answered by the server; the
 * site's script makes the free times follow the service and the date (components/booking/BookingForm.tsx).
 */
export const handle = CONTENT_PAGE;

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <BookingHero />
      <section className="bg-ivory py-10 md:py-14">
        <div className="container-site grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px] xl:gap-12">
          <div className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8">
            <h2 className="text-2xl font-bold">Votre demande</h2>
            <p className="mt-1 text-sm text-slate-600">
              Les champs marqués <span className="font-semibold text-red-700">*</span> sont obligatoires.
            </p>
            <BookingForm
              action="/appointment"
              today={loaderData.today}
              horizonDays={loaderData.horizonDays}
              maxDate={loaderData.maxDate}
              offline={loaderData.offline}
              initialSlots={loaderData.slots}
              prefill={loaderData.prefill}
              reply={actionData}
            />
          </div>
          <BookingAside />
        </div>
      </section>
    </>
  );
}
