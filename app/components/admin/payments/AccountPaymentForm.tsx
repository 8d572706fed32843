/**
 * 'Encaisser un paiement' on a patient's record (docs/product.md, "Staff: payments and receipts"):
 * a payment on the patient's account, optionally towards one of their accepted quotes (its plan
 * counts it), for every role (`payment:take`). The receipt opens once it is stored.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Banknote } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { ErrorList, Field, useAppForm } from "~/components/forms";
import { ChequeNumber } from "~/components/admin/front-desk/PaymentForm";
import { Alert } from "~/components/ui/Alert";
import { centimesToInput, formatDA } from "~/lib/money";
import { accountPaymentSchema, PAYMENT_MODE_LABELS, PAYMENT_MODES, PAYMENT_NOTE_MAX } from "~/lib/payment-schema";

export interface PayableQuote {
  id: number;
  number: string;
  total: number;
  /** what is still due on it */
  due: number;
}

export function AccountPaymentForm({ quotes, balance, lastResult }: { quotes: PayableQuote[]; balance: number; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useAppForm({
    id: "account-pay",
    schema: accountPaymentSchema,
    lastResult,
    defaultValue: { mode: "especes", amount: balance > 0 ? centimesToInput(balance) : "" },
  });
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="account-pay-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="account-pay-title" className="font-sans text-lg font-semibold text-navy-900">
        Encaisser un paiement
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="account-pay" />
        <Field meta={fields.amount} label="Montant (DA)" required inputMode="decimal" autoComplete="off" className="max-w-60" inputClassName="field-input tabular-nums" />
        <fieldset aria-describedby={fields.mode.errors ? fields.mode.errorId : undefined}>
          <legend className="field-label">Mode de paiement</legend>
          <div className="flex flex-wrap gap-2">
            {PAYMENT_MODES.map((mode) => {
              const { key, ...radio } = getInputProps(fields.mode, { type: "radio", value: mode });
              return (
                <label
                  key={mode}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 has-checked:bg-emerald-50 has-checked:ring-2 has-checked:ring-emerald-600"
                >
                  <input key={key} {...radio} id={`${fields.mode.id}-${mode}`} className="h-4 w-4 accent-emerald-700" />
                  {PAYMENT_MODE_LABELS[mode]}
                </label>
              );
            })}
          </div>
          <ErrorList id={fields.mode.errorId} errors={fields.mode.errors} />
        </fieldset>
        <ChequeNumber meta={fields.chequeNumber} chosen={fields.mode.value === "cheque"} />
        {quotes.length > 0 && (
          <div>
            <label htmlFor={fields.quoteId.id} className="field-label">
              Pour le devis <span className="font-normal text-slate-500">(facultatif)</span>
            </label>
            <select {...getSelectProps(fields.quoteId)} key={fields.quoteId.key} className="field-input min-h-11">
              <option value="">Aucun : paiement sur le compte</option>
              {quotes.map((q) => (
                <option key={q.id} value={q.id}>
                  Devis n° {q.number} — reste {formatDA(q.due)}
                </option>
              ))}
            </select>
            <ErrorList id={fields.quoteId.errorId} errors={fields.quoteId.errors} />
          </div>
        )}
        <Field meta={fields.note} label="Note" optional maxLength={PAYMENT_NOTE_MAX} autoComplete="off" placeholder="Exemple : 2e échéance" />
        {form.errors?.[0] && (
          <Alert tone="error" id={form.errorId}>
            {form.errors[0]}
          </Alert>
        )}
        <div>
          <button type="submit" disabled={busy} className="btn bg-emerald-700 text-white hover:bg-emerald-800">
            <Banknote aria-hidden className="h-4 w-4" />
            Encaisser et voir le reçu
          </button>
        </div>
      </Form>
    </section>
  );
}
