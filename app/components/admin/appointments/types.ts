import type { ReminderLinks } from "~/lib/front-desk-contact";
import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/lib/toast";
import type { SlotChoice } from "~/lib/schedule";
import type { Appointment } from "~/.server/db/types";
import type { FrontDeskResult } from "~/.server/front-desk-actions";
import type { HistoryEntryView } from "~/components/admin/front-desk/types";

/**
 * An appointment as the admin screen receives it: the stored row without its internal keys
 * (the submission key, the phone's digits, and the personal link's salt and hash, which never
 * reach a browser).
 */
export type AppointmentView = Omit<Appointment, "submission_key" | "phone_digits" | "link_salt" | "link_hash">;

/**
 * A line of the list: what shows before 'Détails' opens its card (issue 33: the list's page carries
 * 24 lines, and the whole card of the one opened).
 */
export type AppointmentLine = Pick<AppointmentView, "id" | "name" | "service" | "language" | "status" | "forced" | "date" | "time" | "prixtotal" | "prixpay" | "patient_confirmed_at">;

/** The card 'Détails' opens: the row, its history (oldest first), and its WhatsApp/SMS links (they carry the personal link). */
export type AppointmentListItem = AppointmentView & { history: HistoryEntryView[]; reminder: ReminderLinks | null };

/** The action's answer to the add form: stored or not, Conform's reply, and the toast after a success. */
export interface CreateResult {
  intent: "create";
  ok: boolean;
  result: SubmissionResult<string[]>;
  toast?: Toast;
  /** the nearest free times, when the slot was refused */
  alternatives?: SlotChoice[];
}

/** The action's answer to a card's inline edit. */
export interface UpdateResult {
  intent: "update";
  ok: boolean;
  result: SubmissionResult<string[]>;
}

export type AppointmentsActionResult = CreateResult | UpdateResult | FrontDeskResult | { intent: "unknown"; message: string };
