// React Router's request handler behind Express, fed with a body that was already read and
// bounded (see ./app.js and docs/decisions/006-request-limits.md): the handler never reads the
// socket itself, so no route can read more than its limit.
import { writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler } from "react-router";

/** A Host header a URL can be built from: a name or an address, and a port (nothing else). */
const HOST = /^(?:(?:[a-z0-9_-]+\.)*[a-z0-9_-]+\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * @param {import("express").Request} req
 * @returns {boolean}
 */
export function hasValidHost(req) {
  const host = req.host;
  return host === undefined || (host.length <= 260 && HOST.test(host));
}

/**
 * The Fetch request React Router receives: the URL as the client sent it, its headers, and the
 * body Express has read into `req.body` (a Buffer), or none.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @returns {Request}
 */
function toFetchRequest(req, res) {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const withBody = req.method !== "GET" && req.method !== "HEAD";
  // a Buffer read from the socket is backed by an ArrayBuffer, never a SharedArrayBuffer
  const body = /** @type {Uint8Array<ArrayBuffer>} */ (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
  return new Request(`${req.protocol}://${req.host ?? "localhost"}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: withBody ? body : undefined,
  });
}

/**
 * @param {import("express").Response} res
 * @param {Response} response
 */
async function sendFetchResponse(res, response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (err) {
    // the client went away while the page was streaming: nothing left to answer
    if (res.destroyed || res.writableEnded) return;
    throw err;
  }
}

/**
 * @param {object} opts
 * @param {() => Promise<import("../app/server-entry").AppServerBuild>} opts.getBuild
 * @param {"production" | "development"} opts.mode
 * @param {(req: import("express").Request, res: import("express").Response) => Promise<import("react-router").RouterContextProvider>} opts.getLoadContext
 * @param {ReturnType<typeof import("./page-cache.js").createPageCache>} [opts.pageCache]
 * @returns {import("express").RequestHandler}
 */
export function reactRouterHandler({ getBuild, mode, getLoadContext, pageCache }) {
  const handle = createRequestHandler(getBuild, mode);
  return async (req, res, next) => {
    try {
      const context = await getLoadContext(req, res);
      if (!pageCache) return await sendFetchResponse(res, await handle(toFetchRequest(req, res), context));
      // a public page for everyone (server/page-cache.js): rendered whole inside its render state
      await pageCache.runRender(res, async () => {
        const response = await handle(toFetchRequest(req, res), context);
        if (!(await pageCache.answer(req, res, response))) await sendFetchResponse(res, response);
      });
    } catch (err) {
      next(err);
    }
  };
}
