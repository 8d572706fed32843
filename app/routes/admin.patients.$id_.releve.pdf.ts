import type { Route } from "./+types/admin.patients.$id_.releve.pdf";
import { getClinic } from "~/.server/clinic";
import { getDb } from "~/.server/db";
import { pdfResponse } from "~/.server/pdf/document";
import { statementPdf } from "~/.server/pdf/statement";
import { patientAccount } from "~/.server/repos/ledger";
import { getPatientRecord } from "~/.server/repos/patient-record";
import { todayInClinic } from "~/lib/clinic-time";
import { parseId } from "~/lib/rules";

/** GET /admin/patients/:id/releve/pdf — the 'Relevé de compte' as a PDF ('releve-dossier-12.pdf'); `payment:take`. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const record = id === null ? undefined : await getPatientRecord(db, id);
  if (!record || id === null) throw new Response("Dossier introuvable.", { status: 404 });
  const bytes = await statementPdf(await getClinic(db), record.patient.name ?? `Dossier n° ${id}`, await patientAccount(db, id), todayInClinic());
  return pdfResponse(bytes, `releve-dossier-${id}.pdf`);
}

export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
