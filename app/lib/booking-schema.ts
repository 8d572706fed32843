import { z } from "~/lib/zod";
import { todayInClinic } from "./clinic-time";
import { addDays, calendarDay, consent, email, optionalText, personName, phone, timeOfDay } from "./rules";
import { farDateMessage } from "./schedule";
import { SERVICES } from "./services";

/**
 * The public booking form (/appointment), composed from the field rules of ./rules. The action
 * parses with `bookingSchema(today, horizonDays)` (the clinic's today at that moment and the
 * schedule's booking horizon); the browser runs the same with the values its loader gave, so
 * both judge the same calendar days. Whether the time is free is the server's to say
 * (bookAppointment, app/.server/repos/booking.ts): the schema only checks that it is HH:MM.
 */

export const BOOKING_MESSAGES = {
  name: "Veuillez indiquer le nom complet.",
  emailMissing: "Veuillez indiquer une adresse e-mail.",
  emailInvalid: "Adresse e-mail invalide (exemple : nom@exemple.com).",
  phone: "Veuillez indiquer un numéro de téléphone.",
  service: "Veuillez choisir un service.",
  date: "Veuillez choisir une date.",
  pastDate: "La date ne peut pas être dans le passé.",
  time: "Veuillez choisir une heure.",
  messageTooLong: "Le message ne peut pas dépasser 2000 caractères.",
  consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande.",
} as const;

export { farDateMessage };

const M = BOOKING_MESSAGES;

/** The service and the day, the two fields the free times depend on (the 'Voir les horaires libres' post). */
export function bookingDaySchema(today: string = todayInClinic(), horizonDays?: number) {
  return z.object({
    service: z.enum(SERVICES, { error: M.service }),
    // a real day first; only then is it compared with today and the horizon (one message per date)
    date: calendarDay({ missing: M.date }).pipe(
      z
        .string()
        .refine((v) => v >= today, { error: M.pastDate, abort: true })
        .refine((v) => horizonDays === undefined || v <= addDays(today, horizonDays), { error: farDateMessage(horizonDays ?? 0) }),
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
    name: personName({ missing: M.name }),
    email: email({ missing: M.emailMissing, invalid: M.emailInvalid }),
    phone: phone({ missing: M.phone }),
    ...bookingDaySchema(today, horizonDays).shape,
    time: timeOfDay({ missing: M.time }),
    message: optionalText({ max: 2000, tooLong: M.messageTooLong, multiline: true }),
    consent: consent(M.consent),
  });
}

export type BookingSchema = ReturnType<typeof bookingSchema>;
export type BookingInput = z.output<BookingSchema>;
