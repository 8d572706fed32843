import { CalendarDays, CalendarRange } from "~/components/admin/icons";
import type { ComponentType } from "react";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";

/** Billed, paid and due over a range of days, in centimes (cancelled appointments left out). */
export interface MoneyTotalsView {
  billed: number;
  paid: number;
  due: number;
  count: number;
}

const monthName = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11-24" → "Novembre 2026" */
function monthLabel(ymd: string): string {
  const label = monthName.format(new Date(`${ymd.slice(0, 8)}01T12:00:00Z`));
  return label.charAt(0).toUpperCase() + label.slice(1);
}

function Block({ icon: Icon, title, subtitle, totals }: { icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>; title: string; subtitle: string; totals: MoneyTotalsView }) {
  const figures = [
    { label: "Facturé", value: totals.billed, tone: "text-navy-900" },
    { label: "Payé", value: totals.paid, tone: "text-green-700" },
    { label: "Reste à payer", value: totals.due, tone: totals.due > 0 ? "text-amber-700" : "text-slate-500" },
  ];
  return (
    <section aria-label={`${title} ${subtitle}`} className="min-w-0 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4">
      <h2 className="flex flex-col gap-x-2 font-sans text-sm font-semibold text-navy-900 sm:flex-row sm:flex-wrap sm:items-baseline">
        <span className="inline-flex items-center gap-1.5">
          <Icon aria-hidden className="h-4 w-4 self-center text-teal-600" />
          {title}
        </span>
        <span className="flex flex-col text-xs font-normal text-slate-500 sm:flex-row sm:gap-1 sm:text-sm">
          <span>{subtitle}</span>
          <span>
            <span aria-hidden className="hidden sm:inline">
              ·{" "}
            </span>
            {totals.count} rendez-vous
          </span>
        </span>
      </h2>
      <dl className="mt-2 grid grid-cols-1 divide-y divide-slate-100 sm:mt-3 sm:grid-cols-3 sm:gap-2 sm:divide-y-0">
        {figures.map((f) => (
          <div key={f.label} className="min-w-0 py-1.5 sm:rounded-xl sm:bg-slate-50 sm:px-3 sm:py-2">
            <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-500 sm:text-xs">{f.label}</dt>
            <dd className={`text-sm font-bold whitespace-nowrap tabular-nums sm:mt-0.5 sm:text-base ${f.tone}`}>{formatDA(f.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The day's and the month's money at a glance: billed, paid and still due, for today (clinic
 * time) or, when the list is filtered on an appointment date, for that day, and for its month.
 */
export function AppointmentTotals({ day, isToday, dayTotals, monthTotals }: { day: string; isToday: boolean; dayTotals: MoneyTotalsView; monthTotals: MoneyTotalsView }) {
  return (
    <div className="grid grid-cols-2 gap-3" role="group" aria-label="Totaux">
      <Block icon={CalendarDays} title={isToday ? "Aujourd'hui" : "Le jour choisi"} subtitle={formatCalendarDate(day)} totals={dayTotals} />
      <Block icon={CalendarRange} title="Le mois" subtitle={monthLabel(day)} totals={monthTotals} />
    </div>
  );
}
