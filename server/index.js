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
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { createApp } from "./app.js";
import { parseServerConfig } from "./config.js";
import { gracefulShutdown } from "./shutdown.js";

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
// WORKERS > 1: this primary process prepares the database and runs the background jobs once, and
// forks the HTTP workers, which share the port (node:cluster); a worker only serves requests.
const clusterPrimary = workers > 1 && cluster.isPrimary;
const isWorker = cluster.isWorker;

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

/** @param {string} url  @param {string} processes */
function printBanner(url, processes) {
  console.log(`\n  Site de la clinique prêt : ${url}  (base ${started.engine}${processes})`);
  if (!config.PUBLIC_URL) {
    console.log(`  Attention : PUBLIC_URL n'est pas défini ; les liens publics (canonique, Open Graph, sitemap, e-mails) pointent vers ${url}.`);
  }
  if (started.firstStaff) {
    console.log(`\n  Compte du personnel créé : ${started.firstStaff.email}`);
    if (started.firstStaff.password) {
      console.log(`  Mot de passe (affiché une seule fois, notez-le) : ${started.firstStaff.password}`);
    }
    console.log(`  Connexion : ${url}/login\n`);
  }
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
  httpServer.listen(config.PORT, config.HOST, () => {
    if (!isWorker) printBanner(entry.publicOrigin(config), "");
  });
  httpServer.on("error", (err) => fail(err, "Le serveur n'a pas pu démarrer : "));

  const shutdown = gracefulShutdown({
    server: httpServer,
    onClosed: () => entry.stopApp(),
    logger,
    exit: (code) => process.exit(code),
  });
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** How long the primary waits for its workers to finish their requests before it kills them. */
const WORKER_STOP_TIMEOUT_MS = 15_000;

function runPrimary() {
  let stopping = false;
  let listening = 0;
  /** @type {Set<number>} workers that have served: one that dies later is replaced */
  const served = new Set();
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      served.add(worker.id);
      listening += 1;
      if (listening === workers) printBanner(entry.publicOrigin(config), `, ${workers} processus`);
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      if (!served.has(worker.id)) {
        // a worker that could not even start (port taken, bad build): the others would fail alike
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
            w?.process.kill("SIGTERM");
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
