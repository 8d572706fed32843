/**
 * What a route tells the root about its page (its `handle`). A content page says `hydrate: false`:
 * the server's HTML is the whole page, React does not run in the browser, and the site's small
 * script (app/site/site.js) gives the markup its behaviour (decision 016). Pages with a form or a
 * screen that React drives (booking, sign-in, enrolment, the blog's reader, the staff area) hydrate.
 */
export interface PageHandle {
  hydrate?: boolean;
}

/** The handle of a content page: server-rendered, not hydrated. */
export const CONTENT_PAGE = { hydrate: false } as const satisfies PageHandle;

/** Whether the page made of these matched routes hydrates: unless one of them says it does not. */
export function pageHydrates(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((m) => (m.handle as PageHandle | undefined)?.hydrate === false);
}
