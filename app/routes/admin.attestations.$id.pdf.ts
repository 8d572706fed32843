import type { Route } from "./+types/admin.attestations.$id.pdf";
import { certificatesFile } from "~/.server/certificate-actions";
import { getDb } from "~/.server/db";
import { pdfResponse } from "~/.server/pdf/document";
import { certificatesByIds } from "~/.server/repos/certificates";
import { parseId } from "~/lib/rules";

/** GET /admin/attestations/:id/pdf — one certificate of attendance ('attestation-2026-0007.pdf'). */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const [certificate] = id === null ? [] : await certificatesByIds(db, [id]);
  if (!certificate) throw new Response("Attestation introuvable.", { status: 404 });
  return pdfResponse(await certificatesFile(db, [certificate]), `attestation-${certificate.number}.pdf`);
}

/** Nothing to change here. */
export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
