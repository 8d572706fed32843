import type { PatientAccount } from "../repos/ledger";
import type { Clinic } from "~/lib/clinic";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";
import { ACCENT, drawHead, INK, MUTED, PAGE, pdfText, renderPdf } from "./document";

/** 'Relevé de compte' as a PDF: the patient, every line with its running balance, the totals. */
export function statementPdf(clinic: Clinic, patientName: string, account: PatientAccount, today: string): Promise<Buffer> {
  return renderPdf({ title: `Relevé de compte — ${patientName}`, author: clinic.name }, (doc) => {
    drawHead(doc, clinic, { title: "Relevé de compte", lines: [`Alger, le ${formatCalendarDate(today)}`] });
    doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(pdfText(patientName));
    doc.moveDown(0.8);
    const width = PAGE.width - 2 * PAGE.margin;
    const cols = [
      { title: "Date", w: 70, align: "left" as const },
      { title: "Libellé", w: width - 70 - 3 * 80, align: "left" as const },
      { title: "Débit", w: 80, align: "right" as const },
      { title: "Crédit", w: 80, align: "right" as const },
      { title: "Solde", w: 80, align: "right" as const },
    ];
    const row = (cells: string[], bold = false, color = INK) => {
      const y = doc.y;
      let x = PAGE.margin;
      let bottom = y;
      cells.forEach((c, i) => {
        doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9).fillColor(color).text(pdfText(c), x, y, { width: cols[i].w - 6, align: cols[i].align });
        bottom = Math.max(bottom, doc.y);
        x += cols[i].w;
      });
      doc.y = bottom + 4;
      if (doc.y > PAGE.height - 90) doc.addPage();
    };
    row(cols.map((c) => c.title), true, MUTED);
    for (const l of account.lines) {
      row([l.day ? l.day.split("-").reverse().join("/") : "—", l.label, l.debit ? formatDA(l.debit) : "", l.credit ? formatDA(l.credit) : "", formatDA(l.balance)]);
    }
    doc.moveDown(1);
    doc.x = PAGE.margin;
    doc.font("Helvetica").fontSize(10).fillColor(INK).text(pdfText(`Total facturé : ${formatDA(account.billed)}`), { align: "right", width });
    doc.text(pdfText(`Total payé : ${formatDA(account.paid)}`), { align: "right", width });
    doc.font("Helvetica-Bold").fontSize(12).fillColor(ACCENT).text(pdfText(`Solde : ${formatDA(account.balance)}`), { align: "right", width });
  });
}
