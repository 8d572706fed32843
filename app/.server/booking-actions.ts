import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { notifyNewBooking } from "./booking-mail";
import { loadBookingRules, loadDaySlots } from "./booking-slots";
import { getClinic } from "./clinic";
import { getDb } from "./db";
import { personalLink } from "./personal-link";
import { handlePublicForm, type StoreOutcome } from "./public-form";
import type { Appointment } from "./repos/appointments";
import { PATIENT_ACTOR } from "./actor";
import { bookAppointment } from "./repos/booking";
import { formatDayFull, formatTime } from "~/lib/format";
import { BOOKING_FIX_MESSAGE, toBookingAnswer, type BookingReply } from "~/lib/booking-answer";
import { bookingDaySchema, bookingSchema } from "~/lib/booking-schema";
import { todayInClinic } from "~/lib/clinic-time";
import { peekForm } from "~/lib/form-body";
import { slotRefusalText } from "~/lib/front-desk-schema";
import { RDV_TEXTS } from "~/lib/rdv-schema";
import { parseSubmissionKey } from "~/lib/rules";
import type { SlotChoice } from "~/lib/schedule";
import { parseBookingIntent, parseDayQuery, type BookingIntent, type SlotsView } from "~/lib/slots-view";

/**
 * The booking action of /appointment (routes/appointment.tsx): one path for the post of the
 * browser without JavaScript (the route's action data, rendered as the answer page) and the post
 * of the booking island (`Accept: application/json`, answered by the route's middleware with
 * `bookingJson`): the same schema, the same public form pipeline, the same key and statuses.
 */

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
export async function bookingReply(request: Request, clientIp: string) {
  const posted = await peekForm(request).catch(() => null);
  const intent = parseBookingIntent(posted?.get("intent"));
  if (posted && intent.kind !== "book") return showFreeTimes(posted, intent);

  const { horizonDays } = await loadBookingRules();
  const { reply: answer, stored, refused } = await handlePublicForm({
    request,
    clientIp,
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
  // the personal link and what was booked (the row stored first, for a resent post), shown on the
  // success screen to the person who just booked
  const done = answer.data.status === "success" && stored ? stored : null;
  const link = done ? personalLink(done) : null;
  const booked = done ? { service: done.service, day: formatDayFull(done.date), time: formatTime(done.time) } : null;
  return data<BookingReply>({ ...answer.data, slots, alternatives: refused?.alternatives ?? [], link, booked }, answer.init ?? undefined);
}


/**
 * The booking island's answer: the reply as a `BookingAnswer` (lib/booking-answer.ts), with the
 * reply's status (400, 409, 429 with its Retry-After, 503) and headers; never stored by a cache.
 */
export async function bookingJson(request: Request, clientIp: string): Promise<Response> {
  const reply = await bookingReply(request, clientIp);
  const headers = new Headers(reply.init?.headers);
  headers.set("Cache-Control", "no-store");
  headers.set("Vary", "Accept");
  return Response.json(toBookingAnswer(reply.data), { status: reply.init?.status ?? 200, headers });
}
