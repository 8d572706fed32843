import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import pino from "pino";
import type { AppServerBuild } from "../../app/server-entry";
import { testServerEnv } from "../server-env";

/**
 * The HTTP tier: the production build of the site served in this test process, on a free port
 * of the loopback, with a fresh SQLite database and the demo content, through the same
 * `createApp` and page cache as `node server/index.js` (server/index.js, `serve`). No browser:
 * the tests send raw HTTP requests and read the database. Each test file runs in its own process
 * (Vitest's forks), so each gets its own server and database.
 *
 * It needs the build (`npm run build`, or BUILD_DIR): `npm test` builds before running Vitest.
 */
export interface AppServer {
  origin: string;
  port: number;
  /** its data folder: the SQLite file `e2e.db`, the uploads */
  dataDir: string;
  build: AppServerBuild;
  dbQuery<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[];
  /** Write to the server's database (set up a state, such as a colleague's account). */
  dbRun(sql: string, ...params: unknown[]): void;
  close(): Promise<void>;
}

export async function startAppServer(): Promise<AppServer> {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(serverEntry)) throw new Error(`No build in ${buildDir}: run "npm run build" before the HTTP tier (npm test does).`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-http-"));

  // the port first: the configured origin (PUBLIC_URL) names it
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const httpServer = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const port = (httpServer.address() as AddressInfo).port;
  // refusals are logged at warn: only errors would say something here
  Object.assign(process.env, testServerEnv({ port, dataDir, buildDir }), { LOG_LEVEL: "error" });

  const build = (await import(pathToFileURL(serverEntry).href)) as AppServerBuild;
  const entry = build.entry.module;
  const config = entry.getConfig();
  await entry.startApp();
  const { createApp } = await import("../../server/app.js");
  const app = createApp({
    getBuild: async () => build,
    clientDir: path.join(buildDir, "client"),
    uploadDir: path.resolve(config.UPLOAD_DIR),
    trustProxy: config.TRUST_PROXY,
    production: true,
    logger: pino({ level: config.LOG_LEVEL, base: undefined }),
  });
  const pageCache = app.locals.pageCache as { tryServe(req: http.IncomingMessage, res: http.ServerResponse): boolean };
  handler = (req, res) => {
    if (!pageCache.tryServe(req, res)) app(req, res);
  };

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    build,
    dbQuery<T>(sql: string, ...params: unknown[]): T[] {
      const db = new Database(path.join(dataDir, "e2e.db"), { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    dbRun(sql: string, ...params: unknown[]) {
      const db = new Database(path.join(dataDir, "e2e.db"), { fileMustExist: true });
      db.pragma("busy_timeout = 5000");
      try {
        db.prepare(sql).run(...params);
      } finally {
        db.close();
      }
    },
    async close() {
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await entry.stopApp();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port of the loopback (for a test that starts `node server/index.js` itself). */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
