import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList, FormErrors, useAppForm } from "~/components/forms";
import { formatDuration, type ServiceSetting } from "~/lib/schedule";
import { BUFFER_LIMITS, DURATION_LIMITS, servicesFormValue, servicesSchema } from "~/lib/schedule-form";
import type { Service } from "~/lib/services";
import { SavedNote, SaveButton } from "./ScheduleSection";
import type { ScheduleResult } from "~/lib/schedule-view";
import { useSection } from "./use-section";
import { FIX_MESSAGE } from "./WeeklyHoursForm";

type Meta = FieldMetadata<string | number | undefined, Record<string, unknown>, string[]>;

/** A number of minutes with its unit shown inside the box; the label names the service for screen readers. */
function MinutesField({ meta, label, service, limits }: { meta: Meta; label: string; service: string; limits: { min: number; max: number } }) {
  const { key, ...props } = getInputProps(meta, { type: "number" });
  return (
    <div className="min-w-0">
      <label htmlFor={meta.id} className="mb-1 block text-xs font-medium text-slate-600 lg:sr-only">
        {label}
        <span className="sr-only"> ({service})</span>
      </label>
      <div className="relative">
        <input key={key} {...props} min={limits.min} max={limits.max} step={15} inputMode="numeric" className="field-input pr-12 tabular-nums" />
        <span aria-hidden className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">
          min
        </span>
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * 'Soins': per service, the time booked, the sterilisation after it, and whether patients may
 * book it on the site. The line under the name says how long the chair is taken in all.
 */
export function ServicesForm({ services, actionData }: { services: Record<Service, ServiceSetting>; actionData?: ScheduleResult }) {
  const { fetcher, saving, lastResult, savedText } = useSection("services", actionData);
  const [form, fields] = useAppForm({ id: "services", schema: servicesSchema, lastResult, defaultValue: servicesFormValue(services) });
  const rows = fields.services.getFieldList();

  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="services" />
      <div aria-hidden className="hidden gap-4 px-4 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:grid lg:grid-cols-[minmax(0,1fr)_9rem_9rem_13rem]">
        <span>Soin</span>
        <span>Durée</span>
        <span>Stérilisation après</span>
        <span>En ligne</span>
      </div>
      <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {rows.map((row) => {
          const f = row.getFieldset();
          const name = String(f.service.initialValue ?? "");
          const duration = Number(f.duration.value);
          const buffer = Number(f.buffer.value);
          const total = Number.isInteger(duration) && Number.isInteger(buffer) && duration > 0 && buffer >= 0 ? duration + buffer : null;
          const online = getInputProps(f.online, { type: "checkbox" });
          const { key: onlineKey, ...onlineProps } = online;
          return (
            <li key={row.key}>
              <div role="group" aria-labelledby={`${row.id}-name`} className="grid grid-cols-2 gap-3 p-3 sm:p-4 lg:grid-cols-[minmax(0,1fr)_9rem_9rem_13rem] lg:items-start lg:gap-4">
                <div className="col-span-2 lg:col-span-1 lg:pt-2">
                  <p id={`${row.id}-name`} className="font-semibold text-navy-900">
                    {name}
                  </p>
                  <p className="text-xs text-slate-500">{total !== null ? `Occupe le fauteuil ${formatDuration(total)} (soin + stérilisation)` : "\u00a0"}</p>
                  <input type="hidden" name={f.service.name} value={name} />
                </div>
                <MinutesField meta={f.duration} label="Durée" service={name} limits={DURATION_LIMITS} />
                <MinutesField meta={f.buffer} label="Stérilisation après" service={name} limits={BUFFER_LIMITS} />
                <div className="col-span-2 lg:col-span-1">
                  <label htmlFor={f.online.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 ring-1 ring-slate-200 has-checked:bg-teal-50 has-checked:ring-teal-300">
                    <input key={onlineKey} {...onlineProps} className="h-5 w-5 shrink-0 accent-teal-600" />
                    <span className="text-sm font-medium text-slate-700">
                      Réservable en ligne<span className="sr-only"> ({name})</span>
                    </span>
                  </label>
                  <ErrorList id={f.online.errorId} errors={f.online.errors} />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <FormErrors form={form} fixMessage={FIX_MESSAGE} className="mt-5" />
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SaveButton saving={saving} label="Enregistrer les soins" />
        <SavedNote text={savedText} />
      </div>
    </fetcher.Form>
  );
}
