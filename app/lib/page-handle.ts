/**
 * What a route tells the root about its page (its `handle`). A content page says `hydrate: false`:
 * the server's HTML is the whole page, React does not run in the browser, and the page chrome's small
 * script (app/site/chrome.ts, inlined) gives the markup its behaviour (decision 016). A form on such a page is
 * posted by the browser and answered by the server (the sign-in's two steps). Pages with a screen
 * that React drives (the enrolment page, the staff area) hydrate; the live parts of a content page
 * (the blog's reader, the booking form of /appointment, the enrolment dialog) are islands (components/Island.tsx).
 */
export interface PageHandle {
  hydrate?: boolean;
}

/** The handle of a page that is server-rendered and not hydrated: content pages, the sign-in. */
export const CONTENT_PAGE = { hydrate: false } as const satisfies PageHandle;

/** Whether the page made of these matched routes hydrates: unless one of them says it does not. */
export function pageHydrates(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((m) => (m.handle as PageHandle | undefined)?.hydrate === false);
}
