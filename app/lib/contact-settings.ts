/**
 * The patient-contact settings, stored in the schedule settings row (migration 004) and set on the
 * schedule screen: the personal link's cut-off, the reminder e-mail's advance, and how long requests
 * never confirmed keep their identity.
 */
export interface ContactSettings {
  /** hours before the appointment after which the personal link no longer cancels or moves */
  cancelCutoffHours: number;
  /** hours before the appointment at which the reminder e-mail is sent */
  reminderHours: number;
  /** months after their day after which requests never confirmed are anonymised */
  retentionMonths: number;
}

export const DEFAULT_CONTACT_SETTINGS: ContactSettings = { cancelCutoffHours: 24, reminderHours: 24, retentionMonths: 12 };

export const CONTACT_SETTING_LIMITS = {
  cancelCutoffHours: { min: 0, max: 168 },
  reminderHours: { min: 1, max: 168 },
  retentionMonths: { min: 1, max: 120 },
} as const;
