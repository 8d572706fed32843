import type { Route } from "./+types/admin.caisse[.]xlsx";
import { actorOfStaff, audit } from "~/.server/audit";
import { getDb } from "~/.server/db";
import { dayCash } from "~/.server/repos/cash";
import { getStaff } from "~/.server/staff-guard";
import { toXlsx, XLSX_CONTENT_TYPE } from "~/.server/xlsx";
import { cashDay } from "~/lib/cash-schema";
import { todayInClinic } from "~/lib/clinic-time";
import { PAYMENT_MODE_LABELS } from "~/lib/payment-schema";
import { isValidYmd } from "~/lib/ymd";

const KIND_LABELS = { payment: "Paiement", cancellation: "Annulation", adjustment: "Ajustement" } as const;

/**
 * GET /admin/caisse.xlsx?jour=AAAA-MM-JJ (400 without a valid day) — every role (`payment:take`): the day's entries ('caisse_2026-11-28.xlsx'),
 * one sheet of entries and one of totals; patients' names are in it, so it is written in the audit log.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const staff = getStaff(context);
  // the screen's link always names its day; an export is never of a day guessed
  const jour = url.searchParams.get("jour");
  if (!jour || !isValidYmd(jour)) throw new Response("Indiquez le jour de la caisse (?jour=AAAA-MM-JJ).", { status: 400 });
  const { day } = cashDay(jour, todayInClinic());
  const db = getDb();
  const cash = await dayCash(db, day);
  const fileName = `caisse_${day}.xlsx`;
  const bytes = await toXlsx([
    {
      name: "Écritures",
      columns: [
        { header: "Heure", kind: "datetime", width: 18 },
        { header: "Écriture", kind: "text", width: 14 },
        { header: "Reçu n°", kind: "text", width: 14 },
        { header: "Patient", kind: "text", width: 28 },
        { header: "Mode", kind: "text", width: 12 },
        { header: "N° du chèque", kind: "text", width: 14 },
        { header: "Encaissé par", kind: "text", width: 28 },
        { header: "Montant", kind: "amount", width: 16 },
        { header: "Note", kind: "text", width: 36 },
      ],
      rows: cash.entries.map((e) => [e.paidAt, KIND_LABELS[e.kind], e.receiptNo, e.patientName, PAYMENT_MODE_LABELS[e.mode], e.chequeNumber, e.takenBy, e.amount / 100, e.note]),
    },
    {
      name: "Totaux",
      columns: [
        { header: "Total", kind: "text", width: 28 },
        { header: "Montant", kind: "amount", width: 16 },
      ],
      rows: [
        ["Total encaissé", cash.total / 100],
        ...cash.byMode.map((m) => [PAYMENT_MODE_LABELS[m.mode], m.amount / 100]),
        ["Espèces attendues", cash.expectedCash / 100],
        ...(cash.closing ? [["Espèces comptées", cash.closing.countedCash / 100], ["Écart", cash.closing.difference / 100]] : []),
      ],
    },
  ]);
  await audit(db, actorOfStaff(staff), { action: "export.xlsx", targetType: "cash", detail: `Caisse du ${day} (${fileName})` });
  return new Response(bytes, {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Nothing to change here. */
export async function action() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
