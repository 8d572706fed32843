import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDb, type Db } from "~/.server/db/connection";
import { migrateToLatest } from "~/.server/db/migrations";

/**
 * Integration tests run once per engine. SQLite always; PostgreSQL when TEST_DATABASE_URL names
 * a server, on which each test file creates its own database and drops it afterwards.
 * Without TEST_DATABASE_URL the PostgreSQL half is reported as not run (never silently passed).
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface EngineCase {
  name: "sqlite" | "postgres";
  available: boolean;
}

export const ENGINES: EngineCase[] = [
  { name: "sqlite", available: true },
  { name: "postgres", available: Boolean(TEST_DATABASE_URL) },
];

export async function createTestDb(engine: "sqlite" | "postgres"): Promise<{ h: Db; drop: () => Promise<void> }> {
  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-test-"));
    const h = openDb({ kind: "sqlite", path: path.join(dir, "test.db") });
    await migrateToLatest(h.db, h.engine);
    return {
      h,
      drop: async () => {
        await h.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `clinic_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const h = openDb({ kind: "postgres", url: url.toString() });
  await migrateToLatest(h.db, h.engine);
  return {
    h,
    drop: async () => {
      await h.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Empty every business table between tests (keeps the schema). */
export async function truncateAll(h: Db) {
  for (const t of ["enrollments", "formations", "appointments", "blogs", "sessions", "staff_users", "rate_limits", "login_throttle", "outbox", "app_meta"] as const) {
    await h.db.deleteFrom(t).execute();
  }
}
