import { parseAmount, planAmounts, sumCentimes } from "./money";
import { addMonthsYmd, isValidYmd } from "./ymd";

/**
 * 'Échéancier' (docs/product.md, "Staff: payment plans"): the form of an accepted quote's plan.
 * 'Calculer' turns a down payment, a number of instalments and a first due day into lines (equal
 * amounts by money.ts planAmounts, a month apart); each line stays editable; the lines must sum
 * to the quote's total to the centime.
 */
export const PLAN_MESSAGES = {
  down: "Acompte invalide : un montant en DA, au plus le total du devis.",
  count: "Le nombre d'échéances est un nombre entier de 1 à 60.",
  first: "Indiquez la date de la première échéance.",
  line: (n: number) => `Échéance ${n} : indiquez une date et un montant en DA supérieur à 0.`,
  sum: (total: string, sum: string) => `Les échéances font ${sum} pour un devis de ${total} : elles doivent faire exactement le total.`,
  notAccepted: "Seul un devis accepté reçoit un échéancier.",
  empty: "Ajoutez au moins une échéance.",
} as const;

export interface PlanRow {
  dueDay: string;
  amount: string;
}

/** 'Calculer': the lines of an equal plan, or the first problem. */
export function computePlan(total: number, downText: string, countText: string, first: string): { rows: { dueDay: string; amount: number }[] } | { error: string } {
  const down = parseAmount(downText);
  if (!down.ok || (down.centimes ?? 0) > total) return { error: PLAN_MESSAGES.down };
  const count = Number(countText);
  if (!Number.isInteger(count) || count < 1 || count > 60) return { error: PLAN_MESSAGES.count };
  if (!isValidYmd(first)) return { error: PLAN_MESSAGES.first };
  const amounts = planAmounts(total, down.centimes ?? 0, count);
  // the first line (the down payment, or the first instalment) on the first day, then one a month
  return { rows: amounts.map((amount, i) => ({ dueDay: addMonthsYmd(first, i), amount })) };
}

/** The posted lines: each a day and an amount above 0, summing to the total. */
export function readPlanRows(rows: PlanRow[], total: number, format: (c: number) => string): { lines: { dueDay: string; amount: number }[] } | { error: string } {
  const lines: { dueDay: string; amount: number }[] = [];
  for (const [i, r] of rows.entries()) {
    const a = parseAmount(r.amount);
    if (!isValidYmd(r.dueDay) || !a.ok || !a.centimes || a.centimes <= 0) return { error: PLAN_MESSAGES.line(i + 1) };
    lines.push({ dueDay: r.dueDay, amount: a.centimes });
  }
  if (lines.length === 0) return { error: PLAN_MESSAGES.empty };
  const sum = sumCentimes(lines.map((l) => l.amount));
  if (sum !== total) return { error: PLAN_MESSAGES.sum(format(total), format(sum)) };
  return { lines };
}
