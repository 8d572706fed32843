import { describe, expect, it } from "vitest";
import { quoteContentHash } from "./quote-hash";

const quote = { number: "2026-0042", patient_id: 7, valid_until: "2026-12-31", discount: 300_000, title: "Remplacement de la 36", note: null };
const lines = [
  { position: 1, phase: "Phase 1 : chirurgie", option: null, act_id: 3, label: "Extraction", teeth: "36", quantity: 1, unit_price: 300_000, discount: 0, total: 300_000 },
  { position: 2, phase: "Phase 2 : prothèse", option: "Option B : implant", act_id: null, label: "Implant", teeth: "36", quantity: 1, unit_price: 8_000_000, discount: 0, total: 8_000_000 },
];

describe("the quote's content hash", () => {
  it("is the same for the same content, whatever the order the lines were read in, and changes with any field", () => {
    const h = quoteContentHash(quote, lines);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(quoteContentHash({ ...quote }, [...lines].reverse())).toBe(h);
    expect(quoteContentHash({ ...quote, discount: 300_001 }, lines)).not.toBe(h);
    expect(quoteContentHash({ ...quote, valid_until: "2027-01-01" }, lines)).not.toBe(h);
    expect(quoteContentHash(quote, [lines[0], { ...lines[1], teeth: "37" }])).not.toBe(h);
    expect(quoteContentHash(quote, [lines[0]])).not.toBe(h);
  });
});
