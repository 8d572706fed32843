/**
 * ReceiptDocument: a receipt as the clinic prints it (docs/product.md, "Staff: payments and
 * receipts"): A4 on paper (the staff shell does not print), the clinic's identity, 'Reçu n° …',
 * the lines of the receipt, 'ANNULÉ' once cancelled, and the box for the stamp and signature.
 * The same text as the PDF (app/lib/receipt-view.ts).
 */
import type { Clinic } from "~/lib/clinic";
import type { ReceiptText } from "~/lib/receipt-view";

export function ReceiptDocument({ clinic, text, day }: { clinic: Clinic; text: ReceiptText; day: string }) {
  return (
    <article
      aria-labelledby="receipt-title"
      className="receipt-sheet mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-10 print:max-w-none print:rounded-none print:p-0 print:shadow-none print:ring-0"
    >
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="text-sm leading-relaxed text-slate-700">
          <p className="font-serif text-lg font-bold text-teal-800">{clinic.name}</p>
          <p>{clinic.doctor.name}</p>
          <p>{clinic.address.street}</p>
          <p>
            {clinic.address.postalCode} {clinic.address.city}
          </p>
          {clinic.phones[0] && <p>{clinic.phones[0].display}</p>}
          <p>{clinic.email}</p>
        </div>
        <div className="sm:text-right">
          <h1 id="receipt-title" className="font-sans text-2xl font-bold text-navy-900">
            {text.title}
          </h1>
          <p className="mt-1 text-sm text-slate-600">Alger, le {day}</p>
        </div>
      </header>
      {text.stamp && (
        <div className="mt-5 rounded-xl border-2 border-red-700 p-3 text-center text-red-800">
          <p className="text-2xl font-black tracking-widest">{text.stamp}</p>
          {text.cancellation && <p className="mt-1 text-sm">{text.cancellation}</p>}
        </div>
      )}
      <dl className="mt-6 divide-y divide-slate-100">
        {text.rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className={label.startsWith("Montant") ? "text-xl font-bold text-teal-800 tabular-nums" : "text-slate-900"}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-10 flex justify-end">
        <div className="w-full max-w-xs text-center text-sm text-slate-700">
          <p>Cachet et signature de la clinique</p>
          <div className="mt-2 h-24 rounded border border-dashed border-slate-400" />
        </div>
      </div>
    </article>
  );
}
