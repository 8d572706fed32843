/**
 * PaymentForm: 'Encaisser' on an appointment with a balance (docs/product.md, "Staff: agenda";
 * ADR 021): the amount, prefilled with what is still due ('Reste à payer'), the mode (Espèces,
 * CIB, Edahabia, Chèque, Virement) and an optional note. A POST with intent "pay" through the
 * front desk's shared fetcher (FRONT_DESK_KEYS.pay), so that StatusActions, which stays on the
 * card, shows the result's toast even when a full payment closes this form. A refusal is said
 * beside the amount (over the balance) or above the button; what was typed is kept.
 *
 *   <PaymentForm id={row.id} name={row.name} due={due} onClose={…} />
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import { Banknote, Loader2, X } from "~/components/admin/icons";
import { useFetcher } from "react-router";
import { ErrorList, Field, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { centimesToInput, formatDA } from "~/lib/money";
import { CHEQUE_NUMBER_MAX, PAYMENT_MODE_LABELS, PAYMENT_MODES, PAYMENT_NOTE_MAX, paymentSchema } from "~/lib/payment-schema";
import { FRONT_DESK_KEYS, type FrontDeskResult } from "./types";

/** a desk button's shape (staff.css); its colours beside it */
const BTN = "btn-desk";

/** 'N° du chèque', shown when the mode is Chèque (and kept in the form while hidden, as typed). */
export function ChequeNumber({ meta, chosen }: { meta: Parameters<typeof Field>[0]["meta"]; chosen: boolean }) {
  return (
    <div hidden={!chosen && !meta.errors}>
      <Field meta={meta} label="N° du chèque" maxLength={CHEQUE_NUMBER_MAX} autoComplete="off" inputMode="numeric" className="max-w-60" inputClassName="field-input tabular-nums" />
    </div>
  );
}

export function PaymentForm({ id, name, due, onClose }: { id: number; name: string; due: number; onClose: () => void }) {
  const fetcher = useFetcher<FrontDeskResult>({ key: FRONT_DESK_KEYS.pay });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(id);
  const mine = fetcher.state === "idle" && fetcher.data?.id === id ? fetcher.data : undefined;
  const [form, fields] = useAppForm({
    id: `pay-${id}-form`,
    schema: paymentSchema,
    lastResult: mine?.result,
    defaultValue: { amount: centimesToInput(due), mode: "especes" },
  });
  const formError = form.errors?.[0];
  return (
    <div id={`pay-${id}`} className="mt-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-3 sm:p-4">
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3" aria-label={`Encaisser un paiement de ${name}`}>
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="id" value={id} />
        <p className="text-sm text-slate-700">
          Reste à payer : <strong className="whitespace-nowrap text-navy-900">{formatDA(due)}</strong>
        </p>
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
        <Field meta={fields.note} label="Note" optional maxLength={PAYMENT_NOTE_MAX} autoComplete="off" placeholder="Exemple : acompte, reçu remis" />
        {formError && (
          <Alert tone="error" id={form.errorId} focusKey={mine}>
            {formError}
          </Alert>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={`${BTN} bg-emerald-700 text-white ring-emerald-700 hover:bg-emerald-800`} disabled={busy}>
            {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Banknote aria-hidden className="h-4 w-4" />}
            Encaisser
          </button>
          <button type="button" className={`${BTN} bg-white text-slate-700 ring-slate-300 hover:bg-slate-100`} onClick={onClose}>
            <X aria-hidden className="h-4 w-4" />
            Fermer
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}
