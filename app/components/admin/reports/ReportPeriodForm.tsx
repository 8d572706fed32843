import { CalendarRange } from "~/components/admin/icons";
import { Form, Link } from "react-router";
import { GRANULARITIES, GRANULARITY_LABELS, type ReportPeriod } from "~/lib/reports";

export interface PeriodShortcut {
  label: string;
  href: string;
  current: boolean;
}

/**
 * The period of the reports: a plain GET form (the period stays in the URL: a view can be
 * bookmarked or sent), 'Du' and 'Au' clinic days both included, and the width of a bar; with
 * shortcuts to the usual periods.
 */
export function ReportPeriodForm({ period, basePath, shortcuts }: { period: ReportPeriod; basePath: string; shortcuts: PeriodShortcut[] }) {
  return (
    <Form
      key={`${period.from}|${period.to}|${period.granularity}`}
      method="get"
      action={basePath}
      role="search"
      aria-label="Choisir la période des rapports"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="grid grid-cols-2 items-end gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <div>
          <label htmlFor="rapports-du" className="field-label">
            Du
          </label>
          <input id="rapports-du" name="du" type="date" required defaultValue={period.from} className="field-input" />
        </div>
        <div>
          <label htmlFor="rapports-au" className="field-label">
            Au
          </label>
          <input id="rapports-au" name="au" type="date" required defaultValue={period.to} className="field-input" />
        </div>
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="rapports-pas" className="field-label">
            Regrouper par
          </label>
          <select id="rapports-pas" name="pas" defaultValue={period.granularity} className="field-input">
            {GRANULARITIES.map((g) => (
              <option key={g} value={g}>
                {GRANULARITY_LABELS[g]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 flex justify-end lg:col-span-1">
          <button type="submit" className="btn w-full bg-navy-900 text-white hover:bg-navy-800 sm:w-auto">
            <CalendarRange aria-hidden className="h-4 w-4" />
            Afficher
          </button>
        </div>
      </div>
      <nav aria-label="Périodes usuelles" className="mt-4 flex flex-wrap gap-2 text-sm">
        {shortcuts.map((s) => (
          <Link
            key={s.label}
            to={s.href}
            aria-current={s.current ? "true" : undefined}
            className={`inline-flex min-h-9 items-center rounded-full px-3 font-medium ring-1 transition ${s.current ? "bg-teal-700 text-white ring-teal-700" : "text-slate-700 ring-slate-300 hover:bg-slate-100"}`}
          >
            {s.label}
          </Link>
        ))}
      </nav>
    </Form>
  );
}
