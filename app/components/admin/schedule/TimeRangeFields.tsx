import { getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Plus, Trash2 } from "~/components/admin/icons";
import { ErrorList } from "~/components/forms";
import { fromMinutes, UNIT_MINUTES } from "~/lib/schedule";
import { MAX_RANGES_PER_DAY, nextRangeSuggestion } from "~/lib/schedule-form";

type RangeValue = { opens?: string; closes?: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RangeListField = FieldMetadata<RangeValue[], any, string[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>;
type TimeMeta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/** Every quarter hour of the day: a time is picked, never typed (one tap on a phone). */
const QUARTERS = Array.from({ length: (24 * 60) / UNIT_MINUTES }, (_, i) => fromMinutes(i * UNIT_MINUTES));

/** One time of a range: a select of quarter hours (plus a stored value that is not one, kept as is). */
function TimeSelect({ meta, label }: { meta: TimeMeta; label: string }) {
  const { key, ...props } = getSelectProps(meta);
  const current = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const options = current && !QUARTERS.includes(current) ? [...QUARTERS, current].sort() : QUARTERS;
  return (
    <>
      <label htmlFor={meta.id} className="sr-only">
        {label}
      </label>
      <select key={key} {...props} defaultValue={(props.defaultValue as string | undefined) ?? ""} className="field-input min-w-0 flex-1 px-2 tabular-nums sm:w-28 sm:flex-none">
        <option value="">--:--</option>
        {options.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * The opening ranges of one day (or of a special period): each range is 'opens à closes' with
 * 'Retirer' beside it, and 'Ajouter une plage' after them (Conform's list intents: they work
 * without JavaScript too, the server answering with the list changed). No range: 'Fermé'.
 * Each message shows under its range.
 */
export function TimeRangeFields({
  form,
  field,
  context,
  emptyText = "Fermé",
}: {
  form: AnyForm;
  field: RangeListField;
  /** "Samedi", "Horaires spéciaux": names the selects and buttons for screen readers */
  context: string;
  emptyText?: string;
}) {
  const items = field.getFieldList();
  const values = (Array.isArray(field.value) ? field.value : []) as RangeValue[];
  return (
    <div className="min-w-0">
      <ul className={`flex gap-2 ${items.length === 0 ? "flex-wrap items-center" : "flex-col sm:flex-row sm:flex-wrap sm:items-start sm:gap-x-5 sm:gap-y-3"}`}>
        {items.length === 0 && (
          <li className="flex min-h-11 items-center">
            <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-600 ring-1 ring-slate-200">{emptyText}</span>
          </li>
        )}
        {items.map((item, i) => {
          const { opens, closes } = item.getFieldset();
          const where = `${context}, plage ${i + 1}`;
          return (
            <li key={item.key} className="min-w-0 sm:max-w-[20rem]">
              <div className="flex items-center gap-2">
                <TimeSelect meta={opens} label={`Ouverture (${where})`} />
                <span className="text-sm text-slate-500">à</span>
                <TimeSelect meta={closes} label={`Fermeture (${where})`} />
                <button
                  {...form.remove.getButtonProps({ name: field.name, index: i })}
                  aria-label={`Retirer la plage ${i + 1} (${context})`}
                  title="Retirer cette plage"
                  className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-500 ring-1 ring-slate-200 transition hover:bg-red-50 hover:text-red-700 hover:ring-red-200"
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                </button>
              </div>
              <ErrorList id={opens.errorId} errors={opens.errors} />
              <ErrorList id={closes.errorId} errors={closes.errors} />
            </li>
          );
        })}
        {items.length < MAX_RANGES_PER_DAY && (
          <li>
            <button
              {...form.insert.getButtonProps({ name: field.name, defaultValue: nextRangeSuggestion(values) })}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-teal-700 ring-1 ring-teal-200 transition hover:bg-teal-50"
            >
              <Plus aria-hidden className="h-4 w-4" />
              Ajouter une plage
              <span className="sr-only"> ({context})</span>
            </button>
          </li>
        )}
      </ul>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
