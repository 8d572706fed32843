import { getFormProps, getInputProps } from "@conform-to/react";
import { Loader2, Save } from "~/components/admin/icons";
import { useFetcher } from "react-router";
import { FormErrors, useAppForm } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { RECALL_MONTHS_MAX, RECALL_PATH, recallIntervalsSchema, type RecallActionResult } from "~/lib/recall";
import { SERVICES } from "~/lib/services";

/**
 * 'Intervalles de rappel': one number of months per booking service (empty: no recall). Saving
 * recomputes the due days of that service's recalls (intent "recall-intervals"). Read-only
 * without `schedule:update`.
 */
export function RecallIntervalsForm({ intervals, canEdit }: { intervals: Record<string, number | null>; canEdit: boolean }) {
  const fetcher = useFetcher<RecallActionResult>({ key: "recall-intervals" });
  useToast(fetcher.state === "idle" ? fetcher.data?.toast : undefined);
  const saving = fetcher.state !== "idle";
  const [form, fields] = useAppForm({
    id: "recall-intervals",
    schema: recallIntervalsSchema,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { services: String(SERVICES.length), months: SERVICES.map((s) => (intervals[s] === null || intervals[s] === undefined ? "" : String(intervals[s]))) },
  });
  const list = fields.months.getFieldList();
  return (
    <section aria-labelledby="recall-intervals-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id="recall-intervals-title" className="font-sans text-xl font-semibold text-navy-900">
        Intervalles de rappel
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Le nombre de mois après une visite « Honoré » au bout duquel le patient est à revoir, par soin. Vide : pas de rappel pour ce soin.
      </p>
      <fetcher.Form method="post" action={RECALL_PATH} {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="intent" value="recall-intervals" />
        <input type="hidden" name="services" value={SERVICES.length} />
        <ul className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          {SERVICES.map((service, i) => {
            const meta = list[i];
            if (!meta) return null;
            const { key, ...props } = getInputProps(meta, { type: "text" });
            return (
              <li key={service} className="min-w-0">
                <div className="flex items-center justify-between gap-3">
                  <label htmlFor={meta.id} className="min-w-0 text-sm font-medium text-slate-800">
                    {service}
                  </label>
                  <span className="flex shrink-0 items-center gap-2 text-sm text-slate-600">
                    <input key={key} {...props} inputMode="numeric" maxLength={3} readOnly={!canEdit} placeholder="—" className="field-input min-h-11 w-20 text-right tabular-nums" aria-describedby={meta.errors ? meta.errorId : undefined} />
                    mois
                  </span>
                </div>
                {meta.errors && (
                  <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700">
                    {meta.errors[0]}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <FormErrors form={form} className="mt-4" />
        {canEdit && (
          <button type="submit" className="btn-primary mt-4 w-full sm:w-auto" disabled={saving}>
            {saving ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Save aria-hidden className="h-4 w-4" />}
            Enregistrer les intervalles
          </button>
        )}
        <p className="mt-2 text-xs text-slate-500">De 1 à {RECALL_MONTHS_MAX} mois.</p>
      </fetcher.Form>
    </section>
  );
}
