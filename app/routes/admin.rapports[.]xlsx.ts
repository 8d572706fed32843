import type { Route } from "./+types/admin.rapports[.]xlsx";
import { getDb } from "~/.server/db";
import { loadReportData } from "~/.server/repos/reports";
import { reportsXlsx } from "~/.server/reports-xlsx";
import { XLSX_CONTENT_TYPE } from "~/.server/xlsx";
import { todayInClinic } from "~/lib/clinic-time";
import { reportTables } from "~/lib/report-tables";
import { parseReportPeriod, REPORTS, type ReportId } from "~/lib/reports";

/**
 * GET /admin/rapports.xlsx?rapport=…&du=…&au=…&pas=… — staff with `report:read`, read only: one
 * report as a one-sheet workbook ('rapport-production_2026-11-01_2026-11-30.xlsx'), or, with
 * rapport=tout, every report, one sheet each. The same tables as the screen (app/lib/report-tables.ts).
 * Figures only, no patient's data: nothing to record in the audit log.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const wanted = params.get("rapport") ?? "tout";
  if (wanted !== "tout" && !(REPORTS as readonly string[]).includes(wanted)) throw new Response("Rapport inconnu.", { status: 404 });
  const today = todayInClinic();
  const { period } = parseReportPeriod(params, today);
  const tables = reportTables(await loadReportData(getDb(), period, today)).filter((t) => wanted === "tout" || t.id === (wanted as ReportId));
  const fileName = `rapport-${wanted === "tout" ? "complet" : wanted}_${period.from}_${period.to}.xlsx`;
  return new Response(await reportsXlsx(tables), {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Nothing to change here: staff get 405, anyone else the session check's 401. */
export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
