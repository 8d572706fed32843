import { ChevronRight, Clock, History, MessageSquareText, MoveRight } from "~/components/admin/icons";
import { useState, type ReactNode } from "react";
import { useCan } from "~/components/admin/permissions";
import { ContactLinks } from "~/components/admin/front-desk/ContactLinks";
import { HistoryList } from "~/components/admin/front-desk/HistoryList";
import { MoveForm } from "~/components/admin/front-desk/MoveForm";
import { StatusActions } from "~/components/admin/front-desk/StatusActions";
import { STATUS_ACCENT, StatusBadge } from "~/components/admin/front-desk/StatusBadge";
import type { HistoryEntryView } from "~/components/admin/front-desk/types";
import { PresenceBadge } from "~/components/admin/reminders/ReminderNote";
import { CANCELLED_BY_LABELS } from "~/lib/appointment-status";
import { formatDA } from "~/lib/money";
import type { AgendaItem } from "./model";

/**
 * One appointment of the day list: time and end, patient, service, phone, status, what is still
 * due, the patient's message (two lines; in full when printed), the one-tap contact links and
 * status actions, and the disclosures: 'Déplacer vers…' (`moveTo`: the day's free times, the
 * grid's keyboard path), 'Déplacer' (another day, or forced) and 'Historique'.
 * Printed, only the facts remain (no buttons).
 */
export function AgendaCard({ item, history, showChair, moveTo }: { item: AgendaItem; history: HistoryEntryView[]; showChair: boolean; moveTo?: ReactNode }) {
  const [moveOpen, setMoveOpen] = useState(false);
  // 'Déplacer' and the status actions need `appointment:update` (StatusActions checks it itself)
  const movable = useCan("appointment:update") && (item.status === "requested" || item.status === "confirmed");
  const muted = item.status === "cancelled" || item.status === "no_show";
  return (
    <article
      id={`rdv-${item.id}`}
      data-appointment-id={item.id}
      aria-labelledby={`rdv-${item.id}-name`}
      className={`scroll-mt-4 rounded-xl border-l-4 bg-white shadow-sm ring-1 ring-slate-200 print:break-inside-avoid print:rounded-none print:shadow-none print:ring-slate-300 ${STATUS_ACCENT[item.status]}`}
    >
      <div className="flex gap-4 p-3 sm:p-4">
        <div className="hidden w-16 shrink-0 pt-0.5 sm:block print:block">
          <Time item={item} muted={muted} />
          {showChair && (
            <div className="mt-2">
              <ChairTag chair={item.chair} />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 sm:items-start">
            <p className="order-1 flex items-baseline gap-2 sm:hidden print:hidden">
              <span className={`text-lg font-bold tabular-nums text-navy-900 ${muted ? "text-slate-400 line-through decoration-1" : ""}`}>{item.time}</span>
              <span className="text-xs tabular-nums text-slate-500">→ {item.end}</span>
              {showChair && <ChairTag chair={item.chair} />}
            </p>
            <div className="order-3 w-full min-w-0 sm:order-1 sm:w-auto sm:flex-1">
              <h3 id={`rdv-${item.id}-name`} className="break-words font-sans text-base font-semibold leading-snug text-navy-900">
                {item.name}
              </h3>
              <p className="text-sm text-slate-600">
                <span className="font-medium text-teal-700">{item.service}</span>
                <span aria-hidden> · </span>
                <span className="whitespace-nowrap tabular-nums">{item.phone}</span>
              </p>
            </div>
            <span className="order-2 ml-auto flex flex-wrap items-center justify-end gap-1.5">
              <StatusBadge status={item.status} forced={item.forced} className="justify-end" />
              <PresenceBadge at={item.links?.patientConfirmedAt ?? null} />
            </span>
          </div>

          {item.due !== null && (
            <p className="mt-2 text-sm">
              {item.due > 0 ? (
                <span className="inline-flex flex-wrap items-baseline gap-x-1.5 rounded-md bg-amber-50 px-2 py-0.5 font-semibold text-amber-900 ring-1 ring-inset ring-amber-600/25">
                  Reste à payer : <span className="whitespace-nowrap">{formatDA(item.due)}</span>
                  <span className="whitespace-nowrap font-normal text-amber-800">sur {formatDA(item.prixtotal)}</span>
                </span>
              ) : (
                <span className="text-slate-600">Réglé : {formatDA(item.prixtotal)}</span>
              )}
            </p>
          )}

          {item.status === "cancelled" && (
            <p className="mt-2 text-sm text-slate-700">
              Annulé par {item.cancelledBy ? CANCELLED_BY_LABELS[item.cancelledBy] : "—"}
              {item.cancelReason && <> — « {item.cancelReason} »</>}
            </p>
          )}

          {item.message && (
            <p className="mt-2 flex gap-1.5 text-sm text-slate-700" title={item.message}>
              <MessageSquareText aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
              <span className="sr-only">Message du patient : </span>
              <span className="line-clamp-2 whitespace-pre-line break-words italic print:line-clamp-none">{item.message}</span>
            </p>
          )}

          <div className="mt-3 flex flex-wrap items-start gap-x-3 gap-y-2 print:hidden">
            {/* an erased appointment has no one to contact */}
            {item.phone && <ContactLinks name={item.name} phone={item.phone} email={item.email} date={item.date} time={item.time} links={item.links} />}
            <StatusActions id={item.id} status={item.status} name={item.name} due={item.due} className="min-w-0" />
          </div>
        </div>
      </div>

      <div className="divide-y divide-slate-100 border-t border-slate-100 print:hidden">
        {movable && moveTo && (
          <details className="group">
            <Summary icon={<Clock aria-hidden className="h-4 w-4" />}>Déplacer vers…</Summary>
            <div className="px-3 pb-4 sm:px-4">{moveTo}</div>
          </details>
        )}
        {movable && (
          <details className="group" onToggle={(e) => setMoveOpen(e.currentTarget.open)}>
            <Summary icon={<MoveRight aria-hidden className="h-4 w-4" />}>Déplacer</Summary>
            <div className="px-3 pb-4 sm:px-4">
              <MoveForm id={item.id} service={item.service} date={item.date} time={item.time} active={moveOpen} />
            </div>
          </details>
        )}
        <details className="group">
          <Summary icon={<History aria-hidden className="h-4 w-4" />}>
            Historique <span className="font-normal text-slate-500">({history.length})</span>
          </Summary>
          <div className="px-3 pb-4 pl-6 sm:px-4 sm:pl-7">
            <HistoryList entries={history} />
          </div>
        </details>
      </div>
    </article>
  );
}

function Time({ item, muted }: { item: AgendaItem; muted: boolean }) {
  return (
    <>
      <p className={`text-lg font-bold tabular-nums leading-none text-navy-900 ${muted ? "text-slate-400 line-through decoration-1" : ""}`}>{item.time}</p>
      <p className="mt-1 text-xs tabular-nums text-slate-500">→ {item.end}</p>
    </>
  );
}

function ChairTag({ chair }: { chair: number }) {
  return <span className="inline-block whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold text-slate-700">Fauteuil {chair}</span>;
}

function Summary({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 text-sm font-semibold text-navy-800 hover:bg-slate-50 sm:px-4 [&::-webkit-details-marker]:hidden">
      <ChevronRight aria-hidden className="h-4 w-4 text-slate-400 transition-transform group-open:rotate-90" />
      {icon}
      {children}
    </summary>
  );
}
