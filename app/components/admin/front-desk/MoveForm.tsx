/**
 * MoveForm: move an appointment to another day or time when the patient calls. The date, then
 * the free start times of that day for the appointment's service (loaded from /admin/creneaux,
 * the same availability rules as every booking; its own slot counts as free), or, with
 * 'Forcer (hors horaires)' ticked, any time, with a visible warning. POST intent "move" to the
 * route it is rendered in; a refused slot is said beside the time field with the nearest free
 * times, each one a button that picks it. Without JavaScript the time is a plain time field.
 *
 *   <MoveForm id={row.id} service={row.service} date={row.date} time={row.time} onDone={close} />
 */
import { getFormProps } from "@conform-to/react";
import { CalendarClock, Loader2, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ErrorList, useAppForm } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { Alert } from "~/components/ui/Alert";
import { formatCalendarDate } from "~/lib/format";
import { moveSchema } from "~/lib/front-desk-schema";
import { formatDayLong } from "./contact";
import { FRONT_DESK_KEYS, type FreeTimesAnswer, type FrontDeskResult } from "./types";

export interface MoveFormProps {
  id: number;
  service: string;
  /** the current day and time */
  date: string;
  time: string;
  /** after a successful move (to close the disclosure, for instance) */
  onDone?: () => void;
  /** false while the form is hidden (a closed disclosure): the free times are loaded once it shows */
  active?: boolean;
}

export function freeTimesUrl(service: string, date: string, except?: number): string {
  const q = new URLSearchParams({ service, date });
  if (except) q.set("except", String(except));
  return `/admin/creneaux?${q.toString()}`;
}

export function MoveForm({ id, service, date: currentDate, time: currentTime, onDone, active = true }: MoveFormProps) {
  // one fetcher for every card (FRONT_DESK_KEYS): this form reads its own results only
  const fetcher = useFetcher<FrontDeskResult>({ key: FRONT_DESK_KEYS.move });
  const slots = useFetcher<FreeTimesAnswer>();
  const [date, setDate] = useState(currentDate);
  const [time, setTime] = useState("");
  const [forced, setForced] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(id);
  const mine = fetcher.state === "idle" && fetcher.data?.id === id ? fetcher.data : undefined;
  const [form, fields] = useAppForm({ id: `move-${id}`, schema: moveSchema, lastResult: mine?.result });
  useToast(mine?.toast);

  useEffect(() => setHydrated(true), []);
  const { load } = slots;
  useEffect(() => {
    if (active && date && /^\d{4}-\d{2}-\d{2}$/.test(date)) void load(freeTimesUrl(service, date, id));
  }, [active, load, service, date, id]);
  useEffect(() => {
    if (mine?.ok) onDone?.();
  }, [mine, onDone]);

  const day = slots.data && slots.data.date === date ? slots.data : undefined;
  const alternatives = mine && !mine.ok ? (mine.alternatives ?? []) : [];
  const formError = form.errors?.[0];
  const timeErrorId = fields.time.errorId;
  const timeInvalid = fields.time.errors ? true : undefined;
  // a <select> of the free times once they are known (JavaScript), else a plain time field
  const asSelect = hydrated && !forced && day !== undefined;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3" aria-label="Déplacer le rendez-vous">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm text-slate-600">
        Actuellement : <span className="font-medium text-navy-900">{formatDayLong(currentDate)} à {currentTime}</span>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.date.id} className="field-label">
            Nouvelle date
          </label>
          <input
            id={fields.date.id}
            name={fields.date.name}
            type="date"
            required
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setTime("");
            }}
            aria-invalid={fields.date.errors ? true : undefined}
            aria-describedby={fields.date.errors ? fields.date.errorId : undefined}
            className="field-input"
          />
          <ErrorList id={fields.date.errorId} errors={fields.date.errors} />
        </div>
        <div>
          <label htmlFor={fields.time.id} className="field-label">
            Nouvel horaire
          </label>
          {asSelect ? (
            <select
              id={fields.time.id}
              name={fields.time.name}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              aria-invalid={timeInvalid}
              aria-describedby={timeInvalid ? timeErrorId : day.times.length === 0 ? `${fields.time.id}-hint` : undefined}
              className="field-input"
            >
              <option value="">{day.times.length ? `${day.times.length} horaire${day.times.length > 1 ? "s" : ""} libre${day.times.length > 1 ? "s" : ""}` : "Aucun horaire libre"}</option>
              {day.times.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={fields.time.id}
              name={fields.time.name}
              type="time"
              step={900}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              aria-invalid={timeInvalid}
              aria-describedby={timeInvalid ? timeErrorId : undefined}
              className="field-input"
            />
          )}
          {slots.state === "loading" && !forced && (
            <p className="mt-1 inline-flex items-center gap-1 text-xs text-slate-500">
              <Loader2 aria-hidden className="h-3 w-3 animate-spin" /> Recherche des horaires libres…
            </p>
          )}
          {asSelect && day.times.length === 0 && slots.state === "idle" && (
            <p id={`${fields.time.id}-hint`} className="mt-1 text-xs text-slate-600">
              {day.state === "closed" ? `Fermé${day.label ? ` — ${day.label}` : ""}.` : day.state === "past" ? "Jour passé." : "Complet ce jour-là."}{" "}
              {day.next && (
                <button type="button" className="font-semibold text-teal-700 underline underline-offset-2" onClick={() => setDate(day.next!.date)}>
                  Prochain jour libre : {formatDayLong(day.next.date)}
                </button>
              )}
            </p>
          )}
          <ErrorList id={timeErrorId} errors={fields.time.errors} />
          {alternatives.length > 0 && (
            <div className="mt-2 flex flex-wrap gap-1.5" role="group" aria-label="Horaires libres les plus proches">
              {alternatives.map((a) => (
                <button
                  key={`${a.date}T${a.time}`}
                  type="button"
                  onClick={() => {
                    setForced(false);
                    setDate(a.date);
                    setTime(a.time);
                  }}
                  className="inline-flex min-h-9 items-center rounded-full bg-teal-50 px-3 text-xs font-semibold text-teal-800 ring-1 ring-teal-600/30 hover:bg-teal-100"
                >
                  {a.date === date ? a.time : `${formatCalendarDate(a.date)} à ${a.time}`}
                </button>
              ))}
            </div>
          )}
        </div>
      </div>
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          name={fields.forced.name}
          checked={forced}
          onChange={(e) => setForced(e.target.checked)}
          className="h-5 w-5 accent-orange-600"
        />
        Forcer (hors horaires)
      </label>
      {forced && (
        <p role="note" className="flex items-start gap-2 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-900">
          <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          Attention : le rendez-vous sera placé même en dehors des heures d'ouverture ou un jour de fermeture. Seul un fauteuil libre est exigé ; ce forçage est noté dans l'historique.
        </p>
      )}
      {formError && (
        <Alert tone="error" id={form.errorId} focusKey={mine}>
          {formError}
        </Alert>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <CalendarClock aria-hidden className="h-4 w-4" />}
          {busy ? "Déplacement…" : "Déplacer"}
        </button>
      </div>
    </fetcher.Form>
  );
}
