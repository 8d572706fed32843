// The HTTP entry around the React Router request handler: compression, security headers with a
// per-request CSP nonce, immutable caching of hashed assets, request logs, /healthz.
import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";

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

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Paths only: a query string may carry a name typed in a search box.
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, path: String(req.url).split("?")[0] }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || String(req.url).startsWith("/assets/") },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    }),
  );

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

  app.use(compression());

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
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }
  app.use(
    "/uploads",
    express.static(uploadDir, {
      maxAge: "7d",
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"),
    }),
  );

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: getBuild,
      mode: production ? "production" : "development",
      getLoadContext: async (req, res) =>
        (await getBuild()).entry.module.createLoadContext({ nonce: res.locals.nonce, clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
    }),
  );

  // Last resort: never show internal detail.
  /** @type {import("express").ErrorRequestHandler} */
  const lastResort = (err, req, res, _next) => {
    req.log?.error({ err }, "request failed");
    if (err?.status === 404 || err?.statusCode === 404) {
      res.status(404).type("text/plain; charset=utf-8").send("Fichier introuvable.");
      return;
    }
    res.status(500).type("text/plain; charset=utf-8").send("Une erreur est survenue. Merci de réessayer.");
  };
  app.use(lastResort);

  return app;
}
