import { getFormProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { CalendarCheck } from "lucide-react";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CheckboxField, Field, FormErrors, SelectField, TextareaField, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { Honeypot } from "~/components/ui/Honeypot";
import { bookingSchema, type BookingInput } from "~/lib/booking-schema";
import { SERVICES } from "~/lib/services";

const BOOKING_SUCCESS_MESSAGE = "Votre demande de rendez-vous a bien été envoyée. Nous vous contacterons pour confirmer le créneau.";
const BOOKING_FIX_MESSAGE = "Certains champs sont à corriger : voyez les messages sous les champs concernés.";
const SUCCESS_HIDE_MS = 5000;

/** What the booking action answers (handlePublicForm's reply). */
export interface BookingReply {
  status: "success" | "error";
  result: SubmissionResult<string[]>;
  submissionKey: string;
}

/**
 * The booking form of /appointment. It works without JavaScript (a plain post, the server's
 * answer rendered); with it, the same schema runs first in the browser, judged against the
 * clinic's `today` from the loader.
 */
export function BookingForm({ action, today, submissionKey, reply }: { action: string; today: string; submissionKey: string; reply?: BookingReply }) {
  const schema = useMemo(() => bookingSchema(today), [today]);
  // useAppForm infers `unknown` as the error type; the stack's errors are string[]
  // service: "" so that the reset after a success selects the placeholder again (not a blank select)
  const [form, fields] = useAppForm({ id: "booking", schema, lastResult: reply?.result, defaultValue: { service: "" } }) as unknown as [
    FormMetadata<Record<string, unknown>, string[]>,
    Record<keyof BookingInput, FieldMetadata<unknown, Record<string, unknown>, string[]>>,
  ];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;

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

  return (
    <>
      {showBanner && (
        <Alert tone="success" className="mt-6" focusKey={reply} onClose={() => setBannerHiddenFor(reply)}>
          <p className="text-base">{BOOKING_SUCCESS_MESSAGE}</p>
        </Alert>
      )}
      <FormErrors form={form} fixMessage={BOOKING_FIX_MESSAGE} />

      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        onSubmit={onSubmit}
        className="mt-6 grid gap-5 sm:grid-cols-2"
        aria-label="Demande de rendez-vous"
      >
        {/* after a success a new key, after a refusal the same one: a resent request stores one row */}
        <input type="hidden" name="submission_key" value={reply?.submissionKey ?? submissionKey} readOnly />
        <Honeypot id="booking-website" />

        <Field meta={fields.name} label="Nom complet" required autoComplete="name" className="sm:col-span-2" />
        <Field meta={fields.email} type="email" label="Email" required autoComplete="email" inputMode="email" />
        <Field meta={fields.phone} type="tel" label="Téléphone" required hint="Exemple : 0550 12 34 56" autoComplete="tel" inputMode="tel" />
        <SelectField meta={fields.service} label="Service" required placeholder="Choisissez un service" options={SERVICES} className="sm:col-span-2" />
        <Field meta={fields.date} type="date" label="Date" required min={today} />
        <Field meta={fields.time} type="time" label="Heure" required />
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
          <button type="submit" className="btn-primary w-full py-3 text-base sm:w-auto sm:min-w-64" disabled={busy} aria-disabled={busy}>
            <CalendarCheck aria-hidden className="h-5 w-5" />
            {busy ? "Envoi en cours..." : "Envoyer ma demande"}
          </button>
        </div>
      </Form>
    </>
  );
}
