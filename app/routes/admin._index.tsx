import { redirect } from "react-router";
import type { Route } from "./+types/admin._index";
import { requireStaff } from "~/.server/session";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw redirect("/admin/appointments");
}
