import { getFormProps, getInputProps } from "@conform-to/react";
import { useMemo } from "react";
import { ErrorList, Field, FormErrors, useAppForm } from "~/components/forms";
import { EXCEPTION_LABEL_MAX, exceptionFormDefaults, exceptionSchema } from "~/lib/schedule-form";
import { SavedNote, SaveButton } from "./ScheduleSection";
import { TimeRangeFields } from "./TimeRangeFields";
import type { ScheduleResult } from "~/lib/schedule-view";
import { useSection } from "./use-section";
import { FIX_MESSAGE } from "./WeeklyHoursForm";

const KINDS = [
  { value: "closed", title: "Fermé toute la journée", text: "Aucun rendez-vous ces jours-là (jour férié, congé)." },
  { value: "special", title: "Horaires spéciaux", text: "Ouvert, mais avec d'autres heures (Ramadan, demi-journée)." },
] as const;

/**
 * 'Ajouter une période': from, to, a label, and either closed or special ranges. The ranges show
 * only when 'Horaires spéciaux' is chosen, by CSS (:has), so it works without JavaScript too.
 */
export function AddExceptionForm({ today, actionData }: { today: string; actionData?: ScheduleResult }) {
  const { fetcher, saving, lastResult, savedText } = useSection("exception-add", actionData);
  const schema = useMemo(() => exceptionSchema(today), [today]);
  const [form, fields] = useAppForm({ id: "add-exception", schema, lastResult, defaultValue: exceptionFormDefaults(today) });

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="group/exception space-y-5">
      <input type="hidden" name="intent" value="exception-add" />
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Field meta={fields.startDate} type="date" label="Du" required min={today} />
        <Field meta={fields.endDate} type="date" label="Au (inclus)" required min={today} />
        <Field
          meta={fields.label}
          label="Libellé"
          required
          maxLength={EXCEPTION_LABEL_MAX}
          placeholder="Exemple : Aïd el-Fitr"
          hint="Les patients le lisent sur le site (Aïd el-Fitr, Congé annuel, Horaires du Ramadan…)."
          className="col-span-2"
        />
      </div>

      <fieldset>
        <legend className="field-label">Ces jours-là</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {KINDS.map((k) => {
            const { key, ...props } = getInputProps(fields.kind, { type: "radio", value: k.value });
            return (
              <label
                key={k.value}
                htmlFor={`${fields.kind.id}-${k.value}`}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-slate-200 transition has-checked:bg-teal-50 has-checked:ring-2 has-checked:ring-teal-600"
              >
                <input key={key} {...props} id={`${fields.kind.id}-${k.value}`} data-kind={k.value} className="mt-1 h-5 w-5 shrink-0 accent-teal-600" />
                <span>
                  <span className="block text-sm font-semibold text-navy-900">{k.title}</span>
                  <span className="block text-xs text-slate-600">{k.text}</span>
                </span>
              </label>
            );
          })}
        </div>
        <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>

      <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 group-has-[[data-kind=closed]:checked]/exception:hidden sm:p-4">
        <p className="mb-2 text-sm font-medium text-slate-700">Heures d'ouverture de ces jours</p>
        <TimeRangeFields form={form} field={fields.ranges} context="Horaires spéciaux" emptyText="Aucune plage" />
        <p className="mt-3 text-xs leading-relaxed text-slate-500">
          Sur plusieurs jours, les jours fermés de la semaine (le vendredi) restent fermés. Pour ouvrir exceptionnellement un jour fermé, ajoutez une période d'un seul jour.
        </p>
      </div>

      <FormErrors form={form} fixMessage={FIX_MESSAGE} className="mt-0" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SaveButton saving={saving} label="Ajouter la période" savingLabel="Ajout en cours..." />
        <SavedNote text={savedText} />
      </div>
    </fetcher.Form>
  );
}
