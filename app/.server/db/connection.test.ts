import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDb } from "./connection";

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
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
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
