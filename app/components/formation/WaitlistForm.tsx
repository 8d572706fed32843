import type { PublicFormReply } from "~/.server/public-form";
import { Honeypot } from "~/components/ui/Honeypot";
import { useSubmissionKey } from "~/hooks/use-submission-key";
import { useI18n } from "~/hooks/use-locale";
import { formatTimeRange } from "~/lib/format";
import { sessionDates, type PublicSession } from "~/lib/formation-session";
import { sessionDaysAr } from "./arabic/FormationArabicParts";

/**
 * 'Rejoindre la liste d'attente' (issue 31, item 4): a plain HTML form posted to /inscription
 * (intent 'waitlist'), that works without JavaScript; the server's French messages show beside
 * the fields and what was typed stays. On /ar/inscription, in Arabic (posted there).
 */
export function WaitlistForm({ session, reply }: { session: PublicSession & { title: string; title_ar?: string | null }; reply?: PublicFormReply }) {
  const { locale, t, href } = useI18n();
  // none in the stored page (the page cache serves it to everyone): the browser's, or the answer's
  const submissionKey = useSubmissionKey(reply?.submissionKey);
  const errors = (reply?.result.error ?? {}) as Record<string, string[] | null>;
  const typed = (reply?.result.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : "");
  const field = (name: string, label: string, type: string, autoComplete: string) => {
    const error = errors[name]?.[0];
    return (
      <div>
        <label htmlFor={`waitlist-${name}`} className="block text-sm font-semibold text-slate-700">
          {label}{" "}
          <span aria-hidden className="text-red-700">
            *
          </span>
        </label>
        <input id={`waitlist-${name}`} name={name} type={type} dir={type === "text" ? undefined : "ltr"} required autoComplete={autoComplete} defaultValue={value(name)} maxLength={type === "email" ? 254 : 100} aria-invalid={error ? true : undefined} aria-describedby={error ? `waitlist-${name}-error` : undefined} className="field-input mt-1" />
        {error && (
          <p id={`waitlist-${name}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  const formError = errors[""]?.[0] ?? errors.session_id?.[0];
  return (
    <form method="post" action={href("/inscription")} className="space-y-5">
      {locale === "ar" ? (
        <p className="rounded-xl bg-slate-50 p-4 text-slate-700 ring-1 ring-slate-200">
          <strong>{session.title_ar || <bdi lang="fr">{session.title}</bdi>}</strong> — <span>{sessionDaysAr(session)}</span>، <bdi dir="ltr">{formatTimeRange(session.day_start, session.day_end)}</bdi>،{" "}
          <bdi lang="fr">{session.place}</bdi>. {t("enrolment.waitlistIntro")}
        </p>
      ) : (
        <p className="rounded-xl bg-slate-50 p-4 text-slate-700 ring-1 ring-slate-200">
          <strong>{session.title}</strong> — <span>{sessionDates(session)}</span>, {session.place}. {t("enrolment.waitlistIntro")}
        </p>
      )}
      {formError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800">
          {formError}
        </p>
      )}
      <input type="hidden" name="intent" value="waitlist" />
      <input type="hidden" name="session_id" value={session.id} />
      <input type="hidden" name="submission_key" value={submissionKey} readOnly />
      <Honeypot id="waitlist-website" label={t("forms.honeypot")} />
      <div className="grid gap-5 sm:grid-cols-2">
        {field("user_name", t("enrolment.name"), "text", "family-name")}
        {field("user_surname", t("enrolment.surname"), "text", "given-name")}
        {field("email", t("enrolment.email"), "email", "email")}
        {field("phone", t("enrolment.phone"), "tel", "tel")}
      </div>
      <div className="flex items-start gap-3">
        <input id="waitlist-consent" type="checkbox" name="consent" required className="mt-1 h-5 w-5 shrink-0 accent-teal-600" aria-invalid={errors.consent ? true : undefined} aria-describedby={errors.consent ? "waitlist-consent-error" : undefined} />
        <label htmlFor="waitlist-consent" className="text-sm leading-relaxed text-slate-700">
          {t("enrolment.waitlistConsent")}{" "}
          <a href={href("/politique-de-confidentialite")} className="font-semibold text-teal-700 underline underline-offset-2">
            {t("enrolment.consentLink")}
          </a>
          .
        </label>
      </div>
      {errors.consent?.[0] && (
        <p id="waitlist-consent-error" className="text-sm text-red-700">
          {errors.consent[0]}
        </p>
      )}
      <button type="submit" className="btn-primary w-full sm:w-auto">
        {t("enrolment.waitlistSubmit")}
      </button>
    </form>
  );
}
