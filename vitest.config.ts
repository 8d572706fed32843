import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Three tiers below the browser (docs/architecture.md, "Tests"):
 * - unit: modules alone (app/, server/, scripts/), some in a DOM (happy-dom, per file);
 * - integration: modules against real databases, SQLite and PostgreSQL (tests/integration);
 * - http: the production build served in the test process, raw HTTP (tests/http); needs
 *   `npm run build` first (npm test builds before Vitest).
 * The browser tier is Playwright (tests/e2e). `npx vitest run --project unit` runs one tier.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts"] } },
      {
        extends: true,
        // one test database per engine per worker, dropped at the end of the run (tests/helpers/db.ts)
        test: { name: "integration", include: ["tests/integration/**/*.test.ts"], globalSetup: ["tests/helpers/test-databases.ts"] },
      },
      { extends: true, test: { name: "http", include: ["tests/http/**/*.test.ts"] } },
    ],
  },
});
