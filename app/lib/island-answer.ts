/**
 * What an island's JSON answer says of a refused post (lib/booking-answer.ts,
 * lib/enrollment-answer.ts): the form's own message and the first French message of each field,
 * read from the pipeline's reply (Conform's `SubmissionResult.error`, structurally: no Conform at
 * run time, this module goes into the islands' bundles).
 */
export function answerMessages<F extends string>(
  error: Record<string, string[] | null | undefined> | null | undefined,
  fields: readonly F[],
): { formError: string | null; fieldErrors: Partial<Record<F, string>> } {
  const errors = error ?? {};
  const fieldErrors: Partial<Record<F, string>> = {};
  for (const name of fields) {
    const first = errors[name]?.find(Boolean);
    if (first) fieldErrors[name] = first;
  }
  return { formError: errors[""]?.find(Boolean) ?? null, fieldErrors };
}
