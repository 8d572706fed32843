import { getFormProps } from "@conform-to/react";
import { FormErrors, useAppForm } from "~/components/forms";
import { WEEK_ORDER, WEEKDAY_LABELS, type TimeRange, type Weekday } from "~/lib/schedule";
import { dayKey, weeklyFormValue, weeklyHoursSchema } from "~/lib/schedule-form";
import { SavedNote, SaveButton } from "./ScheduleSection";
import { TimeRangeFields } from "./TimeRangeFields";
import type { ScheduleResult } from "~/lib/schedule-view";
import { useSection } from "./use-section";

export const FIX_MESSAGE = "Certains champs sont à corriger : voyez les messages sous les champs concernés.";

/** 'Horaires de la semaine': each weekday, Saturday first, with its ranges; saved in one go. */
export function WeeklyHoursForm({ weekly, actionData }: { weekly: Record<Weekday, TimeRange[]>; actionData?: ScheduleResult }) {
  const { fetcher, saving, lastResult, savedText } = useSection("hours", actionData);
  const [form, fields] = useAppForm({ id: "weekly-hours", schema: weeklyHoursSchema, lastResult, defaultValue: weeklyFormValue(weekly) });

  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="hours" />
      <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {WEEK_ORDER.map((day) => {
          const field = fields[dayKey(day)];
          return (
            <li key={day} className="grid gap-2 p-3 sm:p-4 md:grid-cols-[8rem_minmax(0,1fr)] md:gap-4">
              <p className="font-semibold text-navy-900 md:pt-2.5">{WEEKDAY_LABELS[day]}</p>
              <TimeRangeFields form={form} field={field} context={WEEKDAY_LABELS[day]} />
            </li>
          );
        })}
      </ul>
      <FormErrors form={form} fixMessage={FIX_MESSAGE} className="mt-5" />
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SaveButton saving={saving} label="Enregistrer les horaires" />
        <SavedNote text={savedText} />
        <p className="text-xs text-slate-500">Les horaires du site et les créneaux proposés aux patients changent dès l'enregistrement.</p>
      </div>
    </fetcher.Form>
  );
}
