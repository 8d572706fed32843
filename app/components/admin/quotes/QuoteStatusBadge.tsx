import { QUOTE_STATUS_LABELS, type QuoteStatusValue } from "~/lib/quote-schema";

const TONES: Record<QuoteStatusValue, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-300",
  proposed: "bg-amber-50 text-amber-900 ring-amber-600/40",
  accepted: "bg-emerald-50 text-emerald-800 ring-emerald-600/40",
  refused: "bg-red-50 text-red-800 ring-red-600/30",
  expired: "bg-slate-100 text-slate-600 ring-slate-300",
};

/** A quote's status in words: 'Brouillon', 'Proposé', 'Accepté', 'Refusé', 'Expiré'. */
export function QuoteStatusBadge({ status }: { status: QuoteStatusValue }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}>{QUOTE_STATUS_LABELS[status]}</span>;
}
