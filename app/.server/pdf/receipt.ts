import type { Clinic } from "~/lib/clinic";
import type { ReceiptText } from "~/lib/receipt-view";
import { ACCENT, drawHead, INK, MUTED, PAGE, pdfText, renderPdf } from "./document";

/** A receipt as a PDF (A4): the clinic's identity, the receipt's number, its box of lines, the signature. */
export function receiptPdf(clinic: Clinic, r: ReceiptText, day: string): Promise<Buffer> {
  return renderPdf({ title: r.title, author: clinic.name }, (doc) => {
    drawHead(doc, clinic, { title: r.title, lines: [`Alger, le ${day}`] });
    if (r.stamp) {
      doc.font("Helvetica-Bold").fontSize(22).fillColor("#b91c1c").text(r.stamp, { align: "center" });
      if (r.cancellation) doc.font("Helvetica").fontSize(10).fillColor("#b91c1c").text(pdfText(r.cancellation), { align: "center" });
      doc.moveDown(1);
    }
    const labelWidth = 140;
    const width = PAGE.width - 2 * PAGE.margin;
    for (const [label, value] of r.rows) {
      const y = doc.y;
      doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(pdfText(label), PAGE.margin, y, { width: labelWidth });
      const strong = label.startsWith("Montant");
      doc
        .font(strong ? "Helvetica-Bold" : "Helvetica")
        .fontSize(strong ? 14 : 11)
        .fillColor(strong ? ACCENT : INK)
        .text(pdfText(value), PAGE.margin + labelWidth, y, { width: width - labelWidth });
      doc.y = Math.max(doc.y, y + 16) + 6;
    }
    doc.moveDown(3);
    const y = doc.y;
    doc.font("Helvetica").fontSize(10).fillColor(INK).text("Cachet et signature de la clinique", PAGE.margin + width / 2, y, { width: width / 2, align: "center" });
    doc
      .rect(PAGE.margin + width / 2 + 20, y + 18, width / 2 - 40, 80)
      .lineWidth(0.5)
      .strokeColor("#9ca3af")
      .stroke();
  });
}
