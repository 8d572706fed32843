import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { loggedPath } from "../server/logged-path.js";
import { log } from "./.server/log";
import { lowPriorityModulePreloads } from "./.server/module-preloads";
import { requestInfo } from "./context";
import { addServerTiming } from "./.server/server-timing";

// The HTTP server (server/) uses these through build.entry.module (typed by ServerEntry in
// app/server-entry.ts), so that it shares the one database connection the app's loaders use.
export { startApp, stopApp, healthCheck } from "./.server/startup";
export { getConfig, publicOrigin } from "./.server/config";
export { bodyLimitFor } from "./.server/request-limits";
export { createLoadContext } from "./context";
export { pageCachePolicy } from "./.server/page-cache";
// the benchmarks' loader timing (SERVER_TIMING=1 only; app/.server/server-timing.ts)
export { instrumentations } from "./.server/server-timing";

/** A `.data` answer: its loaders' time for the benchmarks (SERVER_TIMING=1 only). */
export function handleDataRequest(response: Response, { context }: { context: RouterContextProvider }) {
  addServerTiming(response.headers, context);
  return response;
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const info = loadContext.get(requestInfo);
  addServerTiming(responseHeaders, loadContext);
  const nonce = info.nonce || undefined;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || info.renderWhole ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = lowPriorityModulePreloads();
        html.pipe(body);
        pipe(html);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error({ err: error instanceof Error ? error.message : String(error) }, "render error");
      },
    });
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // React Router's own refusals (a POST to a page without an action: 405; no route: 404) are the
  // client's, not a fault of the server: info, with their status
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ event: "request_refused", status: error.status, path: loggedPath(new URL(request.url).pathname) }, "request refused by the router");
    return;
  }
  log.error(
    { event: "unhandled_error", path: loggedPath(new URL(request.url).pathname), err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
    "unhandled error",
  );
};
