import { z } from "~/lib/zod";
import { calendarDay, money, optionalText, timeOfDay } from "./rules";

/** The staff editor of a formation's session (issue 31, item 3): every limit explicit, French messages. */
export const SESSION_PLACE_MAX = 160;

const whole = (o: { missing: string; min: number; max: number; range: string }) =>
  z.coerce.number({ error: o.missing }).int({ error: o.range }).min(o.min, { error: o.range }).max(o.max, { error: o.range });

export const sessionFormSchema = z
  .object({
    start_date: calendarDay({ missing: "Indiquez le premier jour." }),
    end_date: calendarDay({ missing: "Indiquez le dernier jour." }),
    day_start: timeOfDay({ missing: "Indiquez l'heure de début." }),
    day_end: timeOfDay({ missing: "Indiquez l'heure de fin." }),
    place: optionalText({ max: SESSION_PLACE_MAX, tooLong: "Le lieu ne doit pas dépasser 160 caractères." }),
    capacity: whole({ missing: "Indiquez le nombre de places.", min: 1, max: 500, range: "Entre 1 et 500 places." }),
    price: money(),
    status: z.enum(["open", "cancelled"], { error: "Choisissez un statut." }),
    payment_days: whole({ missing: "Indiquez le délai de paiement.", min: 1, max: 90, range: "Entre 1 et 90 jours." }),
    offer_hours: whole({ missing: "Indiquez la durée d'une offre.", min: 1, max: 168, range: "Entre 1 et 168 heures." }),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) ctx.addIssue({ code: "custom", path: ["end_date"], message: "Le dernier jour ne peut pas précéder le premier." });
    if (v.day_end <= v.day_start) ctx.addIssue({ code: "custom", path: ["day_end"], message: "L'heure de fin doit suivre l'heure de début." });
  });

export type SessionFormValue = z.output<typeof sessionFormSchema>;
