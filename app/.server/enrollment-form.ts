import { toEnrollmentAnswer } from "~/lib/enrollment-answer";
import { ENROLLMENT_KEYS } from "~/lib/enrollment-messages";
import { localeOf, type Locale } from "~/i18n";
import { enrollmentSchema, type EnrollmentInput } from "~/lib/enrollment-schema";
import type { FormationOption } from "~/lib/formation";
import { getDb } from "./db";
import { sendEnrollmentEmails } from "./enrollment-mail";
import { errorCode, log } from "./log";
import { handlePublicForm, type StoreOutcome } from "./public-form";
import { enroll, type Enrollment } from "./repos/enrollments";
import { getActiveFormation } from "./repos/formations";
import { formationOptions as toOptions, loadActiveFormations } from "./formation-public";

/**
 * The enrolment action (docs/product.md, "Enrolment"), shared by the enrolment island (a post
 * with `Accept: application/json`, answered by `enrollmentJson`) and the page /inscription: the public form pipeline with the
 * enrolment schema, `enroll` as the store step (capacity checked in the same transaction, one row
 * per submission key), and the e-mails after COMMIT. Answers the pipeline's reply.
 */
export async function handleEnrollmentPost(request: Request, clientIp: string) {
  // the page's language (/ar/inscription: Arabic): the answer's messages, the enrolment's language
  const locale = localeOf(new URL(request.url).pathname);
  const { reply } = await handlePublicForm({
    locale,
    request,
    clientIp,
    scope: "enrollment",
    schema: enrollmentSchema,
    failureMessage: ENROLLMENT_KEYS.failure,
    store: (input, key) => storeEnrollment(input, key, locale),
    afterCommit: notifyEnrollment,
  });
  return reply;
}

/** A full or withdrawn formation is a refusal, said beside the choice of formation and above the form. */
async function storeEnrollment({ consent: _consent, ...input }: EnrollmentInput, submissionKey: string | null, language: Locale): Promise<StoreOutcome<Enrollment>> {
  const result = await enroll(getDb(), { ...input, language }, { submissionKey });
  if (!result.ok) {
    if (result.reason === "session_required") {
      return { ok: false, status: 400, formError: ENROLLMENT_KEYS.invalid, fieldErrors: { session_id: [ENROLLMENT_KEYS.sessionRequired] } };
    }
    const message = result.reason === "full" ? ENROLLMENT_KEYS.full : ENROLLMENT_KEYS.unavailable;
    const field = input.session_id != null ? "session_id" : "formation_id";
    return { ok: false, status: 409, formError: message, fieldErrors: { [field]: [message] } };
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


/**
 * The enrolment island's answer (lib/enrollment-answer.ts): the same pipeline as the page's post,
 * with its status (400, 409, 429 with its Retry-After, 503) and headers, never cached. After a
 * success it carries the formations' places, read after the commit (null if they cannot be read:
 * the enrolment is stored all the same).
 */
export async function enrollmentJson(request: Request, clientIp: string): Promise<Response> {
  const reply = await handleEnrollmentPost(request, clientIp);
  let options: FormationOption[] | null = null;
  if (reply.data.status === "success") {
    try {
      const { formations, loadFailed } = await loadActiveFormations();
      options = loadFailed ? null : toOptions(formations);
    } catch (err) {
      log.warn({ event: "enrollment_places_failed", ...errorCode(err) }, "places after an enrolment could not be read");
    }
  }
  const headers = new Headers(reply.init?.headers);
  headers.set("Cache-Control", "no-store");
  headers.set("Vary", "Accept");
  return Response.json(toEnrollmentAnswer(reply.data, options), { status: reply.init?.status ?? 200, headers });
}
