// Starts the clinic site: validates the configuration, prepares the database (migrations, demo
// content, first staff account), serves HTTP and shuts down gracefully on SIGTERM/SIGINT.
//
// Configuration: the build folder and --dev come from ./config.js (validated, needed before the
// build is loaded); every other value from the build's getConfig(), the app's one validated
// configuration. This file reads no environment variable itself.
import "./env.js";
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { createApp } from "./app.js";
import { parseServerConfig } from "./config.js";
import { closeListener, gracefulShutdown } from "./shutdown.js";

/** @typedef {import("../app/server-entry").AppServerBuild} AppServerBuild */

/**
 * @param {unknown} err
 * @returns {never}
 */
function fail(err, prefix = "") {
  console.error(prefix + (err instanceof Error ? err.message : String(err)));
  process.exit(1);
}

/** @type {import("./config.js").ServerConfig} */
let server;
try {
  server = parseServerConfig(process.env, process.argv);
} catch (err) {
  fail(err);
}
const { buildDir, dev, workers } = server;
// WORKERS > 1: this primary process prepares the database and runs the background jobs once,
// forks the HTTP workers, accepts the connections and hands each one to a worker; a worker only
// serves requests (runPrimary below).
const clusterPrimary = workers > 1 && cluster.isPrimary;
const isWorker = cluster.isWorker;

/** Messages between the primary and its workers (the connection travels as the message's handle). */
const MESSAGE = {
  /** worker → primary: its server is ready for connections */
  ready: "clinic:ready",
  /** primary → worker: a connection to serve */
  connection: "clinic:connection",
  /** worker → primary: it got SIGTERM/SIGINT itself and asks to stop */
  leaving: "clinic:leaving",
  /** primary → worker: no connection will come any more; finish and exit */
  stop: "clinic:stop",
};

/** @returns {Promise<{ getBuild: () => Promise<AppServerBuild>, devMiddlewares: import("express").RequestHandler[] }>} */
async function loadBuild() {
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    return {
      getBuild: async () => /** @type {AppServerBuild} */ (await viteServer.ssrLoadModule("virtual:react-router/server-build")),
      devMiddlewares: [viteServer.middlewares],
    };
  }
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(serverEntry)) {
    console.error(`Aucune version construite dans ${buildDir}. Lancez d'abord « npm run build » (ou « npm start »).`);
    process.exit(1);
  }
  /** @type {AppServerBuild} */
  const build = await import(pathToFileURL(serverEntry).href);
  return { getBuild: async () => build, devMiddlewares: [] };
}

const { getBuild, devMiddlewares } = await loadBuild();
const entry = (await getBuild()).entry.module;

/** @type {ReturnType<typeof entry.getConfig>} */
let config;
try {
  config = entry.getConfig();
} catch (err) {
  fail(err);
}
const logger = pino({ level: config.LOG_LEVEL, base: undefined });

/** @type {Awaited<ReturnType<typeof entry.startApp>>} */
let started;
try {
  started = await entry.startApp({ worker: isWorker });
} catch (err) {
  fail(err, "Impossible de préparer la base de données : ");
}

/**
 * What the start banner says of TRUST_PROXY in force (README, "Configuration"); nothing when it is
 * off (the address of a visitor is the connection's). `true` never starts (app/.server/config.ts).
 * @param {false | number | string} trust
 */
function trustProxyLine(trust) {
  if (trust === false) return null;
  if (typeof trust === "number") {
    const which = trust === 1 ? "la dernière de X-Forwarded-For, celle que ce proxy a vue" : `la ${trust}ᵉ de X-Forwarded-For en partant de la fin`;
    return `Derrière ${trust} ${trust === 1 ? "proxy" : "proxys"} (TRUST_PROXY=${trust}) : l'adresse d'un visiteur est ${which} ; ce qui la précède est ignoré.`;
  }
  return `Proxys de confiance (TRUST_PROXY) : ${trust} ; X-Forwarded-For n'est lu qu'en remontant ces adresses, l'adresse d'un visiteur est la première qui n'en est pas une.`;
}

/**
 * Lines in a frame, so that what must be read (a password shown once, the demo's key) stands out
 * from the log lines around it.
 * @param {string[]} lines
 */
