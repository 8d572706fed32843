import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BACKUP_DB_FILE,
  BACKUP_MANIFEST,
  BACKUP_NAME,
  claimDailyBackup,
  createBackup,
  DAILY_CLAIM_STALE_MS,
  listBackups,
  markSiteRunning,
  runBackupCommand,
  runDailyBackup,
  runRestoreCommand,
} from "~/.server/backup";
import { parseConfig } from "~/.server/config";
import { openDb } from "~/.server/db/connection";
import { migrateToLatest } from "~/.server/db/migrations";
import { describeEachEngine } from "../helpers/db";

/**
 * Backups and restore (app/.server/backup.ts): a backup under write load restored into a fresh
 * folder equals the source row by row, keep-last-N, the daily claim taken once, and the
 * restore's refusals (damaged file, running site). docs/architecture.md, "Backups".
 */

const dirs: string[] = [];
function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `clinic-backup-${label}-`));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A site folder: a migrated SQLite database with rows in every kind of table, and uploads. */
async function makeSite(label: string, appointments = 200) {
  const dir = tempDir(label);
  const site = {
    dir,
    db: path.join(dir, "clinic.db"),
    uploads: path.join(dir, "uploads"),
    backups: path.join(dir, "backups"),
  };
  const h = openDb({ kind: "sqlite", path: site.db });
  await migrateToLatest(h.db, h.engine);
  const at = "2026-01-15T09:00:00.000Z";
  for (let start = 0; start < appointments; start += 500) {
    const rows = Array.from({ length: Math.min(500, appointments - start) }, (_, k) => {
      const i = start + k;
      return { name: `Patient ${i}`, email: `p${i}@exemple.dz`, phone: "0550 12 34 56", service: "Implant", date: "2026-02-01", time: "09:30", message: `Message ${i} ${"é".repeat(150)}`, prixtotal: i * 100, created_at: at };
    });
    await h.db.insertInto("appointments").values(rows).execute();
  }
  const staff = await h.db.insertInto("staff_users").values({ email: "dr@clinique.dz", password_hash: "$argon2id$x", role: "admin", created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
  await h.db.insertInto("sessions").values({ id_hash: "abc", user_id: staff.id, created_at: at, last_seen_at: at, expires_at: at }).execute();
  await h.db.insertInto("blogs").values({ title: "Blanchiment", content: "Texte", image_url: "/uploads/a.webp", created_at: at, updated_at: null }).execute();
  const f = await h.db.insertInto("formations").values({ title: "Implantologie", description: "D", duration_months: 6, max_participants: 10, price: 1500000, is_active: 1, syllabus: "[]", created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
  await h.db.insertInto("enrollments").values({ formation_id: f.id, user_name: "Amina", user_surname: "B", email: "a@exemple.dz", phone: "0550", formation_chosen: "Implantologie", enrollment_date: at, status: "pending", submission_key: "k1" }).execute();
  await h.db.insertInto("app_meta").values({ key: "demo_seed", value: "1" }).execute();
  await h.db.insertInto("rate_limits").values({ key: "form:1.2.3.4", count: 2, reset_at: at }).execute();
  fs.mkdirSync(path.join(site.uploads, "old"), { recursive: true });
  fs.writeFileSync(path.join(site.uploads, "a.webp"), Buffer.alloc(40_000, 7));
  fs.writeFileSync(path.join(site.uploads, "b.webp"), Buffer.from("RIFF-b"));
  fs.writeFileSync(path.join(site.uploads, "old", "c.webp"), Buffer.from("RIFF-c"));
  return { ...site, h, config: configOf(site) };
}

function configOf(site: { dir: string; db: string; uploads: string; backups: string }, extra: Record<string, string> = {}) {
  return parseConfig({ DATABASE_URL: `file:${site.db}`, UPLOAD_DIR: site.uploads, DATA_DIR: site.dir, BACKUP_DIR: site.backups, ...extra });
}

/** Every table of a SQLite file, each as its rows in rowid order. */
function dump(file: string, limits: Record<string, number> = {}): Record<string, unknown[]> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = (db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[])
      .map((r) => r.name)
      // the inner tables of the FTS5 search indexes (migration 019), some without rowid: their rows are read through the index's own table
      .filter((t) => !/_search_(data|idx|content|docsize|config)$/.test(t));
    return Object.fromEntries(
      tables.map((t) => [t, db.prepare(`select * from "${t}" order by rowid${t in limits ? ` limit ${limits[t]}` : ""}`).all()]),
    );
  } finally {
    db.close();
  }
}

function count(file: string, table: string): number {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** name -> content of every file under a folder. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = fs.readFileSync(full).toString("base64");
  }
  return out;
}

const mode = (p: string) => fs.statSync(p).mode & 0o777;

function command(run: typeof runBackupCommand, argv: string[], config: () => ReturnType<typeof parseConfig>) {
  const out: string[] = [];
  const err: string[] = [];
  return run({ argv, config, out: (l) => out.push(l), err: (l) => err.push(l) }).then((code) => ({ code, out: out.join("\n"), err: err.join("\n") }));
}

/** A process of fixtures/backup-worker.ts: `ready` once it has started, then its answer line after `go()`. */
function worker(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/integration/fixtures/backup-worker.ts"), ...args], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const line = async () => {
    const next = await lines.next();
    if (next.done) throw new Error(`backup worker ${args[0]} ended without answering`);
    return next.value;
  };
  const ready = line();
  return { ready, done: ready.then(line), go: () => child.stdin.write("go\n") };
}

