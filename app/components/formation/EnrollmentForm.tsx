import { getFormProps } from "@conform-to/react";
import { useSubmissionKey } from "~/hooks/use-submission-key";
import { Loader2 } from "lucide-react";
import type { FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import type { PublicFormReply } from "~/.server/public-form";
import { CheckboxField, Field, FormErrors, SelectField, useAppForm } from "~/components/forms";
import { Honeypot } from "~/components/ui/Honeypot";
import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-messages";
import { enrollmentSchema } from "~/lib/enrollment-schema";
import { asksForSession, isFull, type FormationOption } from "~/lib/formation";
import { sessionChoices } from "~/lib/formation-session";
import { ENROLLMENT_ACTION } from "./EnrollmentDialog";

/** What the /inscription action answers (the public form pipeline's reply). */
export type EnrollmentReply = PublicFormReply;

/**
 * The enrolment form of the /inscription page (Nom, Prénom, Email, Téléphone, optional 'Formation
 * choisie', consent), on the form stack (Conform, the schema run in the browser too); a plain post
 * without JavaScript. `reply` is the action's answer to this form's last post. The dialog of
 * /formation and the syllabus pages is the enrolment island (./EnrollmentDialog.tsx): the same
 * fields and texts without the form stack, checked by the server only.
 */
export function EnrollmentForm({
  id,
  options,
  reply,
  defaultFormationId = "",
  defaultSessionId = "",
}: {
  id: string;
  options: FormationOption[];
  reply?: EnrollmentReply;
  defaultFormationId?: string;
  /** the only open session (of the formation the link names), preselected */
  defaultSessionId?: string;
}) {
  // made in the browser (the pages are stored and served to everyone); an answer carries its own
  const submissionKey = useSubmissionKey(reply?.submissionKey);
  const [form, fields] = useAppForm({ id, schema: enrollmentSchema, lastResult: reply?.result, defaultValue: { formation_id: defaultFormationId, session_id: defaultSessionId } });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === ENROLLMENT_ACTION;

  // A full formation cannot be chosen; the one already chosen stays enabled, or it would not be posted.
  const chosen = fields.formation_id.value ?? "";
  const formationChoices = options.map((o) => ({
    value: String(o.id),
    label: isFull(o) ? `${o.title} (Complet)` : o.title,
    disabled: isFull(o) && String(o.id) !== chosen,
  }));

  const withSessions = asksForSession(options);
  const chosenSession = fields.session_id.value ?? "";
  const sessionOptions = sessionChoices(options).map((c) => ({ ...c, disabled: c.disabled && c.value !== chosenSession }));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // a second click while the first post runs sends nothing (the key would make it harmless)
    if (busy) e.preventDefault();
    else form.onSubmit(e);
  }

  return (
    <Form method="post" action={ENROLLMENT_ACTION} {...getFormProps(form)} onSubmit={onSubmit} className="space-y-5">
      <div className="space-y-5">
        <FormErrors form={form} fixMessage={ENROLLMENT_MESSAGES.invalid} className="" />

        {/* after a success a new key, after a refusal the same one: a resent request stores one row */}
        <input type="hidden" name="submission_key" value={submissionKey} readOnly />
        <Honeypot id={`${id}-website`} />

        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.user_name} label="Nom" required autoComplete="family-name" />
          <Field meta={fields.user_surname} label="Prénom" required autoComplete="given-name" />
          <Field meta={fields.email} type="email" label="Email" required autoComplete="email" inputMode="email" />
          <Field meta={fields.phone} type="tel" label="Téléphone" required autoComplete="tel" inputMode="tel" />
        </div>

        {withSessions ? (
          <SelectField meta={fields.session_id} label="Session choisie" required placeholder="Choisissez une session" options={sessionOptions} />
        ) : (
          <SelectField meta={fields.formation_id} label="Formation choisie" optional placeholder="Pas de préférence" options={formationChoices} />
        )}

        <CheckboxField
          meta={fields.consent}
          required
          boxClassName="flex items-start gap-3"
          label={
            <>
              J'accepte que la clinique utilise ces informations pour traiter mon inscription et me recontacter, conformément à la{" "}
              <a href="/politique-de-confidentialite" target="_blank" rel="noopener" className="font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-600">
                politique de confidentialité
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
              .
            </>
          }
        />

        <p className="text-xs text-slate-500">
          <span aria-hidden className="text-red-700">
            *
          </span>{" "}
          Champs obligatoires.
        </p>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <button type="submit" className="btn-primary" disabled={busy} aria-disabled={busy}>
          {busy && <Loader2 aria-hidden className="h-4 w-4 animate-spin" />}
          {busy ? "Envoi en cours..." : "Envoyer mon inscription"}
        </button>
      </div>
    </Form>
  );
}
