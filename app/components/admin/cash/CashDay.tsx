/**
 * The day's cash (docs/product.md, "Staff: the day's cash"): the day's tiles (total, each mode,
 * the cash the drawer should hold), the entries (cards on a phone, a table from 1024 px; each
 * receipt number opens the receipt), and what each staff member took.
 */
import { Link } from "react-router";
import type { DayCash } from "~/.server/repos/cash";
import { formatDA } from "~/lib/money";
import { PAYMENT_MODE_LABELS } from "~/lib/payment-schema";

const time = (iso: string) => new Intl.DateTimeFormat("fr-FR", { timeZone: "Africa/Algiers", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));

function entryLabel(e: DayCash["entries"][number]): string {
  if (e.kind === "cancellation") return e.note ?? "Annulation";
  if (e.kind === "adjustment") return "Ajustement du prix payé";
  return `Reçu n° ${e.receiptNo}`;
}

function Amount({ value }: { value: number }) {
  return <span className={`tabular-nums whitespace-nowrap ${value < 0 ? "text-red-700" : "text-navy-900"}`}>{formatDA(value)}</span>;
}

export function CashTiles({ cash }: { cash: DayCash }) {
  const tiles: [string, number, string?][] = [
    ["Total encaissé", cash.total, `${cash.entries.filter((e) => e.kind === "payment").length} reçu(s)`],
    ...cash.byMode.map((m): [string, number, string] => [PAYMENT_MODE_LABELS[m.mode], m.amount, `${m.count} reçu(s)`]),
    ["Espèces attendues", cash.expectedCash, "dans le tiroir"],
  ];
  return (
    <ul aria-label="Totaux du jour" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {tiles.map(([label, amount, hint], i) => (
        <li key={label} className={`rounded-2xl p-4 shadow-sm ring-1 ${i === 0 ? "bg-teal-800 text-white ring-teal-800" : "bg-white ring-slate-200"}`}>
          <p className={`text-sm ${i === 0 ? "text-teal-50" : "text-slate-600"}`}>{label}</p>
          <p className={`mt-1 text-xl font-bold tabular-nums ${i === 0 ? "text-white" : "text-navy-900"}`}>{formatDA(amount)}</p>
          {hint && <p className={`text-xs ${i === 0 ? "text-teal-100" : "text-slate-500"}`}>{hint}</p>}
        </li>
      ))}
    </ul>
  );
}

export function CashEntries({ cash }: { cash: DayCash }) {
  if (cash.entries.length === 0) {
    return <p className="rounded-2xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">Aucun paiement ce jour-là.</p>;
  }
  const who = (e: DayCash["entries"][number]) => e.takenBy ?? "—";
  const patient = (e: DayCash["entries"][number]) =>
    e.patientId !== null ? (
      <Link to={`/admin/patients/${e.patientId}`} className="font-medium text-teal-800 underline-offset-2 hover:underline">
        {e.patientName ?? `Dossier n° ${e.patientId}`}
      </Link>
    ) : (
      <span className="text-slate-500">—</span>
    );
  const label = (e: DayCash["entries"][number]) => (
    <Link to={`/admin/recus/${e.id}`} className="whitespace-nowrap font-semibold text-navy-900 underline decoration-slate-300 underline-offset-2 hover:decoration-navy-900">
      {entryLabel(e)}
    </Link>
  );
  const mode = (e: DayCash["entries"][number]) => `${PAYMENT_MODE_LABELS[e.mode]}${e.chequeNumber ? ` n° ${e.chequeNumber}` : ""}`;
  return (
    <>
      <ul aria-label="Paiements du jour" className="space-y-2 lg:hidden">
        {cash.entries.map((e) => (
          <li key={e.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-baseline justify-between gap-3">
              {label(e)}
              <Amount value={e.amount} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {time(e.paidAt)} · {mode(e)} · {who(e)}
              {e.cancelled && <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">Annulé</span>}
            </p>
            <p className="mt-1 text-sm">{patient(e)}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Paiements du jour</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-medium">Heure</th>
              <th scope="col" className="px-4 py-2.5 font-medium">Écriture</th>
              <th scope="col" className="px-4 py-2.5 font-medium">Patient</th>
              <th scope="col" className="px-4 py-2.5 font-medium">Mode</th>
              <th scope="col" className="px-4 py-2.5 font-medium">Encaissé par</th>
              <th scope="col" className="px-4 py-2.5 text-right font-medium">Montant</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {cash.entries.map((e) => (
              <tr key={e.id} className={e.kind === "adjustment" ? "text-slate-500" : undefined}>
                <td className="px-4 py-2.5 tabular-nums">{time(e.paidAt)}</td>
                <td className="px-4 py-2.5">
                  {label(e)}
                  {e.cancelled && <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">Annulé</span>}
                </td>
                <td className="px-4 py-2.5">{patient(e)}</td>
                <td className="px-4 py-2.5">{mode(e)}</td>
                <td className="px-4 py-2.5">{who(e)}</td>
                <td className="px-4 py-2.5 text-right">
                  <Amount value={e.amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function CashByStaff({ cash }: { cash: DayCash }) {
  if (cash.byStaff.length === 0) return null;
  return (
    <section aria-labelledby="by-staff" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="by-staff" className="font-sans text-base font-semibold text-navy-900">
        Par personne
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {cash.byStaff.map((s) => (
          <li key={s.takenBy} className="flex items-baseline justify-between gap-3 py-2">
            <span className="min-w-0 break-words">
              {s.takenBy} <span className="text-slate-500">({s.count} reçu(s))</span>
            </span>
            <Amount value={s.amount} />
          </li>
        ))}
      </ul>
      {cash.adjustments !== 0 && <p className="mt-2 text-xs text-slate-500">Ajustements du prix payé (hors caisse) : {formatDA(cash.adjustments)}.</p>}
    </section>
  );
}
