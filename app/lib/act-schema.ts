import { z } from "~/lib/zod";
import { ACT_CATEGORIES } from "./acts";
import { MAX_AMOUNT_CENTIMES, parseAmount } from "./money";
import { singleLine } from "./rules";

/** The catalogue's form (docs/product.md, "Staff: acts and prices"): one act. */
export const ACT_MESSAGES = {
  codeMissing: "Indiquez un code court (exemple : IMPL).",
  codeInvalid: "Le code : lettres majuscules, chiffres et tirets, 20 caractères au plus.",
  labelMissing: "Indiquez le libellé de l'acte.",
  labelTooLong: "Le libellé ne peut pas dépasser 160 caractères.",
  priceMissing: "Indiquez le prix en DA (0 pour un acte gratuit).",
  priceInvalid: "Prix invalide : indiquez un nombre en DA (exemple : 45000).",
  category: "Choisissez la catégorie.",
  duplicate: "Ce code existe déjà.",
  notFound: "Cet acte n'existe plus.",
} as const;

export const actSchema = z.object({
  code: singleLine()
    .optional()
    .transform((v, ctx): string => {
      const t = (v ?? "").trim().toUpperCase();
      if (!t) ctx.addIssue({ code: "custom", message: ACT_MESSAGES.codeMissing });
      else if (!/^[A-Z0-9-]{1,20}$/.test(t)) ctx.addIssue({ code: "custom", message: ACT_MESSAGES.codeInvalid });
      return t;
    }),
  label: singleLine()
    .optional()
    .transform((v, ctx): string => {
      const t = (v ?? "").trim();
      if (!t) ctx.addIssue({ code: "custom", message: ACT_MESSAGES.labelMissing });
      else if (t.length > 160) ctx.addIssue({ code: "custom", message: ACT_MESSAGES.labelTooLong });
      return t;
    }),
  price: singleLine()
    .optional()
    .transform((v, ctx): number => {
      const r = parseAmount(v);
      if (r.ok && r.centimes === null) {
        ctx.addIssue({ code: "custom", message: ACT_MESSAGES.priceMissing });
        return z.NEVER;
      }
      if (!r.ok || (r.centimes as number) > MAX_AMOUNT_CENTIMES) {
        ctx.addIssue({ code: "custom", message: ACT_MESSAGES.priceInvalid });
        return z.NEVER;
      }
      return r.centimes as number;
    }),
  category: z.enum(ACT_CATEGORIES, { error: ACT_MESSAGES.category }),
  active: z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean()),
});
