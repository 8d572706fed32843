/**
 * HistoryList: what happened to an appointment, oldest first: who (the staff e-mail, 'Patient'
 * or 'Démo'), when (dd/mm/yyyy hh:mm, clinic time) and what: created (with its first status),
 * a status change from → to with the reason, a move with the old and new day and time, the
 * fields edited (names only), a reminder sent, a payment (its mode); a forced booking or move is marked 'Hors règles'.
 *
 *   <HistoryList entries={history.get(row.id) ?? []} />
 */
import { ArrowRight, Banknote, CalendarClock, CircleCheck, CirclePlus, EyeOff, Mail, Merge, Pencil, RefreshCw, TriangleAlert, type StaffIcon, ListOrdered } from "~/components/admin/icons";
import { STATUS_LABELS, type AppointmentStatus } from "~/lib/appointment-status";
import { formatCalendarDate, formatDateTime } from "~/lib/format";
import type { HistoryEntryView } from "./types";

export interface HistoryListProps {
  entries: HistoryEntryView[];
  className?: string;
}

const ICONS: Record<HistoryEntryView["action"], StaffIcon> = {
  created: CirclePlus,
  status: RefreshCw,
  moved: CalendarClock,
  edited: Pencil,
  reminded: Mail,
  patient_confirmed: CircleCheck,
  merged: Merge,
  anonymised: EyeOff,
  payment: Banknote,
  waitlist: ListOrdered,
};

const FORCED_MARK = "hors des règles";

/** "2026-12-01 09:00 → 2026-12-02 10:30 (…)" shown as "01/12/2026 09:00 → 02/12/2026 10:30". */
function moveText(detail: string | null): string {
  if (!detail) return "";
  return detail.replace(/(\d{4}-\d{2}-\d{2})/g, (ymd) => formatCalendarDate(ymd)).replace(/\s*\([^)]*hors des règles[^)]*\)\s*$/, "");
}

function statusName(s: AppointmentStatus | null): string {
  return s ? (STATUS_LABELS[s] ?? s) : "—";
}

function describe(e: HistoryEntryView): { title: string; detail?: string } {
  switch (e.action) {
    case "created":
      return { title: `Créé${e.to_status ? ` — ${statusName(e.to_status)}` : ""}` };
    case "status":
      return { title: `${statusName(e.from_status)} → ${statusName(e.to_status)}`, detail: e.detail ? `Raison : ${e.detail}` : undefined };
    case "moved":
      return { title: "Déplacé", detail: moveText(e.detail) };
    case "edited":
      return { title: "Modifié", detail: e.detail ? `Champs : ${e.detail}` : undefined };
    case "reminded":
      return { title: "Rappel envoyé", detail: e.detail ?? undefined };
    case "patient_confirmed":
      return { title: "Présence confirmée par le patient", detail: e.detail ?? undefined };
    case "merged":
      return { title: "Dossier patient fusionné", detail: e.detail ?? undefined };
    case "anonymised":
      return { title: "Données personnelles effacées", detail: e.detail ?? undefined };
    case "payment":
      return { title: "Paiement encaissé", detail: e.detail ? `Mode : ${e.detail}` : undefined };
    default:
      return { title: String(e.action), detail: e.detail ?? undefined };
  }
}

export function HistoryList({ entries, className = "" }: HistoryListProps) {
  if (entries.length === 0) return <p className={`text-sm text-slate-500 ${className}`}>Aucun historique enregistré.</p>;
  return (
    <ol className={`relative space-y-3 border-l-2 border-slate-200 pl-4 ${className}`} aria-label="Historique du rendez-vous">
      {entries.map((e) => {
        const Icon = ICONS[e.action] ?? ArrowRight;
        const { title, detail } = describe(e);
        const forced = (e.action === "created" || e.action === "moved") && (e.detail ?? "").includes(FORCED_MARK);
        return (
          <li key={e.id} className="relative text-sm">
            <span className="absolute top-0.5 -left-[27px] flex h-5 w-5 items-center justify-center rounded-full bg-white ring-2 ring-slate-200">
              <Icon aria-hidden className="h-3 w-3 text-slate-600" />
            </span>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-navy-900">
              {title}
              {forced && (
                <span className="inline-flex items-center gap-1 rounded-full bg-orange-50 px-2 py-0.5 text-[11px] font-semibold text-orange-900 ring-1 ring-orange-600/30">
                  <TriangleAlert aria-hidden className="h-3 w-3" />
                  Hors règles
                </span>
              )}
            </p>
            {detail && <p className="mt-0.5 break-words text-slate-700">{detail}</p>}
            <p className="mt-0.5 text-xs text-slate-500">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time> · <span className="break-all">{e.actor}</span>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
