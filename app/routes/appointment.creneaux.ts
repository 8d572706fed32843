import type { Route } from "./+types/appointment.creneaux";
import { loadDaySlots } from "~/.server/booking-slots";
import { formatDayLong, parseDayQuery } from "~/lib/slots-view";
import { todayInClinic } from "~/lib/clinic-time";

/**
 * GET /appointment/creneaux?service=…&date=YYYY-MM-DD: the free start times of that day for
 * that service under the public rules, as JSON (a `SlotsView`), for the booking form with
 * JavaScript. Nothing about the patient travels in the address. A missing or unknown service
 * or a date that is no real day is a 400 with a French message, never an error page.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const query = parseDayQuery((name) => params.get(name));
  const headers = { "Cache-Control": "no-store" };
  if (!query) return Response.json({ message: "Service ou date invalide." }, { status: 400, headers });
  // `lang=ar`: the Arabic page's status line (issue 32)
  const locale = params.get("lang") === "ar" ? "ar" : "fr";
  const { view } = await loadDaySlots(query.service, query.date, locale);
  // the next free day as the form says it ('Prochain jour libre : mardi 24 novembre'): the page's script formats no date
  const nextLabel = view.next ? formatDayLong(view.next, todayInClinic(), locale) : null;
  return Response.json({ ...view, nextLabel }, { headers });
}
