import { Loader2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { FieldError, FieldShell, fieldIds } from "~/components/booking/fields";
import { Alert } from "~/components/ui/Alert";
import { Dialog } from "~/components/ui/Dialog";
import { Honeypot } from "~/components/ui/Honeypot";
import { newSubmissionKey } from "~/hooks/use-submission-key";
import { ENROLLMENT_FIELDS, isEnrollmentAnswer, type EnrollmentAnswer, type EnrollmentField } from "~/lib/enrollment-answer";
import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-messages";
import { asksForSession, isFull, onlyOpenSession, type FormationLandingItem, type FormationOption } from "~/lib/formation";
import { sessionChoices } from "~/lib/formation-session";
import { FormationCard, type ClinicPhone } from "./FormationCard";

/** The action of every enrolment form: the island's (JSON) and the /inscription page's. */
export const ENROLLMENT_ACTION = "/inscription";
export const SUCCESS_BANNER_MS = 10_000;
/** The dialog's form: its fields' ids are `enrolment-<name>` (-error for their message). */
export const ENROLMENT_FORM_ID = "enrolment";

export interface EnrollmentIslandProps {
  /** the formations open to enrolment, with their places taken: the choice of 'Formation choisie' */
  options: FormationOption[];
  /** on /formation, the cards of 'Sessions disponibles', whose places follow the enrolments made here; null elsewhere */
  sessions: FormationLandingItem[] | null;
  /** the clinic's phone, for a full session's 'Nous appeler' */
  phone: ClinicPhone;
}

/**
 * The enrolment dialog of /formation and the syllabus pages: an island (components/Island.tsx,
 * app/islands/enrolment.client.tsx), the same component rendered by the server and hydrated in
 * the browser with the same props (nothing about the visitor: the pages are cached whole).
 * - Every enrol link of the page (./EnrollLink.tsx, `a[data-enrol]`, anywhere on it) opens it once it is
 *   hydrated, preselected when the link names a formation still open, with a fresh form and a
 *   fresh submission key at each opening; the focus goes to 'Nom', and back to the link at close
 *   ('Annuler', the cross, Escape, the backdrop).
 * - The form is posted to /inscription with `Accept: application/json`; the typed answer
 *   (lib/enrollment-answer.ts) gives the fields their French messages (input kept), or says it is
 *   stored: the dialog closes, a banner announces it for 10 s, and the cards of /formation take
 *   the places the answer carries.
 * - A post that cannot reach the server says 'Erreur lors de l'inscription. Veuillez réessayer.'.
 * The server checks the input (the schema): no Zod, Conform or router in the island's bundle.
 * Without JavaScript the links lead to /inscription, the same form on its own page.
 */
export function EnrollmentIsland({ options: initialOptions, sessions, phone }: EnrollmentIslandProps) {
  const [options, setOptions] = useState(initialOptions);
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState({ count: 0, formationId: "", key: "" });
  /** the number of the success the banner announces (0: no banner) */
  const [banner, setBanner] = useState(0);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[data-enrol]") : null;
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      // the dialog gives the focus back to what had it (a clicked link is not focused by every browser)
      link.focus();
      setOpening((o) => ({ count: o.count + 1, formationId: link.dataset.enrol ?? "", key: newSubmissionKey() }));
      setBanner(0);
      setOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  // after the dialog's own effect (showModal): the first field takes the focus
  useEffect(() => {
    if (open) document.getElementById(`${ENROLMENT_FORM_ID}-user_name`)?.focus();
  }, [open, opening.count]);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(0), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  function onStored(answer: EnrollmentAnswer) {
    if (answer.options) setOptions(answer.options);
    setOpen(false);
    setBanner((n) => n + 1);
  }

  const cards = sessions?.map((s) => {
    const now = options.find((o) => o.id === s.id);
    return now ? { ...s, taken: now.taken, max_participants: now.max_participants, sessions: now.sessions } : s;
  });
  return (
    <>
      {cards && cards.length > 0 && (
        <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {cards.map((f) => (
            <li key={f.id}>
              <FormationCard formation={f} phone={phone} />
            </li>
          ))}
        </ul>
      )}
      <Dialog id="enrolment-dialog" open={open} onClose={close} title="Inscription à la formation" size="lg" closeLabel="Fermer le formulaire d'inscription">
        <p className="mb-5 text-sm text-slate-600">Laissez-nous vos coordonnées : nous vous recontactons pour confirmer votre place. Les places sont limitées pour chaque session.</p>
        <EnrollmentDialogForm key={opening.count} options={options} formationId={opening.formationId} submissionKey={opening.key} onStored={onStored} onCancel={close} />
      </Dialog>
      {banner > 0 && (
        <div className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex justify-center px-3">
          {/* an alert: the dialog has closed and the focus is back on the enrol link */}
          <Alert tone="success" role="alert" className="pointer-events-auto max-w-lg shadow-xl" onClose={() => setBanner(0)} closeLabel="Fermer le message">
            <p className="font-semibold">{ENROLLMENT_MESSAGES.success}</p>
            <p className="mt-0.5 font-normal">Nous vous contacterons prochainement pour confirmer votre place.</p>
          </Alert>
        </div>
      )}
    </>
  );
}

/**
 * The dialog's form, new at each opening (its `key`): Nom, Prénom, Email, Téléphone, optional
 * 'Formation choisie', consent. The browser does not check it (`noValidate`): the server's French
 * messages show beside the fields, and what was typed stays.
 */
function EnrollmentDialogForm({
  options,
  formationId,
  submissionKey,
  onStored,
  onCancel,
}: {
  options: FormationOption[];
  formationId: string;
  submissionKey: string;
  onStored: (answer: EnrollmentAnswer) => void;
  onCancel: () => void;
}) {
  const [key, setKey] = useState(submissionKey);
  const [busy, setBusy] = useState(false);
  // a second click while the first post runs sends nothing (before React has disabled the button)
  const running = useRef(false);
  const [answer, setAnswer] = useState<EnrollmentAnswer | null>(null);
  /** the number of posts answered or failed: the message above the form takes the focus on a change */
  const [tries, setTries] = useState(0);
  const [failed, setFailed] = useState(false);
  const preselected = options.some((o) => String(o.id) === formationId && !isFull(o)) ? formationId : "";
  const withSessions = asksForSession(options);
  const presession = String(onlyOpenSession(options.find((o) => String(o.id) === formationId) ?? (options.length === 1 ? options[0] : undefined))?.id ?? "");

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const form = e.currentTarget;
    let next: EnrollmentAnswer | null = null;
    try {
      const response = await fetch(ENROLLMENT_ACTION, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" }, credentials: "same-origin" });
      const body: unknown = await response.json();
      if (isEnrollmentAnswer(body)) next = body;
    } catch {
      // the post did not reach the server, or no answer came back: said below, the input kept
    }
    running.current = false;
    setBusy(false);
    setTries((n) => n + 1);
    if (next?.status === "success") return onStored(next);
    setFailed(!next);
    if (next) {
      setKey(next.submissionKey);
      setAnswer(next);
    }
  }

  const errors = answer?.fieldErrors ?? {};
  const firstRefused = ENROLLMENT_FIELDS.find((name) => errors[name]);
  const message = failed ? ENROLLMENT_MESSAGES.failure : (answer?.formError ?? (firstRefused ? ENROLLMENT_MESSAGES.invalid : null));
  // the focus: the first refused field, else the message (a full session is both: the field)
  useEffect(() => {
    if (!failed && firstRefused) document.getElementById(`${ENROLMENT_FORM_ID}-${firstRefused}`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [tries]);

  const field = (name: EnrollmentField) => ({ name, error: errors[name] });
  return (
    <form id={ENROLMENT_FORM_ID} method="post" action={ENROLLMENT_ACTION} noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="space-y-5">
        {message && (
          <Alert tone="error" className="" id={`${ENROLMENT_FORM_ID}-form-error`} focusKey={failed || !firstRefused ? tries : undefined}>
            <p>{message}</p>
          </Alert>
        )}
        {/* after a refusal the same key: a resent request stores one row */}
        <input type="hidden" name="submission_key" value={key} readOnly />
        <Honeypot id={`${ENROLMENT_FORM_ID}-website`} />

        <div className="grid gap-5 sm:grid-cols-2">
          <Input {...field("user_name")} label="Nom" autoComplete="family-name" />
          <Input {...field("user_surname")} label="Prénom" autoComplete="given-name" />
          <Input {...field("email")} type="email" label="Email" autoComplete="email" inputMode="email" />
          <Input {...field("phone")} type="tel" label="Téléphone" autoComplete="tel" inputMode="tel" />
        </div>

        {withSessions ? (
          <SessionChoice options={options} preselected={presession} error={errors.session_id ?? errors.formation_id} />
        ) : (
          <FormationChoice options={options} preselected={preselected} error={errors.formation_id} />
        )}

        <Consent error={errors.consent} />

        <p className="text-xs text-slate-500">
          <span aria-hidden className="text-red-700">
            *
          </span>{" "}
          Champs obligatoires.
        </p>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className="btn border border-slate-300 text-slate-700 hover:bg-slate-50">
          Annuler
        </button>
        <button type="submit" className="btn-primary" disabled={busy} aria-disabled={busy}>
          {busy && <Loader2 aria-hidden className="h-4 w-4 animate-spin" />}
          {busy ? "Envoi en cours..." : "Envoyer mon inscription"}
        </button>
      </div>
    </form>
  );
}

/** A required text field with its French error. */
function Input({ name, label, error, type = "text", ...control }: { name: EnrollmentField; label: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const f = fieldIds(ENROLMENT_FORM_ID, name, error);
  return (
    <FieldShell id={f.id} label={label} required error={error}>
      <input id={f.id} name={name} type={type} required defaultValue="" className="field-input" {...f.aria} {...control} />
    </FieldShell>
  );
}

/** 'Formation choisie': a full formation cannot be chosen (the one preselected is open). */
function FormationChoice({ options, preselected, error }: { options: FormationOption[]; preselected: string; error?: string }) {
  const f = fieldIds(ENROLMENT_FORM_ID, "formation_id", error);
  return (
    <FieldShell id={f.id} label="Formation choisie" optional error={error}>
      <select id={f.id} name="formation_id" defaultValue={preselected} className="field-input" {...f.aria}>
        <option value="">Pas de préférence</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)} disabled={isFull(o) && String(o.id) !== preselected}>
            {isFull(o) ? `${o.title} (Complet)` : o.title}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** 'Session choisie' (issue 31): required when sessions exist; a full session cannot be chosen. */
function SessionChoice({ options, preselected, error }: { options: FormationOption[]; preselected: string; error?: string }) {
  const f = fieldIds(ENROLMENT_FORM_ID, "session_id", error);
  return (
    <FieldShell id={f.id} label="Session choisie" required error={error}>
      <select id={f.id} name="session_id" defaultValue={preselected} required className="field-input" {...f.aria}>
        <option value="">Choisissez une session</option>
        {sessionChoices(options).map((c) => (
          <option key={c.value} value={c.value} disabled={c.disabled && c.value !== preselected}>
            {c.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

function Consent({ error }: { error?: string }) {
  const f = fieldIds(ENROLMENT_FORM_ID, "consent", error);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input id={f.id} type="checkbox" name="consent" required defaultChecked={false} className="mt-1 h-5 w-5 shrink-0 accent-teal-600" {...f.aria} />
        <label htmlFor={f.id} className="text-sm leading-relaxed text-slate-700">
          J'accepte que la clinique utilise ces informations pour traiter mon inscription et me recontacter, conformément à la{" "}
          <a href="/politique-de-confidentialite" target="_blank" rel="noopener" className="font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-600">
            politique de confidentialité
            <span className="sr-only"> (nouvel onglet)</span>
          </a>
          .{" "}
          <span className="font-semibold text-red-700" aria-hidden>
            *
          </span>
        </label>
      </div>
      <FieldError id={f.errorId} error={error} />
    </div>
  );
}
