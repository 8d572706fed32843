import type { SubmissionResult } from "@conform-to/react";
import type { SlotChoice } from "~/lib/schedule";
import type { SlotsView } from "~/lib/slots-view";
import { answerMessages } from "~/lib/island-answer";
import type { Catalogue } from "~/i18n/fr";

/**
 * The booking island's texts in the page's language (issue 32): the catalogue's `booking` group,
 * the few shared `forms` texts and the services' names, given in its props by the page (its
 * bundle holds no catalogue: app/lib/booking-texts.ts makes them on the server).
 */
export type BookingTexts = Catalogue["booking"] & {
  optional: string;
  close: string;
  honeypot: string;
  /** each service's label, by its stored (French) name */
  services: Record<string, string>;
};

/**
 * What the booking action of /appointment answers, in its two forms: `BookingReply` (the route's
 * action data, Conform's reply, rendered by the server for a post without JavaScript) and
 * `BookingAnswer` (the JSON the booking island reads when it posts with `Accept: application/json`,
 * made from the reply by `toBookingAnswer`). One type for both sides of the JSON; no Zod, no
 * Conform at run time: this module goes into the island's bundle.
 */

export const BOOKING_SUCCESS_MESSAGE = "Votre demande de rendez-vous a bien été envoyée. Nous vous contacterons pour confirmer le créneau.";
export const BOOKING_FIX_MESSAGE = "Certains champs sont à corriger : voyez les messages sous les champs concernés.";

/** The fields of the booking form, in the order of the page (the first refused one takes the focus). */
export const BOOKING_FIELDS = ["name", "email", "phone", "service", "date", "time", "message", "consent"] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];

/** What the booking action answers: handlePublicForm's reply, and the free times of the day posted. */
export interface BookingReply {
  /** "slots": the free times asked without JavaScript (nothing stored) */
  status: "success" | "error" | "slots";
  result: SubmissionResult<string[]>;
  submissionKey: string;
  /** the free times of the day posted (after a refusal or a 'Voir les horaires libres') */
  slots?: SlotsView | null;
  /** the three nearest free times, after a refused slot */
  alternatives?: SlotChoice[];
  /** after a success: the appointment's personal link (/rdv/<token>), shown to the person who booked */
  link?: string | null;
  /** after a success: what was booked, as the success screen says it */
  booked?: BookedSummary | null;
}

/**
 * What the success screen repeats of the appointment booked, written by the server as the page
 * says it (the day "mardi 24 novembre 2026", the time "09:00"): no date formatting in the island.
 */
export interface BookedSummary {
  service: string;
  day: string;
  time: string;
}

/** The JSON answer of the booking action (and what the island shows of an answer). */
export interface BookingAnswer {
  status: "success" | "error" | "slots";
  /** the form's own message (rate limit, storage failure, a refused slot), else null */
  formError: string | null;
  /** one French message per refused field */
  fieldErrors: Partial<Record<BookingField, string>>;
  /** the key of the next post: the same after a refusal, a new one after a success */
  submissionKey: string;
  /** the free times of the day posted, when the server looked them up */
  slots: SlotsView | null;
  /** the three nearest free times, after a refused slot */
  alternatives: SlotChoice[];
  /** after a success: the personal link (/rdv/<token>) */
  link: string | null;
  /** after a success: the service, the day and the time booked (none for a filled honeypot) */
  booked: BookedSummary | null;
}

/** What the form showed when it was posted (an answer page without JavaScript renders it again). */
export type BookingValues = Partial<Record<BookingField, string>>;

export function toBookingAnswer(reply: BookingReply): BookingAnswer {
  return {
    status: reply.status,
    ...answerMessages(reply.result.error, BOOKING_FIELDS),
    submissionKey: reply.submissionKey,
    slots: reply.slots ?? null,
    alternatives: reply.alternatives ?? [],
    link: reply.link ?? null,
    booked: reply.booked ?? null,
  };
}

/**
 * The values an answer page shows again: what was posted, as Conform's reply keeps it (none after
 * a success: the form is cleared for another request).
 */
export function postedValues(reply: BookingReply): BookingValues {
  const initial = reply.status === "success" ? undefined : reply.result.initialValue;
  const values: BookingValues = {};
  for (const name of BOOKING_FIELDS) {
    const v = initial?.[name];
    if (typeof v === "string") values[name] = v;
  }
  return values;
}

/** The message above the form: the form's own, else "fix the fields" when fields are refused. */
export function formMessage(answer: Pick<BookingAnswer, "formError" | "fieldErrors">, fix: string = BOOKING_FIX_MESSAGE): string | null {
  return answer.formError ?? (Object.keys(answer.fieldErrors).length > 0 ? fix : null);
}

/** Whether a value is a `BookingAnswer` (what the island reads from the server). */
export function isBookingAnswer(v: unknown): v is BookingAnswer {
  if (typeof v !== "object" || v === null) return false;
  const a = v as Record<string, unknown>;
  return (
    (a.status === "success" || a.status === "error" || a.status === "slots") &&
    typeof a.submissionKey === "string" &&
    typeof a.fieldErrors === "object" &&
    a.fieldErrors !== null &&
    Array.isArray(a.alternatives)
  );
}
