import type { Appointment } from "./db/types";

/**
 * The demo content's appointments carry a submission key of their own (`demo-…`, app/.server/db/seed.ts):
 * they never produce a message to anyone (issue 30): no booking acknowledgement, no confirmation,
 * no reminder, whatever a person does to them. Their addresses are at example.com and their
 * phone numbers invented, but an invented Algerian number may well be someone's.
 */
export const DEMO_SUBMISSION_PREFIX = "demo-";

export function isDemoAppointment(a: Pick<Appointment, "submission_key">): boolean {
  return a.submission_key?.startsWith(DEMO_SUBMISSION_PREFIX) ?? false;
}
