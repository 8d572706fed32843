import { z } from "~/lib/zod";
import { todayInClinic } from "./clinic-time";
import type { Locale, MessageKey } from "~/i18n";
import { messageText } from "~/i18n/messages";
import { addDays, calendarDay, consent, email, KEYED_RULE_MESSAGES, optionalText, personName, phone, timeOfDay, type RuleMessages } from "./rules";
import { farDateMessage } from "./schedule";
import { SERVICES } from "./services";

/**
 * The public booking form (/appointment), composed from the field rules of ./rules. The action
 * parses with `bookingSchema(today, horizonDays)` (the clinic's today at that moment and the
 * schedule's booking horizon); the browser runs the same with the values its loader gave, so
 * both judge the same calendar days. Whether the time is free is the server's to say
 * (bookAppointment, app/.server/repos/booking.ts): the schema only checks that it is HH:MM.
 */

/**
 * The booking's messages as catalogue keys (issue 32, item 7): the action answers with their text
 * in the page's language (app/i18n/messages.ts; French: fr.ts `booking.err*`, the texts of the
 * product spec).
 */
export const BOOKING_MESSAGES = {
  name: "booking.errName",
  emailMissing: "booking.errEmailMissing",
  emailInvalid: "booking.errEmailInvalid",
  phone: "booking.errPhone",
  service: "booking.errService",
  date: "booking.errDate",
  pastDate: "booking.errPastDate",
  time: "booking.errTime",
  messageTooLong: "booking.errMessageTooLong",
  consent: "booking.errConsent",
} as const satisfies Record<string, MessageKey>;

/** A date past the booking horizon, as a key with its value. */
export function farDateKey(horizonDays: number): string {
  return `booking.farDate?horizon=${horizonDays}`;
}

export { farDateMessage };

const M = BOOKING_MESSAGES;
const R = KEYED_RULE_MESSAGES;

/** The field rules' messages as sentences of `locale` (a schema that runs in the browser too: /ar/rdv's forms). */
export function ruleMessagesIn(locale: Locale): Required<RuleMessages> {
  const m = (key: string) => messageText(locale, key);
  return {
    control: m(R.control),
    multilineControl: m(R.multilineControl),
    nameTooLong: (max) => m(R.nameTooLong(max)),
    emailTooLong: m(R.emailTooLong),
    phoneTooLong: m(R.phoneTooLong),
    phoneInvalid: m(R.phoneInvalid),
    dateInvalid: m(R.dateInvalid),
    timeInvalid: m(R.timeInvalid),
  };
}

/**
 * The service and the day, the two fields the free times depend on (the 'Voir les horaires libres' post).
 * `french`: the messages as French sentences rather than keys (the move form of /rdv/<token>, whose
 * action shows them as they are); `locale`: the messages as sentences of that language (the move form
 * of /ar/rdv/<token>, whose schema runs in the browser too).
 */
export function bookingDaySchema(today: string = todayInClinic(), horizonDays?: number, { french = false, locale }: { french?: boolean; locale?: Locale } = {}) {
  const lang = locale ?? (french ? "fr" : undefined);
  const m = (key: string) => (lang ? messageText(lang, key) : key);
  return z.object({
    service: z.enum(SERVICES, { error: m(M.service) }),
    // a real day first; only then is it compared with today and the horizon (one message per date)
    date: calendarDay({ missing: m(M.date), messages: lang === "fr" ? undefined : lang ? ruleMessagesIn(lang) : R }).pipe(
      z
        .string()
        .refine((v) => v >= today, { error: m(M.pastDate), abort: true })
        .refine((v) => horizonDays === undefined || v <= addDays(today, horizonDays), { error: m(farDateKey(horizonDays ?? 0)) }),
    ),
  });
}

/**
 * `today`: YYYY-MM-DD in the clinic's time zone (Africa/Algiers). `horizonDays`: the farthest
 * day a patient may book, counted from today (the schedule's setting); without it, no limit
 * is checked here.
 */
export function bookingSchema(today: string = todayInClinic(), horizonDays?: number) {
  return z.object({
    name: personName({ missing: M.name, messages: R }),
    email: email({ missing: M.emailMissing, invalid: M.emailInvalid, messages: R }),
    phone: phone({ missing: M.phone, messages: R }),
    ...bookingDaySchema(today, horizonDays).shape,
    time: timeOfDay({ missing: M.time, messages: R }),
    message: optionalText({ max: 2000, tooLong: M.messageTooLong, multiline: true, messages: R }),
    consent: consent(M.consent),
  });
}

export type BookingSchema = ReturnType<typeof bookingSchema>;
export type BookingInput = z.output<BookingSchema>;
