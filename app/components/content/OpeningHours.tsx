import { CalendarClock, CalendarX2, Clock } from "lucide-react";
import { useClinic } from "~/hooks/use-clinic";
import { useRootData } from "~/hooks/use-root-data";
import type { RootHours } from "~/lib/root-data";
import { dayMonth, exceptionSummary, formatRanges, weeklySummary, type ScheduleException, type TimeRange, type Weekday } from "~/lib/schedule";
import { useI18n } from "~/hooks/use-locale";
import { weekdayAr } from "~/lib/format";
import { t as translate } from "~/i18n";

/** The week's days in Arabic (an Arabic page's footer). */
const WEEKDAYS_AR = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, weekdayAr(d)])) as Record<Weekday, string>;

/** Ranges in Arabic: 'مغلق', or the times (left to right inside the Arabic text, see the markup). */
function rangesAr(ranges: TimeRange[]): string {
  return ranges.length === 0 ? translate("ar", "hours.closed") : formatRanges(ranges);
}

/** A closure or special hours on an Arabic page: 'مغلق من 30/03 إلى 01/04: <label as staff wrote it>'. */
function exceptionAr(e: Pick<ScheduleException, "startDate" | "endDate" | "label" | "ranges">): string {
  const period = e.startDate === e.endDate ? `يوم ${dayMonth(e.startDate)}` : `من ${dayMonth(e.startDate)} إلى ${dayMonth(e.endDate)}`;
  return e.ranges.length === 0 ? `${translate("ar", "hours.closed")} ${period}: ${e.label}` : `${e.label} ${period}: ${formatRanges(e.ranges)}`;
}


const TONES = {
  dark: { day: "text-white", hours: "text-slate-300", icon: "text-gold-400", notice: "bg-white/5 text-slate-100 ring-white/10", noticeIcon: "text-gold-400" },
  light: { day: "text-navy-900", hours: "text-slate-600", icon: "text-teal-600", notice: "bg-amber-50 text-amber-900 ring-amber-200", noticeIcon: "text-amber-700" },
} as const;

/**
 * The clinic's opening hours as the site shows them, from the schedule staff edit on
 * /admin/horaires (docs/product.md, "Schedule and free slots"): the week grouped Saturday first
 * ('Samedi – Jeudi : 09:00 – 12:30, 13:30 – 17:00', 'Vendredi : Fermé'), then the closures and
 * special hours of the next 30 days ('Fermé du 30/03 au 01/04 : Aïd el-Fitr'). By default the
 * root loader's hours; `hours` shows others (the staff screen's preview).
 */
export function OpeningHours({ hours, tone = "dark", className = "" }: { hours?: RootHours; tone?: keyof typeof TONES; className?: string }) {
  const root = useRootData();
  const shown = hours ?? root?.hours;
  const clinic = useClinic();
  const t = TONES[tone];
  const { locale, t: text } = useI18n();
  const arabic = locale === "ar";
  if (!shown) {
    return <p className={`text-sm ${t.hours} ${className}`}>{text("hours.unknown", { phone: clinic.phones[0].display })}</p>;
  }
  return (
    <div className={`text-sm ${className}`}>
      <ul className="space-y-2.5">
        {weeklySummary(shown.weekly, arabic ? WEEKDAYS_AR : undefined).map((g) => (
          <li key={g.label} className="flex gap-2">
            <Clock aria-hidden className={`mt-0.5 h-4 w-4 shrink-0 ${t.icon}`} />
            <p>
              <span className={`block font-semibold ${t.day}`}>
                {g.label}
                <span className="sr-only">{arabic ? ":" : "\u202f:"}</span>
              </span>
              <span className={`block tabular-nums ${t.hours}`}>
                {arabic && g.ranges.length > 0 ? <bdi dir="ltr">{rangesAr(g.ranges)}</bdi> : arabic ? rangesAr(g.ranges) : formatRanges(g.ranges)}
              </span>
            </p>
          </li>
        ))}
      </ul>
      {shown.upcoming.length > 0 && (
        <ul aria-label={text("hours.upcoming")} className="mt-4 space-y-2">
          {shown.upcoming.map((e) => {
            const Icon = e.ranges.length === 0 ? CalendarX2 : CalendarClock;
            return (
              <li key={e.id ?? `${e.startDate}-${e.label}`} className={`flex gap-2 rounded-lg px-3 py-2 ring-1 ${t.notice}`}>
                <Icon aria-hidden className={`mt-0.5 h-4 w-4 shrink-0 ${t.noticeIcon}`} />
                <span>{arabic ? exceptionAr(e) : exceptionSummary(e)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
