/**
 * QuoteDocument: a quote as it is printed and read (docs/product.md, "Staff: quotes"): the clinic's
 * identity, 'Devis n° 2026-0042', the patient, the date and the validity, the lines grouped by
 * option and phase with their teeth, the totals of each option, the note and the signature block.
 * A4 on paper (the staff shell does not print); also the patient's page (/devis/<token>).
 */
import type { Clinic } from "~/lib/clinic";
import { formatCalendarDate } from "~/lib/format";
import { formatDA, type OptionTotals } from "~/lib/money";
import type { QuoteGroup } from "~/lib/quote-view";

export interface QuoteDocumentProps {
  clinic: Clinic;
  number: string;
  title: string | null;
  patientName: string;
  createdDay: string;
  validUntil: string;
  note: string | null;
  groups: QuoteGroup[];
  totals: OptionTotals[];
  signature?: boolean;
}

export function QuoteDocument(p: QuoteDocumentProps) {
  return (
    <article aria-labelledby="quote-title" className="mx-auto max-w-4xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-10 print:max-w-none print:rounded-none print:p-0 print:shadow-none print:ring-0">
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 sm:flex-row sm:justify-between">
        <div className="text-sm leading-relaxed text-slate-700">
          <p className="font-serif text-lg font-bold text-teal-800">{p.clinic.name}</p>
          <p>{p.clinic.doctor.name}</p>
          <p>{p.clinic.address.street}</p>
          <p>
            {p.clinic.address.postalCode} {p.clinic.address.city}
          </p>
          {p.clinic.phones[0] && <p>{p.clinic.phones[0].display}</p>}
        </div>
        <div className="sm:text-right">
          <h1 id="quote-title" className="font-sans text-2xl font-bold text-navy-900">
            Devis n° {p.number}
          </h1>
          <p className="text-sm text-slate-600">Établi le {formatCalendarDate(p.createdDay)}</p>
          <p className="text-sm text-slate-600">Valable jusqu'au {formatCalendarDate(p.validUntil)}</p>
          <p className="mt-2 font-semibold text-navy-900">{p.patientName}</p>
        </div>
      </header>
      {p.title && <p className="mt-5 text-lg font-semibold text-navy-900">{p.title}</p>}
      {p.groups.map((g) => (
        <section key={g.option ?? "-"} aria-label={g.option ?? "Soins communs"} className="mt-6 break-inside-avoid">
          {g.option ? <h2 className="font-sans text-lg font-semibold text-teal-800">{g.option}</h2> : p.groups.length > 1 && <h2 className="font-sans text-lg font-semibold text-navy-900">Commun à toutes les options</h2>}
          {g.phases.map((ph) => (
            <div key={ph.phase ?? "-"} className="mt-2">
              {ph.phase && <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{ph.phase}</h3>}
              <ul className="mt-1 divide-y divide-slate-100">
                {ph.lines.map((l, i) => (
                  <li key={i} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="font-medium text-navy-900">{l.label}</span>
                      {l.teeth && <span className="text-slate-600"> · {l.teeth}</span>}
                      <span className="block text-xs text-slate-500 tabular-nums">
                        {l.quantity} × {formatDA(l.unitPrice)}
                        {l.discount > 0 ? ` − remise ${formatDA(l.discount)}` : ""}
                      </span>
                    </span>
                    <span className="text-right font-semibold tabular-nums text-navy-900">{formatDA(l.total)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
      <section aria-label="Totaux" className="mt-6 grid gap-3 sm:grid-cols-2">
        {p.totals.map((t) => (
          <div key={t.option ?? "-"} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 print:ring-slate-400">
            <p className="font-semibold text-navy-900">{t.option ?? "Total du devis"}</p>
            {t.discount > 0 && (
              <p className="mt-1 flex justify-between text-sm text-slate-700">
                <span>Sous-total {formatDA(t.subtotal)}, remise</span>
                <span className="tabular-nums">− {formatDA(t.discount)}</span>
              </p>
            )}
            <p className="mt-1 flex justify-between text-lg font-bold text-teal-800">
              <span>Total</span>
              <span className="tabular-nums">{formatDA(t.total)}</span>
            </p>
          </div>
        ))}
      </section>
      {p.note && <p className="mt-6 whitespace-pre-line text-sm text-slate-700">{p.note}</p>}
      {p.signature !== false && (
        <div className="mt-10 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
          <div className="text-sm text-slate-700">
            <p>Bon pour accord, date et signature du patient</p>
            <div className="mt-2 h-24 rounded border border-dashed border-slate-400" />
          </div>
          <div className="text-sm text-slate-700">
            <p>Cachet et signature de la clinique</p>
            <div className="mt-2 h-24 rounded border border-dashed border-slate-400" />
          </div>
        </div>
      )}
    </article>
  );
}
