import { getFormProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { useSubmissionKey } from "~/hooks/use-submission-key";
import { CalendarCheck } from "lucide-react";
import { useMemo, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CheckboxField, Field, FormErrors, SelectField, TextareaField, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { Honeypot } from "~/components/ui/Honeypot";
import { PersonalLinkCard } from "~/components/rdv/PersonalLinkCard";
import { bookingSchema, type BookingInput } from "~/lib/booking-schema";
import type { SlotChoice } from "~/lib/schedule";
import { SERVICES, type Service } from "~/lib/services";
import { SlotPanel } from "./SlotPanel";
import { parseDayQuery, type SlotsView } from "~/lib/slots-view";
import { TimeSelect } from "./TimeSelect";

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
 * The booking form of /appointment (docs/product.md, "Booking"). The page is not hydrated (decision
 * 016): the form is posted by the browser and the server renders its answer ('Voir les horaires
 * libres', a refusal with its messages, the success). The site's script (app/site/site.js,
 * form[data-booking]) makes the free times follow the service and the date as they change (from
 * /appointment/creneaux), sets the day or time of a 'Prochain jour libre' or nearest-time button in
 * place, takes a message away once its field is fixed, and shows the post as running.
 */
export function BookingForm({ action, today, horizonDays, maxDate, offline, initialSlots, prefill, reply }: BookingFormProps) {
  // an answer carries its key; a page without one gets it from the site's script (the page is stored and served to everyone)
  const submissionKey = useSubmissionKey(reply?.submissionKey);
  const schema = useMemo(() => bookingSchema(today, horizonDays), [today, horizonDays]);
  // useAppForm infers `unknown` as the error type; the stack's errors are string[]
  // service and time "" so that the form after a success selects the placeholders again (not blank selects)
  const [form, fields] = useAppForm({
    id: "booking",
    schema,
    lastResult: reply?.result,
    defaultValue: { service: prefill?.service ?? "", date: prefill?.date, time: "" },
  }) as unknown as [FormMetadata<Record<string, unknown>, string[]>, Record<keyof BookingInput, FieldMetadata<unknown, Record<string, unknown>, string[]>>];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;

  // the free times the server knows: the day asked (?service=…&date=…) or the day posted
  const service = typeof fields.service.value === "string" ? fields.service.value : "";
  const date = typeof fields.date.value === "string" ? fields.date.value : "";
  const isOffline = (offline as string[]).includes(service);
  const day = isOffline ? null : parseDayQuery((n) => (n === "service" ? service : date));
  const view = reply ? (reply.slots ?? null) : initialSlots;
  const slots = { view, loading: false, failed: false, retry: () => undefined };
  const alternatives = fields.time.errors?.length ? (reply?.alternatives ?? []) : [];

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // a second click while the first post runs sends nothing (the key would make it harmless)
    if (busy) e.preventDefault();
    else form.onSubmit(e);
  }

  const panelId = "booking-slots";
  return (
    <>
      {reply?.status === "success" && (
        // hidden by the site's script after 5 s, or at its cross
        <div data-autohide={SUCCESS_HIDE_MS}>
          <Alert tone="success" className="mt-6" focusKey={reply.submissionKey} onClose="script">
            <p className="text-base">{BOOKING_SUCCESS_MESSAGE}</p>
          </Alert>
        </div>
      )}
      {/* the personal link stays after the banner hides: the person who booked keeps it */}
      {reply?.status === "success" && reply.link && <PersonalLinkCard link={reply.link} />}
      <FormErrors form={form} fixMessage={BOOKING_FIX_MESSAGE} />

      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        onSubmit={onSubmit}
        className="mt-6 grid gap-5 sm:grid-cols-2"
        aria-label="Demande de rendez-vous"
        data-booking
        data-offline={JSON.stringify(offline)}
        data-today={today}
        data-max-date={maxDate}
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
        <TimeSelect meta={fields.time} view={isOffline ? null : view} loading={false} failed={false} offline={isOffline} missing={service ? "date" : "service"} describedBy={panelId} />
        <div className="sm:col-span-2">
          <SlotPanel id={panelId} hydrated={false} script offline={isOffline} chosen={day !== null} slots={slots} alternatives={alternatives} today={today} />
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
          {/* the site's script shows the second label while the post runs, and disables it for a service booked by phone only */}
          <button type="submit" className="group btn-primary w-full py-3 text-base sm:w-auto sm:min-w-64" disabled={busy} aria-disabled={busy} data-busy-label>
            <CalendarCheck aria-hidden className="h-5 w-5" />
            <span className="group-data-[busy]:hidden">{busy ? "Envoi en cours..." : "Envoyer ma demande"}</span>
            <span className="hidden group-data-[busy]:inline">Envoi en cours...</span>
          </button>
        </div>
      </Form>
    </>
  );
}
