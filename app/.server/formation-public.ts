import { randomUUID } from "node:crypto";
import { data } from "react-router";
import {
  ENROLLMENT_MESSAGES,
  parseEnrollmentForm,
  type EnrollmentFieldErrors,
  type EnrollmentValues,
} from "~/lib/enrollment-schema";
import { getDb } from "./db";
import { sendEnrollmentEmails } from "./enrollment-mail";
import { log } from "./log";
import { checkFormRateLimit, isHoneypotFilled, RATE_LIMIT_MESSAGE } from "./rate-limit";
import { enroll } from "./repos/enrollments";
import { getActiveFormation, listActiveFormations, type FormationWithCount } from "./repos/formations";

/**
 * Server side of the public training pages (/formation, /syllabus, /inscription) and of the
 * enrolment form, shared by the dialog (posted through a fetcher) and the no-JavaScript page.
 */

/** A session as the public pages show it. */
export type PublicSession = Omit<FormationWithCount, "updated_at">;

function toPublic(f: FormationWithCount): PublicSession {
  return {
    id: f.id,
    title: f.title,
    description: f.description,
    duration_months: f.duration_months,
    max_participants: f.max_participants,
    price: f.price,
    is_active: f.is_active,
    syllabus: f.syllabus,
    created_at: f.created_at,
    taken: f.taken,
  };
}

/**
 * The active sessions, newest first. A failure is logged and answered with an empty list
 * (SPEC §8: the page shows its empty state or defaults).
 */
export async function loadActiveSessions(): Promise<{ sessions: PublicSession[]; loadFailed: boolean }> {
  try {
    const rows = await listActiveFormations(getDb());
    return { sessions: rows.map(toPublic), loadFailed: false };
  } catch (err) {
    log.error({ event: "formations_load_failed", err: err instanceof Error ? err.message : String(err) }, "public formations could not be loaded");
    return { sessions: [], loadFailed: true };
  }
}

/**
 * The formation a syllabus page shows: 'all' (or no id) is the newest active one; a number is
 * that formation if it is active. Anything else, or an unknown/inactive id, is `notFound`.
 */
export async function loadSyllabusFormation(idParam: string | undefined): Promise<{
  formation: PublicSession | null;
  sessions: PublicSession[];
  notFound: boolean;
  loadFailed: boolean;
}> {
  const { sessions, loadFailed } = await loadActiveSessions();
  if (idParam === undefined || idParam === "all") {
    return { formation: sessions[0] ?? null, sessions, notFound: false, loadFailed };
  }
  if (!/^\d{1,9}$/.test(idParam)) return { formation: null, sessions, notFound: true, loadFailed };
  const id = Number(idParam);
  const fromList = sessions.find((s) => s.id === id);
  if (fromList) return { formation: fromList, sessions, notFound: false, loadFailed };
  if (loadFailed) return { formation: null, sessions, notFound: false, loadFailed };
  try {
    const f = await getActiveFormation(getDb(), id);
    return f ? { formation: toPublic(f), sessions, notFound: false, loadFailed } : { formation: null, sessions, notFound: true, loadFailed };
  } catch (err) {
    log.error({ event: "formation_load_failed", err: err instanceof Error ? err.message : String(err) }, "formation could not be loaded");
    return { formation: null, sessions, notFound: false, loadFailed: true };
  }
}

/** The few fields the enrolment form's session choice needs. */
export function sessionOptions(sessions: PublicSession[]) {
  return sessions.map((s) => ({ id: s.id, title: s.title, taken: s.taken, max_participants: s.max_participants }));
}

export function newSubmissionKey(): string {
  return randomUUID();
}

export type EnrollActionData =
  | { ok: true; message: string; nextSubmissionKey: string }
  | { ok: false; message: string; fieldErrors: EnrollmentFieldErrors; values: EnrollmentValues | null };

const KEY_RE = /^[A-Za-z0-9-]{8,100}$/;

/**
 * Handle a posted enrolment: honeypot, per-IP rate limit, validation, the capacity-checked
 * insert (one write transaction, idempotent with the submission key), then the e-mails.
 * "Success" is answered only after COMMIT.
 */
export async function handleEnrollmentPost(request: Request, clientIp: string) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<EnrollActionData>({ ok: false, message: ENROLLMENT_MESSAGES.failure, fieldErrors: {}, values: null }, { status: 400 });
  }

  // A bot that filled the hidden field is answered as if all went well, and nothing is stored.
  if (isHoneypotFilled(form)) {
    log.info({ event: "enrollment_honeypot" }, "enrolment honeypot filled, ignored");
    return data<EnrollActionData>({ ok: true, message: ENROLLMENT_MESSAGES.success, nextSubmissionKey: newSubmissionKey() });
  }

  const parsed = parseEnrollmentForm(form);
  const values = parsed.values;

  try {
    const limit = await checkFormRateLimit("enrollment", clientIp);
    if (!limit.ok) {
      return data<EnrollActionData>(
        { ok: false, message: RATE_LIMIT_MESSAGE, fieldErrors: {}, values },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
  } catch (err) {
    log.error({ event: "rate_limit_failed", err: err instanceof Error ? err.message : String(err) }, "rate limit check failed");
    return data<EnrollActionData>({ ok: false, message: ENROLLMENT_MESSAGES.failure, fieldErrors: {}, values }, { status: 500 });
  }

  if (!parsed.success) {
    return data<EnrollActionData>({ ok: false, message: ENROLLMENT_MESSAGES.invalid, fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  }

  const rawKey = form.get("submission_key");
  const submissionKey = typeof rawKey === "string" && KEY_RE.test(rawKey) ? rawKey : null;
  const input = parsed.data;

  try {
    const result = await enroll(
      getDb(),
      {
        formation_id: input.formation_id,
        user_name: input.user_name,
        user_surname: input.user_surname,
        email: input.email,
        phone: input.phone,
      },
      { submissionKey },
    );
    if (!result.ok) {
      const message = result.reason === "full" ? ENROLLMENT_MESSAGES.full : ENROLLMENT_MESSAGES.unavailable;
      return data<EnrollActionData>({ ok: false, message, fieldErrors: { formation_id: message }, values }, { status: 409 });
    }
    if (!result.duplicate) {
      log.info({ event: "enrollment_created", enrollmentId: result.enrollment.id, formationId: result.enrollment.formation_id }, "enrolment created");
      let formation = null;
      if (input.formation_id !== null) {
        try {
          formation = (await getActiveFormation(getDb(), input.formation_id)) ?? null;
        } catch {
          formation = null;
        }
      }
      await sendEnrollmentEmails(result.enrollment, formation);
    }
    return data<EnrollActionData>({ ok: true, message: ENROLLMENT_MESSAGES.success, nextSubmissionKey: newSubmissionKey() });
  } catch (err) {
    log.error({ event: "enrollment_failed", err: err instanceof Error ? err.message : String(err) }, "enrolment could not be stored");
    return data<EnrollActionData>({ ok: false, message: ENROLLMENT_MESSAGES.failure, fieldErrors: {}, values }, { status: 500 });
  }
}
