import { Award, Check, FileDown, Loader2, Mail, Undo2, X } from "~/components/admin/icons";
import { Form, Link, useFetcher } from "react-router";
import { ConfirmAction } from "~/components/admin/ConfirmAction";
import { useCan } from "~/components/admin/permissions";
import { formatDayFull } from "~/lib/format";

/**
 * The attendance sheet of a course session (issue 31, item 6), made for a phone held in one hand:
 * the day's chips on top, then one row per participant with two large buttons, 'Présent' and
 * 'Absent' (one tap; the pressed one is filled). Each tap is a POST (a fetcher; a plain post
 * without JavaScript) that the server checks and stores.
 */

export interface SheetParticipant {
  enrollmentId: number;
  name: string;
  email: string;
  marks: Record<string, boolean>;
  certificate: { id: number; number: string; code: string; revokedAt: string | null } | null;
}

interface Reply {
  ok: boolean;
  message: string;
}

const BTN = "inline-flex min-h-11 min-w-24 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold ring-1 ring-inset transition disabled:opacity-60";

export function DayChips({ days, day }: { days: string[]; day: string | null }) {
  return (
    <nav aria-label="Jours de la session" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {days.map((d) => (
        <Link
          key={d}
          to={`?jour=${d}`}
          aria-current={d === day ? "date" : undefined}
          className={`inline-flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset first-letter:uppercase ${d === day ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-50"}`}
        >
          {formatDayFull(d).replace(/ \d{4}$/, "")}
        </Link>
      ))}
    </nav>
  );
}

export function ParticipantRow({ p, day, daysHeld }: { p: SheetParticipant; day: string | null; daysHeld: string[] }) {
  const canMark = useCan("attendance:mark");
  const fetcher = useFetcher<Reply>();
  const pending = fetcher.formData?.get("present");
  const mark = pending !== undefined && pending !== null ? pending === "1" : day ? p.marks[day] : undefined;
  const presentDays = daysHeld.filter((d) => p.marks[d]).length;
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 grow">
        <p className="font-semibold text-navy-900">{p.name}</p>
        <p className="text-sm text-slate-600">
          {daysHeld.length === 0 ? "Aucun jour marqué" : `Présent(e) ${presentDays} jour${presentDays > 1 ? "s" : ""} sur ${daysHeld.length}`}
          {day && mark === undefined && " · pas encore marqué ce jour"}
        </p>
        {refused && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {refused}
          </p>
        )}
      </div>
      {day && canMark && (
        <fetcher.Form method="post" className="flex shrink-0 gap-2">
          <input type="hidden" name="intent" value="mark" />
          <input type="hidden" name="enrollment" value={p.enrollmentId} />
          <input type="hidden" name="day" value={day} />
          <button
            type="submit"
            name="present"
            value="1"
            aria-pressed={mark === true}
            aria-label={`${p.name} : présent(e)`}
            className={`${BTN} ${mark === true ? "bg-emerald-700 text-white ring-emerald-700" : "bg-white text-emerald-800 ring-emerald-300 hover:bg-emerald-50"}`}
          >
            {fetcher.state !== "idle" && pending === "1" ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Check aria-hidden className="h-4 w-4" />}
            Présent
          </button>
          <button
            type="submit"
            name="present"
            value="0"
            aria-pressed={mark === false}
            aria-label={`${p.name} : absent(e)`}
            className={`${BTN} ${mark === false ? "bg-rose-700 text-white ring-rose-700" : "bg-white text-rose-800 ring-rose-300 hover:bg-rose-50"}`}
          >
            {fetcher.state !== "idle" && pending === "0" ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <X aria-hidden className="h-4 w-4" />}
            Absent
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

/** The certificates' block: issue them (from the last day), download them, resend or withdraw one. */
export function Certificates({ sessionId, participants, ended, endDay }: { sessionId: number; participants: SheetParticipant[]; ended: boolean; endDay: string }) {
  const canIssue = useCan("certificate:issue");
  const issued = participants.filter((p) => p.certificate);
  const live = issued.filter((p) => !p.certificate!.revokedAt);
  return (
    <section aria-labelledby="certificates-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-6">
      <h2 id="certificates-title" className="flex items-center gap-2 font-sans text-base font-semibold text-navy-900">
        <Award aria-hidden className="h-5 w-5 text-teal-700" />
        Attestations de présence
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Une attestation pour chaque participant présent au moins un jour, envoyée par e-mail avec son PDF et un lien de vérification.
        {!ended && ` Elles se délivrent à partir du dernier jour, le ${formatDayFull(endDay)}.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {canIssue && ended && (
          <Form method="post">
            <input type="hidden" name="intent" value="issue" />
            <button type="submit" className="btn-primary min-h-11">
              <Award aria-hidden className="h-4 w-4" />
              Délivrer les attestations
            </button>
          </Form>
        )}
        {live.length > 0 && (
          <a href={`/admin/presences/${sessionId}/attestations.pdf`} className="btn-outline min-h-11 text-navy-900" download>
            <FileDown aria-hidden className="h-4 w-4" />
            Télécharger toutes les attestations (PDF)
          </a>
        )}
      </div>
      {issued.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200">
          {issued.map((p) => (
            <li key={p.enrollmentId} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <span className="grow">
                <span className="font-medium text-navy-900">{p.name}</span> — n° {p.certificate!.number}
                {p.certificate!.revokedAt && <span className="ml-2 rounded bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">Retirée</span>}
              </span>
              <a href={`/admin/attestations/${p.certificate!.id}/pdf`} className="btn-ghost min-h-11" download>
                <FileDown aria-hidden className="h-4 w-4" />
                PDF
              </a>
              {canIssue && !p.certificate!.revokedAt && (
                <>
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="id" value={p.certificate!.id} />
                    <button type="submit" className="btn-ghost min-h-11" aria-label={`Renvoyer l'attestation de ${p.name} par e-mail`}>
                      <Mail aria-hidden className="h-4 w-4" />
                      Renvoyer
                    </button>
                  </Form>
                  <ConfirmAction id={p.certificate!.id} intent="revoke" summary="Retirer…" icon={Undo2} danger confirmLabel={`Retirer l'attestation de ${p.name}`} busyLabel="Retrait…">
                    <p>La page de vérification dira que cette attestation a été retirée. Son numéro reste pris.</p>
                  </ConfirmAction>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
