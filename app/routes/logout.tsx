import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { setFlash } from "~/.server/flash";
import { endSession } from "~/.server/session";

/** POST only: a GET never changes data. */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request));
  headers.append("Set-Cookie", await setFlash(request, "Vous avez été déconnecté."));
  throw redirect("/login", { headers });
}

export async function loader() {
  throw redirect("/login");
}
