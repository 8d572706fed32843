/**
 * 'Échéances en retard' on the reminders' screen (issue 29): each late instalment of a payment
 * plan, with one-tap WhatsApp and SMS messages to the patient.
 */
import { MessageCircle, MessageSquare } from "~/components/admin/icons";
import { Link } from "react-router";
import type { LateReminder } from "~/.server/instalment-reminders";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";

export function LateInstalments({ rows }: { rows: LateReminder[] }) {
  if (rows.length === 0) return null;
  return (
    <section id="echeances" aria-labelledby="late-title" className="space-y-3">
      <h2 id="late-title" className="font-sans text-xl font-semibold text-navy-900 sm:text-2xl">
        Échéances en retard
      </h2>
      <ol className="grid grid-cols-1 gap-3 xl:grid-cols-2">
        {rows.map((r, i) => (
          <li key={i} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              {r.patientId ? (
                <Link to={`/admin/patients/${r.patientId}`} className="font-semibold text-navy-900 underline decoration-slate-300 underline-offset-2">
                  {r.patientName ?? "—"}
                </Link>
              ) : (
                <span className="font-semibold">—</span>
              )}
              <span className="font-semibold tabular-nums text-red-800">{formatDA(r.due)}</span>
            </p>
            <p className="text-sm text-slate-600">
              Échéance du {formatCalendarDate(r.dueDay)}, devis n° {r.quoteNumber}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {r.whatsapp && (
                <a href={r.whatsapp} target="_blank" rel="noreferrer" className="btn bg-emerald-700 text-white hover:bg-emerald-800">
                  <MessageCircle aria-hidden className="h-4 w-4" />
                  WhatsApp
                </a>
              )}
              {r.sms && (
                <a href={r.sms} className="btn-outline">
                  <MessageSquare aria-hidden className="h-4 w-4" />
                  SMS
                </a>
              )}
              {!r.whatsapp && !r.sms && <span className="text-sm text-slate-500">Pas de numéro de téléphone valable.</span>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
