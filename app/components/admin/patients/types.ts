/**
 * What the patient screens receive (type-only imports from the server: nothing of it reaches the
 * browser bundle). Phones arrive formatted by the server (formatPhoneDisplay), so the browser does
 * not load the phone metadata.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { PatientCounts, PatientListItem } from "~/.server/repos/patient-list";
import type { MoneyAcrossVisits, PatientAppointment, PatientEventView, PatientView } from "~/.server/repos/patient-record";

export type { MoneyAcrossVisits, PatientAppointment, PatientCounts, PatientEventView };

/** A row of the list, with its phone as staff read it. */
export type PatientListRow = PatientListItem & { phoneDisplay: string | null };

/** The record's identity and contacts, with the one-tap links written by the server. */
export type PatientHeaderView = PatientView & { phoneDisplay: string | null; telHref: string | null; whatsappHref: string | null };

/** The answer of the record screen's action to a refused form (a success redirects). */
export interface PatientActionResult {
  intent: "notes" | "merge" | "erase" | "account-pay" | "language" | "unknown";
  result?: SubmissionResult<string[]>;
  message?: string;
}
