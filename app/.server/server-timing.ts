import type { RouterContextProvider, ServerInstrumentation } from "react-router";
import { requestInfo, type RequestInfo } from "~/context";

/**
 * Where a page's server time goes (issue 33, item 4), for the benchmarks only: with
 * `SERVER_TIMING=1` in the server's environment, every page and `.data` answer carries
 * `Server-Timing: loaders;dur=<ms>`, the wall time from the first of its loaders' start to the last
 * one's end (they run side by side). The client measures the whole answer; the rest is the
 * framework's, React's rendering (a page) and the data's serialisation (`.data` and a page's
 * stream): `npm run bench:http` reads both. Off by default: no header, no instrumentation.
 */
export const SERVER_TIMING = process.env.SERVER_TIMING === "1";

/** Each request's loaders' span, by its RequestInfo (one object per request, from createLoadContext). */
const spans = new WeakMap<RequestInfo, { start: number; end: number }>();

export const instrumentations: ServerInstrumentation[] = SERVER_TIMING
  ? [
      {
        route(route) {
          route.instrument({
            async loader(callLoader, info) {
              const start = performance.now();
              await callLoader();
              const end = performance.now();
              const key = info.context.get(requestInfo);
              const span = spans.get(key);
              spans.set(key, span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end });
            },
          });
        },
      },
    ]
  : [];

/** Adds the loaders' span to an answer's headers (nothing unless SERVER_TIMING=1, or when no loader ran). */
export function addServerTiming(headers: Headers, context: Pick<RouterContextProvider, "get">): void {
  if (!SERVER_TIMING) return;
  const span = spans.get(context.get(requestInfo));
  if (!span) return;
  try {
    headers.append("Server-Timing", `loaders;dur=${(span.end - span.start).toFixed(2)}`);
  } catch {
    // a redirect's headers are immutable: it has no page to time
  }
}
