import type { Route } from "./+types/admin.formations.$id.inscriptions[.]xlsx";
import { getDb } from "~/.server/db";
import { auditEnrollmentExport, enrollmentsToExport } from "~/.server/enrollment-export";
import { getStaff } from "~/.server/staff-guard";
import { enrollmentsXlsx, XLSX_CONTENT_TYPE } from "~/.server/xlsx";

/**
 * GET /admin/formations/{id}/inscriptions.xlsx — staff only, read only: the same enrolments as
 * inscriptions.csv, as an Excel file 'inscriptions_{id}.xlsx' (typed cells, bold header; see
 * app/.server/xlsx.ts), recorded in the audit log as 'export.xlsx' before it is sent.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const h = getDb();
  const found = await enrollmentsToExport(h, params.id);
  if (!found) throw new Response("Formation introuvable.", { status: 404 });
  const fileName = `${found.stem}.xlsx`;
  const file = await enrollmentsXlsx(found.enrollments, found.title);
  await auditEnrollmentExport(h, staff, params.id, fileName, "xlsx");
  return new Response(file, {
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
