/**
 * 'Clôturer la caisse' (administrators, `cash:close`): the cash counted is typed, the difference
 * with what the entries say is shown as it is typed and stored; a closed day shows its closing.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Lock } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import type { CashClosingView } from "~/.server/repos/cash";
import { Field, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { closeCashSchema } from "~/lib/cash-schema";
import { formatDateTime } from "~/lib/format";
import { formatDA, parseAmount } from "~/lib/money";

function differenceText(diff: number): string {
  if (diff === 0) return "Aucun écart.";
  return diff > 0 ? `Excédent de ${formatDA(diff)}.` : `Manque de ${formatDA(-diff)}.`;
}

export function CashClosingPanel({ closing }: { closing: CashClosingView }) {
  return (
    <section aria-labelledby="closed-title" className="rounded-2xl border border-emerald-200 bg-emerald-50/60 p-4">
      <h2 id="closed-title" className="flex items-center gap-2 font-sans text-base font-semibold text-emerald-900">
        <Lock aria-hidden className="h-4 w-4" />
        Caisse clôturée le {formatDateTime(closing.closedAt)}
        {closing.closedBy ? ` par ${closing.closedBy}` : ""}
      </h2>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Espèces attendues</dt>
          <dd className="font-semibold tabular-nums">{formatDA(closing.expectedCash)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Espèces comptées</dt>
          <dd className="font-semibold tabular-nums">{formatDA(closing.countedCash)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Écart</dt>
          <dd className={`font-semibold tabular-nums ${closing.difference < 0 ? "text-red-700" : ""}`}>{formatDA(closing.difference)}</dd>
        </div>
      </dl>
      {closing.note && <p className="mt-2 text-sm text-slate-700">Note : {closing.note}</p>}
      <p className="mt-2 text-xs text-slate-600">Une correction de ce jour s'inscrit désormais dans la caisse du lendemain.</p>
    </section>
  );
}

export function CloseCashForm({ day, expectedCash, lastResult }: { day: string; expectedCash: number; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useAppForm({ id: `close-cash-${day}`, schema: closeCashSchema, lastResult });
  const busy = useNavigation().state === "submitting";
  const typed = parseAmount(fields.counted.value ?? "");
  const diff = typed.ok && typed.centimes !== null ? typed.centimes - expectedCash : null;
  return (
    <section aria-labelledby="close-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="close-title" className="font-sans text-base font-semibold text-navy-900">
        Clôturer la caisse
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Comptez les espèces du tiroir : {formatDA(expectedCash)} sont attendues. Une fois clôturée, la journée ne change plus.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="day" value={day} />
        <Field meta={fields.counted} label="Espèces comptées (DA)" required inputMode="decimal" autoComplete="off" className="max-w-60" inputClassName="field-input tabular-nums" />
        {diff !== null && (
          <p aria-live="polite" className={`text-sm font-medium ${diff < 0 ? "text-red-700" : "text-slate-700"}`}>
            {differenceText(diff)}
          </p>
        )}
        <Field meta={fields.note} label="Note" optional maxLength={500} autoComplete="off" placeholder="Exemple : fond de caisse de 5 000 DA laissé" />
        {form.errors?.[0] && (
          <Alert tone="error" id={form.errorId}>
            {form.errors[0]}
          </Alert>
        )}
        <div>
          <button type="submit" disabled={busy} className="btn-primary">
            <Lock aria-hidden className="h-4 w-4" />
            Clôturer la caisse
          </button>
        </div>
      </Form>
    </section>
  );
}
