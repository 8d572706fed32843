import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Field, FormErrors, useAppForm } from "~/components/forms";
import { DELETION_DAYS, deletionDaysSchema } from "~/lib/gallery-form";

/** 'Délai avant suppression des photos': days between a withdrawn consent and the deletion of the case's photos. */
export function DeletionDelayForm({ days, lastResult }: { days: number; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "settings";
  const [form, fields] = useAppForm({ id: "gallery-delay", schema: deletionDaysSchema, lastResult, defaultValue: { days: String(days) } });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value="settings" />
      <Field
        meta={fields.days}
        type="number"
        label="Délai avant suppression des photos (jours)"
        min={DELETION_DAYS.min}
        max={DELETION_DAYS.max}
        step={1}
        inputMode="numeric"
        inputClassName="field-input max-w-32 tabular-nums"
        hint={`De ${DELETION_DAYS.min} à ${DELETION_DAYS.max} jours (30 par défaut) après le retrait d'un consentement ; 0 : dans la minute. Vaut pour les prochains retraits.`}
        className="flex-1"
      />
      <FormErrors form={form} className="" />
      <button type="submit" className="btn-primary w-full sm:mb-6 sm:w-auto" disabled={busy}>
        {busy ? "Enregistrement…" : "Enregistrer le délai"}
      </button>
    </Form>
  );
}
