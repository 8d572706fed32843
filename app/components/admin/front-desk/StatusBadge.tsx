/**
 * StatusBadge: the front-desk status of an appointment ('Demande reçue', 'Confirmé', 'Honoré',
 * 'Absent', 'Annulé'), each with its own colour and icon (never the colour alone), text dark
 * enough on its tint for WCAG AA. `forced`: adds a small 'Hors règles' mark for a booking made
 * over the schedule's rules.
 *
 *   <StatusBadge status={row.status} forced={row.forced === 1} />
 */
import { TriangleAlert } from "~/components/admin/icons";
import { STATUS_LABELS, type AppointmentStatus } from "~/lib/appointment-status";

// Each status's tint and icon are staff.css's, chosen by `data-status` (`.status-badge`,
// `.agenda-tag`, `.week-status`): hourglass, calendar-check-2, circle-check-big, user-x, ban.

/** The accent stripe of a card or an agenda entry, by status. */
export const STATUS_ACCENT: Record<AppointmentStatus, string> = {
  requested: "border-l-amber-500",
  confirmed: "border-l-sky-600",
  attended: "border-l-emerald-600",
  no_show: "border-l-rose-600",
  cancelled: "border-l-slate-400",
};

export interface StatusBadgeProps {
  status: AppointmentStatus;
  /** booked or moved over the schedule's rules */
  forced?: boolean;
  size?: "sm" | "md";
  className?: string;
}

export function StatusBadge({ status, forced = false, size = "md", className = "" }: StatusBadgeProps) {
  const pad = size === "sm" ? "px-2 py-0.5 text-[11px]" : "px-2.5 py-1 text-xs";
  // its tint and its icon by `data-status` (staff.css)
  return (
    <span className={className ? `status-badges ${className}` : "status-badges"}>
      <span data-status={status} className={size === "sm" ? "status-badge status-sm" : "status-badge"}>
        {STATUS_LABELS[status]}
      </span>
      {forced && (
        <span
          title="Réservé hors des règles de l'agenda"
          className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-orange-50 font-semibold text-orange-900 ring-1 ring-inset ring-orange-600/30 ${pad}`}
        >
          <TriangleAlert aria-hidden className={size === "sm" ? "h-3 w-3" : "h-3.5 w-3.5"} />
          Hors règles
        </span>
      )}
    </span>
  );
}
