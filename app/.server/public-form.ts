import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { formOrNull } from "~/lib/form-body";
import { parseSubmissionKey } from "~/lib/rules";
import type { Locale } from "~/i18n";
import { localizeErrors } from "~/i18n/messages";
import { log, errorCode } from "./log";
import { checkFormRateLimit, isHoneypotFilled } from "./rate-limit";

/**
 * The one pipeline of the public forms (booking, enrolment), in this order:
 * rate limit → honeypot → parse → idempotency key → the repo's transaction → reply, and only
 * after COMMIT. Logs carry the form's scope, ids and error codes, never what a visitor typed.
 */

/** The rate limit's refusal (its French text: RATE_LIMIT_MESSAGE of ./rate-limit). */
const RATE_LIMIT_KEY = "forms.rateLimit";

/** What a public form's action answers: Conform's reply and the key for the next post. */
export interface PublicFormReply {
  status: "success" | "error";
  result: SubmissionResult<string[]>;
  /** a fresh key after a success; after a refusal the same key, so that a retry stores one row */
  submissionKey: string;
}

/**
 * What the repo step reports: stored (perhaps a resend of a stored post), or refused with a
 * reason and, for the caller, what it learnt while refusing (`detail`).
 */
export type StoreOutcome<T, R = never> =
  | { ok: true; value: T; duplicate: boolean }
  | { ok: false; status: number; formError: string; fieldErrors?: Record<string, string[]>; detail?: R };

/** The answer of a public form's action, with its status and headers. */
type Reply = ReturnType<typeof data<PublicFormReply>>;

/** What `handlePublicForm` returns: the answer, and what the store step stored or refused. */
export interface PublicFormOutcome<T, R = never> {
  reply: Reply;
  /** the row stored, or the one a resent post had stored; null when nothing was stored */
  stored: T | null;
  /** the `detail` of the store step's refusal; null when it did not refuse */
  refused: R | null;
}

export async function handlePublicForm<Schema extends z.ZodType, T, R = never>({
  request,
  clientIp,
  scope,
  schema,
  failureMessage,
  store,
  afterCommit,
  locale = "fr",
}: {
  request: Request;
  clientIp: string;
  scope: "booking" | "enrollment" | "waitlist";
  schema: Schema;
  /** shown when the data could not be stored (or the limit not checked) */
  failureMessage: string;
  /** the repo call, one transaction, idempotent with the key */
  store: (value: z.output<Schema>, submissionKey: string | null) => Promise<StoreOutcome<T, R>>;
  /** after COMMIT, for a new row only (e-mails through the outbox) */
  afterCommit?: (value: T, input: z.output<Schema>) => Promise<void>;
  /**
   * The page's language (its URL's): every message of the reply, a catalogue key or a sentence
   * (app/i18n/messages.ts), is answered as its text in that language.
   */
  locale?: Locale;
}): Promise<PublicFormOutcome<T, R>> {
  const answer = (reply: Reply, stored: T | null = null, refused: R | null = null): PublicFormOutcome<T, R> => {
    reply.data.result.error = localizeErrors(locale, reply.data.result.error);
    return { reply, stored, refused };
  };
  const form = await formOrNull(request);
  if (!form) {
    return answer(
      data<PublicFormReply>({ status: "error", result: { status: "error", error: { "": [failureMessage] } }, submissionKey: randomUUID() }, { status: 400 }),
    );
  }
  const submission = parseWithZod(form, { schema });
  const postedKey = parseSubmissionKey(form.get("submission_key"));
  const refuse = (status: number, formErrors: string[], headers?: HeadersInit) =>
    answer(data<PublicFormReply>({ status: "error", result: submission.reply({ formErrors }), submissionKey: postedKey ?? randomUUID() }, { status, headers }));

  try {
    const limit = await checkFormRateLimit(scope, clientIp);
    if (!limit.ok) {
      log.warn({ event: `${scope}_rate_limited` }, "public form refused: rate limit");
      return refuse(429, [RATE_LIMIT_KEY], { "Retry-After": String(limit.retryAfterSeconds) });
    }
  } catch (err) {
    log.error({ event: `${scope}_rate_limit_failed`, ...errorCode(err) }, "rate limit check failed");
    return refuse(503, [failureMessage]);
  }

  // A bot filled the hidden field: answer as if all went well, store nothing.
  if (isHoneypotFilled(form)) {
    log.info({ event: `${scope}_honeypot` }, "public form ignored: honeypot filled");
    return answer(data<PublicFormReply>({ status: "success", result: submission.reply({ resetForm: true }), submissionKey: randomUUID() }));
  }

  if (submission.status !== "success") {
    return answer(data<PublicFormReply>({ status: "error", result: submission.reply(), submissionKey: postedKey ?? randomUUID() }, { status: 400 }));
  }

  let outcome: StoreOutcome<T, R>;
  try {
    outcome = await store(submission.value, postedKey);
  } catch (err) {
    log.error({ event: `${scope}_store_failed`, ...errorCode(err) }, "public form could not be stored");
    return refuse(503, [failureMessage]);
  }
  if (!outcome.ok) {
    return answer(
      data<PublicFormReply>(
        {
          status: "error",
          result: submission.reply({ formErrors: [outcome.formError], fieldErrors: outcome.fieldErrors }),
          submissionKey: postedKey ?? randomUUID(),
        },
        { status: outcome.status },
      ),
      null,
      outcome.detail ?? null,
    );
  }

  if (outcome.duplicate) {
    log.info({ event: `${scope}_duplicate` }, "public form resent: the stored row is kept");
  } else {
    log.info({ event: `${scope}_stored` }, "public form stored");
    // Queued in the outbox: SMTP never delays the visitor and never loses the request.
    if (afterCommit) {
      try {
        await afterCommit(outcome.value, submission.value);
      } catch (err) {
        log.error({ event: `${scope}_after_commit_failed`, ...errorCode(err) }, "notification could not be queued");
      }
    }
  }
  return answer(data<PublicFormReply>({ status: "success", result: submission.reply({ resetForm: true }), submissionKey: randomUUID() }), outcome.value);
}
