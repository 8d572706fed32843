import { UNASSIGNED } from "~/lib/formation";
import { parseId } from "~/lib/rules";
import { actorOfStaff, audit } from "./audit";
import type { Db } from "./db";
import type { Enrollment } from "./db/types";
import { log } from "./log";
import { listEnrollmentsForFormation, listEnrollmentsWithoutFormation } from "./repos/enrollments";
import { getFormation } from "./repos/formations";
import type { StaffSession } from "./session";

/**
 * What the enrolment exports of one formation hold (`/admin/formations/{id}/inscriptions.csv`
 * and `.xlsx`): its enrolments and title, or those attached to no formation ('sans-session').
 * Undefined for an unknown formation.
 */
export async function enrollmentsToExport(h: Db, id: string): Promise<{ enrollments: Enrollment[]; title: string; stem: string } | undefined> {
  if (id === UNASSIGNED) return { enrollments: await listEnrollmentsWithoutFormation(h), title: "", stem: `inscriptions_${UNASSIGNED}` };
  const formationId = parseId(id);
  const formation = formationId === null ? undefined : await getFormation(h, formationId);
  if (!formation) return undefined;
  return { enrollments: await listEnrollmentsForFormation(h, formation.id), title: formation.title, stem: `inscriptions_${formation.id}` };
}

/**
 * Recorded before the file leaves (an export that cannot be recorded is not served): 'export.csv'
 * or 'export.xlsx' in the audit log, with the file's name; the log names the formation and the
 * staff account only.
 */
export async function auditEnrollmentExport(h: Db, staff: StaffSession, id: string, fileName: string, format: "csv" | "xlsx") {
  await audit(h, actorOfStaff(staff), { action: format === "csv" ? "export.csv" : "export.xlsx", targetType: "formation", targetId: id, detail: `Inscriptions (${fileName})` });
  log.info({ event: "enrollments_exported", formation: id, format, staffId: staff.userId }, "enrolments exported");
}
