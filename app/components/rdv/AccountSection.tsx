/**
 * On the patient's own page (/rdv/<token>): their quotes, each with its link to read and answer it,
 * and what remains to pay on their account (docs/product.md, "Patients: answering a quote"). Only
 * this appointment's patient's; shown when there is something to show.
 */
import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import { useI18n } from "~/hooks/use-locale";
import type { MessageKey } from "~/i18n";
import { formatCalendarDate, formatLongDateAr } from "~/lib/format";
import { formatDA } from "~/lib/money";
import type { QuoteStatusValue } from "~/lib/quote-schema";

import type { RdvAccount } from "~/lib/rdv-account";

/** A quote's status as the patient reads it (French: QUOTE_STATUS_LABELS' words). */
const QUOTE_STATUS_KEYS: Record<QuoteStatusValue, MessageKey> = {
  draft: "rdvChange.quoteDraft",
  proposed: "rdvChange.quoteProposed",
  accepted: "rdvChange.quoteAccepted",
  refused: "rdvChange.quoteRefused",
  expired: "rdvChange.quoteExpired",
};

export function AccountSection({ account }: { account: RdvAccount }) {
  const { locale, t } = useI18n();
  if (account.quotes.length === 0 && !account.balance) return null;
  const ar = locale === "ar";
  // amounts and dates: French as before; in Arabic the amount left to right, the day in words (ar-DZ, Western digits)
  const money = (centimes: number): ReactNode => (ar ? <bdi dir="ltr">{formatDA(centimes)}</bdi> : formatDA(centimes));
  const day = (ymd: string) => (ar ? formatLongDateAr(`${ymd}T12:00:00Z`) : formatCalendarDate(ymd));
  return (
    <section aria-labelledby="rdv-account" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="rdv-account" className="text-2xl font-bold">
        {t("rdvChange.accountTitle")}
      </h2>
      {account.balance !== null && account.balance > 0 && (
        <p className="mt-3 text-lg text-navy-900">
          {t("rdvChange.balance")}
          <strong className="tabular-nums">{money(account.balance)}</strong>
        </p>
      )}
      {account.nextInstalment && (
        <p className="mt-1 text-slate-700">
          {t("rdvChange.nextInstalment")}
          {day(account.nextInstalment.day)} — <span className="tabular-nums">{money(account.nextInstalment.amount)}</span>
        </p>
      )}
      {account.quotes.length > 0 && (
        <ul className="mt-4 space-y-2">
          {account.quotes.map((q) => (
            <li key={q.number} className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
              <FileText aria-hidden className="h-5 w-5 shrink-0 text-teal-700" />
              <span className="grow">
                <span className="font-semibold text-navy-900">{ar ? t("rdvChange.quoteNumber", { number: "" }) : t("rdvChange.quoteNumber", { number: q.number })}</span>
                {ar && <bdi dir="ltr" className="font-semibold text-navy-900">{q.number}</bdi>}
                <span className="block text-sm text-slate-600">
                  {money(q.total)} · {QUOTE_STATUS_KEYS[q.status as QuoteStatusValue] ? t(QUOTE_STATUS_KEYS[q.status as QuoteStatusValue]) : q.status}
                  {q.status === "proposed" ? t("rdvChange.validUntil", { date: day(q.validUntil) }) : ""}
                </span>
              </span>
              <a href={q.href} hrefLang={ar ? "fr" : undefined} className={q.status === "proposed" ? "btn-primary" : "btn-outline"}>
                {q.status === "proposed" ? t("rdvChange.quoteAnswer") : t("rdvChange.quoteView")}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
