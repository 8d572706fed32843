import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, inject } from "vitest";
import { setDb } from "~/.server/db";
import { openDb, type Db } from "~/.server/db/connection";
import { createAuditChainTriggers, createAuditTriggers, DEMO_REVIEWS, dropAuditChainTriggers, dropAuditTriggers, migrateToLatest } from "~/.server/db/migrations";
import { seedRowCounts } from "~/.server/db/migration-counts";
import { saveServiceSettings, saveSettings, saveWeeklyHours } from "~/.server/repos/schedule";
import { DEFAULT_SETTINGS, DEFAULT_WEEKLY, defaultSchedule } from "~/lib/schedule";
import { testDbNames } from "./test-databases";

/**
 * The test databases of the integration tests. SQLite always; PostgreSQL when TEST_DATABASE_URL
 * names a server. Without TEST_DATABASE_URL the PostgreSQL half is reported as not run (never
 * silently passed): tests/helpers/test-databases.ts says so once per run.
 *
 * ONE database per engine per Vitest worker (VITEST_POOL_ID): created and migrated by the first
 * test file that runs in that worker, then reused by the next ones, each of which starts on empty
 * tables. The run's global setup (tests/helpers/test-databases.ts) names the run and drops every
 * database of the run at its end.
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

function workerNames() {
  const names = testDbNames(inject("testDbRunId"));
  const worker = process.env.VITEST_POOL_ID ?? "1";
  return { postgres: `${names.postgresPrefix}${worker}`, sqlite: path.join(names.sqliteDir, `worker-${worker}.db`) };
}

/** The tables the migrations create, read once per process from a migrated in-memory database. */
let expectedTables: Promise<string[]> | undefined;
function migratedTables(): Promise<string[]> {
  expectedTables ??= (async () => {
    const ref = openDb({ kind: "sqlite", path: ":memory:" });
    try {
      await migrateToLatest(ref.db, ref.engine);
      return await tableNames(ref);
    } finally {
      await ref.close();
    }
  })();
  return expectedTables;
}

async function tableNames(h: Db, withMigrationTables = false): Promise<string[]> {
  const tables = await h.db.introspection.getTables({ withInternalKyselyTables: withMigrationTables });
  const names = tables.filter((t) => !t.isView).map((t) => t.name);
  // SQLite: the shadow tables of an FTS5 table (migration 019) belong to it: emptied through it, never by hand
  const fts = names.filter((n) => n.endsWith("_search"));
  return names.filter((n) => !fts.some((f) => new RegExp(`^${f}_(data|idx|content|docsize|config)$`).test(n))).sort();
}

/** This worker's PostgreSQL database exists once created; asked once per process. */
let postgresReady: Promise<void> | undefined;
function ensurePostgresDatabase(name: string): Promise<void> {
  postgresReady ??= (async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (!found.rowCount) {
        await admin.query(`create database ${name}`);
        // a test database need not survive a crash of the server: its commits do not wait for the
        // disk, which a machine running the browser tests at the same time keeps busy
        await admin.query(`alter database ${name} set synchronous_commit = off`);
      }
    } finally {
      await admin.end();
    }
  })();
  return postgresReady;
}

/**
 * A test may have broken the schema on purpose (a dropped table to provoke a storage failure):
 * then every table goes and the migrations run again.
 */
async function repairSchema(h: Db) {
  const expected = await migratedTables();
  if (JSON.stringify(await tableNames(h)) === JSON.stringify(expected)) return;
  for (const table of await tableNames(h, true)) {
    await sql`drop table if exists ${sql.table(table)}${h.engine === "postgres" ? sql` cascade` : sql``}`.execute(h.db);
  }
  await migrateToLatest(h.db, h.engine);
}

/**
 * This worker's database of `engine`, migrated and with every table empty. `drop` only closes
 * this handle: the database stays for the worker's next test file (emptied again when that file
 * asks for it), and the run's global teardown removes it.
 */
