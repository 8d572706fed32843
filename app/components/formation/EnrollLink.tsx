import type { ReactNode } from "react";

/**
 * An enrol button: a link to /inscription (the same form on its own page, without JavaScript),
 * which opens the page's enrolment island once it is hydrated.
 */
export function EnrollLink({ formationId, className, children }: { formationId?: number | null; className?: string; children: ReactNode }) {
  const href = formationId ? `/inscription?formation=${formationId}` : "/inscription";
  return (
    <a href={href} data-enrol={formationId ? String(formationId) : ""} aria-haspopup="dialog" className={className}>
      {children}
    </a>
  );
}
