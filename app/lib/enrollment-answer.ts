import type { FormationOption } from "./formation";
import { answerMessages } from "~/lib/island-answer";

/**
 * The JSON answer of the enrolment action (routes/inscription.tsx) to a post with
 * `Accept: application/json`: what the enrolment island (components/formation/EnrollmentDialog.tsx)
 * reads, made by the server from the public form pipeline's reply (`toEnrollmentAnswer`).
 * One type for both sides; no Zod, no Conform at run time: this module goes into the island's bundle.
 */

/** The fields of the enrolment form, in the order of the form (the first refused one takes the focus). */
export const ENROLLMENT_FIELDS = ["user_name", "user_surname", "email", "phone", "formation_id", "session_id", "consent"] as const;
export type EnrollmentField = (typeof ENROLLMENT_FIELDS)[number];

export interface EnrollmentAnswer {
  /** "success" only once the enrolment is committed (or was already, for a resent key) */
  status: "success" | "error";
  /** the form's own message (a full session, the rate limit, a storage failure), else null */
  formError: string | null;
  /** one French message per refused field */
  fieldErrors: Partial<Record<EnrollmentField, string>>;
  /** the key of the next post: the same after a refusal, a new one after a success */
  submissionKey: string;
  /**
   * After a success: the formations open to enrolment with their places taken, read after the
   * commit (the page's figures follow them); null after a refusal, or when they could not be read.
   */
  options: FormationOption[] | null;
}

/** What the pipeline's reply holds that the answer needs (Conform's `SubmissionResult`, structurally). */
export interface EnrollmentReplyLike {
  status: "success" | "error";
  result: { error?: Record<string, string[] | null> | null };
  submissionKey: string;
}

export function toEnrollmentAnswer(reply: EnrollmentReplyLike, options: FormationOption[] | null): EnrollmentAnswer {
  return {
    status: reply.status,
    ...answerMessages(reply.result.error, ENROLLMENT_FIELDS),
    submissionKey: reply.submissionKey,
    options: reply.status === "success" ? options : null,
  };
}

/** Whether a value read from the server is an `EnrollmentAnswer`. */
export function isEnrollmentAnswer(v: unknown): v is EnrollmentAnswer {
  if (typeof v !== "object" || v === null) return false;
  const a = v as Record<string, unknown>;
  return (
    (a.status === "success" || a.status === "error") &&
    typeof a.submissionKey === "string" &&
    (a.formError === null || typeof a.formError === "string") &&
    typeof a.fieldErrors === "object" &&
    a.fieldErrors !== null &&
    (a.options === null || Array.isArray(a.options))
  );
}
