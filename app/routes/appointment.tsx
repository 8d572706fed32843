import { AlertCircle, CalendarCheck, CheckCircle2, Clock, MapPin, PhoneCall, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { requestInfo } from "~/context";
import type { Route } from "./+types/appointment";
import { notifyNewBooking } from "~/.server/booking-mail";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { checkFormRateLimit, isHoneypotFilled, RATE_LIMIT_MESSAGE } from "~/.server/rate-limit";
import { createAppointment } from "~/.server/repos/appointments";
import { Img } from "~/components/ui/Img";
import { clinic } from "~/content/clinic";
import { BOOKING_FIELDS, formValues, parseBooking, type BookingField, type FieldErrors, type FormValues } from "~/lib/appointment-schema";
import { todayInClinic } from "~/lib/format";
import { seo } from "~/lib/seo";
import { Honeypot } from "~/components/ui/Honeypot";
import { Field, fieldA11y } from "~/components/ui/Field";
import { SERVICES } from "~/lib/services";

const SUCCESS_MESSAGE = "Votre demande de rendez-vous a bien été envoyée. Nous vous contacterons pour confirmer le créneau.";
const SUCCESS_HIDE_MS = 5000;
const STORAGE_FAILURE_MESSAGE = `Votre demande n'a pas pu être enregistrée. Merci de réessayer dans un instant ou de nous appeler au ${clinic.phones[0].display}.`;
const FIX_FIELDS_MESSAGE = "Certains champs sont à corriger : voyez les messages sous les champs concernés.";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Prendre Rendez-vous",
    description: `Demandez un rendez-vous en ligne à la ${clinic.name} (${clinic.address.district}, ${clinic.address.city}) : implants, prothèses, blanchiment, orthodontie, soins conservateurs et esthétique dentaire.`,
    path: "/appointment",
  });

export function loader() {
  return { submissionKey: crypto.randomUUID(), today: todayInClinic() };
}

type ActionResult =
  | { ok: true }
  | {
      ok: false;
      fieldErrors: FieldErrors<BookingField>;
      formError?: string;
      values: Omit<FormValues<BookingField>, never>;
      submissionKey: string;
    };

function cleanKey(v: FormDataEntryValue | null): string {
  return typeof v === "string" && /^[A-Za-z0-9-]{8,100}$/.test(v) ? v : "";
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, BOOKING_FIELDS);
  const submissionKey = cleanKey(form.get("submission_key"));
  const fail = (status: number, result: Omit<Extract<ActionResult, { ok: false }>, "ok" | "values" | "submissionKey">) =>
    data<ActionResult>({ ok: false, values, submissionKey, ...result }, { status });

  // A bot filled the hidden field: answer as if all went well, store nothing.
  if (isHoneypotFilled(form)) {
    log.info({ event: "booking_honeypot" }, "booking ignored: honeypot filled");
    return data<ActionResult>({ ok: true });
  }

  const parsed = parseBooking(values);
  if (!parsed.ok) return fail(400, { fieldErrors: parsed.fieldErrors, formError: FIX_FIELDS_MESSAGE });

  try {
    const limit = await checkFormRateLimit("booking", context.get(requestInfo).clientIp);
    if (!limit.ok) {
      log.warn({ event: "booking_rate_limited" }, "booking refused: rate limit");
      return fail(429, { fieldErrors: {}, formError: RATE_LIMIT_MESSAGE });
    }
  } catch (err) {
    log.error({ event: "booking_rate_limit_failed", err: err instanceof Error ? err.message : "unknown" }, "rate limit check failed");
    return fail(503, { fieldErrors: {}, formError: STORAGE_FAILURE_MESSAGE });
  }

  const { consent: _consent, ...input } = parsed.data;
  let stored;
  try {
    stored = await createAppointment(getDb(), input, { submissionKey: submissionKey || null });
  } catch (err) {
    // The cause, never the visitor's data (a driver message may quote values: keep the code only).
    const e = err as { code?: unknown; name?: unknown };
    log.error({ event: "booking_store_failed", code: String(e?.code ?? ""), name: String(e?.name ?? "") }, "booking could not be stored");
    return fail(503, { fieldErrors: {}, formError: STORAGE_FAILURE_MESSAGE });
  }

  if (stored.duplicate) {
    log.info({ event: "booking_duplicate", appointmentId: stored.appointment.id }, "booking resent: the stored row is kept");
  } else {
    log.info({ event: "booking_stored", appointmentId: stored.appointment.id }, "booking stored");
    // Not awaited beyond queueing: SMTP never delays the visitor, and never loses the booking.
    await notifyNewBooking(stored.appointment);
  }
  return data<ActionResult>({ ok: true });
}

