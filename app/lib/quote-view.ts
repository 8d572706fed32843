import { quoteTotals, type OptionTotals } from "./money";
import { teethLabel } from "./teeth";

/**
 * A quote as it reads (the staff's view, the print page, the PDF, the patient's page): its lines
 * grouped by option then phase, each with its teeth in words, and the totals of each option
 * (app/lib/money.ts). Lines without an option are shown once, as common to every option.
 */
export interface ViewLine {
  label: string;
  teeth: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  total: number;
  phase: string | null;
  option: string | null;
}

export interface QuoteGroup {
  /** null: the lines common to every option (or a quote without options) */
  option: string | null;
  phases: { phase: string | null; lines: ViewLine[] }[];
}

export function quoteGroups(lines: { label: string; teeth: string | null; quantity: number; unit_price: number; discount: number; total: number; phase: string | null; option: string | null }[]): { groups: QuoteGroup[]; totals: (discount: number) => OptionTotals[] } {
  const view: ViewLine[] = lines.map((l) => ({ label: l.label, teeth: teethLabel(l.teeth), quantity: l.quantity, unitPrice: l.unit_price, discount: l.discount, total: l.total, phase: l.phase, option: l.option }));
  const options: (string | null)[] = [null];
  for (const l of view) if (l.option !== null && !options.includes(l.option)) options.push(l.option);
  const groups = options
    .map((option) => {
      const mine = view.filter((l) => l.option === option);
      const phases: QuoteGroup["phases"] = [];
      for (const l of mine) {
        const p = phases.find((x) => x.phase === l.phase);
        if (p) p.lines.push(l);
        else phases.push({ phase: l.phase, lines: [l] });
      }
      return { option, phases };
    })
    .filter((g) => g.phases.length > 0);
  return { groups, totals: (discount) => quoteTotals(view, discount) };
}
