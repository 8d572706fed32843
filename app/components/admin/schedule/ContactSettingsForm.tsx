import { getFormProps } from "@conform-to/react";
import { Field, FormErrors, useAppForm } from "~/components/forms";
import { CONTACT_SETTING_LIMITS, type ContactSettings } from "~/lib/contact-settings";
import { contactSettingsFormValue, contactSettingsSchema } from "~/lib/contact-settings-form";
import { SavedNote, SaveButton } from "./ScheduleSection";
import type { ScheduleResult } from "~/lib/schedule-view";
import { useSection } from "./use-section";
import { FIX_MESSAGE } from "./WeeklyHoursForm";

const L = CONTACT_SETTING_LIMITS;

/**
 * 'Patients : lien personnel, rappels et conservation': until when the personal link lets a
 * patient cancel or move, when the reminder e-mail leaves, and how long requests never
 * confirmed keep the patient's identity; each with what it does. Intent "contact".
 */
export function ContactSettingsForm({ settings, actionData }: { settings: ContactSettings; actionData?: ScheduleResult }) {
  const { fetcher, saving, lastResult, savedText } = useSection("contact", actionData);
  const [form, fields] = useAppForm({ id: "contact-settings", schema: contactSettingsSchema, lastResult, defaultValue: contactSettingsFormValue(settings) });

  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="contact" />
      <div className="grid gap-5 md:grid-cols-3">
        <div className="rounded-xl p-4 ring-1 ring-slate-200">
          <Field
            meta={fields.cancelCutoffHours}
            type="number"
            label="Changements par le lien : jusqu'à (heures avant)"
            min={L.cancelCutoffHours.min}
            max={L.cancelCutoffHours.max}
            inputMode="numeric"
            hint="Avec 24 : le patient peut annuler ou déplacer son rendez-vous depuis son lien personnel jusqu'à 24 heures avant ; ensuite, le lien lui donne vos numéros. Avec 0 : jusqu'à l'heure du rendez-vous."
          />
        </div>
        <div className="rounded-xl p-4 ring-1 ring-slate-200">
          <Field
            meta={fields.reminderHours}
            type="number"
            label="E-mail de rappel (heures avant)"
            min={L.reminderHours.min}
            max={L.reminderHours.max}
            inputMode="numeric"
            hint="Le patient qui a donné son e-mail reçoit un rappel avec son lien personnel, ce nombre d'heures avant son rendez-vous."
          />
        </div>
        <div className="rounded-xl p-4 ring-1 ring-slate-200">
          <Field
            meta={fields.retentionMonths}
            type="number"
            label="Demandes jamais confirmées : conservées (mois)"
            min={L.retentionMonths.min}
            max={L.retentionMonths.max}
            inputMode="numeric"
            hint="Une demande restée sans confirmation perd le nom, le téléphone, l'e-mail et le message du patient ce nombre de mois après sa date. Le jour, le soin et les montants restent."
          />
        </div>
      </div>
      <FormErrors form={form} fixMessage={FIX_MESSAGE} className="mt-5" />
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SaveButton saving={saving} label="Enregistrer les réglages patients" />
        <SavedNote text={savedText} />
      </div>
    </fetcher.Form>
  );
}