describe("backup under write load, restored into a fresh folder", () => {
  it("is one consistent snapshot: every table equal row by row, and the uploads", async () => {
    const site = await makeSite("load", 20_000);
    await site.h.close();
    const seeded = count(site.db, "appointments");
    const writer = worker(["write", site.db]);
    await writer.ready;

    const before = count(site.db, "appointments");
    const backup = await createBackup({ databasePath: site.db, uploadDir: site.uploads, backupDir: site.backups, keep: 14, kind: "manuelle" });
    const after = count(site.db, "appointments");
    writer.go();
    const pairs = Number(await writer.done);
    // the writer committed while the backup ran
    expect(after).toBeGreaterThan(before);
    expect(pairs).toBeGreaterThan(0);

    expect(backup.name).toMatch(BACKUP_NAME);
    expect(listBackups(site.backups)).toEqual([backup.name]);
    expect(fs.readdirSync(site.backups)).toEqual([backup.name]);
    expect(mode(site.backups)).toBe(0o700);
    expect(mode(backup.path)).toBe(0o700);
    expect(mode(path.join(backup.path, BACKUP_DB_FILE))).toBe(0o600);
    expect(mode(path.join(backup.path, BACKUP_MANIFEST))).toBe(0o600);
    expect(mode(path.join(backup.path, "uploads"))).toBe(0o700);
    expect(mode(path.join(backup.path, "uploads", "old", "c.webp"))).toBe(0o600);

    const fresh = tempDir("fresh");
    const target = { dir: fresh, db: path.join(fresh, "data", "clinic.db"), uploads: path.join(fresh, "data", "uploads"), backups: path.join(fresh, "data", "backups") };
    const restored = await command(runRestoreCommand, [backup.path], () => configOf(target));
    expect(restored.err).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.out).toContain("Base restaurée");
    expect(restored.out).toContain("Images téléversées restaurées : 3 fichier(s)");
    expect(mode(target.db)).toBe(0o600);

    const got = dump(target.db);
    const snapshot = got.appointments.length;
    const written = got.outbox.length;
    expect(snapshot).toBeGreaterThanOrEqual(before);
    expect(snapshot).toBeLessThanOrEqual(after);
    // one transaction wrote each appointment with its outbox row: a consistent copy holds whole pairs
    expect(snapshot - seeded).toBe(written);
    // the source rows up to the snapshot (the writer only appends), table by table, row by row
    // (the appointments' search index, migration 019, has a row per appointment, appended with it)
    const source = dump(site.db, { appointments: snapshot, appointments_search: snapshot, outbox: written });
    // the appointments' count (migration 021) is the snapshot's, not the source's later one
    expect(got.row_counts).toEqual([{ name: "appointments", n: snapshot }]);
    source.row_counts = got.row_counts;
    expect(Object.keys(got)).toEqual(Object.keys(source));
    for (const table of Object.keys(source)) expect({ table, rows: got[table] }).toEqual({ table, rows: source[table] });
    expect(count(site.db, "appointments")).toBe(seeded + pairs);

    expect(files(target.uploads)).toEqual(files(site.uploads));
    expect(Object.keys(files(target.uploads)).sort()).toEqual(["a.webp", "b.webp", path.join("old", "c.webp")]);
  }, 60_000);
});

