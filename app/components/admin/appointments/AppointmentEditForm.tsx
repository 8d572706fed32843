import { getFormProps } from "@conform-to/react";
import { Save, X } from "lucide-react";
import { useFetcher } from "react-router";
import { Field, TextareaField, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { adminUpdateSchema } from "~/lib/appointment-schema";
import { centimesToInput } from "~/lib/format";
import type { AppointmentView, UpdateResult } from "./types";

/**
 * The inline edit of a card (progress, prices, tips), shown by 'Voir plus'. A refused save
 * says 'Erreur lors de la mise à jour: {first message}' and keeps what was typed; a saved one
 * says 'Modifications enregistrées.' and the fields restart from the stored row.
 */
export function AppointmentEditForm({ row, onClose }: { row: AppointmentView; onClose: () => void }) {
  const fetcher = useFetcher<UpdateResult>();
  const saving = fetcher.state !== "idle";
  const [form, fields] = useAppForm({
    id: `appointment-${row.id}-edit`,
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.prixtotal} label="Prix total (DA)" inputMode="decimal" />
        <Field meta={fields.prixpay} label="Prix payé (DA)" inputMode="decimal" />
      </div>
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
