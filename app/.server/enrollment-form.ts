import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-messages";
import { enrollmentSchema, type EnrollmentInput } from "~/lib/enrollment-schema";
import { getDb } from "./db";
import { sendEnrollmentEmails } from "./enrollment-mail";
import { errorCode, log } from "./log";
import { handlePublicForm, type StoreOutcome } from "./public-form";
import { enroll, type Enrollment } from "./repos/enrollments";
import { getActiveFormation } from "./repos/formations";

/**
 * The enrolment action (docs/product.md, "Enrolment"), shared by the dialog (a fetcher) and the
 * page /inscription (a plain post without JavaScript): the public form pipeline with the
 * enrolment schema, `enroll` as the store step (capacity checked in the same transaction, one row
 * per submission key), and the e-mails after COMMIT. Answers the pipeline's reply.
 */
export async function handleEnrollmentPost(request: Request, clientIp: string) {
  const { reply } = await handlePublicForm({
    request,
    clientIp,
    scope: "enrollment",
    schema: enrollmentSchema,
    failureMessage: ENROLLMENT_MESSAGES.failure,
    store: storeEnrollment,
    afterCommit: notifyEnrollment,
  });
  return reply;
}

/** A full or withdrawn formation is a refusal, said beside the choice of formation and above the form. */
async function storeEnrollment({ consent: _consent, ...input }: EnrollmentInput, submissionKey: string | null): Promise<StoreOutcome<Enrollment>> {
  const result = await enroll(getDb(), input, { submissionKey });
  if (!result.ok) {
    const message = result.reason === "full" ? ENROLLMENT_MESSAGES.full : ENROLLMENT_MESSAGES.unavailable;
    return { ok: false, status: 409, formError: message, fieldErrors: { formation_id: [message] } };
  }
  return { ok: true, value: result.enrollment, duplicate: result.duplicate };
}

/** The trainee's confirmation and the clinic's notice, queued in the outbox. */
async function notifyEnrollment(enrollment: Enrollment): Promise<void> {
  log.info({ event: "enrollment_created", enrollmentId: enrollment.id, formationId: enrollment.formation_id }, "enrolment created");
  let formation = null;
  if (enrollment.formation_id !== null) {
    try {
      formation = (await getActiveFormation(getDb(), enrollment.formation_id)) ?? null;
    } catch (err) {
      // the e-mails still go, without the formation's details
      log.warn({ event: "enrollment_mail_formation_failed", ...errorCode(err) }, "formation of the enrolment e-mails could not be read");
    }
  }
  await sendEnrollmentEmails(enrollment, formation);
}
