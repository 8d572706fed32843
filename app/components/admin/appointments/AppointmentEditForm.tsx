import { getFormProps } from "@conform-to/react";
import { Lock, Save, X } from "~/components/admin/icons";
import { useFetcher } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { Field, TextareaField, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { adminUpdateSchema } from "~/lib/appointment-schema";
import { balanceDue, centimesToInput, formatDA } from "~/lib/money";
import type { AppointmentView, UpdateResult } from "./types";

/**
 * The inline edit of a card (progress, prices, tips), shown by 'Voir plus'. A refused save
 * says 'Erreur lors de la mise à jour: {first message}' and keeps what was typed; a saved one
 * says 'Modifications enregistrées.' and the fields restart from the stored row. Without
 * `appointment:price` the prices are shown, not editable, and the form posts no price field
 * (the stored prices stay).
 */
export function AppointmentEditForm({ row, onClose }: { row: AppointmentView; onClose: () => void }) {
  const fetcher = useFetcher<UpdateResult>();
  const saving = fetcher.state !== "idle";
  const canPrice = useCan("appointment:price");
  const [form, fields] = useAppForm({
    id: `appointment-${row.id}-edit`,
    // the same fields with or without prices, so one schema type; what is posted decides on the server
    schema: adminUpdateSchema,
    // taken once the fetcher is idle: the list has then been re-read, so a success resets the
    // fields to the row as stored
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: {
      progress: row.progress ?? "",
      prixtotal: centimesToInput(row.prixtotal),
      prixpay: centimesToInput(row.prixpay),
      tips: row.tips ?? "",
    },
  });

  // the action's own error, else the first field to fix, in the order of the form
  const formError = form.errors?.[0];
  const failure = formError ?? [fields.progress, fields.prixtotal, fields.prixpay, fields.tips].flatMap((f) => f.errors ?? [])[0];
  const saved = fetcher.data?.ok && !failure && !saving;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={row.id} />
      <Field meta={fields.progress} label="Avancement" />
      {canPrice ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.prixtotal} label="Prix total (DA)" inputMode="decimal" />
          <Field meta={fields.prixpay} label="Prix payé (DA)" inputMode="decimal" />
        </div>
      ) : (
        <ReadOnlyPrices row={row} />
      )}
      <TextareaField meta={fields.tips} label="Conseils et remarques" rows={3} />

      {failure && (
        <Alert tone="error" id={form.errorId} focusKey={formError ? fetcher.data : undefined}>
          Erreur lors de la mise à jour: {failure}
        </Alert>
      )}
      {saved && <Alert tone="success">Modifications enregistrées.</Alert>}

      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={saving}>
          <Save aria-hidden className="h-4 w-4" />
          {saving ? "Sauvegarde..." : "Sauvegarder"}
        </button>
        <button type="button" className="btn-ghost ring-1 ring-slate-300" onClick={onClose}>
          <X aria-hidden className="h-4 w-4" />
          Fermer
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The prices of an appointment for a role that may not change them: total, paid, still due. */
export function ReadOnlyPrices({ row }: { row: AppointmentView }) {
  const due = balanceDue(row);
  const amount = (v: number | null) => (v === null ? <span className="font-normal text-slate-500">Non renseigné</span> : formatDA(v));
  return (
    <div className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Prix total</dt>
          <dd className="font-medium tabular-nums">{amount(row.prixtotal)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Prix payé</dt>
          <dd className="font-medium tabular-nums">{amount(row.prixpay)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Reste à payer</dt>
          <dd className={`font-medium tabular-nums ${due ? "text-amber-900" : ""}`}>{due === null ? <span className="font-normal text-slate-500">—</span> : formatDA(due)}</dd>
        </div>
      </dl>
      <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600">
        <Lock aria-hidden className="h-3.5 w-3.5 shrink-0" />
        Prix en lecture seule pour votre rôle : un dentiste ou un administrateur les modifie.
      </p>
    </div>
  );
}
