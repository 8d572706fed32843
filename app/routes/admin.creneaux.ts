import { data } from "react-router";
import type { Route } from "./+types/admin.creneaux";
import { getDb } from "~/.server/db";
import { freeTimes } from "~/.server/repos/booking";
import type { FreeTimesAnswer } from "~/components/admin/front-desk/types";
import { isValidYmd, parseId } from "~/lib/rules";
import { SERVICES, type Service } from "~/lib/services";

/**
 * GET /admin/creneaux?service=…&date=YYYY-MM-DD[&except=id]: the free start times of a day for
 * a service under the staff rules (hours, closures, free chairs; no minimum notice or horizon),
 * for the agenda's 'Déplacer' and 'Ajouter' forms. `except`: the appointment being moved (its
 * own units count as free). Staff only (the admin route's guard runs first, and marks it no-store).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const service = params.get("service") ?? "";
  const date = params.get("date") ?? "";
  if (!(SERVICES as readonly string[]).includes(service) || !isValidYmd(date)) {
    return data({ message: "Service ou date invalide." }, { status: 400 });
  }
  const except = parseId(params.get("except"));
  const { day, next } = await freeTimes(getDb(), service as Service, date, { mode: "staff", exceptAppointment: except ?? undefined });
  const body: FreeTimesAnswer = {
    date: day.date,
    state: day.state,
    times: day.times,
    label: day.label,
    next: next ? { date: next.date, times: next.times } : null,
  };
  return body;
}
