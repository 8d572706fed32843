import { getFormProps } from "@conform-to/react";
import { Save } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { FormErrors, TextareaField, useAppForm } from "~/components/forms";
import { NOTES_MAX, notesSchema } from "~/lib/patient-schema";
import type { PatientActionResult } from "./types";

/**
 * The staff notes of a record ('Notes de l'équipe'): free text for the team (never shown to the
 * patient), saved with 'Enregistrer les notes'. The record's journal says that they changed and
 * who changed them, never what they say. Without `patient:update` the notes are shown, not editable.
 */
export function NotesForm({ notes, version, actionData }: { notes: string | null; version: string; actionData?: PatientActionResult }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "notes";
  const [form, fields] = useAppForm({
    // a new id after each save: the field starts again from the stored text
    id: `patient-notes-${version.replace(/\W/g, "")}`,
    schema: notesSchema,
    lastResult: actionData?.intent === "notes" ? actionData.result : undefined,
    defaultValue: { notes: notes ?? "" },
  });
  const canEdit = useCan("patient:update");
  if (!canEdit) return <ReadOnlyNotes notes={notes} />;
  return (
    <section aria-labelledby="patient-notes" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="patient-notes" className="font-sans text-lg font-semibold text-navy-900">
        Notes de l'équipe
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="notes" />
        <TextareaField
          meta={fields.notes}
          label="Notes"
          optional
          rows={5}
          maxLength={NOTES_MAX}
          hint="Pour l'équipe uniquement (allergies, préférences, suivi). Le patient peut en demander une copie."
        />
        <FormErrors form={form} className="" />
        <button type="submit" className="btn-primary" disabled={saving}>
          <Save aria-hidden className="h-4 w-4" />
          {saving ? "Enregistrement..." : "Enregistrer les notes"}
        </button>
      </Form>
    </section>
  );
}

function ReadOnlyNotes({ notes }: { notes: string | null }) {
  return (
    <section aria-labelledby="patient-notes" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="patient-notes" className="font-sans text-lg font-semibold text-navy-900">
        Notes de l'équipe
      </h2>
      {notes ? (
        <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-800">{notes}</p>
      ) : (
        <p className="mt-3 text-sm text-slate-500">Aucune note.</p>
      )}
    </section>
  );
}
