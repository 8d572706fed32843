import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { TEST_ADMIN, TEST_SESSION_SECRET, testServerEnv } from "./tests/server-env";

/**
 * End-to-end tests in the system Chromium (Debian package `chromium`); Playwright never
 * downloads a browser. Each worker has its own server: the production build on a fresh SQLite
 * file with the demo content (tests/server-env.ts), on port E2E_PORT + 100 × its parallel index,
 * so the spec files run in parallel without sharing a database. A worker reads its own server's
 * port and data folder below (Playwright sets TEST_PARALLEL_INDEX in each worker process).
 * E2E_PORT, E2E_WORKERS and BUILD_DIR let several checkouts or builds run side by side.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 4310);
/** Two on a 2-core machine, at most four: each worker also runs a server and a browser. */
const WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(4, Math.max(2, os.availableParallelism())));
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const portOf = (i: number) => BASE_PORT + 100 * i;
const dataDirOf = (i: number) => path.resolve(process.env.E2E_DATA_DIR ?? ".e2e-data", String(portOf(i)));
/** This worker's server. */
export const E2E_PORT = portOf(slot);
export const E2E_DATA_DIR = dataDirOf(slot);
export const E2E_ADMIN = TEST_ADMIN;
/** The e2e server's secret, known to the tests so they can make a remembered-device cookie (tests/e2e/helpers.ts). */
export const E2E_SESSION_SECRET = TEST_SESSION_SECRET;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
/**
 * Debian's headless shell of the same Chromium (package `chromium-headless-shell`), which is what
 * Playwright itself runs headless tests in: the same Blink and V8 without the full browser's
 * processes, so each page costs less CPU than in `/usr/bin/chromium`. The full Chromium when the
 * shell is not installed; CHROMIUM_PATH overrides both.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // the files are shared among the workers; the tests of one file run in order, on one server
  fullyParallel: false,
  workers: WORKERS,
  // One retry in CI, as Playwright's own template does: a test that passes only on its retry is
  // still reported as "flaky" in the output, to be fixed, but a machine hiccup does not stop a
  // release. Locally there is no retry, so a flaky test shows up at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1280, height: 800 },
    locale: "fr-FR",
    timezoneId: "Africa/Algiers",
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-dev-shm-usage"],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, i) => ({
    command: `rm -rf "${dataDirOf(i)}" && mkdir -p "${dataDirOf(i)}" && node server/index.js`,
    url: `http://127.0.0.1:${portOf(i)}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: testServerEnv({ port: portOf(i), dataDir: dataDirOf(i), buildDir: BUILD_DIR }),
  })),
});
