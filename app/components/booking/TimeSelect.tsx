import { useRef, type Ref } from "react";
import { FieldError } from "./fields";
import type { SlotsView } from "~/lib/slots-view";

/** What 'Heure' says while it offers no time, and above the times; its label and half-days. */
export const TIME_SELECT_TEXTS = {
  label: "Heure",
  morning: "Matin",
  afternoon: "Après-midi",
} as const;

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
 * Controlled (`value`, the booking island) or not (the move form of /rdv, Conform's). Not
 * controlled, the select is drawn anew for each day: it keeps the time picked before when that
 * time is still free, else `initialValue` (the one the server posted back), else none.
 */
export function TimeSelect({
  ref,
  id,
  name = "time",
  form,
  error,
  initialValue,
  value,
  onChange,
  resetKey,
  view,
  loading,
  failed,
  offline,
  missing,
  describedBy,
  texts,
}: {
  /** the page's language's texts (the Arabic booking page, issue 32); French by default */
  texts?: { label: string; morning: string; afternoon: string } & Record<keyof typeof PLACEHOLDERS, string>;
  ref?: Ref<HTMLSelectElement>;
  id: string;
  name?: string;
  /** the id of the form it belongs to */
  form?: string;
  /** the field's French error */
  error?: string;
  initialValue?: string;
  /** the time chosen, when the form holds it */
  value?: string;
  onChange?: (time: string) => void;
  /** changes when the form is reset (Conform's key): the select is drawn anew */
  resetKey?: string;
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
  const times = timesOf(view, offline, loading);
  const wanted = [picked.current, initialValue].find((t) => t !== undefined && times.includes(t)) ?? "";
  const errorId = `${id}-error`;
  const P = texts ?? PLACEHOLDERS;
  const W = texts ?? TIME_SELECT_TEXTS;
  const placeholder = offline
    ? P.offline
    : loading
      ? P.loading
      : failed
        ? P.failed
        : !view
          ? P[missing]
          : times.length
            ? P.choose
            : P.none;
  const { morning, afternoon } = splitDay(times);
  const state = value === undefined ? { defaultValue: wanted } : { value: times.includes(value) ? value : "" };

  return (
    <div>
      <label htmlFor={id} className="field-label">
        {W.label}
        <span className="ms-0.5 text-red-700" aria-hidden>
          *
        </span>
      </label>
      <select
        key={`${resetKey ?? ""}|${view ? `${view.service}|${view.date}` : ""}|${times.length}`}
        ref={ref}
        id={id}
        name={name}
        form={form}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${describedBy}` : describedBy}
        {...state}
        disabled={times.length === 0}
        aria-busy={loading || undefined}
        onChange={(e) => {
          picked.current = e.target.value || undefined;
          onChange?.(e.target.value);
        }}
        className="field-input disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500"
      >
        <option value="">{placeholder}</option>
        {morning.length > 0 && (
          <optgroup label={W.morning}>
            {morning.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </optgroup>
        )}
        {afternoon.length > 0 && (
          <optgroup label={W.afternoon}>
            {afternoon.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The times a select offers: the day's, unless the service is booked by phone or they are loading. */
export function timesOf(view: SlotsView | null, offline: boolean, loading: boolean): string[] {
  return !offline && !loading && view ? view.times : [];
}

/** A day's times, morning (before noon) and afternoon apart, each in order. */
export function splitDay(times: readonly string[]): { morning: string[]; afternoon: string[] } {
  return { morning: times.filter((t) => t < "12:00"), afternoon: times.filter((t) => t >= "12:00") };
}
