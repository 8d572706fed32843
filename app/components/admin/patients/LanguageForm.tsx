import { Languages } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { useCan } from "~/components/admin/permissions";

/** The two languages of the messages, as staff read them. */
export const LANGUAGE_LABELS = { fr: "Français", ar: "العربية" } as const;

/**
 * 'Langue des messages' of a patient record (issue 32): the language of the e-mails, SMS and
 * personal pages the patient is sent. A booking sets it (the page's language) until staff choose
 * one here; the record's journal says who changed it. Without `patient:update` it is only shown.
 * A plain form: it works without JavaScript.
 */
export function LanguageForm({ patientId, language }: { patientId: number; language: "fr" | "ar" }) {
  const canEdit = useCan("patient:update");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "language";
  if (!canEdit) {
    return (
      <span lang={language === "ar" ? "ar" : "fr"} className="font-medium text-navy-900">
        {LANGUAGE_LABELS[language]}
      </span>
    );
  }
  return (
    <Form method="post" action={`/admin/patients/${patientId}`} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="language" />
      <label htmlFor="patient-language" className="sr-only">
        Langue des messages
      </label>
      <select id="patient-language" name="language" defaultValue={language} key={language} className="field-input min-h-11 w-auto py-1">
        <option value="fr">{LANGUAGE_LABELS.fr}</option>
        <option value="ar" lang="ar">
          {LANGUAGE_LABELS.ar}
        </option>
      </select>
      <button type="submit" className="btn-ghost min-h-11 px-3 text-sm text-teal-700 ring-1 ring-slate-300" disabled={saving}>
        <Languages aria-hidden className="h-4 w-4" />
        {saving ? "Enregistrement..." : "Enregistrer la langue"}
      </button>
    </Form>
  );
}
