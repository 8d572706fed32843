/**
 * The environment of a test server of the site (the production build on a fresh SQLite file with
 * the demo content), shared by the end-to-end servers (playwright.config.ts, one per worker) and
 * the in-process HTTP tier (tests/http/app-server.ts), so that both run the same site.
 */
export const TEST_ADMIN = { email: "staff@clinique.test", password: "Sourire-Kouba-2026" };
/** The test servers' secret, known to the tests so they can make a remembered-device cookie (tests/e2e/staff-accounts.ts). */
export const TEST_SESSION_SECRET = "e2e-session-secret-not-for-production-0123456789";

export function testServerEnv(opts: { port: number; dataDir: string; buildDir: string }): Record<string, string> {
  const { port, dataDir, buildDir } = opts;
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_DIR: buildDir,
    DATABASE_URL: `file:${dataDir}/e2e.db`,
    UPLOAD_DIR: `${dataDir}/uploads`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SESSION_SECRET: TEST_SESSION_SECRET,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    RATE_LIMIT_FORM_MAX: "1000",
    // the bad-input sweep sends wrong tokens to /rdv/…; the guess limit itself is tested in tests/integration/personal-link.test.ts
    RDV_LINK_MISS_MAX: "1000",
    LOGIN_THROTTLE_FREE_ATTEMPTS: "50",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}
