import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

/** The names of one run's databases: tests/helpers/db.ts creates them, the teardown drops them. */
export function testDbNames(runId: string) {
  return {
    postgresPrefix: `clinic_test_${runId}_w`,
    sqliteDir: path.join(os.tmpdir(), `clinic-test-${runId}`),
  };
}

/**
 * Vitest global setup of the integration tests: names this run's test databases (one per engine
 * per worker, created by tests/helpers/db.ts) and removes them all at the end of the run, even
 * when tests failed. Runs beside other runs on the same PostgreSQL server: it drops only its own.
 */
export default function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`;
  project.provide("testDbRunId", runId);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) console.warn("TEST_DATABASE_URL is not set: the PostgreSQL integration tests did NOT run.");

  return async function teardown() {
    const names = testDbNames(runId);
    fs.rmSync(names.sqliteDir, { recursive: true, force: true });
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [names.postgresPrefix]);
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