function framed(lines) {
  const width = Math.max(...lines.map((l) => [...l].length));
  const pad = (/** @type {string} */ l) => l + " ".repeat(width - [...l].length);
  return [`  ┌${"─".repeat(width + 2)}┐`, ...lines.map((l) => `  │ ${pad(l)} │`), `  └${"─".repeat(width + 2)}┘`].join("\n");
}

/**
 * The start banner, printed once the first run of the background jobs has logged (so that it is
 * the last thing on the screen): the address, warnings, then in a frame the first account's
 * password (shown once) and, on a local trial of the demo, the administrator's authenticator key
 * as text and QR code (app/.server/demo-trial.ts).
 * @param {string} url  @param {string} processes
 */
function printBanner(url, processes) {
  const out = [`\n  Site de la clinique prêt : ${url}  (base ${started.engine}${processes})`];
  if (!config.PUBLIC_URL) {
    out.push(`  Attention : PUBLIC_URL n'est pas défini ; les liens publics (canonique, Open Graph, sitemap, e-mails) pointent vers ${url}.`);
  }
  const trust = trustProxyLine(config.TRUST_PROXY);
  if (trust) out.push(`  ${trust}`);
  const account = [];
  if (started.firstStaff) {
    account.push(`Compte du personnel créé : ${started.firstStaff.email}`);
    if (started.firstStaff.password) account.push(`Mot de passe (affiché une seule fois, notez-le) : ${started.firstStaff.password}`);
  }
  const trial = started.demoTrial;
  if (trial) {
    if (!started.firstStaff) account.push(`Compte de démonstration : ${trial.email}`);
    account.push(
      "",
      "Essai de la démo : la connexion demande aussi un code à 6 chiffres.",
      "Dans une application d'authentification (Google Authenticator, Microsoft",
      "Authenticator, FreeOTP…), ajoutez un compte : scannez le QR code ci-dessous",
      "ou saisissez la clé à la main.",
      `  Nom : ${trial.issuer}    Compte : ${trial.email}`,
      `  Clé : ${trial.key}`,
    );
  }
  if (account.length) out.push("", framed([...account, "", `Connexion : ${url}/login`]));
  if (trial) out.push(trial.qr.replace(/^/gm, "  "));
  console.log(out.join("\n") + "\n");
}

if (clusterPrimary) {
  runPrimary();
} else {
  serve();
}

function serve() {
  const app = createApp({
    getBuild,
    clientDir: path.join(buildDir, "client"),
    uploadDir: path.resolve(config.UPLOAD_DIR),
    trustProxy: config.TRUST_PROXY,
    production: config.NODE_ENV === "production",
    logger,
    devMiddlewares,
  });

  // a stored public page is answered before Express sees the request (server/page-cache.js)
  /** @type {ReturnType<typeof import("./page-cache.js").createPageCache>} */
  const pageCache = app.locals.pageCache;
  const httpServer = http.createServer((req, res) => {
    if (!pageCache.tryServe(req, res)) app(req, res);
  });
  httpServer.on("error", (err) => fail(err, "Le serveur n'a pas pu démarrer : "));

  const shutdown = gracefulShutdown({
    server: httpServer,
    onClosed: () => entry.stopApp(),
    logger,
    exit: (code) => process.exit(code),
  });

  if (!isWorker) {
    httpServer.listen(config.PORT, config.HOST, () => void started.settled.then(() => printBanner(entry.publicOrigin(config), "")));
    process.on("SIGTERM", () => shutdown("SIGTERM"));
    process.on("SIGINT", () => shutdown("SIGINT"));
    return;
  }
  // A worker does not listen: the primary hands it connections, and tells it when none will come
  // any more (the message comes after every connection sent before it). A signal sent to the
  // worker itself (Ctrl+C reaches every process of the terminal; systemd signals the whole group)
  // is passed to the primary, which answers with that message.
  process.on("message", (message, handle) => {
    if (message === MESSAGE.connection && handle instanceof net.Socket) httpServer.emit("connection", handle);
    else if (message === MESSAGE.stop) shutdown("stop");
  });
  const leave = () => process.send?.(MESSAGE.leaving);
  process.on("SIGTERM", leave);
  process.on("SIGINT", leave);
  process.send?.(MESSAGE.ready);
}

/** How long the primary waits for its workers to finish their requests before it kills them. */
const WORKER_STOP_TIMEOUT_MS = 15_000;

