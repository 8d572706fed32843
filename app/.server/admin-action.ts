import { data } from "react-router";
import { formOrNull } from "~/lib/form-body";
import { errorCode, log } from "./log";

/**
 * The one policy of the staff actions: an action reads its form once with `readForm`, dispatches
 * on `intent` with one `switch` into named functions, and runs each write in `guarded`, which
 * logs a failure by screen, intent and error code (never the row's data) and answers the
 * screen's own French failure.
 */

/** The posted form; a body that is not a form is a 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  const form = await formOrNull(request);
  if (!form) throw data({ message: "Requête invalide." }, { status: 400 });
  return form;
}

/** The posted `intent`, or "" when absent. */
export function intentOf(form: FormData): string {
  const v = form.get("intent");
  return typeof v === "string" ? v : "";
}

/** Run one write of a staff screen; a thrown error is logged and becomes `onError()`. */
export async function guarded<T>(screen: string, intent: string, run: () => Promise<T>, onError: () => T): Promise<T> {
  try {
    return await run();
  } catch (err) {
    // A Response thrown on purpose (redirect, 4xx) is not a failure.
    if (err instanceof Response || (err && typeof err === "object" && "type" in err && (err as { type: unknown }).type === "DataWithResponseInit")) throw err;
    log.error({ event: "admin_action_failed", screen, intent, ...errorCode(err) }, "staff action failed");
    return onError();
  }
}
