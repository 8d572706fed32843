import { redirect } from "react-router";

/** /admin opens today's agenda (the staff guard of the `admin` route has already run). */
export async function loader() {
  throw redirect("/admin/agenda");
}
