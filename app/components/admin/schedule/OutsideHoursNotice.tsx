import { AlertTriangle } from "~/components/admin/icons";
import { Link } from "react-router";
import { agendaHref } from "~/components/admin/agenda/model";
import { formatCalendarDate } from "~/lib/format";
import { outsideWarning } from "~/lib/schedule-form";
import type { OutsideAppointment } from "~/lib/schedule-view";

/**
 * Booked appointments that the hours or closures now leave outside the opening hours. Nothing is
 * cancelled or moved by a change of the schedule: staff call the patients and move them.
 */
export function OutsideHoursNotice({ outside, count }: { outside: OutsideAppointment[]; count: number }) {
  const warning = outsideWarning(count);
  if (!warning) return null;
  return (
    <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5">
      <p className="flex items-start gap-3 font-semibold">
        <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
        <span>{warning}</span>
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {outside.map((a) => (
          <li key={a.id}>
            <Link
              to={agendaHref(a.date, "jour")}
              className="flex min-h-11 items-center justify-between gap-3 rounded-lg bg-white px-3 py-2 ring-1 ring-amber-200 hover:ring-amber-400"
            >
              <span className="font-medium tabular-nums">
                {formatCalendarDate(a.date)} à {a.time}
              </span>
              <span className="truncate text-amber-800">{a.service}</span>
            </Link>
          </li>
        ))}
      </ul>
      {count > outside.length && <p className="mt-2 text-xs">… et {count - outside.length} autres.</p>}
    </div>
  );
}
