import type { PublicFormReply } from "~/.server/public-form";
import { Honeypot } from "~/components/ui/Honeypot";
import { useSubmissionKey } from "~/hooks/use-submission-key";
import { sessionDates, type PublicSession } from "~/lib/formation-session";

/**
 * 'Rejoindre la liste d'attente' (issue 31, item 4): a plain HTML form posted to /inscription
 * (intent 'waitlist'), that works without JavaScript; the server's French messages show beside
 * the fields and what was typed stays.
 */
export function WaitlistForm({ session, reply }: { session: PublicSession & { title: string }; reply?: PublicFormReply }) {
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
        <input id={`waitlist-${name}`} name={name} type={type} required autoComplete={autoComplete} defaultValue={value(name)} maxLength={type === "email" ? 254 : 100} aria-invalid={error ? true : undefined} aria-describedby={error ? `waitlist-${name}-error` : undefined} className="field-input mt-1" />
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
    <form method="post" action="/inscription" className="space-y-5">
      <p className="rounded-xl bg-slate-50 p-4 text-slate-700 ring-1 ring-slate-200">
        <strong>{session.title}</strong> — <span>{sessionDates(session)}</span>, {session.place}. Cette session est complète : laissez vos coordonnées, nous vous écrirons si une place se libère (l'offre est valable un temps limité).
      </p>
      {formError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800">
          {formError}
        </p>
      )}
      <input type="hidden" name="intent" value="waitlist" />
      <input type="hidden" name="session_id" value={session.id} />
      <input type="hidden" name="submission_key" value={submissionKey} readOnly />
      <Honeypot id="waitlist-website" />
      <div className="grid gap-5 sm:grid-cols-2">
        {field("user_name", "Nom", "text", "family-name")}
        {field("user_surname", "Prénom", "text", "given-name")}
        {field("email", "Email", "email", "email")}
        {field("phone", "Téléphone", "tel", "tel")}
      </div>
      <div className="flex items-start gap-3">
        <input id="waitlist-consent" type="checkbox" name="consent" required className="mt-1 h-5 w-5 shrink-0 accent-teal-600" aria-invalid={errors.consent ? true : undefined} aria-describedby={errors.consent ? "waitlist-consent-error" : undefined} />
        <label htmlFor="waitlist-consent" className="text-sm leading-relaxed text-slate-700">
          J'accepte que la clinique utilise ces informations pour traiter ma demande et me recontacter, conformément à la{" "}
          <a href="/politique-de-confidentialite" className="font-semibold text-teal-700 underline underline-offset-2">
            politique de confidentialité
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
        Rejoindre la liste d'attente
      </button>
    </form>
  );
}
