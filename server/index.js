// Starts the clinic site: validates the configuration, prepares the database (migrations, demo
// content, first staff account), serves HTTP and shuts down gracefully on SIGTERM/SIGINT.
import "./env.js";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { createApp } from "./app.js";
import { gracefulShutdown } from "./shutdown.js";

const dev = process.argv.includes("--dev");

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: undefined });

async function loadBuild() {
  if (dev) {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true } });
    return {
      getBuild: () => server.ssrLoadModule("virtual:react-router/server-build"),
      devMiddlewares: [server.middlewares],
    };
  }
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(serverEntry)) {
    console.error(`Aucune version construite dans ${buildDir}. Lancez d'abord « npm run build » (ou « npm start »).`);
    process.exit(1);
  }
  const build = await import(pathToFileURL(serverEntry).href);
  return { getBuild: async () => build, devMiddlewares: [] };
}

const { getBuild, devMiddlewares } = await loadBuild();
const build = await getBuild();
const entry = build.entry.module;

let config;
try {
  config = entry.getConfig();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

let started;
try {
  started = await entry.startApp();
} catch (err) {
  console.error(`Impossible de préparer la base de données : ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const app = createApp({
  getBuild,
  clientDir: path.join(buildDir, "client"),
  uploadDir: path.resolve(config.UPLOAD_DIR),
  trustProxy: config.TRUST_PROXY,
  production: config.NODE_ENV === "production",
  logger,
  devMiddlewares,
});

const server = app.listen(config.PORT, config.HOST, () => {
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log(`\n  Site de la clinique prêt : ${url}  (base ${started.engine})`);
  if (started.firstStaff) {
    console.log(`\n  Compte du personnel créé : ${started.firstStaff.email}`);
    if (started.firstStaff.password) {
      console.log(`  Mot de passe (affiché une seule fois, notez-le) : ${started.firstStaff.password}`);
    }
    console.log(`  Connexion : ${url}/login\n`);
  }
});
server.on("error", (err) => {
  console.error(`Le serveur n'a pas pu démarrer : ${err.message}`);
  process.exit(1);
});

const shutdown = gracefulShutdown({
  server,
  onClosed: () => entry.stopApp(),
  logger,
  exit: (code) => process.exit(code),
});
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
