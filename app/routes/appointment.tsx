import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requestInfo } from "~/context";
import type { Route } from "./+types/appointment";
import { notifyNewBooking } from "~/.server/booking-mail";
import { getDb } from "~/.server/db";
import { handlePublicForm } from "~/.server/public-form";
import { createAppointment } from "~/.server/repos/appointments";
import { BookingAside } from "~/components/booking/BookingAside";
import { BookingForm } from "~/components/booking/BookingForm";
import { BookingHero } from "~/components/booking/BookingHero";
import { clinic } from "~/content/clinic";
import { bookingSchema } from "~/lib/booking-schema";
import { todayInClinic } from "~/lib/format";
import { seo } from "~/lib/seo";

const STORAGE_FAILURE_MESSAGE = `Votre demande n'a pas pu être enregistrée. Merci de réessayer dans un instant ou de nous appeler au ${clinic.phones[0].display}.`;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Prendre Rendez-vous",
    description: `Demandez un rendez-vous en ligne à la ${clinic.name} (${clinic.address.district}, ${clinic.address.city}) : implants, prothèses, blanchiment, orthodontie, soins conservateurs et esthétique dentaire.`,
    path: "/appointment",
  });

/** A fresh idempotency key per page view, and the clinic's today for the browser's date check. */
export function loader() {
  return { submissionKey: crypto.randomUUID(), today: todayInClinic() };
}

/** The public form pipeline; the row is stored (once per key) before the answer says "envoyée". */
export async function action({ request, context }: Route.ActionArgs) {
  return handlePublicForm({
    request,
    clientIp: context.get(requestInfo).clientIp,
    scope: "booking",
    schema: bookingSchema(),
    failureMessage: STORAGE_FAILURE_MESSAGE,
    store: async ({ consent: _consent, ...input }, submissionKey) => {
      const { appointment, duplicate } = await createAppointment(getDb(), input, { submissionKey });
      return { ok: true, value: appointment, duplicate };
    },
    afterCommit: async (appointment) => {
      // queued in the outbox; the sending runs in the background
      await notifyNewBooking(appointment);
    },
  });
}

/** The action's reply carries the next key: the page has nothing to reload after a post. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === "/appointment" ? false : defaultShouldRevalidate;
}

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
            <BookingForm action="/appointment" today={loaderData.today} submissionKey={loaderData.submissionKey} reply={actionData} />
          </div>
          <BookingAside />
        </div>
      </section>
    </>
  );
}