describe("keep the last BACKUP_KEEP backups", () => {
  it("removes the oldest backups and the leftovers of a crashed backup, never a complete newer one", async () => {
    const site = await makeSite("keep");
    await site.h.close();
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await createBackup({ databasePath: site.db, uploadDir: site.uploads, backupDir: site.backups, keep: 3, kind: "manuelle", now: new Date(Date.UTC(2026, 0, 10 + i, 3)) });
      names.push(r.name);
      expect(r.removed).toEqual(i >= 3 ? [names[i - 3]] : []);
    }
    expect(listBackups(site.backups)).toEqual(names.slice(2));

    const crashed = path.join(site.backups, ".partial-clinic-crashed");
    const writing = path.join(site.backups, ".partial-clinic-writing");
    fs.mkdirSync(crashed);
    fs.mkdirSync(writing);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(crashed, twoHoursAgo, twoHoursAgo);
    const sixth = await command(runBackupCommand, [], () => configOf(site, { BACKUP_KEEP: "3" }));
    expect(sixth.code).toBe(0);
    expect(sixth.out).toContain("Sauvegarde écrite");
    expect(sixth.out).toContain("3 sauvegarde(s) gardée(s) (BACKUP_KEEP=3), 1 ancienne(s) supprimée(s)");
    const kept = listBackups(site.backups);
    expect(kept.slice(0, 2)).toEqual(names.slice(3));
    expect(kept).toHaveLength(3);
    expect(fs.existsSync(crashed)).toBe(false);
    expect(fs.existsSync(writing)).toBe(true);
  });
});

describeEachEngine("the daily backup is claimed once per day", (t) => {
  it("ten concurrent claims of a day: one wins; a stale unfinished claim is taken again by one", async () => {
    const now = new Date("2026-03-01T04:00:00.000Z");
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimDailyBackup(t.h, "2026-03-01", now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimDailyBackup(t.h, "2026-03-02", now)).toBe(true);

    const soon = new Date(now.getTime() + DAILY_CLAIM_STALE_MS - 1000);
    expect(await claimDailyBackup(t.h, "2026-03-01", soon)).toBe(false);
    const later = new Date(now.getTime() + DAILY_CLAIM_STALE_MS + 1000);
    const retaken = await Promise.all(Array.from({ length: 10 }, () => claimDailyBackup(t.h, "2026-03-01", later)));
    expect(retaken.filter(Boolean)).toHaveLength(1);

    await t.h.db.updateTable("backup_runs").set({ finished_at: later.toISOString() }).where("day", "=", "2026-03-02").execute();
    const muchLater = new Date(later.getTime() + 10 * DAILY_CLAIM_STALE_MS);
    expect(await claimDailyBackup(t.h, "2026-03-02", muchLater)).toBe(false);
    const rows = await t.h.db.selectFrom("backup_runs").select(["day", "started_at"]).orderBy("day").execute();
    expect(rows).toEqual([
      { day: "2026-03-01", started_at: later.toISOString() },
      { day: "2026-03-02", started_at: now.toISOString() },
    ]);
  });
});

