/**
 * On the patient's own page (/rdv/<token>): their quotes, each with its link to read and answer it,
 * and what remains to pay on their account (docs/product.md, "Patients: answering a quote"). Only
 * this appointment's patient's; shown when there is something to show.
 */
import { FileText } from "lucide-react";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";
import { QUOTE_STATUS_LABELS, type QuoteStatusValue } from "~/lib/quote-schema";

import type { RdvAccount } from "~/lib/rdv-account";

export function AccountSection({ account }: { account: RdvAccount }) {
  if (account.quotes.length === 0 && !account.balance) return null;
  return (
    <section aria-labelledby="rdv-account" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="rdv-account" className="text-2xl font-bold">
        Vos devis et votre compte
      </h2>
      {account.balance !== null && account.balance > 0 && (
        <p className="mt-3 text-lg text-navy-900">
          Reste à régler : <strong className="tabular-nums">{formatDA(account.balance)}</strong>
        </p>
      )}
      {account.nextInstalment && (
        <p className="mt-1 text-slate-700">
          Prochaine échéance : {formatCalendarDate(account.nextInstalment.day)} — <span className="tabular-nums">{formatDA(account.nextInstalment.amount)}</span>
        </p>
      )}
      {account.quotes.length > 0 && (
        <ul className="mt-4 space-y-2">
          {account.quotes.map((q) => (
            <li key={q.number} className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
              <FileText aria-hidden className="h-5 w-5 shrink-0 text-teal-700" />
              <span className="grow">
                <span className="font-semibold text-navy-900">Devis n° {q.number}</span>
                <span className="block text-sm text-slate-600">
                  {formatDA(q.total)} · {QUOTE_STATUS_LABELS[q.status as QuoteStatusValue] ?? q.status}
                  {q.status === "proposed" ? ` · valable jusqu'au ${formatCalendarDate(q.validUntil)}` : ""}
                </span>
              </span>
              <a href={q.href} className={q.status === "proposed" ? "btn-primary" : "btn-outline"}>
                {q.status === "proposed" ? "Voir et répondre" : "Voir le devis"}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
