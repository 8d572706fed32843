import { CalendarClock, Loader2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { SlotPanel } from "~/components/booking/SlotPanel";
import { TimeSelect } from "~/components/booking/TimeSelect";
import { useFreeSlots } from "~/components/booking/useFreeSlots";
import { useHydrated } from "~/hooks/use-hydrated";
import type { MoveFormState, MoveFormTexts } from "~/lib/rdv-move-form";
import { parseDayQuery } from "~/lib/slots-view";

export interface MoveFormProps extends MoveFormState {
  /** the appointment's service: only the day and the time change */
  service: string;
  /** the clinic's today and the last day open to booking, for the browser's date check */
  today: string;
  maxDate: string;
  locale: "fr" | "ar";
  texts: MoveFormTexts;
}

const FORM_ID = "rdv-move";
const PANEL_ID = "rdv-move-slots";

/**
 * 'Changer de jour ou d'heure' on the patient's page (/rdv/<token>), an island
 * (components/Island.tsx, app/islands/rdv-move.client.tsx): the server renders it, the browser
 * hydrates it with the same props (no router, no context: everything comes in them).
 *
 * A plain form posted by the browser (intent "move"), answered by the page's action. Without
 * JavaScript 'Voir les horaires libres', 'Prochain jour libre' and a nearest free time post the
 * booking form's intents ("slots", "day:…", "slot:…") and the server renders the form again with
 * that day's free times. Hydrated, the free times follow the date (from /appointment/creneaux, the
 * booking island's SlotPanel, TimeSelect and useFreeSlots), 'Prochain jour libre' and a nearest
 * free time set the day and the time in place, a fixed field loses its message, and the button
 * says 'Déplacement…' while the post runs. Validation is the server's.
 */
export function MoveForm({ service, today, maxDate, locale, texts: T, values, errors: posted, slots: known, alternatives: nearest }: MoveFormProps) {
  const hydrated = useHydrated();
  const [date, setDate] = useState(values.date);
  const [time, setTime] = useState(values.time);
  const [errors, setErrors] = useState(posted);
  const [busy, setBusy] = useState(false);
  const sent = useRef(false);
  const dateRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLSelectElement>(null);
  // a day or a time chosen before the island hydrated: the state takes what the page shows
  useEffect(() => {
    const shownDate = dateRef.current?.value ?? "";
    const shownTime = timeRef.current?.value ?? "";
    if (shownDate !== date) setDate(shownDate);
    if (shownTime && shownTime !== time) setTime(shownTime);
    // the page shown again from the browser's history after its post: the button is ready again
    const ready = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      sent.current = false;
      setBusy(false);
    };
    window.addEventListener("pageshow", ready);
    return () => window.removeEventListener("pageshow", ready);
    // on hydration only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const day = parseDayQuery((n) => (n === "service" ? service : date));
  const slots = useFreeSlots(hydrated ? day : null, known, known, locale);
  const shown = hydrated ? slots : { ...slots, view: known };

  // 'Prochain jour libre' or a nearest time chosen: the focus goes to 'Heure' once that day's times are there
  const [focusTime, setFocusTime] = useState(false);
  const dayShown = shown.view !== null && shown.view.date === date && !slots.loading;
  useEffect(() => {
    if (!focusTime || !dayShown) return;
    setFocusTime(false);
    requestAnimationFrame(() => timeRef.current?.focus());
  }, [focusTime, dayShown]);

  /** A field changed: its message goes (the server checks it again at the post); a new time, the nearest times too. */
  function fixed(name: "date" | "time") {
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _gone, ...rest } = e;
      return rest;
    });
  }

  function choose(d: string, t: string | null) {
    setDate(d);
    fixed("date");
    if (t) {
      setTime(t);
      fixed("time");
    }
    setFocusTime(true);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // the browser posts the form; a second press while it runs sends nothing
    if (sent.current) return e.preventDefault();
    sent.current = true;
    setBusy(true);
  }

  const dateError = errors.date;
  return (
    <form id={FORM_ID} method="post" noValidate onSubmit={hydrated ? onSubmit : undefined} className="grid gap-4 sm:grid-cols-2" aria-label={T.title}>
      {/* Enter in the date field moves the appointment: the form's first submit button is this one */}
      <button type="submit" name="intent" value="move" hidden tabIndex={-1} aria-hidden="true" />
      <p className="text-sm text-slate-600 sm:col-span-2">{T.intro}</p>
      <div>
        <label htmlFor={`${FORM_ID}-date`} className="field-label">
          {T.newDate}
          <span className="ms-0.5 text-red-700" aria-hidden>
            *
          </span>
        </label>
        <input
          ref={dateRef}
          id={`${FORM_ID}-date`}
          name="date"
          form={FORM_ID}
          type="date"
          required
          min={today}
          max={maxDate}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            fixed("date");
          }}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? `${FORM_ID}-date-error` : undefined}
          className="field-input"
        />
        {dateError && (
          <p id={`${FORM_ID}-date-error`} className="field-error">
            {dateError}
          </p>
        )}
      </div>
      <TimeSelect
        ref={timeRef}
        id={`${FORM_ID}-time`}
        name="time"
        form={FORM_ID}
        error={errors.time}
        value={time}
        onChange={(v) => {
          setTime(v);
          fixed("time");
        }}
        view={shown.view}
        loading={slots.loading}
        failed={slots.failed}
        offline={false}
        missing="date"
        describedBy={PANEL_ID}
        texts={T.time}
      />
      <div className="sm:col-span-2">
        <SlotPanel
          id={PANEL_ID}
          offline={false}
          chosen={day !== null}
          slots={shown}
          alternatives={errors.time ? nearest : []}
          today={today}
          phones={[]}
          onChoose={choose}
          ask={{ js: T.askJs, noJs: T.askNoJs }}
          texts={T.panel}
          locale={locale}
        />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" name="intent" value="move" className="btn-primary w-full sm:w-auto" aria-disabled={busy || undefined}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <CalendarClock aria-hidden className="h-4 w-4" />}
          {busy ? T.moving : T.submit}
        </button>
      </div>
    </form>
  );
}
