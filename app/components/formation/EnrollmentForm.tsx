import { getFormProps } from "@conform-to/react";
import { useSubmissionKey } from "~/hooks/use-submission-key";
import { Loader2 } from "lucide-react";
import type { FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import type { PublicFormReply } from "~/.server/public-form";
import { CheckboxField, Field, FormErrors, SelectField, useAppForm } from "~/components/forms";
import { Honeypot } from "~/components/ui/Honeypot";
import { useI18n } from "~/hooks/use-locale";
import { enrollmentSchema } from "~/lib/enrollment-schema";
import { asksForSession, isFull, type FormationOption } from "~/lib/formation";
import { sessionDays } from "~/lib/formation-session";
import { ENROLLMENT_ACTION } from "./EnrollmentDialog";
import { sessionDaysAr } from "./arabic/FormationArabicParts";

/** A formation's title in a plain string of an Arabic page (an option): its Arabic title, else the French one isolated (U+2068…U+2069). */
function titleIn(locale: "fr" | "ar", o: { title: string; title_ar?: string | null }): string {
  if (locale === "fr") return o.title;
  return o.title_ar || `\u2068${o.title}\u2069`;
}

/** What the /inscription action answers (the public form pipeline's reply). */
export type EnrollmentReply = PublicFormReply;

/**
 * The enrolment form of the /inscription page (and of /ar/inscription: its texts, options and
 * messages in the page's language, posted there) (Nom, Prénom, Email, Téléphone, optional 'Formation
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
  options: (FormationOption & { title_ar?: string | null })[];
  reply?: EnrollmentReply;
  defaultFormationId?: string;
  /** the only open session (of the formation the link names), preselected */
  defaultSessionId?: string;
}) {
  // made in the browser (the pages are stored and served to everyone); an answer carries its own
  const submissionKey = useSubmissionKey(reply?.submissionKey);
  const { locale, t, href } = useI18n();
  const [form, fields] = useAppForm({ id, schema: enrollmentSchema, lastResult: reply?.result, defaultValue: { formation_id: defaultFormationId, session_id: defaultSessionId }, locale });
  const navigation = useNavigation();
  const action = href(ENROLLMENT_ACTION);
  const busy = navigation.state === "submitting" && navigation.formAction === action;

  // A full formation cannot be chosen; the one already chosen stays enabled, or it would not be posted.
  const chosen = fields.formation_id.value ?? "";
  const formationChoices = options.map((o) => ({
    value: String(o.id),
    label: isFull(o) ? t("enrolment.fullOption", { label: titleIn(locale, o) }) : titleIn(locale, o),
    disabled: isFull(o) && String(o.id) !== chosen,
  }));

  const withSessions = asksForSession(options);
  const chosenSession = fields.session_id.value ?? "";
  // each session with its formation's title and its days; a full one is marked, and disabled unless already chosen
  const sessionOptions = options.flatMap((o) =>
    o.sessions.map((s) => {
      const label = t("enrolment.sessionOption", { title: titleIn(locale, o), days: locale === "ar" ? sessionDaysAr(s) : sessionDays(s) });
      const value = String(s.id);
      return { value, label: s.left === 0 ? t("enrolment.fullOption", { label }) : label, disabled: s.left === 0 && value !== chosenSession };
    }),
  );

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // a second click while the first post runs sends nothing (the key would make it harmless)
    if (busy) e.preventDefault();
    else form.onSubmit(e);
  }

  return (
    <Form method="post" action={action} {...getFormProps(form)} onSubmit={onSubmit} className="space-y-5">
      <div className="space-y-5">
        <FormErrors form={form} fixMessage={t("enrolment.invalid")} className="" />

        {/* after a success a new key, after a refusal the same one: a resent request stores one row */}
        <input type="hidden" name="submission_key" value={submissionKey} readOnly />
        <Honeypot id={`${id}-website`} label={t("forms.honeypot")} />

        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.user_name} label={t("enrolment.name")} required autoComplete="family-name" />
          <Field meta={fields.user_surname} label={t("enrolment.surname")} required autoComplete="given-name" />
          <Field meta={fields.email} type="email" label={t("enrolment.email")} required autoComplete="email" inputMode="email" dir="ltr" />
          <Field meta={fields.phone} type="tel" label={t("enrolment.phone")} required autoComplete="tel" inputMode="tel" dir="ltr" />
        </div>

        {withSessions ? (
          <SelectField meta={fields.session_id} label={t("enrolment.session")} required placeholder={t("enrolment.chooseSession")} options={sessionOptions} />
        ) : (
          <SelectField meta={fields.formation_id} label={t("enrolment.formation")} optional optionalText={t("forms.optional")} placeholder={t("enrolment.noPreference")} options={formationChoices} />
        )}

        <CheckboxField
          meta={fields.consent}
          required
          boxClassName="flex items-start gap-3"
          label={
            <>
              {t("enrolment.consentBefore")}{" "}
              <a href={href("/politique-de-confidentialite")} target="_blank" rel="noopener" className="font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-600">
                {t("enrolment.consentLink")}
                <span className="sr-only">{t("enrolment.newTab")}</span>
              </a>
              .
            </>
          }
        />

        <p className="text-xs text-slate-500">
          <span aria-hidden className="text-red-700">
            *
          </span>{" "}
          {t("enrolment.required")}
        </p>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <button type="submit" className="btn-primary" disabled={busy} aria-disabled={busy}>
          {busy && <Loader2 aria-hidden className="h-4 w-4 animate-spin" />}
          {busy ? t("enrolment.sending") : t("enrolment.submit")}
        </button>
      </div>
    </Form>
  );
}
