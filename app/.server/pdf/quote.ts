import type { Clinic } from "~/lib/clinic";
import { formatCalendarDate } from "~/lib/format";
import { formatDA, type OptionTotals } from "~/lib/money";
import type { QuoteGroup } from "~/lib/quote-view";
import { ACCENT, drawHead, INK, MUTED, PAGE, pdfText, renderPdf } from "./document";

export interface QuotePdfInput {
  number: string;
  title: string | null;
  patientName: string;
  createdDay: string;
  validUntil: string;
  note: string | null;
  groups: QuoteGroup[];
  totals: OptionTotals[];
}

/** A quote as an A4 PDF (the same text as the print page, app/components/admin/quotes/QuoteDocument.tsx). */
export function quotePdf(clinic: Clinic, q: QuotePdfInput): Promise<Buffer> {
  return renderPdf({ title: `Devis n° ${q.number}`, author: clinic.name }, (doc) => {
    const width = PAGE.width - 2 * PAGE.margin;
    const room = (h: number) => {
      if (doc.y + h > PAGE.height - 70) doc.addPage();
    };
    drawHead(doc, clinic, { title: `Devis n° ${q.number}`, lines: [`Établi le ${formatCalendarDate(q.createdDay)}`, `Valable jusqu'au ${formatCalendarDate(q.validUntil)}`, q.patientName] });
    if (q.title) doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(pdfText(q.title)).moveDown(0.5);
    for (const g of q.groups) {
      room(60);
      doc.x = PAGE.margin;
      if (g.option) doc.font("Helvetica-Bold").fontSize(12).fillColor(ACCENT).text(pdfText(g.option));
      else if (q.groups.length > 1) doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text("Commun à toutes les options");
      for (const ph of g.phases) {
        if (ph.phase) doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED).text(pdfText(ph.phase.toUpperCase()));
        for (const l of ph.lines) {
          room(30);
          const y = doc.y;
          doc.font("Helvetica").fontSize(10).fillColor(INK).text(pdfText(`${l.label}${l.teeth ? ` · ${l.teeth}` : ""}`), PAGE.margin, y, { width: width - 100 });
          doc.font("Helvetica").fontSize(8).fillColor(MUTED).text(pdfText(`${l.quantity} × ${formatDA(l.unitPrice)}${l.discount > 0 ? ` − remise ${formatDA(l.discount)}` : ""}`), { width: width - 100 });
          const bottom = doc.y;
          doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(pdfText(formatDA(l.total)), PAGE.margin + width - 100, y, { width: 100, align: "right" });
          doc.y = Math.max(bottom, doc.y) + 4;
        }
      }
      doc.moveDown(0.6);
    }
    room(40 + 40 * q.totals.length);
    for (const t of q.totals) {
      doc.x = PAGE.margin;
      const label = t.option ?? "Total du devis";
      if (t.discount > 0) doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(pdfText(`${label} — sous-total ${formatDA(t.subtotal)}, remise ${formatDA(t.discount)}`), { width, align: "right" });
      doc.font("Helvetica-Bold").fontSize(12).fillColor(ACCENT).text(pdfText(`${label} : ${formatDA(t.total)}`), { width, align: "right" });
      doc.moveDown(0.3);
    }
    if (q.note) {
      doc.moveDown(0.5);
      doc.x = PAGE.margin;
      doc.font("Helvetica").fontSize(9).fillColor(INK).text(pdfText(q.note), { width });
    }
    room(130);
    doc.moveDown(2);
    const y = doc.y;
    doc.font("Helvetica").fontSize(9).fillColor(INK).text("Bon pour accord, date et signature du patient", PAGE.margin, y, { width: width / 2 - 10 });
    doc.text("Cachet et signature de la clinique", PAGE.margin + width / 2 + 10, y, { width: width / 2 - 10 });
    doc.rect(PAGE.margin, y + 16, width / 2 - 10, 80).lineWidth(0.5).strokeColor("#9ca3af").stroke();
    doc.rect(PAGE.margin + width / 2 + 10, y + 16, width / 2 - 10, 80).stroke();
  });
}
