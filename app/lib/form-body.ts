/**
 * The one place where a request's body is read as a form (app/routes.size.test.ts keeps it so).
 * Server actions read it through `readForm` (app/.server/admin-action.ts), which answers 400 to
 * a body that is not a form; the public form pipeline, the middlewares and the browser's
 * `clientAction`s use the readers below.
 */

/** The posted form; rejects, as `Request.formData()` does, when the body is not a form. */
export function formOf(request: Request): Promise<FormData> {
  return request.formData();
}

/** The posted form, or null when the body is not a form. */
export async function formOrNull(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** The posted form read from a copy: the body stays whole for the next reader (the server action, the pipeline). */
export function peekForm(request: Request): Promise<FormData> {
  return request.clone().formData();
}

/**
 * Whether a post asks for the JSON answer (an island: the booking form, the enrolment dialog)
 * rather than the answer page rendered for a post without JavaScript.
 */
export function wantsJson(request: Request): boolean {
  return request.method.toUpperCase() === "POST" && (request.headers.get("Accept") ?? "").split(",").some((t) => t.trim().split(";")[0] === "application/json");
}
