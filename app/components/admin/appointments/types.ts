import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/lib/toast";

/** An appointment as the admin screen receives it (no internal columns). */
export interface AppointmentView {
  id: number;
  name: string;
  email: string;
  phone: string;
  service: string;
  date: string;
  time: string;
  message: string | null;
  prixtotal: number | null;
  prixpay: number | null;
  progress: string | null;
  tips: string | null;
  created_at: string | null;
}

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
