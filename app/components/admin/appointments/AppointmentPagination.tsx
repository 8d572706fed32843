import { ChevronLeft, ChevronRight } from "~/components/admin/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * 'Précédent' / 'Page n sur m' / 'Suivant' under the list; an end of the list is a greyed label.
 * `more`: a broad search counted up to 1,000 only (the pages of those), 'Page n' alone.
 */
export function AppointmentPagination({ page, pageCount, more = false, pageLink }: { page: number; pageCount: number; more?: boolean; pageLink: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const step = (to: number, enabled: boolean, children: ReactNode) =>
    enabled ? (
      <Link to={pageLink(to)} className="btn-ghost ring-1 ring-slate-300">
        {children}
      </Link>
    ) : (
      <span aria-disabled="true" className="btn cursor-not-allowed text-slate-400 ring-1 ring-slate-200">
        {children}
      </span>
    );
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-3">
      {step(
        page - 1,
        page > 1,
        <>
          <ChevronLeft aria-hidden className="h-4 w-4" />
          Précédent
        </>,
      )}
      <span className="text-sm text-slate-600">
        Page {Math.min(page, pageCount)}
        {more ? "" : ` sur ${pageCount}`}
      </span>
      {step(
        page + 1,
        page < pageCount,
        <>
          Suivant
          <ChevronRight aria-hidden className="h-4 w-4" />
        </>,
      )}
    </nav>
  );
}