describe("the server's daily backup (SQLite, several workers)", () => {
  let site: Awaited<ReturnType<typeof makeSite>>;
  beforeAll(async () => {
    site = await makeSite("daily");
  });
  afterAll(async () => {
    await site.h.close();
  });

  it("three processes at the backup hour write one backup; a second round writes none", async () => {
    // 04:30 in Algiers (UTC+1), after BACKUP_HOUR=3
    const at = "2026-03-05T03:30:00.000Z";
    const round = async () => {
      const workers = Array.from({ length: 3 }, () => worker(["daily", site.db, site.uploads, site.backups, at]));
      await Promise.all(workers.map((w) => w.ready));
      for (const w of workers) w.go();
      return (await Promise.all(workers.map((w) => w.done))).map((line) => (JSON.parse(line) as { taken: string | null }).taken);
    };
    const first = await round();
    const taken = first.filter((n): n is string => n !== null);
    expect(taken).toHaveLength(1);
    expect(listBackups(site.backups)).toEqual(taken);
    const run = await site.h.db.selectFrom("backup_runs").selectAll().execute();
    expect(run).toHaveLength(1);
    expect(run[0]).toMatchObject({ day: "2026-03-05", backup_name: taken[0] });
    expect(run[0].finished_at).not.toBeNull();

    expect((await round()).filter((n) => n !== null)).toEqual([]);
    expect(listBackups(site.backups)).toEqual(taken);
  }, 60_000);

  it("waits for BACKUP_HOUR in the clinic's time zone, and does nothing with BACKUP_DAILY=false", async () => {
    // 02:30 in Algiers
    expect(await runDailyBackup(site.h, site.config, new Date("2026-03-06T01:30:00.000Z"))).toBeNull();
    expect(await runDailyBackup(site.h, configOf(site, { BACKUP_DAILY: "false" }), new Date("2026-03-06T05:00:00.000Z"))).toBeNull();
    expect(await site.h.db.selectFrom("backup_runs").select("day").where("day", "=", "2026-03-06").execute()).toEqual([]);
    const due = await runDailyBackup(site.h, site.config, new Date("2026-03-06T02:00:00.000Z"));
    expect(due?.name).toMatch(BACKUP_NAME);
  });
});

