/**
 * The slot pieces of the staff forms that book or move an appointment (agenda 'Ajouter un
 * rendez-vous', the list's add form, 'Déplacer'), so that the three say and do the same:
 * - SlotDateField: the day (a new day clears the time);
 * - FreeTimeField: the time as a list of the day's free start times once they are loaded (with
 *   JavaScript), else a plain time field; the day's state ('Complet', 'Fermé — label') and
 *   'Prochain jour libre' under it;
 * - AlternativeTimes: the nearest free times of a refusal, each one a button that picks it;
 * - ForcedBox: 'Forcer (hors horaires)' with its warning.
 */
import { Clock, Loader2, TriangleAlert } from "~/components/admin/icons";
import type { ReactNode } from "react";
import { ErrorList } from "~/components/forms";
import { formatCalendarDate } from "~/lib/format";
import type { SlotChoice } from "~/lib/schedule";
import { formatDayLong } from "~/lib/front-desk-contact";
import type { FreeTimesAnswer } from "./types";

interface TimeMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

/** The day of a staff booking or move; changing it clears the time (the free times change with it). */
export function SlotDateField({ meta, label, value, onChange, required }: { meta: TimeMeta; label: ReactNode; value: string; onChange: (date: string) => void; required?: boolean }) {
  const invalid = meta.errors?.length ? true : undefined;
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
      </label>
      <input
        id={meta.id}
        name={meta.name}
        type="date"
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={invalid ? meta.errorId : undefined}
        className="field-input"
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function FreeTimeField({
  meta,
  label,
  value,
  onChange,
  day,
  loading,
  asSelect,
  onPickDay,
  hint,
}: {
  meta: TimeMeta;
  label: ReactNode;
  value: string;
  onChange: (time: string) => void;
  /** the free times of the chosen day, once loaded */
  day?: FreeTimesAnswer;
  loading: boolean;
  /** a list of the free times (JavaScript, not forced), else a plain time field */
  asSelect: boolean;
  onPickDay: (date: string) => void;
  /** shown under the field when there is nothing else to say (no service chosen yet …) */
  hint?: string;
}) {
  const invalid = meta.errors?.length ? true : undefined;
  const hintId = `${meta.id}-hint`;
  const times = day?.times ?? [];
  const dayState =
    day && times.length === 0 ? `${day.state === "closed" ? `Fermé${day.label ? ` — ${day.label}` : ""}` : day.state === "past" ? "Jour passé" : "Complet"} ce jour-là.` : null;
  const describedBy = [invalid ? meta.errorId : null, dayState || hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
      </label>
      {asSelect ? (
        <select id={meta.id} name={meta.name} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} aria-describedby={describedBy} className="field-input">
          <option value="">{times.length ? `${times.length} horaire${times.length > 1 ? "s" : ""} libre${times.length > 1 ? "s" : ""}` : "Aucun horaire libre"}</option>
          {times.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={meta.id}
          name={meta.name}
          type="time"
          step={900}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className="field-input"
        />
      )}
      {loading ? (
        <p className="mt-1 inline-flex items-center gap-1 text-xs text-slate-500">
          <Loader2 aria-hidden className="h-3 w-3 animate-spin" /> Recherche des horaires libres…
        </p>
      ) : dayState && asSelect ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {dayState}{" "}
          {day?.next && (
            <button type="button" className="font-semibold text-teal-700 underline underline-offset-2" onClick={() => onPickDay(day.next!.date)}>
              Prochain jour libre : {formatDayLong(day.next.date)}
            </button>
          )}
        </p>
      ) : hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function AlternativeTimes({ alternatives, currentDate, onPick }: { alternatives: SlotChoice[]; currentDate?: string; onPick: (slot: SlotChoice) => void }) {
  if (alternatives.length === 0) return null;
  return (
    <div className="mt-2" role="group" aria-label="Horaires libres les plus proches">
      <p className="text-xs font-medium text-slate-600">Prendre un horaire libre :</p>
      <div className="mt-1 flex flex-wrap gap-1.5">
        {alternatives.map((a) => (
          <button
            key={`${a.date}T${a.time}`}
            type="button"
            onClick={() => onPick(a)}
            aria-label={`${formatDayLong(a.date)} à ${a.time}`}
            className="inline-flex min-h-9 items-center gap-1 rounded-full bg-teal-50 px-3 text-xs font-semibold text-teal-800 ring-1 ring-teal-600/30 hover:bg-teal-100"
          >
            <Clock aria-hidden className="h-3.5 w-3.5" />
            {a.date === currentDate ? a.time : `${formatCalendarDate(a.date)} à ${a.time}`}
          </button>
        ))}
      </div>
    </div>
  );
}

/** 'Forcer (hors horaires)', with its warning as the box's description. Controlled or not. */
export function ForcedBox({
  id,
  name,
  checked,
  defaultChecked,
  onChange,
  className = "",
}: {
  id: string;
  name: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  className?: string;
}) {
  const warningId = `${id}-warning`;
  return (
    <div className={`flex items-start gap-3 rounded-xl bg-orange-50 p-3 ring-1 ring-orange-300 ${className}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={onChange ? (e) => onChange(e.target.checked) : undefined}
        aria-describedby={warningId}
        className="mt-0.5 h-5 w-5 shrink-0 accent-orange-600"
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={id} className="cursor-pointer font-semibold text-orange-950">
          Forcer (hors horaires)
        </label>
        <p id={warningId} role="note" className="mt-0.5 flex items-start gap-1.5 text-orange-900">
          <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            À cocher seulement exprès : le rendez-vous est enregistré en dehors des règles de l'agenda, même en dehors des heures d'ouverture, un jour de
            fermeture ou à une date passée. Le fauteuil doit être libre, et c'est noté dans l'historique.
          </span>
        </p>
      </div>
    </div>
  );
}
