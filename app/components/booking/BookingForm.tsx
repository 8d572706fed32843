import { CalendarCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useHydrated } from "~/hooks/use-hydrated";
import { useSubmissionKey } from "~/hooks/use-submission-key";
import { Alert } from "~/components/ui/Alert";
import { Honeypot } from "~/components/ui/Honeypot";
import {
  BOOKING_FIELDS,
  formMessage,
  isBookingAnswer,
  type BookingAnswer,
  type BookingField,
  type BookingTexts,
  type BookingValues,
} from "~/lib/booking-answer";
import type { Clinic } from "~/lib/clinic";
import { SERVICES, type Service } from "~/lib/services";
import { parseDayQuery, type SlotsView } from "~/lib/slots-view";
import { BookingSuccess } from "./BookingSuccess";
import { fieldIds, FieldShell } from "./fields";
import { SlotPanel } from "./SlotPanel";
import { TimeSelect } from "./TimeSelect";
import { useFreeSlots } from "./useFreeSlots";

const SUCCESS_HIDE_MS = 5000;
/** The post did not reach the server, or no answer came back: nothing is lost, the form can be sent again. */
export const BOOKING_NETWORK_MESSAGE = "Votre demande n'a pas pu être envoyée. Vérifiez votre connexion, puis réessayez.";
const FORM_ID = "booking";

export interface BookingFormProps {
  action: string;
  /** the clinic's today and the last day open to booking, for the browser's date check */
  today: string;
  maxDate: string;
  /** services booked by phone only */
  offline: Service[];
  /** the clinic's numbers, for a service booked by phone only */
  phones: Clinic["phones"];
  /** the free times the loader rendered (`?service=…&date=…`) */
  initialSlots: SlotsView | null;
  prefill: { service: Service; date: string } | null;
  /** the service chosen by the address alone (`?service=…`, a recall's booking link) */
  preselected?: Service | null;
  /** an answer page (a post without JavaScript): the server's answer, and what was posted */
  answer?: BookingAnswer | null;
  values?: BookingValues;
  /** the page's language (/ar/appointment, issue 32) and its texts (app/lib/booking-texts.ts) */
  locale?: "fr" | "ar";
  texts: BookingTexts;
}

/**
 * The booking form of /appointment (docs/product.md, "Booking"), an island (components/Island.tsx,
 * app/islands/booking.client.tsx): the server renders it, the browser hydrates it with the same
 * props. The page is stored whole by the page cache, so the props carry nothing about the visitor
 * on a page read with GET; an answer page (a post without JavaScript, never stored) carries the
 * answer and what was posted, and the form renders them as it would have shown them itself.
 *
 * Without JavaScript the browser posts the form and the server renders its answer ('Voir les
 * horaires libres', a refusal with its messages, the success). Hydrated, the free times follow
 * the service and the date (from /appointment/creneaux), 'Prochain jour libre' and a nearest free
 * time set the day or the time in place, a fixed field loses its message, and 'Envoyer ma
 * demande' posts the form with `Accept: application/json`: the action's `BookingAnswer`
 * (lib/booking-answer.ts) gives the messages beside the fields, or the success. Either way the
 * success takes the form's place (BookingSuccess: what was booked, the personal link, 'Ajouter à
 * mon agenda', 'Prendre un autre rendez-vous'). Validation is the server's; the browser only knows
 * the native constraints.
 */
