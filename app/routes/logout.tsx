import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/.server/session";
import { createToastHeader } from "~/.server/toast";

/**
 * A resource route, so React Router's own check of cross-site form posts (page routes only) does
 * not cover it: the same rule is applied here. An `Origin` header that is not this site's (or is
 * "null") is refused; no header at all is accepted, as React Router accepts it.
 */
function isCrossSite(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

/** POST only: a GET never changes data. */
export async function action({ request }: Route.ActionArgs) {
  if (isCrossSite(request)) {
    throw new Response("Accès refusé : cette demande de déconnexion ne vient pas du site.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request));
  headers.append("Set-Cookie", await createToastHeader(request, { type: "success", description: "Vous avez été déconnecté." }));
  throw redirect("/login", { headers });
}

export async function loader() {
  throw redirect("/login");
}
