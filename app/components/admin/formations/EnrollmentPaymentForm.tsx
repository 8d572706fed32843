import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Banknote } from "~/components/admin/icons";
import { Form } from "react-router";
import { ChequeNumber } from "~/components/admin/front-desk/PaymentForm";
import { Field, ErrorList, useAppForm } from "~/components/forms";
import { centimesToInput } from "~/lib/money";
import { PAYMENT_MODES, PAYMENT_MODE_LABELS, paymentSchema } from "~/lib/payment-schema";

/**
 * 'Paiement reçu' of a session's unpaid enrolment (a Money receipt without patient, ADR 026): the
 * amount, the mode and, for a cheque, 'N° du chèque' (required), with the patient payments' schema
 * and field (app/lib/payment-schema.ts, ChequeNumber).
 */
export function EnrollmentPaymentForm({ enrollmentId, price, name, lastResult }: { enrollmentId: number; price: number | null; name: string; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useAppForm({
    id: `pay-e${enrollmentId}`,
    schema: paymentSchema,
    lastResult,
    defaultValue: { amount: centimesToInput(price), mode: "especes" },
  });
  const { key: modeKey, ...modeProps } = getSelectProps(fields.mode);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-start gap-x-3 gap-y-2" aria-label={`Paiement reçu de ${name}`}>
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="enrollment_id" value={enrollmentId} />
      <Field meta={fields.amount} label="Montant (DA)" required inputMode="decimal" autoComplete="off" className="w-36" inputClassName="field-input tabular-nums" />
      <div>
        <label htmlFor={fields.mode.id} className="field-label">
          Mode
        </label>
        <select key={modeKey} {...modeProps} className="field-input min-h-11">
          {PAYMENT_MODES.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_MODE_LABELS[m]}
            </option>
          ))}
        </select>
        <ErrorList id={fields.mode.errorId} errors={fields.mode.errors} />
      </div>
      <ChequeNumber meta={fields.chequeNumber} chosen={fields.mode.value === "cheque"} />
      <div className="w-full sm:w-auto sm:self-end">
        <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto">
          <Banknote aria-hidden className="h-4 w-4" />
          Paiement reçu
        </button>
      </div>
    </Form>
  );
}