export function BookingForm({
  action,
  today,
  maxDate,
  offline,
  phones,
  initialSlots,
  prefill,
  preselected = null,
  answer: rendered = null,
  values = {},
  locale = "fr",
  texts: T,
}: BookingFormProps) {
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState<BookingAnswer | null>(rendered);
  const [service, setService] = useState(values.service ?? prefill?.service ?? preselected ?? "");
  const [date, setDate] = useState(values.date ?? prefill?.date ?? "");
  const [time, setTime] = useState(values.time ?? "");
  const [errors, setErrors] = useState<BookingAnswer["fieldErrors"]>(rendered?.fieldErrors ?? {});
  const [alternatives, setAlternatives] = useState(rendered?.alternatives ?? []);
  const [bannerShown, setBannerShown] = useState(rendered?.status === "success");
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  // the answer's number: each answer's message takes the focus again
  const [answers, setAnswers] = useState(0);
  const timeRef = useRef<HTMLSelectElement>(null);
  const serviceRef = useRef<HTMLSelectElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  // A service or a day chosen before the island hydrated (the form is usable before its script):
  // hydration keeps what the page shows but not in React's state, and the next render would put
  // the empty choice back. Where the server chose nothing, the state takes the page's choice, so
  // that its free times follow.
  useEffect(() => {
    const chosenService = serviceRef.current?.value ?? "";
    const chosenDate = dateRef.current?.value ?? "";
    if (service === "" && chosenService !== "") setService(chosenService);
    if (date === "" && chosenDate !== "") setDate(chosenDate);
    // on hydration only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // an answer page carries its key; a page without one gets it from the browser (the page is the same for everyone)
  const submissionKey = useSubmissionKey(answer?.submissionKey);

  const isOffline = (offline as string[]).includes(service);
  const day = isOffline ? null : parseDayQuery((n) => (n === "service" ? service : date));
  const known = answer ? answer.slots : initialSlots;
  const slots = useFreeSlots(hydrated ? day : null, known, answer, locale);
  const shown = hydrated ? slots : { ...slots, view: known };

  // the success banner hides by itself (its cross hides it at once)
  useEffect(() => {
    if (!bannerShown) return;
    const timer = setTimeout(() => setBannerShown(false), SUCCESS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [bannerShown, answer]);

  // a 'Prochain jour libre' or a nearest time chosen: the focus goes to 'Heure' once that day's times are there
  const [focusTime, setFocusTime] = useState(false);
  const dayShown = shown.view !== null && shown.view.date === date && !slots.loading;
  useEffect(() => {
    if (!focusTime || !dayShown) return;
    setFocusTime(false);
    requestAnimationFrame(() => {
      const panel = document.getElementById(PANEL_ID);
      const next = shown.view?.times.length ? null : panel?.querySelector<HTMLElement>("button[name=intent]");
      (next ?? timeRef.current)?.focus();
    });
  }, [focusTime, dayShown, shown.view]);

  // after a refusal the focus goes to the first field to fix (the form's message takes it when no field is refused)
  const [focusField, setFocusField] = useState<BookingField | null>(null);
  useEffect(() => {
    if (!focusField) return;
    setFocusField(null);
    const el = document.getElementById(`${FORM_ID}-${focusField}`);
    el?.scrollIntoView?.({ block: "center" });
    el?.focus({ preventScroll: true });
  }, [focusField]);

  function fixed(name: BookingField) {
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _gone, ...rest } = e;
      return rest;
    });
    // the nearest free times belonged to the refused time
    if (name === "time") setAlternatives([]);
  }

  /** A refused field the patient has fixed loses its message (the server checks it again at the post). */
  function onFieldInput(el: EventTarget) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) return;
    const name = el.name as BookingField;
    if (!(BOOKING_FIELDS as readonly string[]).includes(name) || !errors[name]) return;
    if (!el.checkValidity()) return;
    if (el instanceof HTMLInputElement && el.type === "checkbox" ? !el.checked : !el.value) return;
    fixed(name);
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

  function show(next: BookingAnswer) {
    setAnswer(next);
    setAnswers((n) => n + 1);
    setErrors(next.fieldErrors);
    setAlternatives(next.alternatives);
    // the form gives way to the success screen ('Prendre un autre rendez-vous' loads an empty one)
    if (next.status === "success") {
      setBannerShown(true);
      return;
    }
    setBannerShown(false);
    setFocusField(BOOKING_FIELDS.find((f) => next.fieldErrors[f]) ?? null);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // a second click while the first post runs sends nothing (the key would make it harmless)
    if (running.current) return;
    running.current = true;
    const body = new URLSearchParams();
    new FormData(e.currentTarget).forEach((v, k) => typeof v === "string" && body.append(k, v));
    // the button says so at once, before anything else runs
    flushSync(() => setBusy(true));
    let next: BookingAnswer;
    try {
      const res = await fetch(action, { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
      const json: unknown = await res.json();
      if (!isBookingAnswer(json)) throw new Error(`booking answer: ${res.status}`);
      next = json;
    } catch {
      // nothing is known to be stored: the same key, so that sending again stores one row
      next = { status: "error", formError: T.network, fieldErrors: {}, submissionKey, slots: shown.view, alternatives, link: null, booked: null };
    }
    running.current = false;
    setBusy(false);
    show(next);
  }

  const success = answer?.status === "success" ? answer : null;
  const message = answer && answer.status !== "success" ? formMessage({ formError: answer.formError, fieldErrors: errors }, T.fix) : null;
  const field = (name: BookingField, hint?: boolean) => fieldIds(FORM_ID, name, errors[name], hint);
  const ids = {
    name: field("name"),
    email: field("email"),
    phone: field("phone", true),
    service: field("service"),
    date: field("date"),
    consent: field("consent"),
    message: field("message"),
  };
  return (
    <>
      {success && (
        <div hidden={!bannerShown}>
          <Alert tone="success" className="mt-6" focusKey={success.submissionKey} onClose={() => setBannerShown(false)} closeLabel={T.close}>
            <p className="text-base">{T.success}</p>
          </Alert>
        </div>
      )}
      {/* in place of the form, and staying after the banner hides: what was booked, the personal link */}
      {success && <BookingSuccess booked={success.booked} link={success.link} texts={T} again={action} />}
      {message && (
        <Alert tone="error" className="mt-6" closeLabel={T.close} id={`${FORM_ID}-error`} focusKey={answer?.formError && Object.keys(errors).length === 0 ? `${message}|${answers}` : undefined}>
          <p>{message}</p>
        </Alert>
      )}

      {!success && (
        <form
          id={FORM_ID}
          method="post"
          action={action}
          noValidate
          onSubmit={hydrated ? onSubmit : undefined}
          onChange={(e) => onFieldInput(e.target)}
          className="mt-6 grid gap-5 sm:grid-cols-2"
          aria-label={T.formLabel}
        >
          {/* Enter in a text field sends the request: the form's first submit button is this one,
              not 'Voir les horaires libres' */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
          {/* after a refusal the same key: a resent request stores one row */}
          <input type="hidden" name="submission_key" value={submissionKey} readOnly />
          <Honeypot id="booking-website" label={T.honeypot} />

          <FieldShell id={ids.name.id} label={T.name} required error={errors.name} className="sm:col-span-2">
            <input id={ids.name.id} name="name" type="text" required autoComplete="name" defaultValue={values.name} {...ids.name.aria} className="field-input" />
          </FieldShell>
          <FieldShell id={ids.email.id} label={T.email} required error={errors.email}>
            <input id={ids.email.id} name="email" type="email" required autoComplete="email" inputMode="email" defaultValue={values.email} {...ids.email.aria} className="field-input" />
          </FieldShell>
          <FieldShell id={ids.phone.id} label={T.phone} required hint={withExample(T.phoneHint, "0550 12 34 56")} error={errors.phone}>
            <input id={ids.phone.id} name="phone" type="tel" required autoComplete="tel" inputMode="tel" defaultValue={values.phone} {...ids.phone.aria} className="field-input" />
          </FieldShell>
          <FieldShell id={ids.service.id} label={T.service} required error={errors.service} className="sm:col-span-2">
            <select ref={serviceRef} id={ids.service.id} name="service" required value={service} onChange={(e) => setService(e.target.value)} {...ids.service.aria} className="field-input">
              <option value="">{T.chooseService}</option>
              {SERVICES.map((s) => (
                <option key={s} value={s}>
                  {T.services[s] ?? s}
                </option>
              ))}
            </select>
          </FieldShell>
          <FieldShell id={ids.date.id} label={T.date} required error={errors.date}>
            <input ref={dateRef} id={ids.date.id} name="date" type="date" required min={today} max={maxDate} value={date} onChange={(e) => setDate(e.target.value)} {...ids.date.aria} className="field-input" />
          </FieldShell>
          <TimeSelect
            ref={timeRef}
            id={`${FORM_ID}-time`}
            error={errors.time}
            value={time}
            onChange={setTime}
            view={isOffline ? null : shown.view}
            loading={slots.loading}
            failed={slots.failed}
            offline={isOffline}
            missing={service ? "date" : "service"}
            describedBy={PANEL_ID}
            texts={{
              label: T.time,
              morning: T.morning,
              afternoon: T.afternoon,
              offline: T.timeOffline,
              loading: T.timeLoading,
              failed: T.timeFailed,
              service: T.timeService,
              date: T.timeDate,
              choose: T.timeChoose,
              none: T.timeNone,
            }}
          />
          <div className="sm:col-span-2">
            <SlotPanel
              id={PANEL_ID}
              offline={isOffline}
              chosen={day !== null}
              slots={shown}
              alternatives={errors.time ? alternatives : []}
              today={today}
              phones={phones}
              onChoose={choose}
              waitlist
              texts={T}
              locale={locale}
              waitlistPath={locale === "ar" ? "/ar/liste-attente" : "/liste-attente"}
            />
          </div>
          <FieldShell id={ids.message.id} label={T.message} optional optionalLabel={T.optional} error={errors.message} className="sm:col-span-2">
            <textarea id={ids.message.id} name="message" rows={4} defaultValue={values.message} {...ids.message.aria} className="field-input resize-y" />
          </FieldShell>
          <div className="sm:col-span-2">
            <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
              <input
                id={ids.consent.id}
                name="consent"
                type="checkbox"
                value="on"
                required
                defaultChecked={values.consent === "on"}
                {...ids.consent.aria}
                className="mt-1 h-5 w-5 shrink-0 accent-teal-600"
              />
              <label htmlFor={ids.consent.id} className="text-sm leading-relaxed text-slate-700">
                {T.consentBefore}
                <a href="/politique-de-confidentialite" className="font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-600">
                  {T.consentLink}
                </a>
                .{" "}
                <span className="font-semibold text-red-700" aria-hidden>
                  *
                </span>
              </label>
            </div>
            {errors.consent && (
              <p id={ids.consent.errorId} className="field-error">
                {errors.consent}
              </p>
            )}
          </div>

          <div className="sm:col-span-2">
            {/* disabled while the post runs, and (with JavaScript) for a service booked by phone only */}
            <button type="submit" className="btn-primary w-full py-3 text-base sm:w-auto sm:min-w-64" disabled={busy || (hydrated && isOffline)}>
              <CalendarCheck aria-hidden className="h-5 w-5" />
              <span>{busy ? T.sending : T.send}</span>
            </button>
          </div>
        </form>
      )}
    </>
  );
}

const PANEL_ID = "booking-slots";

/** A hint with an example number, the number isolated left to right (an Arabic sentence). */
function withExample(text: string, example: string) {
  const [before, after = ""] = text.split("{example}");
  return (
    <>
      {before}
      <bdi dir="ltr">{example}</bdi>
      {after}
    </>
  );
}
