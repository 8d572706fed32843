import type { Db } from "../db";
import type { Language } from "../db/types";

/**
 * The row of a new enrolment and its payment deadline, shared by the public enrolment
 * (./enrollments.ts) and the claim of a waiting-list offer (./formation-waitlist.ts), which
 * ./enrollments.ts calls in turn (a freed place offered): here, so that neither imports the other.
 */

type Queries = Db["db"];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The payment deadline of an enrolment made at `at` in a session with this many days to pay. */
export function paymentDeadline(at: string, paymentDays: number): string {
  return new Date(new Date(at).getTime() + paymentDays * DAY_MS).toISOString();
}

/** The row of a new pending enrolment. */
export function insertEnrollment(
  trx: Queries,
  input: { user_name: string; user_surname: string; email: string; phone: string; language?: Language | null },
  o: { formationId: number | null; sessionId: number | null; title: string | null; key: string | null; at: string; dueAt: string | null },
) {
  return trx
    .insertInto("enrollments")
    .values({
      formation_id: o.formationId,
      session_id: o.sessionId,
      user_name: input.user_name,
      user_surname: input.user_surname,
      email: input.email,
      phone: input.phone,
      formation_chosen: o.title,
      enrollment_date: o.at,
      status: "pending",
      submission_key: o.key,
      payment_due_at: o.dueAt,
      // the page's language (or, for a claimed offer, the waiting list entry's): its messages' language
      language: input.language === "ar" ? "ar" : "fr",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
