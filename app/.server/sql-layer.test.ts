import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Where SQL lives (docs/architecture.md, "Where SQL lives"): queries are written in the data layer,
 * app/.server/repos/ (one module per table or entity), and in the database infrastructure,
 * app/.server/db/ (connection, write transactions, migrations, demo seed). The modules listed in
 * ALLOWED_MODULES are the exceptions the architecture page names, each with its reason. Any other
 * module of app/ or server/ that builds a query fails this test.
 */
const ALLOWED_FOLDERS = ["app/.server/db/", "app/.server/repos/"];
const ALLOWED_MODULES: Record<string, string> = {
  "app/.server/audit.ts": "the audit chain's writer: hash, sequence and lock of the chain in one transaction",
  "app/.server/audit-verify.ts": "the audit chain's verifier: reads the chain and its checkpoints in windows",
  "app/.server/backup.ts": "backup infrastructure: the once-a-day lock row of backup_runs",
};

const QUERY = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:<[^>]*>)?`|\bsql\.raw\(|\.transaction\(\)|\bsqlite\.(?:prepare|exec)\(/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx|js|mjs)$/.test(e.name) && !/\.test\.(ts|tsx)$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

const root = path.resolve(import.meta.dirname, "../..");
const rel = (p: string) => path.relative(root, p).split(path.sep).join("/");

describe("SQL only in the data layer", () => {
  it("the pattern finds every kind of query it is meant to find", () => {
    for (const line of ['db.selectFrom("x")', "trx.insertInto('x')", "h.db.updateTable(t)", ".deleteFrom(t)", "sql`select 1`", "sql<number>`count(*)`", "h.db.transaction().execute(f)", 'h.sqlite.prepare("select 1")']) {
      expect(QUERY.test(line), line).toBe(true);
    }
    expect(QUERY.test("import { sql } from 'kysely'; // selectFrom")).toBe(false);
  });

  it("no module outside app/.server/repos/, app/.server/db/ and the listed ones runs a query", () => {
    const files = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "server"))].map(rel);
    const offenders = files.filter((f) => !ALLOWED_FOLDERS.some((d) => f.startsWith(d)) && !(f in ALLOWED_MODULES) && QUERY.test(fs.readFileSync(path.join(root, f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("every listed exception still runs a query (a module that no longer does leaves the list)", () => {
    const stale = Object.keys(ALLOWED_MODULES).filter((f) => !QUERY.test(fs.readFileSync(path.join(root, f), "utf8")));
    expect(stale).toEqual([]);
  });
});
