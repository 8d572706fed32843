import { z } from "~/lib/zod";
import { CONTACT_SETTING_LIMITS, type ContactSettings } from "./contact-settings";

/**
 * The form 'Patients : lien personnel, rappels et conservation' of the schedule screen
 * (/admin/horaires, intent "contact"): three whole numbers within CONTACT_SETTING_LIMITS, with
 * their French messages, run by the action and the browser alike.
 */

const L = CONTACT_SETTING_LIMITS;

export const CONTACT_SETTINGS_MESSAGES = {
  notWhole: "Indiquez un nombre entier.",
  cancelCutoffHours: {
    missing: "Indiquez un nombre d'heures (0 pour jusqu'à l'heure du rendez-vous).",
    range: `De ${L.cancelCutoffHours.min} à ${L.cancelCutoffHours.max} heures (7 jours).`,
  },
  reminderHours: { missing: "Indiquez un nombre d'heures.", range: `De ${L.reminderHours.min} à ${L.reminderHours.max} heures (7 jours).` },
  retentionMonths: { missing: "Indiquez un nombre de mois.", range: `De ${L.retentionMonths.min} à ${L.retentionMonths.max} mois (10 ans).` },
} as const;

function wholeNumber(key: keyof typeof L) {
  const m = CONTACT_SETTINGS_MESSAGES[key];
  return z
    .number({ error: (iss) => (iss.input === undefined ? m.missing : CONTACT_SETTINGS_MESSAGES.notWhole) })
    .int({ error: CONTACT_SETTINGS_MESSAGES.notWhole })
    .min(L[key].min, { error: m.range })
    .max(L[key].max, { error: m.range });
}

export const contactSettingsSchema = z.object({
  cancelCutoffHours: wholeNumber("cancelCutoffHours"),
  reminderHours: wholeNumber("reminderHours"),
  retentionMonths: wholeNumber("retentionMonths"),
});

export function contactSettingsFromForm(v: z.output<typeof contactSettingsSchema>): ContactSettings {
  return { cancelCutoffHours: v.cancelCutoffHours, reminderHours: v.reminderHours, retentionMonths: v.retentionMonths };
}

export function contactSettingsFormValue(s: ContactSettings) {
  return { cancelCutoffHours: String(s.cancelCutoffHours), reminderHours: String(s.reminderHours), retentionMonths: String(s.retentionMonths) };
}
