import { describe, expect, it } from "vitest";
import { DEMO_CLINIC } from "~/lib/clinic";
import { formatDA } from "~/lib/money";
import { pdfPages } from "../../../tests/helpers/pdf-text";
import { drawHead, pdfText, renderPdf } from "./document";

describe("the PDF base", () => {
  it("writes the clinic's identity, the title and French text that reads back, amounts included", async () => {
    const bytes = await renderPdf({ title: "Essai", author: DEMO_CLINIC.name }, (doc) => {
      drawHead(doc, DEMO_CLINIC, { title: "Reçu n° 2026-000001", lines: ["Le 28 novembre 2026"] });
      doc.text(pdfText(`Montant : ${formatDA(12_345_650)} — espèces, reçu à Kouba`));
    });
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const [page] = await pdfPages(bytes);
    expect(page).toContain(DEMO_CLINIC.name);
    expect(page).toContain("Reçu n° 2026-000001");
    expect(page.replace(/\s/g, " ")).toContain("Montant : 123 456,50 DA — espèces, reçu à Kouba");
    expect(page).toContain("page 1/1");
  });
});
