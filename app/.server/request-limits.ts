import { data, type MiddlewareFunction } from "react-router";
import { requestInfo } from "~/context";
import { MAX_FORM_BYTES } from "./uploads";
import { peekForm } from "~/lib/form-body";
import { PHOTO_MAX_BYTES } from "~/lib/media";

/**
 * Request bodies are bounded before anything parses them (docs/decisions/006-request-limits.md).
 * The HTTP server (server/app.js) asks `bodyLimitFor` for the limit of each request, reads at
 * most that many bytes, counted on the stream (chunked bodies too), and tells the app through
 * the load context when a body was larger; `requestGuard`, the root route's middleware, then
 * answers 413 before any loader or action runs, with the French error page.
 */

/** Public forms, sign-in, sign-out and every other request: text fields only. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;
/** Staff screens: a formation's syllabus is a long text form. */
export const STAFF_FORM_BODY_MAX_BYTES = 1024 * 1024;
/** The blog editor posting a picture (multipart): the upload's own limit, text fields included. */
export const UPLOAD_FORM_BODY_MAX_BYTES = MAX_FORM_BYTES;
/** The photo screens (site photos, before/after cases: two photos at most per form). */
export const PHOTO_FORM_BODY_MAX_BYTES = 2 * PHOTO_MAX_BYTES + 1024 * 1024;
const PHOTO_PATHS = new Set(["/admin/photos", "/admin/galerie"]);

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The largest body accepted for a request, by its path (as sent, `.data` client requests
 * included) and its Content-Type.
 */
export function bodyLimitFor(pathname: string, contentType: string | undefined): number {
  const path = pathname.toLowerCase().replace(/\.data$/, "").replace(/\/+$/, "");
  if (path === "/admin/blog" && /^multipart\/form-data/i.test(contentType ?? "")) return UPLOAD_FORM_BODY_MAX_BYTES;
  if (PHOTO_PATHS.has(path) && /^multipart\/form-data/i.test(contentType ?? "")) return PHOTO_FORM_BODY_MAX_BYTES;
  if (path === "/admin" || path.startsWith("/admin/")) return STAFF_FORM_BODY_MAX_BYTES;
  return FORM_BODY_MAX_BYTES;
}

/** Every action of the site reads a form: a body that is not one is refused here, with a 400. */
async function isReadableForm(request: Request): Promise<boolean> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) return false;
  try {
    await peekForm(request);
    return true;
  } catch {
    return false;
  }
}

/**
 * The root route's middleware: a body over its limit is a 413, and a body that is not a readable
 * form (JSON, plain text, a broken multipart) is a 400, before any loader or action runs; the
 * root error boundary shows the French page.
 */
export const requestGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (context.get(requestInfo).bodyTooLarge) {
    throw data({ message: "Les données envoyées dépassent la taille permise." }, { status: 413 });
  }
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD" && !(await isReadableForm(request))) {
    throw data({ message: "Requête invalide." }, { status: 400 });
  }
  return next();
};
