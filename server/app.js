// The HTTP entry around the React Router request handler: compression, security headers with a
// per-request CSP nonce, immutable caching of hashed assets, request logs, /healthz, request
// bodies read and bounded before React Router sees them (docs/decisions/006-request-limits.md),
// and bad input answered 4xx with a French page, never 500.
import crypto from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import getRawBody from "raw-body";
import { hasValidHost, reactRouterHandler } from "./react-router.js";
import { loggedPath } from "./logged-path.js";
import { createPageCache } from "./page-cache.js";

export { loggedPath };

/**
 * After a body over its limit, the rest is read and dropped (never kept) before the 413 goes out,
 * up to these bounds: a browser still sending then receives the answer, where an answer written
 * before the end of the body is followed by a close that may reset the connection under it.
 * Past the bounds (or when the declared length is already past them) the 413 goes out at once.
 */
export const TOO_LARGE_DRAIN_MAX_BYTES = 16 * 1024 * 1024;
export const TOO_LARGE_DRAIN_MAX_MS = 10_000;

/**
 * Drop what remains of a refused body, within the bounds above.
 * @param {import("express").Request} req
 * @returns {Promise<void>}
 */
function dropRefusedBody(req) {
  const declared = Number(req.get("content-length"));
  if (req.complete || declared > TOO_LARGE_DRAIN_MAX_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let dropped = 0;
    const stop = () => {
      clearTimeout(timer);
      req.off("data", onData);
      req.pause();
      resolve();
    };
    const timer = setTimeout(stop, TOO_LARGE_DRAIN_MAX_MS);
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      dropped += chunk.length;
      if (dropped > TOO_LARGE_DRAIN_MAX_BYTES) stop();
    };
    req.on("data", onData);
    req.once("end", stop);
    req.once("close", stop);
    // the body reader paused the stream when it stopped
    req.resume();
  });
}

/** The French answers of the HTTP layer itself (React Router renders its own pages). */
const ERROR_PAGES = /** @type {Record<number, { title: string, text: string }>} */ ({
  400: { title: "Requête invalide", text: "La demande reçue est mal formée. Rien n'a été enregistré." },
  403: { title: "Accès refusé", text: "Vous n'avez pas accès à ce fichier." },
  404: { title: "Fichier introuvable", text: "Le fichier demandé n'existe pas ou a été déplacé." },
  405: { title: "Méthode non permise", text: "Cette adresse ne répond qu'aux méthodes GET, HEAD et POST. Rien n'a été enregistré." },
  413: { title: "Envoi trop volumineux", text: "Les données envoyées dépassent la taille permise. Rien n'a été enregistré." },
  500: { title: "Une erreur est survenue", text: "Merci de réessayer dans un instant ; si le problème persiste, appelez-nous." },
});

/**
 * A small French error page; its words are fixed, nothing of the request is echoed.
 * @param {import("express").Response} res
 * @param {number} status
 */
function sendErrorPage(res, status) {
  const page = ERROR_PAGES[status] ?? (status < 500 ? { title: "Requête refusée", text: "Cette demande ne peut pas être traitée. Rien n'a été enregistré." } : ERROR_PAGES[500]);
  res
    .status(status)
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${page.title} | Clinique dentaire</title></head><body><main><p>Erreur ${status}</p><h1>${page.title}</h1><p>${page.text}</p>` +
        `<p><a href="/">Retour à l'accueil</a></p></main></body></html>`,
    );
}


/** The methods the site answers; any other gets 405 with `Allow` (a route without an action answers a POST with 405 too). */
export const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);
export const ALLOW_HEADER = "GET, HEAD, POST";

/** The session cookie's name (app/.server/session.ts): a request that carries it gets answers no cache keeps. */
const SESSION_COOKIE = /(?:^|;\s*)clinic_session=/;
/** Static files: hashed assets, photos, and the client folder's files (icons, fonts, manifest). */
const STATIC_FILE = /^\/(?:assets|uploads)\/|^\/[^?]*\.(?:css|js|woff2?|png|jpe?g|webp|avif|gif|svg|ico|webmanifest)(?:\?|$)/i;

