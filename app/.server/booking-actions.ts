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
import { formatDayFull, formatDayFullAr, formatTime } from "~/lib/format";
import { localeOf, t, type Locale } from "~/i18n";
import { localizeErrors, messageKey } from "~/i18n/messages";
import type { Clinic } from "~/lib/clinic";
import type { SlotRefusal } from "~/lib/schedule";
import { serviceName } from "~/lib/service-names";
import { toBookingAnswer, type BookingReply } from "~/lib/booking-answer";
import { bookingDaySchema, bookingSchema } from "~/lib/booking-schema";
import { todayInClinic } from "~/lib/clinic-time";
import { peekForm } from "~/lib/form-body";
import { parseSubmissionKey } from "~/lib/rules";
import { formatDuration, type SlotChoice } from "~/lib/schedule";
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
async function showFreeTimes(form: FormData, intent: Exclude<BookingIntent, { kind: "book" }>, locale: Locale) {
  if (intent.kind !== "slots") {
    form.set("date", intent.date);
    form.set("time", intent.kind === "slot" ? intent.time : "");
  }
  form.delete("intent");
  const rules = await loadBookingRules();
  const submission = parseWithZod(form, { schema: bookingDaySchema(todayInClinic(), rules.horizonDays) });
  const submissionKey = parseSubmissionKey(form.get("submission_key")) ?? randomUUID();
  if (submission.status !== "success") {
    const result = submission.reply();
    return data<BookingReply>({ status: "error", result: { ...result, error: localizeErrors(locale, result.error) }, submissionKey, slots: null }, { status: 400 });
  }
  const { view } = await loadDaySlots(submission.value.service, submission.value.date, locale);
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
  // the page's language (/ar/appointment): the messages' and the booking's (issue 32)
  const locale = localeOf(new URL(request.url).pathname);
  if (posted && intent.kind !== "book") return showFreeTimes(posted, intent, locale);

  const { horizonDays } = await loadBookingRules();
  const { reply: answer, stored, refused } = await handlePublicForm({
    request,
    clientIp,
    scope: "booking",
    schema: bookingSchema(todayInClinic(), horizonDays),
    // the stored phone (none when the database cannot even give it)
    failureMessage: storeFailedKey(await getClinic().catch(() => null)),
    locale,
    store: async ({ consent: _consent, ...fields }, submissionKey): Promise<StoreOutcome<Appointment, { slots: SlotsView | null; alternatives: SlotChoice[] }>> => {
      const input = { ...fields, language: locale };
      const booked = await bookAppointment(getDb(), input, { actor: PATIENT_ACTOR, mode: "public", submissionKey });
      if (booked.ok) return { ok: true, value: booked.appointment, duplicate: booked.duplicate };
      const { view, settings } = await loadDaySlots(input.service, input.date, locale);
      // a service booked by phone only is the service's fault; any other refusal is the time's
      const field = booked.reason === "not_online" ? "service" : "time";
      return {
        ok: false,
        status: 409,
        formError: "booking.fix",
        fieldErrors: { [field]: [refusalKey(booked.reason, settings.minNoticeMinutes, locale, settings.horizonDays)] },
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
  if (day) slots = (await loadDaySlots(day.service, day.date, locale).catch(() => undefined))?.view ?? null;
  // the personal link and what was booked (the row stored first, for a resent post), shown on the
  // success screen to the person who just booked (booked on /ar/appointment: the Arabic page, /ar/rdv/<token>)
  const done = answer.data.status === "success" && stored ? stored : null;
  const link = done ? personalLink(done, undefined, locale) : null;
  const booked = done
    ? { service: serviceName(locale, done.service), day: locale === "ar" ? formatDayFullAr(done.date) : formatDayFull(done.date), time: formatTime(done.time) }
    : null;
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

/** 'Could not be stored, call us at …' as a key with the clinic's first number. */
export function storeFailedKey(clinic: Clinic | null): string {
  return clinic?.phones[0] ? messageKey("forms.storeFailed", { phone: clinic.phones[0].display }) : "forms.storeFailedNoPhone";
}

const REFUSAL_KEYS = {
  past: "booking.refusedPast",
  too_soon: "booking.refusedTooSoon",
  beyond: "booking.farDate",
  closed: "booking.refusedClosed",
  outside_hours: "booking.refusedOutsideHours",
  taken: "booking.refusedTaken",
  not_online: "booking.notOnline",
} as const satisfies Record<SlotRefusal, string>;

/** A refused slot's reason as a key, with the notice ("2 h"; in Arabic "2 سا") and the horizon it names. */
export function refusalKey(reason: SlotRefusal, noticeMinutes: number, locale: Locale, horizonDays?: number): string {
  return messageKey(REFUSAL_KEYS[reason], { notice: formatNotice(noticeMinutes, locale), horizon: horizonDays ?? "" });
}

/** The minimum notice as the message says it: "2 h", "1 h 30" (formatDuration); in Arabic in words ("2 ساعة و30 دقيقة"). */
function formatNotice(minutes: number, locale: Locale): string {
  if (locale === "fr") return formatDuration(minutes);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h ? t("ar", "booking.noticeHours", { count: h }) : "", m ? t("ar", "booking.noticeMinutes", { count: m }) : ""].filter(Boolean);
  return parts.join(" و");
}
