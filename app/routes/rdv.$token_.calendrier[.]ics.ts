import type { Route } from "./+types/rdv.$token_.calendrier[.]ics";
import { getDb } from "~/.server/db";
import { getClinic } from "~/.server/clinic";
import { appointmentIcs, icsSequence } from "~/.server/ics";
import { personalLink } from "~/.server/personal-link";
import { appointmentLanguage } from "~/.server/message-language";
import { linkRefusalResponse, openPersonalLink, RDV_HEADERS } from "~/.server/rdv-actions";
import type { Appointment } from "~/.server/db/types";
import { requestInfo } from "~/context";

/**
 * GET /rdv/<token>/calendrier.ics: the appointment as a calendar file (app/.server/ics.ts), its
 * UID the same after a move and its SEQUENCE one more for each change, so that a calendar
 * updates the event it already has. The same token rules as the page: a wrong, malformed or
 * expired token is the same French 404 page, too many of them a 429.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  let appointment: Appointment;
  try {
    appointment = await openPersonalLink(params.token, context.get(requestInfo).clientIp);
  } catch (err) {
    const refusal = linkRefusalResponse(err, await getClinic());
    if (refusal) return refusal;
    throw err;
  }
  // the event's texts and link in the patient's language (app/lib/message-language.ts)
  const [sequence, clinic, locale] = await Promise.all([icsSequence(getDb(), appointment.id), getClinic(), appointmentLanguage(getDb(), appointment)]);
  const body = appointmentIcs(appointment, { link: personalLink(appointment, undefined, locale), sequence, clinic, locale });
  return new Response(body, {
    headers: {
      ...RDV_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="rendez-vous-${appointment.date}.ics"`,
    },
  });
}
