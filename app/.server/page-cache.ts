import { AsyncLocalStorage } from "node:async_hooks";
import { PUBLIC_ROUTES } from "~/content/public-routes";
import { clinicNow } from "~/lib/clinic-time";
import { getConfig } from "./config";
import { contentVersion, refreshContentVersion } from "./content-version";

/**
 * The app's side of the page cache (docs/architecture.md, "Page cache"; the cache itself is
 * server/page-cache.js): which URLs are public pages that every visitor sees the same, the
 * content version they are stored at, when they expire (the clinic's midnight: pages show the
 * clinic's today), and the render state a loader marks when it shows a fallback.
 */

/** The render of one stored-page candidate: a loader that showed a fallback (a read failed) says so. */
export interface PageRenderState {
  degraded: boolean;
}

// one instance per process, shared by the server (plain JS) and the app's build
const RENDER_KEY = Symbol.for("clinic.page-render");
const g = globalThis as { [RENDER_KEY]?: AsyncLocalStorage<PageRenderState> };
export const pageRenderStore: AsyncLocalStorage<PageRenderState> = (g[RENDER_KEY] ??= new AsyncLocalStorage<PageRenderState>());

/**
 * A loader that answers with a fallback (an empty list, the drawings) because a read failed calls
 * this: the page is sent, never stored, and the next visitor gets a fresh render.
 */
export function renderDegraded(): void {
  const state = pageRenderStore.getStore();
  if (state) state.degraded = true;
}

/** The static public pages, plus the pages made from the database. */
const STATIC_PAGES = new Set(PUBLIC_ROUTES.map((r) => r.path).concat(["/inscription"]));
/**
 * The canonical spellings of the pages made from the database: an article's `/blog/{id}-{slug}`
 * (slugify's alphabet; lib/slug.ts) and a formation's `/syllabus/{id}`, ids without leading zeros, and
 * their Arabic pages (`/ar` + the same path).
 * Their loaders send every other spelling (301) to this one and answer 404 for what does not
 * exist, and only a 200 is stored: the stored set is the pages that exist.
 */
const DYNAMIC_PAGES = /^(?:\/ar)?\/(?:blog\/[1-9]\d{0,8}(?:-[a-z0-9]+(?:-[a-z0-9]+)*)?|syllabus\/(?:all|[1-9]\d{0,8}))$/;
/** Longer than any canonical path (a slug is at most 80 characters). */
const MAX_PATH_LENGTH = 200;

/** Campaign and click identifiers: no page reads them, so they do not make another page. */
const TRACKING = /^(?:utm_[a-z_]{1,30}|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|ttclid|li_fat_id|mc_cid|mc_eid|igshid|_ga|_gl)$/i;

/**
 * A path decoded as React Router decodes it to match a route (each segment on its own; an encoded
 * `/` stays inside its segment), or null when it cannot be decoded or is too long.
 */
function decodedPath(path: string): string | null {
  if (path.length > MAX_PATH_LENGTH * 3) return null;
  if (!path.includes("%")) return path.length <= MAX_PATH_LENGTH ? path : null;
  const segments: string[] = [];
  for (const segment of path.split("/")) {
    let d: string;
    try {
      d = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (d.includes("/")) return null;
    segments.push(d);
  }
  const out = segments.join("/");
  return out.length <= MAX_PATH_LENGTH ? out : null;
}

/**
 * The cache key of a request's URL: the canonical path of the public page it names (decoded, so
 * that `/formatio%6E` and `/formation` are one page, never two entries), or null: not a public
 * page, a spelling that is not canonical (rendered, never stored), or a query a page reads
 * (`/appointment?service=…&date=…`). Tracking parameters are ignored.
 */
export function pageCacheKey(url: string): string | null {
  const q = url.indexOf("?");
  const path = decodedPath(q < 0 ? url : url.slice(0, q));
  if (path === null || (!STATIC_PAGES.has(path) && !DYNAMIC_PAGES.test(path))) return null;
  if (q >= 0) {
    const query = url.slice(q + 1);
    if (query) {
      for (const pair of query.split("&")) {
        if (!pair) continue;
        const eq = pair.indexOf("=");
        if (!TRACKING.test(eq < 0 ? pair : pair.slice(0, eq))) return null;
      }
    }
  }
  return path;
}

/** The next midnight of the clinic's day after `now` (ms): the pages show the clinic's today. */
export function nextClinicMidnight(now: number): number {
  const { minutes } = clinicNow(new Date(now));
  // to the start of the current minute, then to the end of the day
  return now - (now % 60_000) + (24 * 60 - minutes) * 60_000;
}

/** What server/page-cache.js asks the app (through the build's entry module). */
export const pageCachePolicy = {
  enabled: () => getConfig().PAGE_CACHE,
  maxPages: () => getConfig().PAGE_CACHE_MAX_PAGES,
  keyFor: pageCacheKey,
  version: () => contentVersion(),
  refresh: () => refreshContentVersion(),
  expiresAt: nextClinicMidnight,
  renderStore: pageRenderStore,
};

export type PageCachePolicy = typeof pageCachePolicy;
