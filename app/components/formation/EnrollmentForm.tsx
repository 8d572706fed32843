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
import type { FormationOption } from "~/lib/formation";

/** The action of every enrolment form: the dialog's (posted by the site's script) and the page's. */
export const ENROLLMENT_ACTION = "/inscription";

/** What the /inscription action answers (the public form pipeline's reply). */
export type EnrollmentReply = PublicFormReply;

export function isFull(f: FormationOption) {
  return f.taken >= f.max_participants;
}

/**
 * The enrolment form (Nom, Prénom, Email, Téléphone, optional 'Formation choisie', consent),
 * shared by the dialog of /formation and the syllabus pages (components/formation/EnrollmentDialog.tsx)
 * and the /inscription page (a plain post). `reply` is the action's answer to this form's last post.
 * Both use the same id: the dialog takes its fields, with their messages, from the answer page.
 */
export function EnrollmentForm({
  id,
  options,
  reply,
  defaultFormationId = "",
  cancel = false,
}: {
  id: string;
  options: FormationOption[];
  reply?: EnrollmentReply;
  defaultFormationId?: string;
  /** in the dialog: 'Annuler', which closes it */
  cancel?: boolean;
}) {
  // made in the browser (the pages are stored and served to everyone); an answer carries its own
  const submissionKey = useSubmissionKey(reply?.submissionKey);
  const [form, fields] = useAppForm({ id, schema: enrollmentSchema, lastResult: reply?.result, defaultValue: { formation_id: defaultFormationId } });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === ENROLLMENT_ACTION;

  // A full formation cannot be chosen; the one already chosen stays enabled, or it would not be posted.
  const chosen = fields.formation_id.value ?? "";
  const formationChoices = options.map((o) => ({
    value: String(o.id),
    label: isFull(o) ? `${o.title} (Complet)` : o.title,
    disabled: isFull(o) && String(o.id) !== chosen,
  }));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // a second click while the first post runs sends nothing (the key would make it harmless)
    if (busy) e.preventDefault();
    else form.onSubmit(e);
  }

  return (
    <Form method="post" action={ENROLLMENT_ACTION} {...getFormProps(form)} onSubmit={onSubmit} className="space-y-5">
      {/* what the dialog takes from the server's answer (the buttons stay) */}
      <div data-form-fields className="space-y-5">
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

        <SelectField meta={fields.formation_id} label="Formation choisie" optional placeholder="Pas de préférence" options={formationChoices} />

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
        {cancel && (
          <button type="button" data-dialog-close className="btn border border-slate-300 text-slate-700 hover:bg-slate-50">
            Annuler
          </button>
        )}
        {/* the site's script shows the second label while the dialog's post runs */}
        <button type="submit" className="group btn-primary" disabled={busy} aria-disabled={busy} data-busy-label>
          <Loader2 aria-hidden className={`${busy ? "inline" : "hidden"} h-4 w-4 animate-spin group-data-[busy]:inline`} />
          <span className="group-data-[busy]:hidden">{busy ? "Envoi en cours..." : "Envoyer mon inscription"}</span>
          <span className="hidden group-data-[busy]:inline">Envoi en cours...</span>
        </button>
      </div>
    </Form>
  );
}