describe("db:restore refuses what it must not restore", () => {
  let site: Awaited<ReturnType<typeof makeSite>>;
  let backupPath: string;
  let target: { dir: string; db: string; uploads: string; backups: string };
  let targetDump: Record<string, unknown[]>;
  beforeAll(async () => {
    site = await makeSite("refuse", 2000);
    await site.h.close();
    backupPath = (await createBackup({ databasePath: site.db, uploadDir: site.uploads, backupDir: site.backups, keep: 14, kind: "manuelle" })).path;
    // the database in place: another site with other rows
    const other = await makeSite("target", 3);
    await other.h.close();
    target = other;
    targetDump = dump(target.db);
  });

  async function refused(source: string, code: number, message: RegExp) {
    const r = await command(runRestoreCommand, [source], () => configOf(target));
    expect(r.err).toMatch(message);
    expect(r.code).toBe(code);
    expect(dump(target.db)).toEqual(targetDump);
    expect(listBackups(target.backups)).toEqual([]);
  }

  it("a file that fails integrity_check, a file that is not SQLite, a database without the migrations table, a backup that does not match its manifest", async () => {
    const corrupt = path.join(tempDir("corrupt"), "corrupt.db");
    fs.copyFileSync(path.join(backupPath, BACKUP_DB_FILE), corrupt);
    const size = fs.statSync(corrupt).size;
    const fd = fs.openSync(corrupt, "r+");
    // overwrite pages in the middle of the file (appointment rows and index pages)
    fs.writeSync(fd, Buffer.alloc(4096 * 4, 0x5a), 0, 4096 * 4, Math.floor(size / 2 / 4096) * 4096);
    fs.closeSync(fd);
    await refused(corrupt, 2, /Restauration refusée : (Le contrôle d'intégrité de la base a échoué|La base est illisible ou endommagée)/);

    const text = path.join(tempDir("text"), "notes.db");
    fs.writeFileSync(text, "ceci n'est pas une base ".repeat(200));
    await refused(text, 2, /Ce fichier n'est pas une base SQLite/);

    const foreign = path.join(tempDir("foreign"), "foreign.db");
    const db = new SQLite(foreign);
    db.exec("create table notes (x text); insert into notes values ('a')");
    db.close();
    await refused(foreign, 2, /la table des migrations \(kysely_migration\) est absente/);

    const altered = path.join(tempDir("altered"), "backup");
    fs.cpSync(backupPath, altered, { recursive: true });
    const raw = new SQLite(path.join(altered, BACKUP_DB_FILE));
    raw.exec("delete from appointments where id = 1");
    raw.close();
    await refused(altered, 2, /ne correspond pas à l'empreinte notée dans manifest\.json/);

    await refused(path.join(target.dir, "absent"), 2, /Fichier introuvable/);
    const usage = await command(runRestoreCommand, [], () => configOf(target));
    expect(usage.code).toBe(2);
    expect(usage.err).toContain("Indiquez une seule sauvegarde");
  });

  it("the database of a running site only with --force; a dead process's marker does not count", async () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    fs.writeFileSync(path.join(target.dir, `site-${dead}.pid`), JSON.stringify({ pid: dead, database: path.resolve(target.db) }));
    const unmark = markSiteRunning(target.dir, target.db);
    const live = openDb({ kind: "sqlite", path: target.db });
    try {
      await refused(backupPath, 3, /Le site tourne sur cette base \(processus \d+\)\. Arrêtez-le avant de restaurer, ou relancez avec --force/);

      const forced = await command(runRestoreCommand, [backupPath, "--force"], () => configOf(target));
      expect(forced.err).toBe("");
      expect(forced.code).toBe(0);
      expect(forced.out).toContain("Les données remplacées sont gardées dans");
      // the running site's own connection reads the restored rows
      const seen = await live.db.selectFrom("appointments").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(seen.n)).toBe(2000);
      expect(dump(target.db)).toEqual(dump(path.join(backupPath, BACKUP_DB_FILE)));
      expect(files(target.uploads)).toEqual(files(path.join(backupPath, "uploads")));
      // what was replaced is kept as a backup
      const [safety] = listBackups(target.backups);
      expect(dump(path.join(target.backups, safety, BACKUP_DB_FILE))).toEqual(targetDump);
    } finally {
      await live.close();
      unmark();
    }
    const again = await command(runRestoreCommand, [backupPath], () => configOf(target));
    expect(again.code).toBe(0);
  });
});

describe("the commands as processes", () => {
  it("npm run db:backup then db:restore into another folder; on PostgreSQL the backup prints pg_dump and writes nothing", async () => {
    const site = await makeSite("scripts");
    await site.h.close();
    const env = (s: { dir: string; db: string; uploads: string; backups: string }) => ({
      ...process.env,
      DATABASE_URL: `file:${s.db}`,
      UPLOAD_DIR: s.uploads,
      DATA_DIR: s.dir,
      BACKUP_DIR: s.backups,
      BACKUP_KEEP: "2",
    });
    const backup = spawnSync(process.execPath, ["--import", "tsx", path.resolve("scripts/db-backup.ts")], { env: env(site), encoding: "utf8" });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/^Sauvegarde écrite : .*clinic-\d{8}T\d{9}Z-[0-9a-f]{4}\n {2}base .* Mo, 3 image\(s\) téléversée\(s\), intégrité vérifiée\./);
    expect(backup.status).toBe(0);
    const [name] = listBackups(site.backups);

    const fresh = tempDir("scripts-fresh");
    const target = { dir: fresh, db: path.join(fresh, "clinic.db"), uploads: path.join(fresh, "uploads"), backups: path.join(fresh, "backups") };
    const restore = spawnSync(process.execPath, ["--import", "tsx", path.resolve("scripts/db-restore.ts"), path.join(site.backups, name)], { env: env(target), encoding: "utf8" });
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);
    expect(dump(target.db)).toEqual(dump(site.db));

    const pgBackups = path.join(fresh, "pg-backups");
    const pg = spawnSync(process.execPath, ["--import", "tsx", path.resolve("scripts/db-backup.ts")], {
      env: { ...env(target), DATABASE_URL: "postgres://clinic@127.0.0.1:5432/clinique", BACKUP_DIR: pgBackups },
      encoding: "utf8",
    });
    expect(pg.stdout).toContain("La base est PostgreSQL : « npm run db:backup » et « npm run db:restore » ne traitent que SQLite. Rien n'a été fait.");
    expect(pg.stdout).toContain('pg_dump --format=custom --file="clinique-$(date +%F).dump" "$DATABASE_URL"');
    expect(pg.stdout).toContain("pg_restore --clean --if-exists --no-owner");
    expect(pg.status).toBe(2);
    expect(fs.existsSync(pgBackups)).toBe(false);
  }, 60_000);
});
