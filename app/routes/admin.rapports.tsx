import { Download } from "~/components/admin/icons";
import type { Route } from "./+types/admin.rapports";
import { getDb } from "~/.server/db";
import { loadReportData } from "~/.server/repos/reports";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { ReportPeriodForm, type PeriodShortcut } from "~/components/admin/reports/ReportPeriodForm";
import { ReportSection } from "~/components/admin/reports/ReportSection";
import { QueryNotes } from "~/components/admin/QueryNotes";
import { todayInClinic } from "~/lib/clinic-time";
import { formatCalendarDate } from "~/lib/format";
import { reportTables } from "~/lib/report-tables";
import { GRANULARITY_LABELS, monthBounds, parseReportPeriod, type ReportPeriod } from "~/lib/reports";
import { addDaysYmd } from "~/lib/schedule";

const BASE_PATH = "/admin/rapports";

export const meta: Route.MetaFunction = () => [{ title: "Rapports | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/** The query string of a period, the screen's and its exports'. */
function periodQuery(p: ReportPeriod): string {
  return new URLSearchParams({ du: p.from, au: p.to, pas: p.granularity }).toString();
}

function shortcuts(today: string, current: ReportPeriod): PeriodShortcut[] {
  const month = monthBounds(today);
  const lastMonth = monthBounds(addDaysYmd(month.from, -1));
  const year = today.slice(0, 4);
  const list: [string, ReportPeriod][] = [
    ["Ce mois-ci", { ...month, granularity: "semaine" }],
    ["Le mois dernier", { ...lastMonth, granularity: "semaine" }],
    ["Les 12 derniers mois", { from: `${monthBounds(addDaysYmd(month.from, -335)).from}`, to: month.to, granularity: "mois" }],
    ["Cette année", { from: `${year}-01-01`, to: `${year}-12-31`, granularity: "mois" }],
  ];
  return list.map(([label, p]) => ({
    label,
    href: `${BASE_PATH}?${periodQuery(p)}`,
    current: p.from === current.from && p.to === current.to && p.granularity === current.granularity,
  }));
}

/**
 * docs/product.md, "Staff: reports": the clinic's figures over a period (the current month by
 * weeks by default), each report a chart with its table and its .xlsx export. Administrators and
 * dentists only (the staff guard: `report:read`, the roles that see money). Every figure is an
 * aggregate of the database (app/.server/repos/reports.ts); the screen only reads.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const today = todayInClinic();
  const { period, notes } = parseReportPeriod(url.searchParams, today);
  const data = await loadReportData(getDb(), period, today);
  return { period, notes, tables: reportTables(data), shortcuts: shortcuts(today, period) };
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { period, notes, tables, shortcuts: links } = loaderData;
  const query = periodQuery(period);
  const exportHref = (id: string) => `${BASE_PATH}.xlsx?rapport=${id}&${query}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-3xl font-bold md:text-4xl">Rapports</h1>
          <p className="mt-1 text-sm text-slate-600">
            Du {formatCalendarDate(period.from)} au {formatCalendarDate(period.to)}, par {GRANULARITY_LABELS[period.granularity].toLowerCase()} : l'activité, l'argent et
            le remplissage de la clinique. Chaque graphique a ses chiffres dans le tableau à côté et son export Excel.
          </p>
        </div>
        <a href={exportHref("tout")} download className="btn bg-navy-900 text-white hover:bg-navy-800">
          <Download aria-hidden className="h-4 w-4" />
          Tout exporter (.xlsx)
        </a>
      </div>

      <ReportPeriodForm period={period} basePath={BASE_PATH} shortcuts={links} />

      <QueryNotes notes={notes} />

      <nav aria-label="Sommaire des rapports" className="rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {tables.map((t) => (
            <li key={t.id}>
              <a href={`#rapport-${t.id}`} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                {t.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {tables.map((t) => (
        <ReportSection key={t.id} table={t} exportHref={exportHref(t.id)} />
      ))}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path={BASE_PATH}
      title="Impossible de charger les rapports."
      text="Les chiffres n'ont pas pu être calculés. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
