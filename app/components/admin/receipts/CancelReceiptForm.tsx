/**
 * CancelReceiptForm: 'Annuler ce reçu' for administrators (`payment:cancel`). A receipt is never
 * deleted: the form writes a cancelling entry with its reason (required), after a confirmation.
 */
import { getFormProps } from "@conform-to/react";
import { Ban } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { Field, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { cancelReceiptSchema } from "~/lib/payment-schema";

export function CancelReceiptForm({ receiptNo, lastResult }: { receiptNo: string; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useAppForm({ id: "cancel-receipt", schema: cancelReceiptSchema, lastResult });
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="cancel-title" className="mx-auto max-w-3xl rounded-2xl border border-red-200 bg-red-50/50 p-5 print:hidden">
      <h2 id="cancel-title" className="font-sans text-lg font-semibold text-red-900">
        Annuler ce reçu
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Le reçu n° {receiptNo} reste dans les comptes : une écriture d'annulation du même montant est ajoutée à la caisse du jour, avec sa raison, et inscrite au journal.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-4 grid gap-3"
        onSubmit={(e) => {
          if (!window.confirm(`Annuler le reçu n° ${receiptNo} ? Cette écriture ne pourra pas être effacée.`)) e.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="cancel" />
        <Field meta={fields.reason} label="Raison de l'annulation" required maxLength={200} autoComplete="off" placeholder="Exemple : erreur de montant, chèque refusé" />
        {form.errors?.[0] && (
          <Alert tone="error" id={form.errorId}>
            {form.errors[0]}
          </Alert>
        )}
        <div>
          <button type="submit" disabled={busy} className="btn bg-red-700 text-white hover:bg-red-800">
            <Ban aria-hidden className="h-4 w-4" />
            Annuler ce reçu
          </button>
        </div>
      </Form>
    </section>
  );
}