/**
 * Answers that no cache may keep, whatever their status and whatever set them (a route, a static
 * file, an error page): everything under /admin, every answer to a request that carries a staff
 * session (but the static files, the same for everyone), every answer to a write (the booking
 * answer page carries the personal link), and the personal-link and password-reset pages.
 * @param {import("node:http").IncomingMessage} req
 */
export function mustNotBeStored(req) {
  const url = req.url ?? "/";
  if (req.method !== "GET" && req.method !== "HEAD") return true;
  if (/^\/(?:admin|rdv|offre|offre-formation|rappel|attestation|reinitialiser-mot-de-passe)(?:[/.?]|$)/.test(url)) return true;
  // the personal pages' Arabic twins (/ar/rdv/<token>, issue 32)
  if (/^\/ar\/(?:rdv|offre|offre-formation|rappel)(?:[/.?]|$)/.test(url)) return true;
  // the same static files for everyone (hashed assets, photos, fonts, icons) keep their caching
  if (STATIC_FILE.test(url)) return false;
  const cookie = req.headers.cookie;
  return typeof cookie === "string" && SESSION_COOKIE.test(cookie);
}

/**
 * @param {object} opts
 * @param {() => Promise<import("../app/server-entry").AppServerBuild>} opts.getBuild  the server build (a function so dev mode can reload it)
 * @param {string} opts.clientDir             the built client assets (build/client)
 * @param {string} opts.uploadDir             uploaded files, served under /uploads
 * @param {boolean|number|string} opts.trustProxy
 * @param {boolean} opts.production
 * @param {import("pino").Logger} opts.logger
 * @param {import("express").RequestHandler[]} [opts.devMiddlewares]
 */
