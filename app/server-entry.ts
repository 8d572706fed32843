import type { ServerBuild } from "react-router";
import type * as EntryServer from "./entry.server";

/**
 * The contract between the HTTP server (server/, plain JavaScript checked by TypeScript through
 * JSDoc) and the app's build: what app/entry.server.tsx exports for the server, read by it as
 * `build.entry.module`. Derived from the module itself, so the two cannot drift apart.
 * - getConfig: the validated configuration (throws a ConfigError with one clear line)
 * - startApp / stopApp: prepare the database and background jobs / stop them and close it
 * - healthCheck: does the database answer (GET /healthz)
 * - createLoadContext: the load context of one request (nonce, client address, body over its limit)
 * - bodyLimitFor: the largest body accepted for a request, by path and Content-Type
 * - publicOrigin: the site's origin for links (PUBLIC_URL, or http://localhost:PORT)
 * - pageCachePolicy: what the page cache (server/page-cache.js) asks the app; absent in test builds
 */
export type ServerEntry = Pick<typeof EntryServer, "getConfig" | "startApp" | "stopApp" | "healthCheck" | "createLoadContext" | "bodyLimitFor" | "publicOrigin"> &
  Partial<Pick<typeof EntryServer, "pageCachePolicy">>;

/** The server build as server/ sees it: React Router's build, whose entry module is a ServerEntry. */
export type AppServerBuild = ServerBuild & { entry: { module: ServerEntry } };
