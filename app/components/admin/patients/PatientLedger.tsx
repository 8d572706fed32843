/**
 * The patient's account on the record (docs/product.md, "Staff: the patient's account"): total
 * billed, total paid, the balance, and every line in date order with the running balance; the
 * 'Relevé de compte' to print or download.
 */
import { FilePlus2, FileText } from "~/components/admin/icons";
import { Link } from "react-router";
import type { PatientAccount } from "~/.server/repos/ledger";
import { useCan } from "~/components/admin/permissions";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";

export function PatientLedger({ patientId, account }: { patientId: number; account: PatientAccount }) {
  const canQuote = useCan("quote:manage");
  const figures: [string, number][] = [
    ["Total facturé", account.billed],
    ["Total payé", account.paid],
    ["Solde", account.balance],
  ];
  return (
    <section aria-labelledby="ledger-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="ledger-title" className="font-sans text-lg font-semibold text-navy-900">
          Compte du patient
        </h2>
        <div className="flex flex-wrap gap-2">
          {canQuote && (
            <Link to={`/admin/devis?patient=${patientId}`} className="btn-outline">
              <FilePlus2 aria-hidden className="h-4 w-4" />
              Nouveau devis
            </Link>
          )}
          <Link to={`/admin/patients/${patientId}/releve`} className="btn-outline">
            <FileText aria-hidden className="h-4 w-4" />
            Relevé de compte
          </Link>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className={`min-w-0 rounded-xl px-3 py-3 ring-1 sm:px-4 ${label === "Solde" && value > 0 ? "bg-amber-50 ring-amber-600/30" : "bg-slate-50 ring-slate-200"}`}>
            <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-500 sm:text-xs">{label}</dt>
            <dd className="mt-1 break-words text-base font-bold tabular-nums text-navy-900 sm:text-xl">{formatDA(value)}</dd>
          </div>
        ))}
      </dl>
      {account.lines.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Aucun montant facturé ni payé pour l'instant.</p>
      ) : (
        <ol aria-label="Écritures du compte" className="mt-4 divide-y divide-slate-100">
          {account.lines.map((l, i) => (
            <li key={i} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 py-2.5 text-sm">
              <span className="min-w-0 break-words">
                <span className="text-slate-500">{l.day ? formatCalendarDate(l.day) : "—"} · </span>
                {l.href ? (
                  <Link to={l.href} className="font-medium text-navy-900 underline decoration-slate-300 underline-offset-2 hover:decoration-navy-900">
                    {l.label}
                  </Link>
                ) : (
                  <span className="font-medium text-navy-900">{l.label}</span>
                )}
              </span>
              <span className={`text-right tabular-nums font-semibold ${l.credit > 0 ? "text-emerald-800" : "text-navy-900"}`}>
                {l.credit > 0 ? `− ${formatDA(l.credit)}` : `+ ${formatDA(l.debit)}`}
              </span>
              <span className="col-span-2 text-right text-xs text-slate-500 tabular-nums">Solde : {formatDA(l.balance)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
