import { z } from "~/lib/zod";
import { formatDA, MAX_AMOUNT_CENTIMES, parseAmount } from "./money";
import { optionalText, singleLine } from "./rules";

/**
 * 'Encaisser' (docs/product.md, "Staff: agenda"; ADR 021): the payment modes, their French labels
 * and the form's schema, run by the action and the browser alike. The amount is typed in DA and
 * comes out in centimes; whether it fits the balance is the repository's decision, in the
 * transaction that writes it (app/.server/repos/payments.ts).
 */

/** The modes staff choose from, in this order. */
export const PAYMENT_MODES = ["especes", "cib", "edahabia", "cheque", "virement"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Every value the database accepts: 'ajustement' is reserved for the corrections of the Money issue. */
export const STORED_PAYMENT_MODES = [...PAYMENT_MODES, "ajustement"] as const;
export type StoredPaymentMode = (typeof STORED_PAYMENT_MODES)[number];

export const PAYMENT_MODE_LABELS: Record<StoredPaymentMode, string> = {
  especes: "Espèces",
  cib: "CIB",
  edahabia: "Edahabia",
  cheque: "Chèque",
  virement: "Virement",
  ajustement: "Ajustement",
};

export function isStoredPaymentMode(v: unknown): v is StoredPaymentMode {
  return typeof v === "string" && (STORED_PAYMENT_MODES as readonly string[]).includes(v);
}

export const PAYMENT_NOTE_MAX = 200;

export const PAYMENT_MESSAGES = {
  missing: "Indiquez le montant encaissé.",
  invalid: "Montant invalide : indiquez un nombre en DA (exemple : 5000 ou 5000,50).",
  decimals: "Deux chiffres au plus après la virgule (les centimes).",
  notPositive: "Le montant doit être supérieur à 0.",
  tooLarge: "Montant trop élevé.",
  mode: "Choisissez le mode de paiement.",
  noteTooLong: `La note ne peut pas dépasser ${PAYMENT_NOTE_MAX} caractères.`,
  chequeMissing: "Indiquez le numéro du chèque.",
  chequeTooLong: `Le numéro du chèque ne peut pas dépasser ${40} caractères.`,
  patientNotFound: "Ce dossier patient n'existe plus.",
  quoteNotFound: "Ce devis n'appartient pas à ce patient.",
  quoteNotAccepted: "Ce devis n'est pas accepté : un paiement ne peut y être rattaché.",
  reasonMissing: "Indiquez la raison de l'annulation.",
  reasonTooLong: "La raison ne peut pas dépasser 200 caractères.",
  alreadyCancelled: "Ce reçu est déjà annulé.",
  notAReceipt: "Seul un reçu de paiement peut être annulé.",
  cancelled: "Ce rendez-vous est annulé : aucun paiement ne peut y être encaissé.",
  noPrice: "Aucun prix total n'est fixé pour ce rendez-vous : indiquez-le avant d'encaisser.",
  notFound: "Ce rendez-vous n'existe plus.",
} as const;

/** 'Le montant dépasse le reste à payer (12 000 DA).' */
export function overBalanceMessage(balance: number): string {
  return balance > 0 ? `Le montant dépasse le reste à payer (${formatDA(balance)}).` : "Ce rendez-vous est déjà entièrement payé.";
}

/** The amount of a payment: more than 0, two decimals at most, typed in DA. */
const amount = singleLine()
  .optional()
  .transform((raw, ctx): number => {
    const r = parseAmount(raw);
    if (r.ok && r.centimes === null) {
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.missing });
      return z.NEVER;
    }
    if (!r.ok) {
      const message = r.reason === "decimals" ? PAYMENT_MESSAGES.decimals : r.reason === "negative" ? PAYMENT_MESSAGES.notPositive : r.reason === "too_large" ? PAYMENT_MESSAGES.tooLarge : PAYMENT_MESSAGES.invalid;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    const centimes = r.centimes as number;
    if (centimes <= 0) {
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.notPositive });
      return z.NEVER;
    }
    if (centimes > MAX_AMOUNT_CENTIMES) {
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.tooLarge });
      return z.NEVER;
    }
    return centimes;
  });

export const CHEQUE_NUMBER_MAX = 40;

const paymentFields = {
  amount,
  mode: z.enum(PAYMENT_MODES, { error: PAYMENT_MESSAGES.mode }),
  /** 'N° du chèque': required for a cheque, ignored otherwise */
  chequeNumber: optionalText({ max: CHEQUE_NUMBER_MAX, tooLong: PAYMENT_MESSAGES.chequeTooLong }),
  note: optionalText({ max: PAYMENT_NOTE_MAX, tooLong: PAYMENT_MESSAGES.noteTooLong }),
};

function chequeNeedsNumber(v: { mode: PaymentMode; chequeNumber?: string | null }, ctx: z.RefinementCtx) {
  if (v.mode === "cheque" && !v.chequeNumber) ctx.addIssue({ code: "custom", path: ["chequeNumber"], message: PAYMENT_MESSAGES.chequeMissing });
}

export const paymentSchema = z.object(paymentFields).superRefine(chequeNeedsNumber);

/** A payment on a patient's account ('Encaisser un paiement' on the record): the same, and an optional accepted quote. */
export const accountPaymentSchema = z
  .object({ ...paymentFields, quoteId: z.coerce.number().int().positive().optional() })
  .superRefine(chequeNeedsNumber);

/** 'Annuler ce reçu': the reason is required. */
export const cancelReceiptSchema = z.object({
  reason: singleLine()
    .optional()
    .transform((v, ctx): string => {
      const t = (v ?? "").trim();
      if (!t) {
        ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.reasonMissing });
        return z.NEVER;
      }
      if (t.length > 200) {
        ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.reasonTooLong });
        return z.NEVER;
      }
      return t;
    }),
});

export type PaymentInput = z.output<typeof paymentSchema>;
