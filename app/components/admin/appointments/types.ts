import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/lib/toast";
import type { SlotChoice } from "~/lib/schedule";
import type { FrontDeskResult } from "~/.server/front-desk-actions";

export type { AppointmentLine, AppointmentListItem, AppointmentView } from "~/.server/appointment-list";

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
