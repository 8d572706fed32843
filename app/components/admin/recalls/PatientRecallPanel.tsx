import { BellOff, BellRing } from "~/components/admin/icons";
import { Form, useLocation } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { formatCalendarDate, formatDateTime } from "~/lib/format";
import { RECALL_PATH } from "~/lib/recall";

interface Props {
  patientId: number;
  recalls: { optOutAt: string | null; optOutBy: string | null; recalls: { service: string; visitDate: string; due: string; sentAt: string | null; sentBy: string | null }[] };
}

/**
 * 'Rappels de suivi' on the patient's record (issue 31): each service's next due day and its last
 * relance, and 'Ne plus me rappeler' — who set it and when, with the button that lifts it (or sets
 * it, for a patient who asks by phone). The form posts to /admin/suivis and comes back here.
 */
export function PatientRecallPanel({ patientId, recalls }: Props) {
  const location = useLocation();
  const canChange = useCan("patient:update");
  const stopped = recalls.optOutAt !== null;
  return (
    <section aria-labelledby="patient-recalls" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="patient-recalls" className="flex items-center gap-2 font-sans text-lg font-semibold text-navy-900">
        {stopped ? <BellOff aria-hidden className="h-5 w-5 text-amber-700" /> : <BellRing aria-hidden className="h-5 w-5 text-teal-600" />}
        Rappels de suivi
      </h2>
      {stopped && (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-600/30" data-testid="recall-opt-out">
          Ne plus me rappeler : demandé le {formatDateTime(recalls.optOutAt)}
          {recalls.optOutBy ? ` (${recalls.optOutBy === "Patient" ? "par le patient, depuis le lien du message" : `noté par ${recalls.optOutBy}`})` : ""}. Ce patient n'apparaît plus dans les suivis à proposer.
        </p>
      )}
      {recalls.recalls.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Aucun rappel prévu : pas de visite « Honoré » d'un soin à renouveler.</p>
      ) : (
        <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
          {recalls.recalls.map((r) => (
            <li key={r.service}>
              <span className="font-medium text-navy-900">{r.service}</span> : à revoir le {formatCalendarDate(r.due)} (visite du {formatCalendarDate(r.visitDate)})
              {r.sentAt ? ` · relancé le ${formatDateTime(r.sentAt)}${r.sentBy ? ` par ${r.sentBy}` : ""}` : ""}
            </li>
          ))}
        </ul>
      )}
      {canChange && (
        <Form method="post" action={RECALL_PATH} className="mt-4">
          <input type="hidden" name="intent" value={stopped ? "recall-optin" : "recall-optout"} />
          <input type="hidden" name="id" value={patientId} />
          <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
          <button type="submit" className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 sm:w-auto">
            {stopped ? "Rétablir les rappels de suivi" : "Ne plus rappeler ce patient"}
          </button>
        </Form>
      )}
    </section>
  );
}
