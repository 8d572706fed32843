import type { Route } from "./+types/admin.patients.$id.export";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { staffActor } from "~/.server/actor";
import { exportPatient } from "~/.server/repos/patient-export";
import { getStaff } from "~/.server/staff-guard";
import { parseId } from "~/lib/rules";

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", ...headers } });

/**
 * GET /admin/patients/{id}/export?format=json|csv|xlsx — staff only (the admin middleware): everything
 * the clinic holds on one patient, as a download (docs/product.md, "Personal data"; law 18-07,
 * right of access). The export is written in the record's journal (who, when) before the file is
 * sent. 400 for another format, 404 for an unknown, merged or erased record. A request started by
 * another site (Sec-Fetch-Site: cross-site) is refused, so no page elsewhere can fill the journal.
 */
export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const staff = getStaff(context);
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return text("Export refusé : ouvrez-le depuis le dossier du patient.", 403);
  const format = url.searchParams.get("format");
  if (format !== "json" && format !== "csv" && format !== "xlsx") return text("Format inconnu : json, csv ou xlsx.", 400);
  const id = parseId(params.id);
  const file = id === null ? undefined : await exportPatient(getDb(), id, staffActor(staff), format);
  if (!file || id === null) return text("Dossier introuvable.", 404);
  log.info({ event: "patient_exported", patientId: id, format, userId: staff.userId }, "patient data exported");
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Nothing to change here: staff get 405, anyone else the session check's 401. */
export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
