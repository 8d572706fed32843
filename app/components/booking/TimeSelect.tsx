import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useRef, type Ref } from "react";
import { ErrorList } from "~/components/forms";
import type { SlotsView } from "~/lib/slots-view";

/** What 'Heure' says while it offers no time, and above the times. */
const PLACEHOLDERS = {
  offline: "Réservation par téléphone",
  loading: "Recherche des horaires…",
  failed: "Horaires indisponibles",
  service: "Choisissez d'abord le service",
  date: "Choisissez d'abord la date",
  choose: "Choisissez un horaire",
  none: "Aucun horaire libre ce jour-là",
} as const;

/**
 * 'Heure' of the booking form: a <select> of the free start times of the day chosen, morning
 * and afternoon apart. Without a day (or while its times load, or when it has none) it is
 * disabled and says why; the panel below it (`describedBy`) tells more.
 *
 * The times change with the day, so the select is drawn anew for each day: it keeps the time
 * picked before when that time is still free, else the one the server posted back, else none.
 */
export function TimeSelect({
  ref,
  meta,
  view,
  loading,
  failed,
  offline,
  missing,
  describedBy,
}: {
  ref?: Ref<HTMLSelectElement>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  meta: FieldMetadata<any, any, string[]>;
  view: SlotsView | null;
  loading: boolean;
  /** the times could not be loaded (the line below offers to try again) */
  failed: boolean;
  offline: boolean;
  /** what to choose first while no day's times are shown */
  missing: "service" | "date";
  /** the id of the status line under the field */
  describedBy: string;
}) {
  const picked = useRef<string | undefined>(undefined);
  const times = !offline && !loading && view ? view.times : [];
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : undefined;
  const wanted = [picked.current, initial].find((t) => t !== undefined && times.includes(t)) ?? "";
  const { key, defaultValue: _defaultValue, ...conform } = getSelectProps(meta, { ariaDescribedBy: describedBy });
  const placeholder = offline
    ? PLACEHOLDERS.offline
    : loading
      ? PLACEHOLDERS.loading
      : failed
        ? PLACEHOLDERS.failed
        : !view
          ? PLACEHOLDERS[missing]
          : times.length
            ? PLACEHOLDERS.choose
            : PLACEHOLDERS.none;
  const morning = times.filter((t) => t < "12:00");
  const afternoon = times.filter((t) => t >= "12:00");

  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        Heure
        <span className="ml-0.5 text-red-700" aria-hidden>
          *
        </span>
      </label>
      <select
        key={`${key ?? ""}|${view ? `${view.service}|${view.date}` : ""}|${times.length}`}
        ref={ref}
        {...conform}
        defaultValue={wanted}
        disabled={times.length === 0}
        aria-busy={loading || undefined}
        // the placeholders the site's script gives it on the booking form of /appointment (app/site/site.js)
        data-time-select
        data-placeholders={JSON.stringify(PLACEHOLDERS)}
        onChange={(e) => {
          picked.current = e.target.value || undefined;
        }}
        className="field-input disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500"
      >
        <option value="">{placeholder}</option>
        {morning.length > 0 && (
          <optgroup label="Matin">
            {morning.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </optgroup>
        )}
        {afternoon.length > 0 && (
          <optgroup label="Après-midi">
            {afternoon.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
