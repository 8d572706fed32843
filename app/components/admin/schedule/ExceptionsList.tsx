import { CalendarX2, ChevronDown, Clock, Trash2 } from "~/components/admin/icons";
import type { ReactNode } from "react";
import type { ScheduleException } from "~/lib/schedule";
import { formatRanges } from "~/lib/schedule";
import { formatLongDay } from "~/lib/schedule-form";
import { Alert } from "~/components/ui/Alert";
import type { ScheduleResult } from "~/lib/schedule-view";
import { SavedNote } from "./ScheduleSection";
import { useSection } from "./use-section";

function Period({ e }: { e: ScheduleException }) {
  return e.startDate === e.endDate ? (
    <>le {formatLongDay(e.startDate)}</>
  ) : (
    <>
      du {formatLongDay(e.startDate)} au {formatLongDay(e.endDate)}
    </>
  );
}

/**
 * A period's icon, then its text (label, 'En cours', the days, closed or special hours), shared by
 * the editable list and the read-only view (ScheduleReadOnly.tsx); `children` come under the text.
 */
export function ExceptionIcon({ e }: { e: ScheduleException }) {
  const closed = e.ranges.length === 0;
  const Icon = closed ? CalendarX2 : Clock;
  return (
    <span aria-hidden className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ${closed ? "bg-red-50 text-red-700" : "bg-amber-50 text-amber-700"}`}>
      <Icon className="h-5 w-5" />
    </span>
  );
}

export function ExceptionText({ e, today, children }: { e: ScheduleException; today: string; children?: ReactNode }) {
  const closed = e.ranges.length === 0;
  const current = e.startDate <= today && today <= e.endDate;
  return (
    <div className="min-w-0 flex-1">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-navy-900">
        {e.label}
        {current && <span className="rounded-full bg-teal-600 px-2 py-0.5 text-xs font-semibold text-white">En cours</span>}
      </p>
      <p className="text-sm text-slate-600">
        <Period e={e} />
      </p>
      <p className={`mt-1 text-sm font-medium ${closed ? "text-red-700" : "text-amber-800"}`}>{closed ? "Fermé toute la journée" : `Horaires spéciaux : ${formatRanges(e.ranges)}`}</p>
      {children}
    </div>
  );
}

/**
 * One period of the list, with 'Supprimer' and its confirmation in place (a <details>: it opens
 * without JavaScript too), and the refusal if the delete failed. The delete's fetcher is the
 * list's: a deleted row goes away, the list (and its toast) stays.
 */
function ExceptionItem({ e, today, del }: { e: ScheduleException; today: string; del: ReturnType<typeof useSection> }) {
  const { fetcher, answer } = del;
  const saving = del.saving && fetcher.formData?.get("id") === String(e.id);
  const failure = answer && !answer.ok && answer.id === e.id ? answer.message : undefined;
  return (
    <li className="flex gap-3 p-3 sm:p-4">
      <ExceptionIcon e={e} />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start">
        <ExceptionText e={e} today={today}>
          {failure && (
            <Alert tone="error" className="mt-2">
              <p>{failure}</p>
            </Alert>
          )}
        </ExceptionText>
        <details className="group/confirm shrink-0 sm:text-right">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
            <Trash2 aria-hidden className="h-4 w-4" />
            <span className="group-open/confirm:hidden">Supprimer</span>
            <span className="hidden group-open/confirm:inline">Ne pas supprimer</span>
            <span className="sr-only"> : {e.label}</span>
          </summary>
          <fetcher.Form method="post" className="mt-2 rounded-xl bg-red-50 p-3 text-left ring-1 ring-red-200 sm:w-72">
            <input type="hidden" name="intent" value="exception-delete" />
            <input type="hidden" name="id" value={e.id} />
            <p className="text-sm text-red-900">
              Supprimer « {e.label} » ? Ces jours reprendront les horaires de la semaine.
            </p>
            <button type="submit" disabled={saving} className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60">
              {saving ? "Suppression..." : "Oui, supprimer"}
            </button>
          </fetcher.Form>
        </details>
      </div>
    </li>
  );
}

/** The periods to come (and, folded, the recent past ones), each with 'Supprimer'. */
export function ExceptionsList({ upcoming, past, today, actionData }: { upcoming: ScheduleException[]; past: ScheduleException[]; today: string; actionData?: ScheduleResult }) {
  const del = useSection("exception-delete", actionData);
  return (
    <div className="space-y-4">
      {/* a delete done without JavaScript: its row is gone, so the list says it */}
      <SavedNote text={del.savedText} />
      {upcoming.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">Aucune fermeture ni horaire spécial à venir.</p>
      ) : (
        <ul aria-label="Périodes à venir" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {upcoming.map((e) => (
            <ExceptionItem key={e.id} e={e} today={today} del={del} />
          ))}
        </ul>
      )}
      {past.length > 0 && (
        <details className="group/past rounded-xl ring-1 ring-slate-200">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-4 text-sm font-semibold text-slate-700 [&::-webkit-details-marker]:hidden">
            Périodes passées ({past.length})
            <ChevronDown aria-hidden className="h-4 w-4 transition group-open/past:rotate-180" />
          </summary>
          <ul aria-label="Périodes passées" className="divide-y divide-slate-100 border-t border-slate-100">
            {past.map((e) => (
              <ExceptionItem key={e.id} e={e} today={today} del={del} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
