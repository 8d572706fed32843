import type { Route } from "./+types/admin.formations.$id.inscriptions[.]csv";
import { actorOfStaff, audit } from "~/.server/audit";
import { enrollmentsCsv, enrollmentsCsvFileName } from "~/.server/csv";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { listEnrollmentsForFormation, listEnrollmentsWithoutFormation } from "~/.server/repos/enrollments";
import { getFormation } from "~/.server/repos/formations";
import { getStaff } from "~/.server/staff-guard";
import { UNASSIGNED } from "~/components/admin/formations/admin-formations";
import { parseId } from "~/lib/rules";

/**
 * GET /admin/formations/{id}/inscriptions.csv — staff only, read only: the enrolments of one
 * formation as 'inscriptions_{id}.csv' (UTF-8 with BOM, RFC 4180 quoting, formula cells
 * neutralised; see app/.server/csv.ts). 'sans-session' exports the enrolments attached to no
 * formation.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const h = getDb();
  const id = params.id;
  let csv: string;
  let fileName: string;
  if (id === UNASSIGNED) {
    csv = enrollmentsCsv(await listEnrollmentsWithoutFormation(h), "");
    fileName = `inscriptions_${UNASSIGNED}.csv`;
  } else {
    const formationId = parseId(id);
    const formation = formationId === null ? undefined : await getFormation(h, formationId);
    if (!formation) throw new Response("Formation introuvable.", { status: 404 });
    csv = enrollmentsCsv(await listEnrollmentsForFormation(h, formation.id), formation.title);
    fileName = enrollmentsCsvFileName(formation.id);
  }
  // recorded before the file leaves: an export that cannot be recorded is not served
  await audit(h, actorOfStaff(staff), { action: "export.csv", targetType: "formation", targetId: id, detail: `Inscriptions (${fileName})` });
  log.info({ event: "enrollments_exported", formation: id, staffId: staff.userId }, "enrolments exported");
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