export function createApp({ getBuild, clientDir, uploadDir, trustProxy, production, logger, devMiddlewares = [] }) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);

  // Stored public pages are answered first, ahead of the log and every other middleware
  // (server/page-cache.js); a page that is not stored yet is marked for a whole render.
  const pageCache = createPageCache({ getBuild, logger, enabled: production && !devMiddlewares.length });
  // server/index.js answers stored pages even before Express (pageCache.tryServe)
  app.locals.pageCache = pageCache;
  app.use(pageCache.serve);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Paths only: a query string may carry a name typed in a search box, a /rdv path a token.
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, path: loggedPath(req.url) }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || String(req.url).startsWith("/assets/") },
      // a method the site does not answer (405) is a client's choice, not a fault: info
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 && res.statusCode !== 405 ? "warn" : "info"),
    }),
  );

  // Private answers: the header is set when the answer's head is written, over whatever a route,
  // a static file or an error page set before.
  app.use((req, res, next) => {
    if (mustNotBeStored(req)) {
      const writeHead = res.writeHead;
      /** @type {any} */ (res).writeHead = function (/** @type {any[]} */ ...args) {
        if (!res.headersSent) res.setHeader("Cache-Control", "private, no-store");
        // headers passed to writeHead itself win over setHeader: drop a Cache-Control there
        for (const a of args) {
          if (a && typeof a === "object" && !Array.isArray(a)) for (const k of Object.keys(a)) if (k.toLowerCase() === "cache-control") a[k] = "private, no-store";
        }
        return writeHead.apply(res, /** @type {any} */ (args));
      };
    }
    next();
  });

  // TRACE, OPTIONS, PUT, PROPFIND…: 405 with the methods the site answers, before anything reads the request
  app.use((req, res, next) => {
    if (ALLOWED_METHODS.has(req.method)) return next();
    res.setHeader("Allow", ALLOW_HEADER);
    sendErrorPage(res, 405);
  });

  app.use((req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${/** @type {any} */ (res).locals.nonce}'`],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "font-src": ["'self'", "data:"],
          "connect-src": ["'self'", ...(production ? [] : ["ws:", "wss:"])],
          "frame-src": ["https://www.openstreetmap.org"],
          "object-src": ["'none'"],
          "base-uri": ["'none'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "manifest-src": ["'self'"],
        },
      },
      strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xContentTypeOptions: true,
      xFrameOptions: { action: "deny" },
    }),
  );

  // What the page cache does not serve (staff pages, personal pages, the .data of a navigation) is
  // compressed for each answer: Brotli at quality 3, not the package's 4. On the appointments list
  // (108 KiB) quality 4 took 1.2 ms of the request's 9, quality 3 0.4 ms, for 4 % more bytes
  // (issue 33, item 3). The page cache compresses its pages once, at its own levels (page-cache.js).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } }));

  // React Router builds the request's URL from the Host header: one it cannot read is a 400.
  app.use((req, res, next) => (hasValidHost(req) ? next() : sendErrorPage(res, 400)));

  app.get("/healthz", async (_req, res) => {
    try {
      const build = await getBuild();
      const ok = await build.entry.module.healthCheck();
      res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "unavailable", database: ok ? "ok" : "unreachable" });
    } catch {
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    }
  });

  for (const mw of devMiddlewares) app.use(mw);

  if (!devMiddlewares.length) {
    // Hashed file names: cache for a year, never revalidate.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
    // Self-hosted fonts under fixed names (public/fonts, changed only with the typeface's version): a month
    app.use("/fonts", express.static(path.join(clientDir, "fonts"), { maxAge: "30d", index: false }));
    // the other files of public/ (favicon, manifest, robots…); the staff area has none: its pages
    // go to React Router without a file look-up each
    const rootFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (req.path === "/admin" || req.path.startsWith("/admin/") ? next() : rootFiles(req, res, next)));
  }
  // Photos (AVIF/WebP under random ids, never rewritten): a year of caching, never revalidated.
  app.use(
    "/uploads/media",
    express.static(path.join(uploadDir, "media"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"),
    }),
  );
  app.use(
    "/uploads",
    express.static(uploadDir, {
      maxAge: "7d",
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"),
    }),
  );

  // Every body is read here, counted on the stream (chunked ones too) and never past the limit of
  // its route, before React Router parses anything. Over the limit (declared or counted), nothing
  // more is kept: the app is told through the load context and answers 413 with the French page,
  // while the rest of the body is dropped.
  app.use(pageCache.trackWrites);
  app.use(async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = (await getBuild()).entry.module.bodyLimitFor(req.path, req.get("content-type"));
    try {
      req.body = await getRawBody(req, { length: req.get("content-length"), limit });
    } catch (err) {
      if (/** @type {{ type?: string }} */ (err)?.type !== "entity.too.large") return next(err);
      res.locals.bodyTooLarge = true;
      await dropRefusedBody(req);
    }
    next();
  });

  // Mounted with use(), not a route pattern: Express never decodes the path (React Router does,
  // and answers a malformed one with its 404 page).
  app.use(
    reactRouterHandler({
      getBuild,
      mode: production ? "production" : "development",
      pageCache,
      // a page for everyone carries no nonce (its policy lists its scripts' hashes) and is rendered whole
      getLoadContext: async (req, res) =>
        (await getBuild()).entry.module.createLoadContext({
          nonce: res.locals.pageCache ? "" : res.locals.nonce,
          renderWhole: Boolean(res.locals.pageCache),
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          bodyTooLarge: res.locals.bodyTooLarge === true,
        }),
    }),
  );

  // Last resort: a refused request (a static file's 400/403/404, an aborted body) keeps its 4xx
  // status; anything else is a 500. Never internal detail.
  /** @type {import("express").ErrorRequestHandler} */
  const lastResort = (err, req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode);
    const refused = status >= 400 && status < 500;
    if (refused) req.log?.warn({ err: { type: err?.type ?? err?.name, status } }, "request refused");
    else req.log?.error({ err }, "request failed");
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    sendErrorPage(res, refused ? status : 500);
  };
  app.use(lastResort);

  return app;
}
