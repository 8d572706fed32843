import { z } from "~/lib/zod";
import { lineTotal, MAX_AMOUNT_CENTIMES, parseAmount, percentOf, quoteTotals } from "./money";
import { parseTeeth } from "./teeth";
import { hasSingleLineControl } from "./control-characters";
import { optionalText, singleLine } from "./rules";
import { isValidYmd } from "./ymd";

/**
 * Quotes (docs/product.md, "Staff: quotes"; ADR 026): statuses, the editor's form and its French
 * messages. The editor posts its lines as one JSON field (`lines`), read and checked here line by
 * line; amounts are typed in DA and come out in centimes; totals come from app/lib/money.ts.
 */
export const QUOTE_STATUSES = ["draft", "proposed", "accepted", "refused", "expired"] as const;
export type QuoteStatusValue = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatusValue, string> = {
  draft: "Brouillon",
  proposed: "Proposé",
  accepted: "Accepté",
  refused: "Refusé",
  expired: "Expiré",
};
export function isQuoteStatus(v: unknown): v is QuoteStatusValue {
  return typeof v === "string" && (QUOTE_STATUSES as readonly string[]).includes(v);
}

export const QUOTE_MAX_LINES = 60;
export const QUOTE_VALIDITY_DAYS = 30;

export const QUOTE_MESSAGES = {
  lines: "Les lignes du devis n'ont pas pu être lues : rechargez la page.",
  tooManyLines: `Un devis a au plus ${QUOTE_MAX_LINES} lignes.`,
  noLine: "Ajoutez au moins une ligne avant de proposer le devis.",
  label: (n: number) => `Ligne ${n} : indiquez le libellé.`,
  labelTooLong: (n: number) => `Ligne ${n} : le libellé ne peut pas dépasser 200 caractères.`,
  teeth: (n: number) => `Ligne ${n} : dents invalides (numéros FDI de 11 à 48, séparés par des virgules).`,
  quantity: (n: number) => `Ligne ${n} : la quantité est un nombre entier de 1 à 99.`,
  price: (n: number) => `Ligne ${n} : prix invalide (un nombre en DA).`,
  discount: (n: number) => `Ligne ${n} : la remise ne peut pas dépasser le montant de la ligne.`,
  phase: (n: number) => `Ligne ${n} : la phase ne peut pas dépasser 80 caractères.`,
  control: (n: number) => `Ligne ${n} : un texte contient un retour à la ligne ou un caractère de contrôle.`,
  option: (n: number) => `Ligne ${n} : l'option ne peut pas dépasser 80 caractères.`,
  validity: "Indiquez une date de validité.",
  validityPast: "La date de validité est déjà passée.",
  discountInvalid: "Remise invalide : un montant en DA, ou un pourcentage suivi de % (exemple : 10 %).",
  titleTooLong: "Le titre ne peut pas dépasser 120 caractères.",
  noteTooLong: "La note ne peut pas dépasser 2 000 caractères.",
  notDraft: "Ce devis n'est plus un brouillon : il ne peut plus changer. Faites-en une nouvelle version.",
  notFound: "Ce devis n'existe plus.",
  patient: "Choisissez le patient.",
} as const;

/** One line as the editor holds it (text as typed). */
export interface LineDraft {
  actId: number | null;
  label: string;
  teeth: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  phase: string;
  option: string;
}

/** One line as stored: amounts in centimes, its total computed by money.ts. */
export interface QuoteLineValue {
  actId: number | null;
  label: string;
  teeth: string | null;
  quantity: number;
  unitPrice: number;
  discount: number;
  total: number;
  phase: string | null;
  option: string | null;
}

function amountOf(text: string): number | null {
  const r = parseAmount(text);
  if (!r.ok || (r.centimes ?? 0) > MAX_AMOUNT_CENTIMES) return null;
  return r.centimes ?? 0;
}

/** Read the editor's lines; the first problem of each line is named with its number. */
export function readLines(drafts: LineDraft[]): { lines: QuoteLineValue[]; errors: string[] } {
  const lines: QuoteLineValue[] = [];
  const errors: string[] = [];
  if (drafts.length > QUOTE_MAX_LINES) return { lines, errors: [QUOTE_MESSAGES.tooManyLines] };
  drafts.forEach((d, i) => {
    const n = i + 1;
    const label = String(d.label ?? "").trim();
    const teeth = parseTeeth(d.teeth);
    const quantity = Number(String(d.quantity ?? "").trim());
    const unitPrice = amountOf(String(d.unitPrice ?? ""));
    const discount = amountOf(String(d.discount ?? ""));
    const phase = String(d.phase ?? "").trim();
    const option = String(d.option ?? "").trim();
    if ([label, phase, option, String(d.teeth ?? "")].some(hasSingleLineControl)) return void errors.push(QUOTE_MESSAGES.control(n));
    if (!label) return void errors.push(QUOTE_MESSAGES.label(n));
    if (label.length > 200) return void errors.push(QUOTE_MESSAGES.labelTooLong(n));
    if (!teeth.ok) return void errors.push(QUOTE_MESSAGES.teeth(n));
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) return void errors.push(QUOTE_MESSAGES.quantity(n));
    if (unitPrice === null || discount === null) return void errors.push(QUOTE_MESSAGES.price(n));
    if (discount > quantity * unitPrice) return void errors.push(QUOTE_MESSAGES.discount(n));
    if (phase.length > 80) return void errors.push(QUOTE_MESSAGES.phase(n));
    if (option.length > 80) return void errors.push(QUOTE_MESSAGES.option(n));
    const actId = d.actId === null || d.actId === undefined || Number.isNaN(Number(d.actId)) ? null : Number(d.actId);
    lines.push({ actId, label, teeth: teeth.value, quantity, unitPrice, discount, total: lineTotal({ quantity, unitPrice, discount }), phase: phase || null, option: option || null });
  });
  return { lines, errors };
}

/**
 * The overall discount as typed: an amount in DA ('15000') or a percentage ('10 %') of the first
 * option's subtotal, rounded by money.ts `percentOf`; stored as the amount, taken off every option
 * (capped at each option's subtotal).
 */
export function overallDiscount(text: string, lines: QuoteLineValue[]): { ok: true; centimes: number } | { ok: false } {
  const t = text.trim();
  if (t === "") return { ok: true, centimes: 0 };
  const pct = /^(\d{1,3})\s*%$/.exec(t.replace(/\u202f|\u00a0/g, " "));
  if (pct) {
    const p = Number(pct[1]);
    if (p > 100) return { ok: false };
    // a percentage of the first option's subtotal, as an amount (the same amount off every option)
    const first = quoteTotals(lines.map((l) => ({ option: l.option, phase: l.phase, total: l.total })))[0];
    return { ok: true, centimes: percentOf(first?.subtotal ?? 0, p) };
  }
  const a = amountOf(t);
  return a === null ? { ok: false } : { ok: true, centimes: a };
}

export const quoteFormSchema = z.object({
  title: optionalText({ max: 120, tooLong: QUOTE_MESSAGES.titleTooLong }),
  validUntil: singleLine()
    .trim()
    .refine((v) => isValidYmd(v), { error: QUOTE_MESSAGES.validity }),
  note: optionalText({ max: 2000, tooLong: QUOTE_MESSAGES.noteTooLong, multiline: true }),
  discount: optionalText({ max: 30, tooLong: QUOTE_MESSAGES.discountInvalid }),
  /** the editor's lines as JSON; each text in it is checked again by readLines */
  lines: z.string().max(200_000).optional(),
});
