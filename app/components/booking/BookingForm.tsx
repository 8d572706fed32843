import { getFormProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { useSubmissionKey } from "~/hooks/use-submission-key";
import { CalendarCheck } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CheckboxField, Field, FormErrors, SelectField, TextareaField, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { Honeypot } from "~/components/ui/Honeypot";
import { PersonalLinkCard } from "~/components/rdv/PersonalLinkCard";
import { bookingSchema, type BookingInput } from "~/lib/booking-schema";
import type { SlotChoice } from "~/lib/schedule";
import { SERVICES, type Service } from "~/lib/services";
import { SlotPanel } from "./SlotPanel";
import { parseDayQuery, type SlotsView } from "./slots";
import { TimeSelect } from "./TimeSelect";
import { useFreeSlots } from "./useFreeSlots";

const BOOKING_SUCCESS_MESSAGE = "Votre demande de rendez-vous a bien été envoyée. Nous vous contacterons pour confirmer le créneau.";
export const BOOKING_FIX_MESSAGE = "Certains champs sont à corriger : voyez les messages sous les champs concernés.";
const SUCCESS_HIDE_MS = 5000;

/** What the booking action answers: handlePublicForm's reply, and the free times of the day posted. */
export interface BookingReply {
  /** "slots": the free times asked without JavaScript (nothing stored) */
  status: "success" | "error" | "slots";
  result: SubmissionResult<string[]>;
  submissionKey: string;
  /** the free times of the day posted (after a refusal or a 'Voir les horaires libres') */
  slots?: SlotsView | null;
  /** the three nearest free times, after a refused slot */
  alternatives?: SlotChoice[];
  /** after a success: the appointment's personal link (/rdv/<token>), shown to the person who booked */
  link?: string | null;
}

export interface BookingFormProps {
  action: string;
  /** the clinic's today and the booking horizon, for the browser's date check */
  today: string;
  horizonDays: number;
  maxDate: string;
  /** services booked by phone only */
  offline: Service[];
  /** the free times the loader rendered (`?service=…&date=…`) */
  initialSlots: SlotsView | null;
  prefill: { service: Service; date: string } | null;
  reply?: BookingReply;
}

/**
 * The booking form of /appointment (docs/product.md, "Booking"). It works without JavaScript (a
 * plain post, the server's answer rendered; 'Voir les horaires libres' asks the server for the
 * free times of the day chosen); with it, the same schema runs first in the browser, and the
 * free times follow the service and the date as they change.
 */
export function BookingForm({ action, today, horizonDays, maxDate, offline, initialSlots, prefill, reply }: BookingFormProps) {
  // made in the browser (the page is stored and served to everyone); an answer carries its own
  const submissionKey = useSubmissionKey(reply?.submissionKey);
  const schema = useMemo(() => bookingSchema(today, horizonDays), [today, horizonDays]);
  // useAppForm infers `unknown` as the error type; the stack's errors are string[]
  // service and time "" so that the reset after a success selects the placeholders again (not blank selects)
  const [form, fields] = useAppForm({
    id: "booking",
    schema,
    lastResult: reply?.result,
    defaultValue: { service: prefill?.service ?? "", date: prefill?.date, time: "" },
  }) as unknown as [FormMetadata<Record<string, unknown>, string[]>, Record<keyof BookingInput, FieldMetadata<unknown, Record<string, unknown>, string[]>>];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The free times follow the service and the date (with JavaScript, fetched as they change).
  const service = typeof fields.service.value === "string" ? fields.service.value : "";
  const date = typeof fields.date.value === "string" ? fields.date.value : "";
  const isOffline = (offline as string[]).includes(service);
  const day = useMemo(() => (isOffline ? null : parseDayQuery((n) => (n === "service" ? service : date))), [isOffline, service, date]);
  const slots = useFreeSlots(hydrated ? day : null, reply ? (reply.slots ?? null) : initialSlots, reply);
  const shown = hydrated ? slots : { ...slots, view: reply ? (reply.slots ?? null) : initialSlots };
  const timeErrors = fields.time.errors;
  const alternatives = timeErrors?.length ? (reply?.alternatives ?? []) : [];

  // A next free day or a nearest free time chosen: set the date, then the time once that day's
  // times are there, and hand the focus to 'Heure'.
  const [pick, setPick] = useState<{ date: string; time: string | null } | null>(null);
  const timeRef = useRef<HTMLSelectElement>(null);
  function choose(date: string, time: string | null) {
    form.update({ name: fields.date.name, value: date });
    setPick({ date, time });
  }
  const pickReady = pick !== null && shown.view?.date === pick.date && !slots.loading;
  useEffect(() => {
    if (!pickReady || !pick) return;
    if (pick.time && shown.view?.times.includes(pick.time)) form.update({ name: fields.time.name, value: pick.time });
    setPick(null);
    requestAnimationFrame(() => timeRef.current?.focus());
  }, [pickReady, pick, shown.view, form, fields.time.name]);

  // The success banner: shown after each success, hidden after 5 s or when closed.
  const [bannerHiddenFor, setBannerHiddenFor] = useState<BookingReply | undefined>(undefined);
  const showBanner = reply?.status === "success" && bannerHiddenFor !== reply;
  useEffect(() => {
    if (reply?.status !== "success") return;
    const t = setTimeout(() => setBannerHiddenFor(reply), SUCCESS_HIDE_MS);
    return () => clearTimeout(t);
  }, [reply]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // a second click while the first post runs sends nothing (the key would make it harmless)
    if (busy) e.preventDefault();
    else form.onSubmit(e);
  }

  const panelId = "booking-slots";
  return (
    <>
      {showBanner && (
        <Alert tone="success" className="mt-6" focusKey={reply} onClose={() => setBannerHiddenFor(reply)}>
          <p className="text-base">{BOOKING_SUCCESS_MESSAGE}</p>
        </Alert>
      )}
      {/* the personal link stays after the banner hides: the person who booked keeps it */}
      {reply?.status === "success" && reply.link && <PersonalLinkCard link={reply.link} hydrated={hydrated} />}
      <FormErrors form={form} fixMessage={BOOKING_FIX_MESSAGE} />

      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        onSubmit={onSubmit}
        className="mt-6 grid gap-5 sm:grid-cols-2"
        aria-label="Demande de rendez-vous"
      >
        {/* Enter in a text field sends the request: the form's first submit button is this one,
            not 'Voir les horaires libres' */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        {/* after a success a new key, after a refusal the same one: a resent request stores one row */}
        <input type="hidden" name="submission_key" value={submissionKey} readOnly />
        <Honeypot id="booking-website" />

        <Field meta={fields.name} label="Nom complet" required autoComplete="name" className="sm:col-span-2" />
        <Field meta={fields.email} type="email" label="Email" required autoComplete="email" inputMode="email" />
        <Field meta={fields.phone} type="tel" label="Téléphone" required hint="Exemple : 0550 12 34 56" autoComplete="tel" inputMode="tel" />
        <SelectField meta={fields.service} label="Service" required placeholder="Choisissez un service" options={SERVICES} className="sm:col-span-2" />
        <Field meta={fields.date} type="date" label="Date" required min={today} max={maxDate} />
        <TimeSelect ref={timeRef} meta={fields.time} view={shown.view} loading={slots.loading} failed={slots.failed} offline={isOffline} missing={service ? "date" : "service"} describedBy={panelId} />
        <div className="sm:col-span-2">
          <SlotPanel
            id={panelId}
            hydrated={hydrated}
            offline={isOffline}
            chosen={day !== null}
            slots={shown}
            alternatives={alternatives}
            today={today}
            onChoose={choose}
          />
        </div>
        <TextareaField meta={fields.message} label="Message" optional rows={4} className="sm:col-span-2" />
        <CheckboxField
          meta={fields.consent}
          required
          className="sm:col-span-2"
          label={
            <>
              J'accepte que la clinique utilise ces informations pour traiter ma demande de rendez-vous et me recontacter, conformément à la{" "}
              <Link to="/politique-de-confidentialite" className="font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-600">
                politique de confidentialité
              </Link>
              .
            </>
          }
        />

        <div className="sm:col-span-2">
          <button
            type="submit"
            className="btn-primary w-full py-3 text-base sm:w-auto sm:min-w-64"
            disabled={busy || (hydrated && isOffline)}
            aria-disabled={busy || (hydrated && isOffline)}
          >
            <CalendarCheck aria-hidden className="h-5 w-5" />
            {busy ? "Envoi en cours..." : "Envoyer ma demande"}
          </button>
        </div>
      </Form>
    </>
  );
}
