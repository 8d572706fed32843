import { z } from "~/lib/zod";
import { isValidYmd } from "./ymd";
import { MAX_AMOUNT_CENTIMES, parseAmount } from "./money";
import { optionalText, singleLine } from "./rules";

/**
 * The day's cash (docs/product.md, "Staff: the day's cash"): the day asked in the address
 * (`?jour=2026-11-28`, today when absent or unreadable) and the closing form ('Espèces comptées
 * (DA)', a note).
 */
export const CASH_MESSAGES = {
  countedMissing: "Indiquez les espèces comptées dans la caisse.",
  countedInvalid: "Montant invalide : indiquez un nombre en DA (exemple : 25000 ou 25000,50).",
  countedNegative: "Le montant compté ne peut pas être négatif.",
  noteTooLong: "La note ne peut pas dépasser 500 caractères.",
  alreadyClosed: "La caisse de ce jour est déjà clôturée.",
  future: "Une journée à venir ne peut pas être clôturée.",
} as const;

export function cashDay(param: string | null, today: string): { day: string; note: string | null } {
  if (!param) return { day: today, note: null };
  if (!isValidYmd(param)) return { day: today, note: "La date demandée n'est pas valide : voici la caisse d'aujourd'hui." };
  return { day: param, note: null };
}

export const closeCashSchema = z.object({
  counted: singleLine()
    .optional()
    .transform((raw, ctx): number => {
      const r = parseAmount(raw);
      if (r.ok && r.centimes === null) {
        ctx.addIssue({ code: "custom", message: CASH_MESSAGES.countedMissing });
        return z.NEVER;
      }
      if (!r.ok || (r.centimes as number) > MAX_AMOUNT_CENTIMES) {
        ctx.addIssue({ code: "custom", message: !r.ok && r.reason === "negative" ? CASH_MESSAGES.countedNegative : CASH_MESSAGES.countedInvalid });
        return z.NEVER;
      }
      return r.centimes as number;
    }),
  note: optionalText({ max: 500, tooLong: CASH_MESSAGES.noteTooLong }),
});