export async function createTestDb(engine: "sqlite" | "postgres"): Promise<{ h: Db; drop: () => Promise<void> }> {
  const names = workerNames();
  let h: Db;
  if (engine === "sqlite") {
    h = openDb({ kind: "sqlite", path: names.sqlite });
    // the same for SQLite: no fsync per commit in a test (the site's own connections keep FULL)
    h.sqlite?.pragma("synchronous = OFF");
  } else {
    if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
    await ensurePostgresDatabase(names.postgres);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${names.postgres}`;
    // the bursts of the concurrency tests (300 sign-ins at once) wait for one of the pool's 10
    // connections: on a machine also running the browser tests that can take longer than 5 s
    h = openDb({ kind: "postgres", url: url.toString(), connectionTimeoutMillis: 30_000 });
  }
  await migrateToLatest(h.db, h.engine);
  await repairSchema(h);
  await truncateAll(h);
  return { h, drop: () => h.close() };
}

/**
 * Empty every table between tests (keeps the schema), and restart the ids, as on a new database.
 * Every table the migrations create, so a new table needs no change here.
 */
/** The schedule rows the migration stores (emptied with the other tables, so put back). */
export async function seedDefaultSchedule(h: Db) {
  await saveWeeklyHours(h, DEFAULT_WEEKLY);
  await saveSettings(h, DEFAULT_SETTINGS);
  await saveServiceSettings(h, Object.values(defaultSchedule().services));
  await h.db.insertInto("team_settings").values({ id: 1, updated_at: new Date().toISOString() }).onConflict((oc) => oc.column("id").doNothing()).execute();
  const now = new Date().toISOString();
  await h.db.insertInto("clinic_settings").values({ id: 1, updated_at: now }).onConflict((oc) => oc.column("id").doNothing()).execute();
  const reviews = await h.db.selectFrom("reviews").select("id").limit(1).execute();
  if (reviews.length === 0) {
    await h.db
      .insertInto("reviews")
      .values(DEMO_REVIEWS.map((r, i) => ({ ...r, published: 1, position: i + 1, created_at: now, updated_at: now })))
      .execute();
  }
}

/** Every table emptied, then the default schedule stored again, as after the migrations. */
export async function truncateAll(h: Db) {
  await emptyTables(h);
  await seedDefaultSchedule(h);
  await seedRowCounts(h.db);
}

async function emptyTables(h: Db) {
  const tables = await tableNames(h);
  if (h.engine === "postgres") {
    // the audit log and its checkpoints refuse TRUNCATE by trigger: set aside for the emptying
    await dropAuditChainTriggers(h.db, h.engine);
    try {
      await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(h.db);
    } finally {
      await createAuditChainTriggers(h.db, h.engine);
    }
    return;
  }
  // SQLite: one connection, so the pragma holds for the deletes below. The audit log refuses
  // early deletes by trigger: dropped for the emptying, then made again.
  await sql`pragma foreign_keys = off`.execute(h.db);
  await dropAuditTriggers(h.db, h.engine);
  try {
    for (const t of tables) await sql`delete from ${sql.table(t)}`.execute(h.db);
    const sequence = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_sequence'`.execute(h.db);
    if (Number(sequence.rows[0]?.n)) await sql`delete from sqlite_sequence`.execute(h.db);
  } finally {
    await createAuditTriggers(h.db, h.engine);
    await sql`pragma foreign_keys = on`.execute(h.db);
  }
}

export interface EngineDbOptions {
  /** The app's own getDb() answers this handle during each test (setDb), and nothing after the block. */
  appDb?: boolean;
  /** Empty every table before each test (default). `false`: only once, when the block starts. */
  truncateEachTest?: boolean;
}

export interface EngineDb {
  /** This block's database handle; read it inside hooks and tests (it is opened in beforeAll). */
  readonly h: Db;
  readonly engine: EngineCase["name"];
}

/**
 * One `describe` block per engine, titled `${title} [sqlite]` / `${title} [postgres]` (the
 * PostgreSQL one skipped without TEST_DATABASE_URL), with the hooks that give it a test database:
 * opened before all its tests, emptied before each (see options), closed after all. The block's
 * own hooks run after these ones before a test, and before them after the block.
 */
export function describeEachEngine(title: string, body: (t: EngineDb) => void): void;
export function describeEachEngine(title: string, options: EngineDbOptions, body: (t: EngineDb) => void): void;
export function describeEachEngine(title: string, optionsOrBody: EngineDbOptions | ((t: EngineDb) => void), body?: (t: EngineDb) => void) {
  const options = typeof optionsOrBody === "function" ? {} : optionsOrBody;
  const run = typeof optionsOrBody === "function" ? optionsOrBody : body!;
  for (const engine of ENGINES) {
    describe.runIf(engine.available)(`${title} [${engine.name}]`, () => {
      run(registerTestDbHooks(engine.name, options));
    });
  }
}

/** The hooks of describeEachEngine, for one engine, inside the current `describe`. */
function registerTestDbHooks(engine: EngineCase["name"], { appDb = false, truncateEachTest = true }: EngineDbOptions): EngineDb {
  let opened: { h: Db; drop: () => Promise<void> } | undefined;
  const t: EngineDb = {
    get h() {
      if (!opened) throw new Error("the test database is open only in the block's hooks and tests");
      return opened.h;
    },
    engine,
  };
  beforeAll(async () => {
    opened = await createTestDb(engine);
  });
  afterAll(async () => {
    if (appDb) setDb(undefined);
    await opened?.drop();
    opened = undefined;
  });
  beforeEach(async () => {
    if (truncateEachTest) await truncateAll(t.h);
    if (appDb) setDb(t.h);
  });
  return t;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** names this run's test databases (tests/helpers/test-databases.ts) */
    testDbRunId: string;
  }
}

/**
 * A migrated SQLite file of its own, for tests that write to it from several processes at once
 * (better-sqlite3 blocks its thread while it waits for the lock, so one process cannot test
 * that). Registers its own hooks; read `file.path` and `file.h` inside the tests.
 */
export function useSqliteFile(prefix: string, prepare?: (h: Db) => Promise<void>) {
  const file = { dir: "", path: "", h: undefined as unknown as Db };
  beforeAll(async () => {
    file.dir = fs.mkdtempSync(path.join(os.tmpdir(), `clinic-${prefix}-`));
    file.path = path.join(file.dir, `${prefix}.db`);
    file.h = openDb({ kind: "sqlite", path: file.path });
    await migrateToLatest(file.h.db, file.h.engine);
    await prepare?.(file.h);
  });
  afterAll(async () => {
    await file.h?.close();
    fs.rmSync(file.dir, { recursive: true, force: true });
  });
  return file;
}
