import type { Route } from "./+types/admin.presences.$id_.attestations[.]pdf";
import { certificatesFile } from "~/.server/certificate-actions";
import { getDb } from "~/.server/db";
import { pdfResponse } from "~/.server/pdf/document";
import { sessionCertificates } from "~/.server/repos/certificates";
import { parseId } from "~/lib/rules";

/**
 * GET /admin/presences/:id/attestations.pdf — every certificate of the session still valid, one
 * page each, in number order ('Télécharger toutes les attestations').
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const certificates = id === null ? [] : await sessionCertificates(db, id);
  if (certificates.length === 0) throw new Response("Aucune attestation pour cette session.", { status: 404 });
  return pdfResponse(await certificatesFile(db, certificates), `attestations-session-${id}.pdf`);
}

/** Nothing to change here. */
export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
