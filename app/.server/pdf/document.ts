import PDFDocument from "pdfkit";
import type { Clinic } from "~/lib/clinic";

/**
 * The clinic's printed documents as PDF (quotes, receipts, the statement of account; ADR 026):
 * pdfkit, because it lays text out itself (wrapping, alignment, pages) where pdf-lib only places
 * glyphs, is maintained, pure JavaScript and runs on Node 20. The standard Helvetica fonts are
 * used (nothing to download or embed): they write French accents (WinAnsi) but not the narrow
 * no-break space of French typography, which `pdfText` turns into a no-break space.
 *
 * Every document: A4 portrait, 50 pt margins, the clinic's identity at the top, its footer on each
 * page. `renderPdf` returns the finished file as one Buffer.
 */
export type Pdf = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
export const INK = "#1f2937";
export const MUTED = "#6b7280";
export const ACCENT = "#0f766e";

/** Text as the standard fonts (WinAnsi) can write it: narrow and thin spaces become no-break spaces, the minus sign a hyphen. */
export function pdfText(s: string): string {
  return s.replace(/[\u202f\u2009]/g, "\u00a0").replace(/\u2212/g, "-");
}

export interface DocumentHead {
  /** 'Devis n° 2026-0042' */
  title: string;
  /** lines under the title: the date, the validity… */
  lines: string[];
}

/** The clinic's block (left) and the document's title and lines (right). */
export function drawHead(doc: Pdf, clinic: Clinic, head: DocumentHead): void {
  const top = PAGE.margin;
  doc.font("Helvetica-Bold").fontSize(14).fillColor(ACCENT).text(pdfText(clinic.name), PAGE.margin, top, { width: 260 });
  doc.font("Helvetica").fontSize(9).fillColor(INK);
  const phone = clinic.phones[0]?.display ?? "";
  for (const l of [clinic.doctor.name, clinic.address.street, `${clinic.address.postalCode} ${clinic.address.city}`, phone, clinic.email].filter(Boolean)) {
    doc.text(pdfText(l), { width: 260 });
  }
  const leftBottom = doc.y;
  doc.font("Helvetica-Bold").fontSize(16).fillColor(INK).text(pdfText(head.title), 320, top, { width: PAGE.width - PAGE.margin - 320, align: "right" });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  for (const l of head.lines) doc.text(pdfText(l), { width: PAGE.width - PAGE.margin - 320, align: "right" });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  doc.x = PAGE.margin;
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.width - PAGE.margin, doc.y)
    .lineWidth(0.5)
    .strokeColor("#d1d5db")
    .stroke();
  doc.moveDown(1);
  doc.fillColor(INK);
}

/** Build a document and return its bytes; `draw` writes the body. */
export function renderPdf(meta: { title: string; author: string }, draw: (doc: Pdf) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: PAGE.margin, info: { Title: pdfText(meta.title), Author: pdfText(meta.author) }, lang: "fr-FR", bufferPages: true });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw(doc);
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // the footer sits in the bottom margin: writing there must not open a new page
        doc.page.margins.bottom = 0;
        doc
          .font("Helvetica")
          .fontSize(8)
          .fillColor(MUTED)
          .text(`${pdfText(meta.author)} — page ${i + 1}/${range.count}`, PAGE.margin, PAGE.height - 35, { width: PAGE.width - 2 * PAGE.margin, align: "center", lineBreak: false });
      }
      doc.end();
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

/** The HTTP answer of a PDF: shown in the browser, saved under `filename`, never stored by a cache. */
export function pdfResponse(bytes: Buffer, filename: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
    },
  });
}
