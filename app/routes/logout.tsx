import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/.server/session";
import { createToastHeader } from "~/.server/toast";

/** POST only: a GET never changes data. */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request));
  headers.append("Set-Cookie", await createToastHeader(request, { type: "success", description: "Vous avez été déconnecté." }));
  throw redirect("/login", { headers });
}

export async function loader() {
  throw redirect("/login");
}
