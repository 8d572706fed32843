import { z } from "~/lib/zod";
import { APPOINTMENT_STATUSES, CANCELLED_BY } from "./appointment-status";
import { formatCalendarDate } from "./format";
import { calendarDay, EMAIL_MAX, optionalText, personName, phone, singleLine, timeOfDay } from "./rules";
import { slotRefusalMessage, type ScheduleSettings, type SlotChoice, type SlotRefusal } from "./schedule";
import { SERVICES } from "./services";

/**
 * The front desk's staff forms (agenda and appointment cards), one schema each, run by the
 * action and the browser alike: a status change, a move to another day or time, and a booking
 * taken by phone (no e-mail needed; 'forcer' books over the schedule's rules, on purpose).
 */

export const CANCEL_REASON_MAX = 500;

export const statusSchema = z
  .object({
    to: z.enum(APPOINTMENT_STATUSES, { error: "Statut inconnu." }),
    reason: optionalText({ max: CANCEL_REASON_MAX, tooLong: `La raison ne peut pas dépasser ${CANCEL_REASON_MAX} caractères.`, multiline: true }),
    cancelled_by: z.enum(CANCELLED_BY).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to === "cancelled" && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Indiquez la raison de l'annulation." });
  });

/** A checkbox: Conform hands a ticked box as `true`, an unticked one as `undefined`. */
const forcedBox = z.boolean().optional().transform((v) => v === true);

export const moveSchema = z.object({
  date: calendarDay({ missing: "Choisissez la nouvelle date." }),
  time: timeOfDay({ missing: "Choisissez le nouvel horaire." }),
  forced: forcedBox,
  /** a drop on the agenda grid: this chair only (absent: the same chair first, then the others) */
  chair: z.number({ error: "Fauteuil inconnu." }).int({ error: "Fauteuil inconnu." }).min(1, { error: "Fauteuil inconnu." }).max(50, { error: "Fauteuil inconnu." }).optional(),
});

export const staffBookingSchema = z.object({
  name: personName({ missing: "Veuillez indiquer le nom complet." }),
  // a booking taken by phone: the e-mail is optional (a walk-in often has none)
  email: singleLine()
    .trim()
    .max(EMAIL_MAX, { error: "L'adresse e-mail est trop longue." })
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.email({ error: "Adresse e-mail invalide (exemple : nom@exemple.com)." }).nullable()),
  phone: phone({ missing: "Veuillez indiquer un numéro de téléphone." }),
  service: z.enum(SERVICES, { error: "Veuillez choisir un service." }),
  date: calendarDay({ missing: "Veuillez choisir une date." }),
  time: timeOfDay({ missing: "Veuillez choisir une heure." }),
  message: optionalText({ max: 2000, tooLong: "Le message ne peut pas dépasser 2000 caractères.", multiline: true }),
  forced: forcedBox,
});

export type StaffBookingInput = z.output<typeof staffBookingSchema>;

/** "mardi 24 novembre à 10:30" style list of alternatives: "24/11/2026 à 10:30". */
export function formatAlternatives(alternatives: SlotChoice[]): string {
  return alternatives.map((a) => `${formatCalendarDate(a.date)} à ${a.time}`).join(", ");
}

/** The French refusal of a slot, with the nearest free times when there are any. */
export function slotRefusalText(reason: SlotRefusal, settings: ScheduleSettings, alternatives: SlotChoice[]): string {
  const base = slotRefusalMessage(reason, settings);
  return alternatives.length ? `${base} Horaires libres les plus proches : ${formatAlternatives(alternatives)}.` : base;
}
