import QRCode from "qrcode";
import type { Clinic } from "~/lib/clinic";
import { certificatePath, certificateSentences, groupCode, type CertificateView } from "~/lib/certificate";
import { formatDayFull } from "~/lib/format";
import { ACCENT, drawHead, INK, MUTED, PAGE, pdfText, renderPdf } from "./document";

/**
 * Certificates of attendance as one PDF (A4), one page each: the clinic's identity, 'Attestation
 * de présence', the number, the sentences of `certificateSentences`, the days attended, the
 * verification address with its QR code (made here, nothing downloaded) and the signature box.
 * One certificate (the e-mail's attachment, the staff's download) or every certificate of a
 * session ('Télécharger toutes les attestations') goes through the same function.
 */
export async function certificatesPdf(clinic: Clinic, certificates: CertificateView[], publicUrl: string): Promise<Buffer> {
  const base = publicUrl.replace(/\/$/, "");
  const qrs = await Promise.all(certificates.map((c) => QRCode.toBuffer(`${base}${certificatePath(c.code)}`, { type: "png", margin: 1, width: 220, errorCorrectionLevel: "M" })));
  const title = certificates.length === 1 ? `Attestation de présence n° ${certificates[0].number}` : `Attestations de présence — ${certificates[0]?.formationTitle ?? ""}`;
  return renderPdf({ title, author: clinic.name }, (doc) => {
    certificates.forEach((c, i) => {
      if (i > 0) doc.addPage();
      drawHead(doc, clinic, { title: "Attestation de présence", lines: [`N° ${c.number}`, `Alger, le ${formatDayFull(c.issuedAt.slice(0, 10))}`] });
      const width = PAGE.width - 2 * PAGE.margin;
      doc.moveDown(1.5);
      doc.font("Helvetica-Bold").fontSize(20).fillColor(ACCENT).text(pdfText(c.holder), { align: "center", width });
      doc.moveDown(1);
      const [body, presence] = certificateSentences(c, clinic.name);
      doc.font("Helvetica").fontSize(12).fillColor(INK).text(pdfText(body), { width, lineGap: 4 });
      doc.moveDown(0.8);
      doc.font("Helvetica-Bold").fontSize(12).text(pdfText(presence), { width });
      doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(pdfText(c.daysPresent.map((d) => formatDayFull(d)).join(", ")), { width });
      doc.moveDown(1);
      doc.font("Helvetica").fontSize(10).fillColor(INK).text(pdfText("Attestation délivrée pour servir et valoir ce que de droit."), { width });
      doc.moveDown(2.5);
      const y = doc.y;
      // the signature box (right) and the verification block (left)
      doc.font("Helvetica").fontSize(10).fillColor(INK).text(pdfText(`${c.trainer}, formateur`), PAGE.margin + width / 2, y, { width: width / 2, align: "center" });
      doc
        .rect(PAGE.margin + width / 2 + 20, y + 18, width / 2 - 40, 90)
        .lineWidth(0.5)
        .strokeColor("#9ca3af")
        .stroke();
      // the verification block, under the signature, across the page
      const v = y + 125;
      doc.image(qrs[i], PAGE.margin, v, { width: 80, height: 80 });
      const textX = PAGE.margin + 95;
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(MUTED)
        .text(pdfText("Vérifier cette attestation :"), textX, v + 12, { width: width - 95 });
      doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(`${base}${certificatePath(c.code)}`, { width: width - 95 });
      doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(pdfText(`Code : ${groupCode(c.code)}`), { width: width - 95 });
      doc.x = PAGE.margin;
      doc.y = v + 90;
    });
  });
}
