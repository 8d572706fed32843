import type { Route } from "./+types/admin.formations.$id.inscriptions[.]csv";
import { enrollmentsCsv } from "~/.server/csv";
import { getDb } from "~/.server/db";
import { auditEnrollmentExport, enrollmentsToExport } from "~/.server/enrollment-export";
import { getStaff } from "~/.server/staff-guard";

/**
 * GET /admin/formations/{id}/inscriptions.csv — staff only, read only: the enrolments of one
 * formation as 'inscriptions_{id}.csv' (UTF-8 with BOM, ';' separated, formula cells
 * neutralised; see app/.server/csv.ts). 'sans-session' exports the enrolments attached to no
 * formation. The same file as Excel: inscriptions.xlsx.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const h = getDb();
  const found = await enrollmentsToExport(h, params.id);
  if (!found) throw new Response("Formation introuvable.", { status: 404 });
  const fileName = `${found.stem}.csv`;
  const csv = enrollmentsCsv(found.enrollments, found.title);
  await auditEnrollmentExport(h, staff, params.id, fileName, "csv");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Nothing to change here: staff get 405, anyone else the session check's 401. */
export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
