import type { Route } from "./+types/admin.devis_.$id.pdf";
import { getDb } from "~/.server/db";
import { pdfResponse } from "~/.server/pdf/document";
import { quotePdfOf } from "~/.server/quote-actions";
import { quoteDetail } from "~/.server/repos/quotes";
import { parseId } from "~/lib/rules";

/** GET /admin/devis/:id/pdf — the quote as an A4 PDF ('devis-2026-0042.pdf'), `quote:manage`. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const d = id === null ? undefined : await quoteDetail(getDb(), id);
  if (!d) throw new Response("Devis introuvable.", { status: 404 });
  return pdfResponse(await quotePdfOf(d), `devis-${d.quote.number}.pdf`);
}

export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
