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
import { CalendarClock, Loader2 } from "~/components/admin/icons";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useAppForm } from "~/components/forms";
import { AlternativeTimes, ForcedBox, FreeTimeField, SlotDateField } from "./SlotFields";
import { useToast } from "~/components/toaster";
import { Alert } from "~/components/ui/Alert";
import { moveSchema } from "~/lib/front-desk-schema";
import { formatDayLong } from "~/lib/front-desk-contact";
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
  // a <select> of the free times once they are known (JavaScript), else a plain time field
  const asSelect = hydrated && !forced && day !== undefined;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3" aria-label="Déplacer le rendez-vous">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm text-slate-600">
        Actuellement : <span className="font-medium text-navy-900">{formatDayLong(currentDate)} à {currentTime}</span>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SlotDateField
          meta={fields.date}
          label="Nouvelle date"
          required
          value={date}
          onChange={(d) => {
            setDate(d);
            setTime("");
          }}
        />
        <div>
          <FreeTimeField
            meta={fields.time}
            label="Nouvel horaire"
            value={time}
            onChange={setTime}
            day={day}
            loading={slots.state === "loading" && !forced}
            asSelect={asSelect}
            onPickDay={setDate}
          />
          <AlternativeTimes
            alternatives={alternatives}
            currentDate={date}
            onPick={(a) => {
              setForced(false);
              setDate(a.date);
              setTime(a.time);
            }}
          />
        </div>
      </div>
      <ForcedBox id={fields.forced.id} name={fields.forced.name} checked={forced} onChange={setForced} />
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
