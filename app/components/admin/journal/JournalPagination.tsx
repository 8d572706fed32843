import { ChevronLeft, ChevronRight, ChevronsLeft } from "~/components/admin/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { journalQueryString, type JournalQuery } from "./query";

/** Where the page's links lead: the ids the next pages continue from, or null at an end of the list. */
export interface JournalPages {
  /** the page's first entry: 'Plus récentes' continues above it */
  newerFrom: number | null;
  /** the page's last entry: 'Plus anciennes' continues below it */
  olderFrom: number | null;
  /** more than one page above: 'Les plus récentes' goes back to the top */
  farFromTop: boolean;
}

/**
 * 'Plus récentes' / 'Plus anciennes' under the list, with the filters kept; an end of the list is a
 * greyed label. Plain links: they work without JavaScript.
 */
export function JournalPagination({ basePath, query, pages }: { basePath: string; query: JournalQuery; pages: JournalPages }) {
  if (pages.newerFrom === null && pages.olderFrom === null) return null;
  const step = (to: string | null, children: ReactNode, rel?: string) =>
    to ? (
      <Link to={to} rel={rel} className="btn-ghost ring-1 ring-slate-300 max-sm:px-4">
        {children}
      </Link>
    ) : (
      <span aria-disabled="true" className="btn cursor-not-allowed text-slate-400 ring-1 ring-slate-200 max-sm:px-4">
        {children}
      </span>
    );
  return (
    <nav aria-label="Pages du journal" className="flex flex-wrap items-center justify-center gap-2 sm:gap-3">
      {pages.farFromTop && (
        <Link to={`${basePath}${journalQueryString(query)}`} className="btn-ghost ring-1 ring-slate-300">
          <ChevronsLeft aria-hidden className="h-4 w-4" />
          Les plus récentes
        </Link>
      )}
      {step(
        pages.newerFrom === null ? null : `${basePath}${journalQueryString(query, { direction: "newer", id: pages.newerFrom })}`,
        <>
          <ChevronLeft aria-hidden className="h-4 w-4" />
          Plus récentes
        </>,
        "prev",
      )}
      {step(
        pages.olderFrom === null ? null : `${basePath}${journalQueryString(query, { direction: "older", id: pages.olderFrom })}`,
        <>
          Plus anciennes
          <ChevronRight aria-hidden className="h-4 w-4" />
        </>,
        "next",
      )}
    </nav>
  );
}
