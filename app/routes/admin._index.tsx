import { redirect } from "react-router";

/** /admin opens the appointments (the staff guard of the `admin` route has already run). */
export async function loader() {
  throw redirect("/admin/appointments");
}
