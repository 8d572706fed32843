import type { SubmissionResult } from "@conform-to/react";
import type { ReminderLinks } from "~/lib/front-desk-contact";
import type { AppointmentStatus } from "~/lib/appointment-status";
import type { TemplateKey, TemplateValues } from "~/lib/reminder-template";
import type { Toast } from "~/lib/toast";
import type { Locale } from "~/i18n/locale";

/** One patient of 'Rappels à envoyer', as the screen receives it. */
export interface ReminderRowView {
  id: number;
  name: string;
  service: string;
  phone: string;
  date: string;
  time: string;
  status: AppointmentStatus;
  links: ReminderLinks;
}

/** A template as the editor receives it. */
export interface TemplateView {
  key: TemplateKey;
  body: string;
  updatedAt: string | null;
  updatedBy: string | null;
  isDefault: boolean;
  /** the template's language: French unless "ar" (stored under "ar:" + key) */
  language?: Locale;
}

/** The values of the preview: an example appointment on the day shown. */
export type ExampleValues = TemplateValues & { lien: string };

/** The action's answer to the template editor. */
export interface TemplateResult {
  intent: "template";
  ok: boolean;
  key?: TemplateKey;
  /** the edited template's language ("fr" when absent) */
  language?: Locale;
  result?: SubmissionResult<string[]>;
  toast?: Toast;
}

/** The answer of /admin/rappels to intent "reminded" (with JavaScript; without, a redirect back). */
export interface ReminderMarkResult {
  intent: "reminded";
  ok: boolean;
  id?: number;
  toast?: Toast;
}
