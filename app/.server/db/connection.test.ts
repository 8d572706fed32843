import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import SQLite from "better-sqlite3";
import { cachingStatements, openDb, STATEMENT_CACHE_SIZE } from "./connection";

const mode = (p: string) => fs.statSync(p).mode & 0o777;
let dir: string | undefined;

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("SQLite files", () => {
  it("creates the database folder 0700 and the database, WAL and shared-memory files 0600, whatever the umask", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-db-"));
    const file = path.join(dir, "data", "clinic.db");
    const previous = process.umask(0o022);
    try {
      const db = openDb({ kind: "sqlite", path: file });
      await sql`create table t (x integer)`.execute(db.db);
      await sql`insert into t values (1)`.execute(db.db);
      expect(mode(path.dirname(file))).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`])
        expect(mode(f), f).toBe(0o600);
      await db.close();
    } finally {
      process.umask(previous);
    }
  });

  it("tightens the files of an existing database opened again", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-db-"));
    const file = path.join(dir, "clinic.db");
    fs.writeFileSync(file, "");
    fs.chmodSync(file, 0o644);
    const db = openDb({ kind: "sqlite", path: file });
    await sql`select 1`.execute(db.db);
    expect(mode(file)).toBe(0o600);
    await db.close();
  });
});

describe("SQLite prepared statements", () => {
  it("are prepared once per SQL text, bound anew at each run, the least recently used dropped past the limit", async () => {
    const raw = new SQLite(":memory:");
    const database = cachingStatements(raw);
    database.exec(
      "create table t (id integer primary key, name text not null unique)",
    );
    const insert = database.prepare("insert into t (name) values (?)");
    expect(database.prepare("insert into t (name) values (?)")).toBe(insert);
    insert.run("Amina");
    database.prepare("insert into t (name) values (?)").run("Karim");
    // a failed run leaves the statement usable
    expect(() =>
      database.prepare("insert into t (name) values (?)").run("Amina"),
    ).toThrow(/UNIQUE/);
    database.prepare("insert into t (name) values (?)").run("Sofia");
    const byName = (name: string) =>
      database.prepare("select id from t where name = ?").get(name) as
        { id: number } | undefined;
    expect([
      byName("Amina")?.id,
      byName("Karim")?.id,
      byName("Sofia")?.id,
      byName("Nour"),
    ]).toEqual([1, 2, 3, undefined]);

    const first = database.prepare("select 0");
    for (let i = 1; i <= STATEMENT_CACHE_SIZE; i++)
      database.prepare(`select ${i}`);
    expect(database.prepare("select 0")).not.toBe(first);
    expect(database.prepare(`select ${STATEMENT_CACHE_SIZE}`)).toBe(
      database.prepare(`select ${STATEMENT_CACHE_SIZE}`),
    );
    raw.close();
  });

  it("serve Kysely's queries and transactions", async () => {
    const h = openDb({ kind: "sqlite", path: ":memory:" });
    await sql`create table t (id integer primary key, n integer not null)`.execute(
      h.db,
    );
    await h.db.transaction().execute(async (trx) => {
      for (const n of [1, 2, 3])
        await sql`insert into t (n) values (${n})`.execute(trx);
    });
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`insert into t (n) values (${4})`.execute(trx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const rows = await sql<{
      n: number;
    }>`select n from t where n > ${1} order by n`.execute(h.db);
    expect(rows.rows.map((r) => r.n)).toEqual([2, 3]);
    await h.close();
  });
});