/** After a refused post the form keeps its key and its values; after a success it gets a new key. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && (actionResult as ActionResult).ok === false) return false;
  return defaultShouldRevalidate;
}

// ---- page -----------------------------------------------------------------------------------

const STEPS = [
  { title: "Vous envoyez votre demande", text: "Choisissez le soin, le jour et l'heure qui vous conviennent." },
  { title: "Nous vous rappelons", text: "Notre équipe confirme le créneau avec vous, ou vous en propose un autre." },
  { title: "Vous êtes attendu", text: "Le jour venu, le cabinet vous accueille à l'heure convenue." },
];

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/appointment";
  const result = actionData as ActionResult | undefined;
  const failed = result && !result.ok ? result : undefined;

  // Errors: the server's after a post, the browser's after a local check; a field's message
  // goes away as soon as the person edits that field.
  const [errors, setErrors] = useState<FieldErrors<BookingField>>(failed?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | undefined>(failed?.formError);
  const [seenResult, setSeenResult] = useState(result);
  if (seenResult !== result) {
    setSeenResult(result);
    setErrors(failed?.fieldErrors ?? {});
    setFormError(failed?.formError);
  }

  // The success banner: shown after a success, hidden after 5 s or when closed.
  const [bannerHiddenFor, setBannerHiddenFor] = useState<ActionResult | undefined>(undefined);
  const showBanner = result?.ok === true && bannerHiddenFor !== result;
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result?.ok !== true) return;
    bannerRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
    bannerRef.current?.focus({ preventScroll: true });
    const t = setTimeout(() => setBannerHiddenFor(result), SUCCESS_HIDE_MS);
    return () => clearTimeout(t);
  }, [result]);

  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // After a refused post, bring the person to the first thing to fix.
  useEffect(() => {
    if (!failed) return;
    const first = BOOKING_FIELDS.find((f) => failed.fieldErrors[f]);
    const el = first ? formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    if (el) el.focus();
    else alertRef.current?.focus();
  }, [failed]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (submitting) {
      e.preventDefault();
      return;
    }
    const values = formValues(new FormData(e.currentTarget), BOOKING_FIELDS);
    const parsed = parseBooking(values, loaderData.today);
    if (!parsed.ok) {
      e.preventDefault();
      setErrors(parsed.fieldErrors);
      setFormError(FIX_FIELDS_MESSAGE);
      const first = BOOKING_FIELDS.find((f) => parsed.fieldErrors[f]);
      if (first) e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setFormError(undefined);
  }

  function clearError(field: BookingField) {
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  }

  const v = failed?.values;
  const submissionKey = failed?.submissionKey || loaderData.submissionKey;
  const err = (f: BookingField) => errors[f];

  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-teal-600/25 blur-3xl" />
        <div aria-hidden className="absolute -bottom-32 left-1/3 h-72 w-72 rounded-full bg-gold-500/15 blur-3xl" />
        <div className="container-site relative py-12 md:py-16">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">Rendez-vous en ligne</p>
          <h1 className="mt-3 text-4xl font-bold text-white md:text-5xl">Prendre Rendez-vous</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            Choisissez le soin, le jour et l'heure qui vous conviennent : nous vous rappelons pour confirmer le créneau.
          </p>
        </div>
      </section>

      <section className="bg-ivory py-10 md:py-14">
        <div className="container-site grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px] xl:gap-12">
          <div className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8">
            <h2 className="text-2xl font-bold">Votre demande</h2>
            <p className="mt-1 text-sm text-slate-600">
              Les champs marqués <span className="font-semibold text-red-700">*</span> sont obligatoires.
            </p>

            {showBanner && (
              <div
                ref={bannerRef}
                tabIndex={-1}
                role="status"
                className="mt-6 flex items-start gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900 outline-none"
              >
                <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
                <p className="flex-1 font-medium">{SUCCESS_MESSAGE}</p>
                <button
                  type="button"
                  onClick={() => setBannerHiddenFor(result)}
                  className="-m-1.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-green-800 hover:bg-green-100"
                  aria-label="Fermer"
                >
                  <X aria-hidden className="h-5 w-5" />
                </button>
              </div>
            )}

            {formError && (
              <div
                ref={alertRef}
                tabIndex={-1}
                role="alert"
                className="mt-6 flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800 outline-none"
              >
                <AlertCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
                <p>{formError}</p>
              </div>
            )}

            <Form
              ref={formRef}
              key={loaderData.submissionKey}
              method="post"
              noValidate
              onSubmit={onSubmit}
              className="mt-6 grid gap-5 sm:grid-cols-2"
              aria-label="Demande de rendez-vous"
            >
              <input type="hidden" name="submission_key" value={submissionKey} readOnly />
              <Honeypot id="booking-website" />

              <Field id="name" label="Nom complet" required error={err("name")} className="sm:col-span-2">
                <input
                  id="name"
                  name="name"
                  type="text"
                  autoComplete="name"
                  required
                  maxLength={120}
                  defaultValue={v?.name}
                  onChange={() => clearError("name")}
                  {...fieldA11y("name", err("name"))}
                  className="field-input"
                />
              </Field>

              <Field id="email" label="Email" required error={err("email")}>
                <input
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  maxLength={254}
                  defaultValue={v?.email}
                  onChange={() => clearError("email")}
                  {...fieldA11y("email", err("email"))}
                  className="field-input"
                />
              </Field>

              <Field id="phone" label="Téléphone" required error={err("phone")} hint="Exemple : 0550 12 34 56">
                <input
                  id="phone"
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  required
                  maxLength={30}
                  defaultValue={v?.phone}
                  onChange={() => clearError("phone")}
                  {...fieldA11y("phone", err("phone"), true)}
                  className="field-input"
                />
              </Field>

              <Field id="service" label="Service" required error={err("service")} className="sm:col-span-2">
                <select
                  id="service"
                  name="service"
                  required
                  defaultValue={v?.service ?? ""}
                  onChange={() => clearError("service")}
                  {...fieldA11y("service", err("service"))}
                  className="field-input"
                >
                  <option value="">Choisissez un service</option>
                  {SERVICES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </Field>

              <Field id="date" label="Date" required error={err("date")}>
                <input
                  id="date"
                  name="date"
                  type="date"
                  required
                  min={loaderData.today}
                  defaultValue={v?.date}
                  onChange={() => clearError("date")}
                  {...fieldA11y("date", err("date"))}
                  className="field-input"
                />
              </Field>

              <Field id="time" label="Heure" required error={err("time")}>
                <input
                  id="time"
                  name="time"
                  type="time"
                  required
                  defaultValue={v?.time}
                  onChange={() => clearError("time")}
                  {...fieldA11y("time", err("time"))}
                  className="field-input"
                />
              </Field>

              <Field id="message" label="Message" optional error={err("message")} className="sm:col-span-2">
                <textarea
                  id="message"
                  name="message"
                  rows={4}
                  maxLength={2000}
                  defaultValue={v?.message}
                  onChange={() => clearError("message")}
                  {...fieldA11y("message", err("message"))}
                  className="field-input resize-y"
                />
              </Field>

              <div className="sm:col-span-2">
                <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
                  <input
                    id="consent"
                    name="consent"
                    type="checkbox"
                    required
                    defaultChecked={v?.consent === "on"}
                    onChange={() => clearError("consent")}
                    {...fieldA11y("consent", err("consent"))}
                    className="mt-1 h-5 w-5 shrink-0 accent-teal-600"
                  />
                  <label htmlFor="consent" className="text-sm leading-relaxed text-slate-700">
                    J'accepte que la clinique utilise ces informations pour traiter ma demande de rendez-vous et me recontacter, conformément à la{" "}
                    <Link to="/politique-de-confidentialite" className="font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-600">
                      politique de confidentialité
                    </Link>
                    . <span className="font-semibold text-red-700" aria-hidden>*</span>
                  </label>
                </div>
                {err("consent") && (
                  <p id="consent-error" className="field-error">
                    {err("consent")}
                  </p>
                )}
              </div>

              <div className="sm:col-span-2">
                <button type="submit" className="btn-primary w-full py-3 text-base sm:w-auto sm:min-w-64" disabled={submitting} aria-disabled={submitting}>
                  <CalendarCheck aria-hidden className="h-5 w-5" />
                  {submitting ? "Envoi en cours..." : "Envoyer ma demande"}
                </button>
              </div>
            </Form>
          </div>

          <aside className="space-y-6" aria-label="Informations pratiques">
            <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <Img src="/media/booking-calendar.svg" alt="" width={720} height={400} priority className="h-auto w-full bg-teal-50" />
              <div className="p-6">
                <h2 className="text-xl font-bold">Comment ça se passe ?</h2>
                <ol className="mt-4 space-y-4">
                  {STEPS.map((s, i) => (
                    <li key={s.title} className="flex gap-3">
                      <span aria-hidden className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-teal-600 text-sm font-bold text-white">
                        {i + 1}
                      </span>
                      <div>
                        <p className="font-semibold text-navy-900">{s.title}</p>
                        <p className="text-sm text-slate-600">{s.text}</p>
                      </div>
                    </li>
                  ))}
                </ol>
              </div>
            </div>

            <div className="rounded-2xl bg-navy-900 p-6 text-slate-200 shadow-sm">
              <h2 className="text-xl font-bold text-white">Vous préférez appeler ?</h2>
              <ul className="mt-4 space-y-3 text-sm">
                {clinic.phones.map((p) => (
                  <li key={p.tel}>
                    <a href={`tel:${p.tel}`} className="flex items-center gap-3 rounded-lg bg-white/5 px-3 py-2.5 font-semibold text-white hover:bg-white/10">
                      <PhoneCall aria-hidden className="h-4 w-4 text-gold-400" />
                      <span>
                        {p.label} : {p.display}
                      </span>
                    </a>
                  </li>
                ))}
                <li className="flex gap-3 px-3 pt-1">
                  <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                  <span>{clinic.address.oneLine}</span>
                </li>
                {clinic.openingHours.map((h) => (
                  <li key={h.label} className="flex gap-3 px-3">
                    <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                    <span>
                      {h.label} : {h.opens.replace(":", "h")} – {h.closes.replace(":", "h")}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
