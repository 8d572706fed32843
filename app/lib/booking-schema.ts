import { z } from "zod";
import { todayInClinic } from "./format";
import { addDays, calendarDay, consent, email, optionalText, personName, phone, timeOfDay } from "./rules";
import { SERVICES } from "./services";

/**
 * The public booking form (/appointment), composed from the field rules of ./rules. The action
 * parses with `bookingSchema()` (the clinic's today at that moment); the browser runs
 * `bookingSchema(today)` with the today its loader gave, so both judge the same calendar day.
 */

/** The farthest a patient may book ahead. */
export const BOOKING_MAX_DAYS_AHEAD = 730;

export const BOOKING_MESSAGES = {
  name: "Veuillez indiquer le nom complet.",
  emailMissing: "Veuillez indiquer une adresse e-mail.",
  emailInvalid: "Adresse e-mail invalide (exemple : nom@exemple.com).",
  phone: "Veuillez indiquer un numéro de téléphone.",
  service: "Veuillez choisir un service.",
  date: "Veuillez choisir une date.",
  pastDate: "La date ne peut pas être dans le passé.",
  farDate: "Choisissez une date dans les deux prochaines années.",
  time: "Veuillez choisir une heure.",
  messageTooLong: "Le message ne peut pas dépasser 2000 caractères.",
  consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande.",
} as const;

const M = BOOKING_MESSAGES;

/** `today`: YYYY-MM-DD in the clinic's time zone (Africa/Algiers). */
export function bookingSchema(today: string = todayInClinic()) {
  return z.object({
    name: personName({ missing: M.name }),
    email: email({ missing: M.emailMissing, invalid: M.emailInvalid }),
    phone: phone({ missing: M.phone }),
    service: z.enum(SERVICES, { error: M.service }),
    // a real day first; only then is it compared with today (one message per date)
    date: calendarDay({ missing: M.date }).pipe(
      z
        .string()
        .refine((v) => v >= today, { error: M.pastDate, abort: true })
        .refine((v) => v <= addDays(today, BOOKING_MAX_DAYS_AHEAD), { error: M.farDate }),
    ),
    time: timeOfDay({ missing: M.time }),
    message: optionalText({ max: 2000, tooLong: M.messageTooLong }),
    consent: consent(M.consent),
  });
}

export type BookingSchema = ReturnType<typeof bookingSchema>;
export type BookingInput = z.output<BookingSchema>;
