/**
 * One act's form (docs/product.md, "Staff: acts and prices"): 'Code', 'Libellé', 'Prix (DA)',
 * 'Catégorie', 'Actif'. The same form adds an act and edits one (intent create / update).
 */
import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Save } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { CheckboxField, ErrorList, Field, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { actSchema } from "~/lib/act-schema";
import { ACT_CATEGORIES, ACT_CATEGORY_LABELS } from "~/lib/acts";
import { centimesToInput } from "~/lib/money";

export interface ActValues {
  id: number;
  code: string;
  label: string;
  price: number;
  category: string;
  active: number;
}

export function ActForm({ act, lastResult }: { act?: ActValues; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useAppForm({
    id: act ? `act-${act.id}` : "act-new",
    schema: actSchema,
    lastResult,
    defaultValue: act ? { code: act.code, label: act.label, price: centimesToInput(act.price), category: act.category, active: act.active ? "on" : "" } : { active: "on", category: "soins" },
  });
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_9rem_12rem] sm:items-start">
      <input type="hidden" name="intent" value={act ? "update" : "create"} />
      {act && <input type="hidden" name="id" value={act.id} />}
      <Field meta={fields.code} label="Code" required maxLength={20} autoComplete="off" inputClassName="field-input uppercase" />
      <Field meta={fields.label} label="Libellé" required maxLength={160} autoComplete="off" />
      <Field meta={fields.price} label="Prix (DA)" required inputMode="decimal" autoComplete="off" inputClassName="field-input tabular-nums" />
      <div>
        <label htmlFor={fields.category.id} className="field-label">
          Catégorie
        </label>
        <select {...getSelectProps(fields.category)} key={fields.category.key} className="field-input min-h-11">
          {ACT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {ACT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
        <ErrorList id={fields.category.errorId} errors={fields.category.errors} />
      </div>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-4">
        <CheckboxField meta={fields.active} label="Actif (proposé dans les devis)" />
        <button type="submit" disabled={busy} className="btn-primary">
          <Save aria-hidden className="h-4 w-4" />
          {act ? "Enregistrer" : "Ajouter l'acte"}
        </button>
      </div>
      {form.errors?.[0] && (
        <Alert tone="error" id={form.errorId} className="sm:col-span-4">
          {form.errors[0]}
        </Alert>
      )}
    </Form>
  );
}
