import { AlertCircle, CheckCircle2, Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Honeypot } from "~/components/ui/Honeypot";
import {
  ENROLLMENT_MESSAGES,
  parseEnrollmentForm,
  type EnrollmentField,
  type EnrollmentFieldErrors,
  type EnrollmentValues,
} from "~/lib/enrollment-schema";

export interface SessionOption {
  id: number;
  title: string;
  taken: number;
  max_participants: number;
}

/** What the /inscription action answers (mirrors EnrollActionData on the server). */
export type EnrollmentResult =
  | { ok: true; message: string; nextSubmissionKey: string }
  | { ok: false; message: string; fieldErrors: EnrollmentFieldErrors; values: EnrollmentValues | null };

export function isFull(s: SessionOption) {
  return s.taken >= s.max_participants;
}

const FIELD_ORDER: EnrollmentField[] = ["user_name", "user_surname", "email", "phone", "formation_id", "consent"];

/**
 * The enrolment form (Nom, Prénom, Email, Téléphone, optional 'Formation choisie', consent),
 * shared by the dialog and the /inscription page. It posts to the /inscription action through a
 * fetcher; without JavaScript it is a plain form post to the same action, whose answer the page
 * passes back as `serverResult`.
 */
export function EnrollmentForm({
  sessions,
  submissionKey,
  formationId,
  onFormationIdChange,
  onSuccess,
  onCancel,
  serverResult,
  autoFocus = false,
}: {
  sessions: SessionOption[];
  submissionKey: string;
  formationId: string;
  onFormationIdChange: (id: string) => void;
  /** called after a stored enrolment, with the key the next submit must use */
  onSuccess: (message: string, nextSubmissionKey: string) => void;
  onCancel?: () => void;
  /** the action's answer after a post without JavaScript */
  serverResult?: EnrollmentResult;
  autoFocus?: boolean;
}) {
  const fetcher = useFetcher<EnrollmentResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const [clientErrors, setClientErrors] = useState<EnrollmentFieldErrors | null>(null);
  const [notice, setNotice] = useState<EnrollmentResult | null>(serverResult ?? null);
  const handled = useRef<unknown>(null);

  const busy = fetcher.state !== "idle";
  const result = notice;
  const errors: EnrollmentFieldErrors = clientErrors ?? (result && !result.ok ? result.fieldErrors : {});
  // values typed before a post without JavaScript, shown again after a refused submit
  const kept = serverResult && !serverResult.ok ? serverResult.values : null;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const d = fetcher.data;
    setNotice(d);
    setClientErrors(null);
    if (d.ok) {
      formRef.current?.reset();
      onFormationIdChange("");
      onSuccess(d.message, d.nextSubmissionKey);
    } else {
      focusFirstInvalid(formRef.current, d.fieldErrors);
    }
  }, [fetcher.state, fetcher.data, onSuccess, onFormationIdChange]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // The same schema as the server, for instant messages; the server checks again.
    const fd = new FormData(e.currentTarget);
    const parsed = parseEnrollmentForm(fd);
    const selected = sessions.find((s) => String(s.id) === formationId);
    const fieldErrors: EnrollmentFieldErrors = parsed.success ? {} : { ...parsed.fieldErrors };
    if (selected && isFull(selected) && !fieldErrors.formation_id) fieldErrors.formation_id = ENROLLMENT_MESSAGES.full;
    if (Object.keys(fieldErrors).length > 0) {
      e.preventDefault();
      setClientErrors(fieldErrors);
      setNotice({ ok: false, message: fieldErrors.formation_id === ENROLLMENT_MESSAGES.full ? ENROLLMENT_MESSAGES.full : ENROLLMENT_MESSAGES.invalid, fieldErrors, values: null });
      focusFirstInvalid(e.currentTarget, fieldErrors);
      return;
    }
    setClientErrors(null);
    setNotice(null);
  }

  const describedBy = (k: EnrollmentField, hint?: string) => [errors[k] ? id(`${k}-error`) : null, hint ?? null].filter(Boolean).join(" ") || undefined;

  return (
    <fetcher.Form ref={formRef} method="post" action="/inscription" noValidate onSubmit={onSubmit} className="space-y-5">
      {result && (
        <div
          role="alert"
          className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium ${result.ok ? "border-teal-600/30 bg-teal-50 text-teal-900" : "border-red-300 bg-red-50 text-red-800"}`}
        >
          {result.ok ? <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0" /> : <AlertCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />}
          <p>{result.message}</p>
        </div>
      )}

      <input type="hidden" name="submission_key" value={submissionKey} />
      <Honeypot id={id("website")} />

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={id("user_name")} className="field-label">
            Nom <span aria-hidden className="text-red-700">*</span>
          </label>
          <input
            id={id("user_name")}
            name="user_name"
            type="text"
            autoComplete="family-name"
            required
            maxLength={100}
            // the HTML attribute (React's autoFocus sets none): showModal() focuses this field
            ref={autoFocus ? (el) => el?.setAttribute("autofocus", "") : undefined}
            defaultValue={kept?.user_name ?? ""}
            aria-invalid={errors.user_name ? true : undefined}
            aria-describedby={describedBy("user_name")}
            className="field-input"
          />
          {errors.user_name && (
            <p id={id("user_name-error")} className="field-error">
              {errors.user_name}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={id("user_surname")} className="field-label">
            Prénom <span aria-hidden className="text-red-700">*</span>
          </label>
          <input
            id={id("user_surname")}
            name="user_surname"
            type="text"
            autoComplete="given-name"
            required
            maxLength={100}
            defaultValue={kept?.user_surname ?? ""}
            aria-invalid={errors.user_surname ? true : undefined}
            aria-describedby={describedBy("user_surname")}
            className="field-input"
          />
          {errors.user_surname && (
            <p id={id("user_surname-error")} className="field-error">
              {errors.user_surname}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={id("email")} className="field-label">
            Email <span aria-hidden className="text-red-700">*</span>
          </label>
          <input
            id={id("email")}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={kept?.email ?? ""}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email")}
            className="field-input"
          />
          {errors.email && (
            <p id={id("email-error")} className="field-error">
              {errors.email}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={id("phone")} className="field-label">
            Téléphone <span aria-hidden className="text-red-700">*</span>
          </label>
          <input
            id={id("phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={30}
            defaultValue={kept?.phone ?? ""}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy("phone")}
            className="field-input"
          />
          {errors.phone && (
            <p id={id("phone-error")} className="field-error">
              {errors.phone}
            </p>
          )}
        </div>
      </div>

      <div>
        <label htmlFor={id("formation_id")} className="field-label">
          Formation choisie <span className="font-normal text-slate-500">(facultatif)</span>
        </label>
        <select
          id={id("formation_id")}
          name="formation_id"
          value={formationId}
          onChange={(e) => onFormationIdChange(e.target.value)}
          aria-invalid={errors.formation_id ? true : undefined}
          aria-describedby={describedBy("formation_id")}
          className="field-input"
        >
          <option value="">Pas de préférence</option>
          {sessions.map((s) => (
            <option key={s.id} value={String(s.id)} disabled={isFull(s) && String(s.id) !== formationId}>
              {s.title}
              {isFull(s) ? " (Complet)" : ""}
            </option>
          ))}
        </select>
        {errors.formation_id && (
          <p id={id("formation_id-error")} className="field-error">
            {errors.formation_id}
          </p>
        )}
      </div>

      <div>
        <div className="flex items-start gap-3">
          <input
            id={id("consent")}
            name="consent"
            type="checkbox"
            value="on"
            required
            defaultChecked={kept?.consent ?? false}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy("consent")}
            className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-teal-600"
          />
          <label htmlFor={id("consent")} className="text-sm leading-relaxed text-slate-700">
            J'accepte que la clinique utilise ces informations pour traiter mon inscription et me recontacter, conformément à la{" "}
            <a href="/politique-de-confidentialite" target="_blank" rel="noopener" className="font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-600">
              politique de confidentialité
              <span className="sr-only"> (nouvel onglet)</span>
            </a>
            . <span aria-hidden className="text-red-700">*</span>
          </label>
        </div>
        {errors.consent && (
          <p id={id("consent-error")} className="field-error">
            {errors.consent}
          </p>
        )}
      </div>

      <p className="text-xs text-slate-500">
        <span aria-hidden className="text-red-700">*</span> Champs obligatoires.
      </p>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" onClick={onCancel} className="btn border border-slate-300 text-slate-700 hover:bg-slate-50">
            Annuler
          </button>
        )}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? (
            <>
              <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
              Envoi en cours...
            </>
          ) : (
            "Envoyer mon inscription"
          )}
        </button>
      </div>
    </fetcher.Form>
  );
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: EnrollmentFieldErrors) {
  if (!form) return;
  const first = FIELD_ORDER.find((k) => errors[k]);
  if (!first) return;
  const el = form.elements.namedItem(first);
  if (el instanceof HTMLElement) el.focus();
}