function runPrimary() {
  let stopping = false;
  /** @type {import("node:cluster").Worker[]} the workers that take connections, in turn */
  const ready = [];
  let turn = 0;
  /** @type {net.Socket[]} connections accepted while no worker was ready */
  const waiting = [];
  /** @type {Set<number>} workers that have served: one that dies later is replaced */
  const served = new Set();
  let listenCalled = false;

  // The primary accepts every connection and hands it, unread, to a worker. So it alone decides
  // when the site stops accepting: at the stop it takes its backlog, closes the listener, and only
  // then tells the workers that no connection will come (node:cluster's shared port would close
  // its listener when the last worker stops listening, resetting the connections still queued).
  const listener = net.createServer({ pauseOnConnect: true }, (socket) => dispatch(socket));
  listener.on("error", (err) => {
    console.error(`Le serveur n'a pas pu démarrer : ${err.message}`);
    void stopAll(1);
  });

  /** @param {net.Socket} socket  @param {number} [tries] */
  function dispatch(socket, tries = 0) {
    if (ready.length === 0) {
      waiting.push(socket);
      return;
    }
    const worker = ready[turn++ % ready.length];
    worker.send(MESSAGE.connection, socket, (err) => {
      if (!err) return;
      // the worker has just died: another one takes the connection
      if (tries < 2 && !socket.destroyed) dispatch(socket, tries + 1);
      else socket.destroy();
    });
  }

  /**
   * A message without a connection; a worker that has just died cannot take it, and its exit is handled below.
   * @param {import("node:cluster").Worker} worker  @param {string} message
   */
  function tell(worker, message) {
    if (worker.isConnected()) worker.send(message, () => {});
  }

  /** @param {import("node:cluster").Worker} worker */
  function unready(worker) {
    const i = ready.indexOf(worker);
    if (i >= 0) ready.splice(i, 1);
  }

  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message) => {
      if (message === MESSAGE.ready) {
        served.add(worker.id);
        if (stopping) {
          tell(worker, MESSAGE.stop);
          return;
        }
        ready.push(worker);
        for (const socket of waiting.splice(0)) dispatch(socket);
        if (served.size >= workers && !listenCalled) {
          listenCalled = true;
          listener.listen(config.PORT, config.HOST, () => void started.settled.then(() => printBanner(entry.publicOrigin(config), `, ${workers} processus`)));
        }
      } else if (message === MESSAGE.leaving) {
        unready(worker);
        tell(worker, MESSAGE.stop);
      }
    });
    worker.once("exit", (code, signal) => {
      unready(worker);
      if (stopping) return;
      if (!served.has(worker.id)) {
        // a worker that could not even start (bad build, database): the others would fail alike
        logger.error({ event: "worker_start_failed", code, signal }, "HTTP worker could not start");
        void stopAll(1);
        return;
      }
      logger.error({ event: "worker_died", code, signal }, "HTTP worker stopped; starting another");
      setTimeout(fork, 1000).unref();
    });
  };
  for (let i = 0; i < workers; i++) fork();

  /** @param {number} code */
  async function stopAll(code) {
    if (stopping) return;
    stopping = true;
    // the connections the system has already accepted are taken and handed over; then new ones are refused
    const { taken, timedOut } = await closeListener(listener);
    logger.info({ event: "shutdown_listening_stopped", taken, timedOut, workers: ready.length }, "no new connections; stopping the workers");
    for (const socket of waiting.splice(0)) socket.destroy();
    ready.length = 0;
    const alive = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    await Promise.all(
      alive.map(
        (w) =>
          new Promise((resolve) => {
            const timer = setTimeout(() => w?.process.kill("SIGKILL"), WORKER_STOP_TIMEOUT_MS);
            w?.once("exit", () => {
              clearTimeout(timer);
              resolve(undefined);
            });
            // after every connection already sent to it (messages keep their order)
            if (w?.isConnected()) tell(w, MESSAGE.stop);
            else w?.process.kill("SIGTERM");
          }),
      ),
    );
    try {
      await entry.stopApp();
    } catch (err) {
      logger.error({ event: "stop_failed", err: err instanceof Error ? err.message : String(err) }, "could not stop cleanly");
    }
    process.exit(code);
  }
  process.on("SIGTERM", () => void stopAll(0));
  process.on("SIGINT", () => void stopAll(0));
}
