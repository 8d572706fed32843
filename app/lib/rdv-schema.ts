import type { SubmissionResult } from "@conform-to/react";
import { z } from "~/lib/zod";
import type { SlotsView } from "~/lib/slots-view";
import type { Clinic } from "~/lib/clinic";
import { bookingDaySchema } from "~/lib/booking-schema";
import { CANCEL_REASON_MAX } from "~/lib/front-desk-schema";
import { requiredText, timeOfDay } from "~/lib/rules";
import type { AppointmentStatus, CancelledBy } from "~/lib/appointment-status";
import type { SlotChoice } from "~/lib/schedule";

/**
 * The patient's forms on their personal link page (/rdv/<token>, docs/product.md "Personal
 * link"), one schema each, run by the action and the browser alike. Each form posts an `intent`:
 * "confirm" (no field), "cancel" (a reason), "move" (a day and a free time of the same service).
 * Without JavaScript, the move form's 'Voir les horaires libres', 'Prochain jour libre' and nearest
 * free times post the intents of the booking form ("slots", "day:…", "slot:…"): the page comes
 * back with the day's free times and nothing is stored.
 */

export const RDV_INTENTS = ["confirm", "cancel", "move"] as const;
export type RdvIntent = (typeof RDV_INTENTS)[number];

export function isRdvIntent(v: string): v is RdvIntent {
  return (RDV_INTENTS as readonly string[]).includes(v);
}

/**
 * The forms' messages as catalogue keys (app/i18n/messages.ts): the Arabic page's schemas
 * (rdvCancelSchemaIn, rdvMoveSchemaIn in ./rdv-texts-ar.ts) say them in its language; their French
 * texts are RDV_MESSAGES' (app/i18n/form-messages.test.ts).
 */
export const RDV_MESSAGE_KEYS = {
  reason: "rdvPage.reasonMissing",
  reasonTooLong: `rdvPage.reasonTooLong?max=${CANCEL_REASON_MAX}`,
  time: "booking.errTime",
} as const;

export const RDV_MESSAGES = {
  reason: "Indiquez la raison de l'annulation.",
  reasonTooLong: `La raison ne peut pas dépasser ${CANCEL_REASON_MAX} caractères.`,
  time: "Veuillez choisir une heure.",
} as const;

/** 'Je confirme ma présence': nothing to type. */
export const rdvConfirmSchema = z.object({});

/** The page's French sentences (the action's answers and the page's own). */
/** "023 70 45 12 ou au 0550 12 34 56": the stored numbers (useClinic() / getClinic()) */
const phonesOf = (c: Clinic) => c.phones.map((p) => p.display).join(" ou au ");

export const RDV_TEXTS = {
  confirmed: "Merci : votre présence est confirmée.",
  cancelled: "Votre rendez-vous est annulé. Merci de nous avoir prévenus.",
  moved: (when: string) => `Votre rendez-vous est déplacé au ${when}.`,
  cutoff: (hours: number, c: Clinic) =>
    hours > 0
      ? `Il est trop tard pour annuler ou déplacer ce rendez-vous en ligne (au plus tard ${hours} h avant). Appelez-nous au ${phonesOf(c)}.`
      : `Il est trop tard pour annuler ou déplacer ce rendez-vous en ligne. Appelez-nous au ${phonesOf(c)}.`,
  /** the page's own words once the cut-off is past (the numbers follow) */
  cutoffPage: (hours: number) =>
    `En ligne, un rendez-vous s'annule ou se déplace jusqu'à ${hours > 0 ? `${hours} h avant son début` : "son début"}. Pour l'annuler ou le déplacer maintenant, appelez-nous :`,
  closed: (c: Clinic) => `Ce rendez-vous ne peut plus être modifié en ligne. Pour toute question, appelez-nous au ${phonesOf(c)}.`,
  conflict: "Ce rendez-vous vient d'être modifié par la clinique : la page est à jour, vérifiez-la puis recommencez si besoin.",
  sameSlot: "C'est déjà l'horaire de votre rendez-vous : choisissez-en un autre.",
  notOnline: (c: Clinic) => `Ce soin ne se déplace pas en ligne : appelez-nous au ${phonesOf(c)} pour convenir d'un autre horaire.`,
  /** the clinic's identity may be unreadable too when the database fails: then no number */
  storeFailed: (c: Clinic | null) =>
    c?.phones[0]
      ? `Votre demande n'a pas pu être enregistrée. Merci de réessayer dans un instant ou de nous appeler au ${c.phones[0].display}.`
      : "Votre demande n'a pas pu être enregistrée. Merci de réessayer dans un instant ou d'appeler la clinique.",
  unknownIntent: "Action inconnue : rechargez la page puis recommencez.",
} as const;

export const rdvCancelSchema = z.object({
  reason: requiredText({
    missing: RDV_MESSAGES.reason,
    max: CANCEL_REASON_MAX,
    tooLong: RDV_MESSAGES.reasonTooLong,
    multiline: true,
  }),
});

/** The new day (a real day, from the clinic's today to the booking horizon) and time. */
export function rdvMoveSchema(today: string, horizonDays: number) {
  return z.object({
    date: bookingDaySchema(today, horizonDays, { french: true }).shape.date,
    time: timeOfDay({ missing: RDV_MESSAGES.time }),
  });
}

/** What the page's action answers. */
export interface RdvReply {
  intent: RdvIntent;
  /**
   * "done": stored (the page shows the new state); "refused": nothing stored, the reason in
   * `result`; "slots": only the free times of a day asked without JavaScript.
   */
  status: "done" | "refused" | "slots";
  /** the sentence shown at the top of the page after a change */
  message?: string;
  result: SubmissionResult<string[]>;
  /** the free times of the day posted (move form: after a refusal or a 'Voir les horaires libres') */
  slots?: SlotsView | null;
  /** the three nearest free times, after a refused time */
  alternatives?: SlotChoice[];
}

/**
 * The appointment as the page shows it: no name, phone, e-mail or message (anyone holding the
 * link sees the page), only the service, the day, the time, the status and what may be done.
 */
export interface RdvView {
  service: string;
  date: string;
  time: string;
  durationMinutes: number | null;
  status: AppointmentStatus;
  cancelledBy: CancelledBy | null;
  patientConfirmed: boolean;
  /** requested or confirmed, and its start still ahead: presence may be confirmed */
  upcoming: boolean;
  /** before the cut-off: cancel and move online */
  canChange: boolean;
  /** the service may be moved online (a known service, bookable online) */
  movable: boolean;
  /** hours before the start after which only a call changes it */
  cutoffHours: number;
}
