import { formatDA } from "~/lib/money";
import type { MoneyAcrossVisits, PatientCounts } from "./types";

/**
 * The record's figures: appointments, visits ('Honoré'), no-shows and cancellations, then what
 * was billed, paid and is still due across the visits (cancelled appointments left out; the rule
 * of 'Reste à payer' in ~/lib/appointment-status).
 */
export function PatientSummary({ counts, totals }: { counts: PatientCounts; totals: MoneyAcrossVisits }) {
  const figures = [
    { label: "Rendez-vous", value: String(counts.appointments), tone: "text-navy-900" },
    { label: "Venues", value: String(counts.attended), tone: "text-emerald-800" },
    { label: "Absences", value: String(counts.noShows), tone: counts.noShows > 0 ? "text-rose-800" : "text-navy-900" },
    { label: "Annulations", value: String(counts.cancelled), tone: "text-navy-900" },
  ];
  const money = [
    { label: "Facturé", value: formatDA(totals.billed), tone: "text-navy-900" },
    { label: "Payé", value: formatDA(totals.paid), tone: "text-navy-900" },
    { label: "Reste à payer", value: formatDA(totals.due), tone: totals.due > 0 ? "text-amber-900" : "text-navy-900" },
  ];
  return (
    <section aria-labelledby="patient-figures" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="patient-figures" className="font-sans text-lg font-semibold text-navy-900">
        En résumé
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{f.label}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${f.tone}`}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <dl className="mt-3 grid grid-cols-3 gap-2 sm:gap-3">
        {money.map((m) => (
          <div
            key={m.label}
            className={`min-w-0 rounded-xl px-3 py-3 ring-1 sm:px-4 ${m.label === "Reste à payer" && totals.due > 0 ? "bg-amber-50 ring-amber-600/30" : "bg-slate-50 ring-slate-200"}`}
          >
            <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-500 sm:text-xs">{m.label}</dt>
            <dd className={`mt-1 break-words text-base font-bold tabular-nums sm:text-xl ${m.tone}`}>{m.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-500">Sur tous les rendez-vous du dossier, annulations non comptées.</p>
    </section>
  );
}
