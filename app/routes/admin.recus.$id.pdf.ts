import type { Route } from "./+types/admin.recus.$id.pdf";
import { getClinic } from "~/.server/clinic";
import { getDb } from "~/.server/db";
import { pdfResponse } from "~/.server/pdf/document";
import { receiptPdf } from "~/.server/pdf/receipt";
import { receiptFacts } from "~/.server/receipts";
import { formatCalendarDate } from "~/lib/format";
import { receiptText } from "~/lib/receipt-view";
import { parseId } from "~/lib/rules";

/**
 * GET /admin/recus/:id/pdf — every role (`payment:take`): the receipt as an A4 PDF
 * ('recu-2026-000123.pdf'), the same text as the print page (app/lib/receipt-view.ts).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const facts = id === null ? undefined : await receiptFacts(db, id);
  if (!facts) throw new Response("Reçu introuvable.", { status: 404 });
  const text = receiptText(facts);
  const bytes = await receiptPdf(await getClinic(db), text, formatCalendarDate(facts.paidDay));
  const name = facts.receiptNo ? `recu-${facts.receiptNo}.pdf` : `ecriture-${id}.pdf`;
  return pdfResponse(bytes, name);
}

/** Nothing to change here. */
export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
