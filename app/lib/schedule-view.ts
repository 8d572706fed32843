import type { SubmissionResult } from "@conform-to/react";
import type { ScheduleException, ScheduleSettings, ServiceSetting, TimeRange, Weekday } from "~/lib/schedule";
import type { ContactSettings } from "~/lib/contact-settings";
import type { Service } from "~/lib/services";
import type { Toast } from "~/lib/toast";

/** The intents of /admin/horaires, one per form of the screen. */
export const SCHEDULE_INTENTS = ["hours", "exception-add", "exception-delete", "services", "settings", "contact"] as const;
export type ScheduleIntent = (typeof SCHEDULE_INTENTS)[number];

/** The action's typed answer: Conform's reply for the form, and the toast after a success. */
export interface ScheduleResult {
  intent: ScheduleIntent | "unknown";
  ok: boolean;
  result?: SubmissionResult<string[]>;
  toast?: Toast;
  /** the refusal of a form without fields (the delete), in French, and the row it was about */
  message?: string;
  id?: number;
}

/** A booked appointment that no longer fits the opening hours of its day (no patient data). */
export interface OutsideAppointment {
  id: number;
  date: string;
  time: string;
  service: string;
}

/** What the screen receives from its loader. */
export interface ScheduleScreenData {
  today: string;
  weekly: Record<Weekday, TimeRange[]>;
  upcoming: ScheduleException[];
  past: ScheduleException[];
  services: Record<Service, ServiceSetting>;
  settings: ScheduleSettings;
  /** the personal link's cut-off, the reminder e-mail's advance, the retention of requests never confirmed */
  contact: ContactSettings;
  outside: OutsideAppointment[];
  outsideCount: number;
}
