import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests in the system Chromium (Debian package `chromium`); Playwright never
 * downloads a browser. The web server runs the production build against a fresh SQLite file.
 * E2E_PORT and BUILD_DIR let several checkouts or builds run side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? `.e2e-data/${E2E_PORT}`);
export const E2E_ADMIN = { email: "staff@clinique.test", password: "Sourire-Kouba-2026" };
/** The e2e server's secret, known to the tests so they can make a remembered-device cookie (tests/e2e/helpers.ts). */
export const E2E_SESSION_SECRET = "e2e-session-secret-not-for-production-0123456789";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
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
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-dev-shm-usage"],
    },
  },
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && mkdir -p "${E2E_DATA_DIR}" && node server/index.js`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      BUILD_DIR,
      DATABASE_URL: `file:${E2E_DATA_DIR}/e2e.db`,
      UPLOAD_DIR: `${E2E_DATA_DIR}/uploads`,
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SESSION_SECRET: E2E_SESSION_SECRET,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      RATE_LIMIT_FORM_MAX: "1000",
      // the bad-input sweep sends wrong tokens to /rdv/…; the guess limit itself is tested in tests/integration/personal-link.test.ts
      RDV_LINK_MISS_MAX: "1000",
      LOGIN_THROTTLE_FREE_ATTEMPTS: "50",
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    },
  },
});
