import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/lib/toast";
import type { Appointment } from "~/.server/db/types";

/** An appointment as the admin screen receives it: the stored row without its internal key. */
export type AppointmentView = Omit<Appointment, "submission_key">;

/** The action's answer to the add form: stored or not, Conform's reply, and the toast after a success. */
export interface CreateResult {
  intent: "create";
  ok: boolean;
  result: SubmissionResult<string[]>;
  toast?: Toast;
}

/** The action's answer to a card's inline edit. */
export interface UpdateResult {
  intent: "update";
  ok: boolean;
  result: SubmissionResult<string[]>;
}

export type AppointmentsActionResult = CreateResult | UpdateResult | { intent: "unknown"; message: string };
