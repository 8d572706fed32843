import type { ReactNode } from "react";
import { Alert } from "~/components/ui/Alert";
import { StaticDialog } from "~/components/ui/Dialog";
import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-messages";
import type { FormationOption } from "~/lib/formation";
import { EnrollmentForm } from "./EnrollmentForm";

export const SUCCESS_BANNER_MS = 10_000;

/**
 * The enrolment dialog of a page (/formation, the syllabus pages), which are not hydrated
 * (decision 016). The server renders it closed, with its form; the site's script (app/site/site.js,
 * dialog[data-enrolment]) does the rest:
 * - every EnrollLink opens it, preselected when the link names a formation, with a fresh form and
 *   a fresh submission key at each opening;
 * - the form is posted to /inscription; the server's answer page gives the fields their French
 *   messages (input kept), or says it is stored: the dialog closes, a banner announces it for
 *   10 s (SUCCESS_BANNER_MS), and the page's places are read again;
 * - a post that cannot reach the server says 'Erreur lors de l'inscription. Veuillez réessayer.';
 * - it closes with the cross, 'Annuler' and Escape.
 * On a page React drives (reached by a link from a hydrated page), an enrol link leads to /inscription.
 */
export function EnrollmentProvider({ options, children }: { options: FormationOption[]; children: ReactNode }) {
  return (
    <>
      {children}
      <StaticDialog title="Inscription à la formation" size="lg" closeLabel="Fermer le formulaire d'inscription" data-enrolment="">
        <p className="mb-5 text-sm text-slate-600">Laissez-nous vos coordonnées : nous vous recontactons pour confirmer votre place. Les places sont limitées pour chaque session.</p>
        <EnrollmentForm id="enrollment" options={options} cancel />
        <template data-enrolment-failure>
          <Alert tone="error" className="" focusKey="failure">
            <p>{ENROLLMENT_MESSAGES.failure}</p>
          </Alert>
        </template>
      </StaticDialog>
      <div data-enrolment-banner data-duration={SUCCESS_BANNER_MS} hidden className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex justify-center px-3">
        {/* an alert: the dialog has closed and the focus is back on the enrol button */}
        <Alert tone="success" role="alert" className="pointer-events-auto max-w-lg shadow-xl" onClose="script" closeLabel="Fermer le message">
          <p className="font-semibold">{ENROLLMENT_MESSAGES.success}</p>
          <p className="mt-0.5 font-normal">Nous vous contacterons prochainement pour confirmer votre place.</p>
        </Alert>
      </div>
    </>
  );
}

/**
 * An enrol button: a link to /inscription (the same form on its own page), which the site's script
 * turns into the opening of the page's enrolment dialog.
 */
export function EnrollLink({ formationId, className, children }: { formationId?: number | null; className?: string; children: ReactNode }) {
  const href = formationId ? `/inscription?formation=${formationId}` : "/inscription";
  return (
    <a href={href} data-enrol={formationId ? String(formationId) : ""} aria-haspopup="dialog" className={className}>
      {children}
    </a>
  );
}
