// React Router's request handler behind Express, fed with a body that was already read and
// bounded (see ./app.js and docs/decisions/006-request-limits.md): the handler never reads the
// socket itself, so no route can read more than its limit.
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
 * The headers of a Fetch answer onto Express's: each one replaces what a middleware set before
 * (helmet's Referrer-Policy and a route's own make one header, not two), Set-Cookie adds up.
 * A 405 of React Router (a POST to a page without an action) says which methods the page takes.
 * @param {import("express").Response} res
 * @param {Response} response
 */
export function copyHeaders(res, response) {
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (response.status === 405 && !response.headers.has("allow")) res.setHeader("Allow", "GET, HEAD");
}

/** A read that has not resolved once the pending I/O callbacks ran (setImmediate): the renderer is waiting. */
const WAITING = Symbol("waiting");
/** Gathered chunks are written at this size even while the renderer goes on. */
const GATHER_BYTES = 64 * 1024;

/**
 * Writes a streamed body with back-pressure, holding one `drain` listener for the whole answer.
 * (@react-router/node's writeReadableStreamToWritable adds a `once("drain")` listener at each
 * chunk that waits and removes it with `off`; the compression middleware moves `drain` listeners
 * onto its zlib stream in `res.on` but not in `res.off`, so each wait left one there: 11 of them
 * on a page of a few hundred KiB raised MaxListenersExceededWarning on the BrotliCompress stream.)
 *
 * React hands its HTML over in chunks of a few KiB. Written and flushed one by one, each was a
 * compression job of its own on libuv's thread pool and a flush marker (a 320 KiB staff list:
 * about 80 of each; the server sat idle a third of the time under load, and gzip gave 100 KiB
 * instead of 30; issue 33). The chunks the renderer already has are gathered into one write;
 * what is gathered is written and flushed as soon as the renderer waits (a suspended part still
 * reaches the browser at once), or at 64 KiB.
 * @param {import("express").Response} res
 * @param {ReadableStream<Uint8Array>} body
 */
export async function writeBody(res, body) {
  const reader = body.getReader();
  /** @type {(() => void) | null} */
  let wake = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  res.on("drain", resume);
  res.on("close", resume);
  const flushable = /** @type {{ flush?: () => void }} */ (/** @type {unknown} */ (res));
  /** @type {Uint8Array[]} */
  let gathered = [];
  let size = 0;
  /** @param {boolean} flush */
  const writeGathered = async (flush) => {
    if (size === 0) return;
    const chunk = gathered.length === 1 ? gathered[0] : Buffer.concat(gathered, size);
    gathered = [];
    size = 0;
    const more = res.write(chunk);
    if (flush && typeof flushable.flush === "function") flushable.flush();
    if (!more && !res.destroyed) await new Promise((r) => (wake = () => r(undefined)));
  };
  try {
    for (;;) {
      const next = reader.read();
      if (size > 0) {
        const first = await Promise.race([next, new Promise((r) => setImmediate(r, WAITING))]);
        if (first === WAITING) await writeGathered(true);
      }
      const { done, value } = await next;
      if (done) break;
      // the client went away while the page was streaming: nothing left to answer
      if (res.destroyed) return void (await reader.cancel().catch(() => undefined));
      gathered.push(value);
      size += value.byteLength;
      if (size >= GATHER_BYTES) await writeGathered(false);
    }
    if (res.destroyed) return;
    await writeGathered(false);
    if (!res.destroyed) res.end();
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    if (res.destroyed || res.writableEnded) return;
    throw err;
  } finally {
    res.off("drain", resume);
    res.off("close", resume);
  }
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
  copyHeaders(res, response);
  if (!response.body) {
    res.end();
    return;
  }
  await writeBody(res, response.body);
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
  // Given a function, React Router derives its routes again at every request (createRoutes,
  // the static handler, the ranked branches: about a fifth of a staff page's server time). Only
  // development reloads the build (Vite); production derives them once, from the loaded build.
  const handler =
    mode === "development" ? Promise.resolve(createRequestHandler(getBuild, mode)) : getBuild().then((build) => createRequestHandler(build, mode));
  handler.catch(() => undefined); // a build that fails to load fails each request (next(err)), not the process
  return async (req, res, next) => {
    try {
      const handle = await handler;
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
