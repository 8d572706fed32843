import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { ErrorList, Field, FormErrors, useAppForm } from "~/components/forms";
import type { ScheduleSettings } from "~/lib/schedule";
import { CHAIRS_LIMITS, HORIZON_LIMITS, settingsFormValue, settingsSchema } from "~/lib/schedule-form";
import { SavedNote, SaveButton } from "./ScheduleSection";
import type { ScheduleResult } from "~/lib/schedule-view";
import { useSection } from "./use-section";
import { FIX_MESSAGE } from "./WeeklyHoursForm";

/** 'Règles de réservation': minimum notice, how far ahead, how many chairs; each with what it does. */
export function BookingRulesForm({ settings, actionData }: { settings: ScheduleSettings; actionData?: ScheduleResult }) {
  const { fetcher, saving, lastResult, savedText } = useSection("settings", actionData);
  const [form, fields] = useAppForm({ id: "booking-rules", schema: settingsSchema, lastResult, defaultValue: settingsFormValue(settings) });
  const { key: noticeKey, ...notice } = getInputProps(fields.notice, { type: "number", ariaDescribedBy: `${fields.notice.id}-hint` });
  const { key: unitKey, ...unit } = getSelectProps(fields.noticeUnit);

  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="settings" />
      <div className="grid gap-5 md:grid-cols-3">
        <div className="rounded-xl p-4 ring-1 ring-slate-200">
          <label htmlFor={fields.notice.id} className="field-label">
            Délai minimum avant un rendez-vous
          </label>
          <div className="flex gap-2">
            <input key={noticeKey} {...notice} min={0} inputMode="numeric" className="field-input min-w-0 flex-1 tabular-nums" />
            <label htmlFor={fields.noticeUnit.id} className="sr-only">
              Unité du délai
            </label>
            <select key={unitKey} {...unit} defaultValue={String(fields.noticeUnit.initialValue ?? "hours")} className="field-input w-32 shrink-0">
              <option value="hours">heures</option>
              <option value="minutes">minutes</option>
            </select>
          </div>
          <ErrorList id={fields.notice.errorId} errors={fields.notice.errors} />
          <ErrorList id={fields.noticeUnit.errorId} errors={fields.noticeUnit.errors} />
          <p id={`${fields.notice.id}-hint`} className="mt-2 text-xs leading-relaxed text-slate-500">
            Un patient ne peut pas réserver en ligne un créneau qui commence plus tôt. Avec 2 heures : à 10:00, le premier créneau proposé est 12:00. Vous pouvez toujours
            ajouter un rendez-vous vous-même depuis l'agenda.
          </p>
        </div>
        <div className="rounded-xl p-4 ring-1 ring-slate-200">
          <Field
            meta={fields.horizonDays}
            type="number"
            label="Réservation ouverte sur (jours)"
            min={HORIZON_LIMITS.min}
            max={HORIZON_LIMITS.max}
            inputMode="numeric"
            hint="Jusqu'où le calendrier du site va. Avec 60 : un patient peut réserver aujourd'hui pour un jour des 60 prochains jours, pas au-delà."
          />
        </div>
        <div className="rounded-xl p-4 ring-1 ring-slate-200">
          <Field
            meta={fields.chairs}
            type="number"
            label="Nombre de fauteuils"
            min={CHAIRS_LIMITS.min}
            max={CHAIRS_LIMITS.max}
            inputMode="numeric"
            hint="Combien de patients peuvent être soignés en même temps. Avec 2 fauteuils, deux rendez-vous peuvent avoir lieu à la même heure."
          />
        </div>
      </div>
      <FormErrors form={form} fixMessage={FIX_MESSAGE} className="mt-5" />
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SaveButton saving={saving} label="Enregistrer les règles" />
        <SavedNote text={savedText} />
      </div>
    </fetcher.Form>
  );
}
