import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { getConfig, type Config } from "./config";
import { nowIso, type Db } from "./db";
import { errorCode, log } from "./log";
import { clinicHour, todayInClinic } from "~/lib/clinic-time";
import { formatMegabytes } from "~/lib/format";

/**
 * Backups of the SQLite database with the uploads, and their restore (docs/architecture.md,
 * "Backups"; decision 007).
 *
 * A backup is one folder `BACKUP_DIR/clinic-<UTC time>-<random>/` holding `clinic.db` (a
 * consistent copy taken with SQLite's online backup API while the site runs), `uploads/` and
 * `manifest.json` (sizes and the SHA-256 of clinic.db). It is written under `.partial-<name>`
 * and renamed only once complete and checked, so a half-written backup never counts. Folders
 * are 0700, files 0600. The last BACKUP_KEEP backups are kept.
 *
 * PostgreSQL is backed up with pg_dump / pg_restore (see POSTGRES_BACKUP_HELP); these functions
 * are for SQLite only.
 */

export const BACKUP_DB_FILE = "clinic.db";
export const BACKUP_UPLOADS_DIR = "uploads";
export const BACKUP_MANIFEST = "manifest.json";
/** clinic-20260131T030000123Z-1a2b: the name sorts in time order. */
export const BACKUP_NAME = /^clinic-\d{8}T\d{9}Z-[0-9a-f]{4}$/;
const PARTIAL_PREFIX = ".partial-";
/** A `.partial-` folder older than this is the leftover of a crash and is removed. */
export const PARTIAL_STALE_MS = 60 * 60_000;
/** How often the server checks whether today's backup is due. */
export const DAILY_BACKUP_CHECK_MS = 10 * 60_000;
/** A claimed daily backup that never finished (its process died) may be taken again after this. */
export const DAILY_CLAIM_STALE_MS = 60 * 60_000;
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
/** Copy every page in one step: a step is one read transaction, so the copy is one snapshot. */
const ALL_PAGES = 0x7fffffff;
const MIGRATIONS_TABLE = "kysely_migration";
const SITE_MARKER = /^site-(\d+)\.pid$/;

export type BackupKind = "manuelle" | "quotidienne" | "avant-restauration";

/** A refusal or failure with a French message and the exit code of the command. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = 1,
  ) {
    super(message);
    this.name = "BackupError";
  }
}

export interface BackupOptions {
  databasePath: string;
  uploadDir: string;
  backupDir: string;
  keep: number;
  kind: BackupKind;
  now?: Date;
}

export interface BackupResult {
  name: string;
  path: string;
  databaseBytes: number;
  uploadFiles: number;
  removed: string[];
}

interface Manifest {
  format: 1;
  kind: BackupKind;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string };
  uploads: { files: number; bytes: number };
}

function mkdirPrivate(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
}

function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

function stampOf(now: Date): string {
  return now.toISOString().replace(/[-:.]/g, "");
}

/** Copy a folder of regular files (subfolders included; links and others skipped), private modes. */
function copyTree(from: string, to: string): { files: number; bytes: number } {
  mkdirPrivate(to);
  fs.chmodSync(to, DIR_MODE);
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(from)) return { files, bytes };
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const sub = copyTree(src, dst);
      files += sub.files;
      bytes += sub.bytes;
    } else if (entry.isFile()) {
      fs.copyFileSync(src, dst, fs.constants.COPYFILE_EXCL);
      fs.chmodSync(dst, FILE_MODE);
      files++;
      bytes += fs.statSync(dst).size;
    }
  }
  return { files, bytes };
}

/** Copy the whole of `source` into the SQLite file `target` (created if absent) with the online backup API. */
async function copyDatabase(source: SQLite.Database, target: string) {
  await source.backup(target, { progress: () => ALL_PAGES });
}

/** `PRAGMA integrity_check` = ok and the migrations table present; returns the row count of every table. */
export function checkDatabaseFile(file: string): Record<string, number> {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true });
    const problems = db.pragma("integrity_check") as { integrity_check: string }[];
    if (problems.length !== 1 || problems[0].integrity_check !== "ok") {
      throw new BackupError(`Le contrôle d'intégrité de la base a échoué (${problems.length} problème(s), par exemple : ${problems[0]?.integrity_check ?? "?"}).`, 2);
    }
    const tables = (db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[]).map((r) => r.name);
    if (!tables.includes(MIGRATIONS_TABLE) || !(db.prepare(`select count(*) as n from ${MIGRATIONS_TABLE}`).get() as { n: number }).n) {
      throw new BackupError(`Ce fichier n'est pas une base du site : la table des migrations (${MIGRATIONS_TABLE}) est absente ou vide.`, 2);
    }
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = (db.prepare(`select count(*) as n from "${t.replace(/"/g, '""')}"`).get() as { n: number }).n;
    return counts;
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const code = errorCode(err).code;
    throw new BackupError(
      code === "SQLITE_NOTADB" ? "Ce fichier n'est pas une base SQLite." : `La base est illisible ou endommagée (contrôle d'intégrité impossible : ${code || "erreur inconnue"}).`,
      2,
    );
  } finally {
    db?.close();
  }
}

/** The complete backups of `backupDir`, oldest first. */
export function listBackups(backupDir: string): string[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && BACKUP_NAME.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** Keep the last `keep` backups; remove older ones and the leftovers of crashed backups. */
export function pruneBackups(backupDir: string, keep: number, now: Date = new Date()): string[] {
  const all = listBackups(backupDir);
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const name of removed) fs.rmSync(path.join(backupDir, name), { recursive: true, force: true });
  for (const e of fs.readdirSync(backupDir, { withFileTypes: true })) {
    if (!e.isDirectory() || !e.name.startsWith(PARTIAL_PREFIX)) continue;
    const p = path.join(backupDir, e.name);
    if (now.getTime() - fs.statSync(p).mtimeMs > PARTIAL_STALE_MS) fs.rmSync(p, { recursive: true, force: true });
  }
  return removed;
}

/** Write one backup of the SQLite database and the uploads; see the top of this file. */
export async function createBackup(o: BackupOptions): Promise<BackupResult> {
  const now = o.now ?? new Date();
  if (!fs.existsSync(o.databasePath)) throw new BackupError(`Base de données introuvable : ${o.databasePath}`);
  mkdirPrivate(o.backupDir);
  const name = `clinic-${stampOf(now)}-${randomBytes(2).toString("hex")}`;
  const partial = path.join(o.backupDir, PARTIAL_PREFIX + name);
  fs.mkdirSync(partial, { mode: DIR_MODE });
  try {
    const dbFile = path.join(partial, BACKUP_DB_FILE);
    const source = new SQLite(o.databasePath, { fileMustExist: true });
    try {
      source.pragma("busy_timeout = 5000");
      await copyDatabase(source, dbFile);
    } finally {
      source.close();
    }
    // One self-contained file (no -wal beside it), checked before it counts.
    const copy = new SQLite(dbFile);
    try {
      copy.pragma("journal_mode = DELETE");
    } finally {
      copy.close();
    }
    fs.chmodSync(dbFile, FILE_MODE);
    checkDatabaseFile(dbFile);
    const uploads = copyTree(o.uploadDir, path.join(partial, BACKUP_UPLOADS_DIR));
    const databaseBytes = fs.statSync(dbFile).size;
    const manifest: Manifest = {
      format: 1,
      kind: o.kind,
      createdAt: now.toISOString(),
      database: { file: BACKUP_DB_FILE, bytes: databaseBytes, sha256: sha256(dbFile) },
      uploads,
    };
    fs.writeFileSync(path.join(partial, BACKUP_MANIFEST), JSON.stringify(manifest, null, 2) + "\n", { mode: FILE_MODE, flag: "wx" });
    const final = path.join(o.backupDir, name);
    fs.renameSync(partial, final);
    const removed = pruneBackups(o.backupDir, o.keep, now);
    return { name, path: final, databaseBytes, uploadFiles: uploads.files, removed };
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

// ---------------------------------------------------------------- running site

/**
 * While it runs, a server using a SQLite file keeps `DATA_DIR/site-<pid>.pid` (the pid and the
 * database path). The restore reads these files: a marker whose process is alive means the site
 * is running on that database. A marker left by a crash names a dead process and is ignored.
 */
export function markSiteRunning(dataDir: string, databasePath: string): () => void {
  mkdirPrivate(dataDir);
  const file = path.join(dataDir, `site-${process.pid}.pid`);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, database: path.resolve(databasePath) }) + "\n", { mode: FILE_MODE });
  return () => fs.rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live processes that declared they serve `databasePath`, with their marker files. */
export function runningSites(dataDir: string, databasePath: string): { pid: number; file: string }[] {
  if (!fs.existsSync(dataDir)) return [];
  const target = path.resolve(databasePath);
  const found: { pid: number; file: string }[] = [];
  for (const name of fs.readdirSync(dataDir)) {
    const m = SITE_MARKER.exec(name);
    if (!m) continue;
    const file = path.join(dataDir, name);
    try {
      const marker = JSON.parse(fs.readFileSync(file, "utf8")) as { pid?: number; database?: string };
      if (marker.database === target && marker.pid === Number(m[1]) && isAlive(marker.pid)) found.push({ pid: marker.pid, file });
    } catch {
      // a marker being written or removed right now: not a running site of this database
    }
  }
  return found;
}

// ---------------------------------------------------------------- restore

export interface RestoreOptions {
  source: string;
  databasePath: string;
  uploadDir: string;
  backupDir: string;
  dataDir: string;
  force: boolean;
}

export interface RestoreResult {
  tables: Record<string, number>;
  /** files put back in UPLOAD_DIR; null when the source had no uploads folder (a bare .db file) */
  uploadFiles: number | null;
  /** the backup of the database and uploads as they were just before the restore */
  safetyBackup: string | null;
}

function resolveSource(source: string): { db: string; uploads: string | null; manifest: Manifest | null } {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(source);
  } catch {
    throw new BackupError(`Fichier introuvable : ${source}`, 2);
  }
  if (stat.isFile()) return { db: source, uploads: null, manifest: null };
  const db = path.join(source, BACKUP_DB_FILE);
  if (!fs.existsSync(db)) throw new BackupError(`Ce dossier ne contient pas de ${BACKUP_DB_FILE} : ${source}`, 2);
  const uploads = path.join(source, BACKUP_UPLOADS_DIR);
  const manifestFile = path.join(source, BACKUP_MANIFEST);
  let manifest: Manifest | null = null;
  if (fs.existsSync(manifestFile)) {
    try {
      manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
    } catch {
      throw new BackupError(`${BACKUP_MANIFEST} est illisible : sauvegarde endommagée.`, 2);
    }
  }
  return { db, uploads: fs.existsSync(uploads) ? uploads : null, manifest };
}

/** Put `source` in place of a folder, through a sibling copy and two renames. */
function replaceFolder(source: string, target: string): number {
  const suffix = randomBytes(4).toString("hex");
  const incoming = `${target}.restauration-${suffix}`;
  const outgoing = `${target}.ancien-${suffix}`;
  mkdirPrivate(path.dirname(path.resolve(target)));
  try {
    const { files } = copyTree(source, incoming);
    const had = fs.existsSync(target);
    if (had) fs.renameSync(target, outgoing);
    fs.renameSync(incoming, target);
    if (had) fs.rmSync(outgoing, { recursive: true, force: true });
    return files;
  } finally {
    fs.rmSync(incoming, { recursive: true, force: true });
  }
}

/**
 * Check `source` (a backup folder or a bare SQLite file), refuse a running site's database
 * unless `force`, take a safety backup of what is there, then write the database with the
 * online backup API (a running server sees the restored data at its next query) and the uploads.
 */
export async function restoreBackup(o: RestoreOptions): Promise<RestoreResult> {
  const src = resolveSource(o.source);
  if (src.manifest && src.manifest.database?.sha256 !== sha256(src.db)) {
    throw new BackupError(`${BACKUP_DB_FILE} ne correspond pas à l'empreinte notée dans ${BACKUP_MANIFEST} : sauvegarde altérée, restauration refusée.`, 2);
  }
  const targetDir = path.dirname(path.resolve(o.databasePath));
  mkdirPrivate(targetDir);
  // The checks run on a private copy, so the source is read once and never modified.
  const staging = fs.mkdtempSync(path.join(targetDir, ".restauration-"));
  try {
    const staged = path.join(staging, BACKUP_DB_FILE);
    fs.copyFileSync(src.db, staged);
    fs.chmodSync(staged, FILE_MODE);
    const tables = checkDatabaseFile(staged);

    const running = runningSites(o.dataDir, o.databasePath);
    if (running.length && !o.force) {
      throw new BackupError(
        `Le site tourne sur cette base (processus ${running.map((r) => r.pid).join(", ")}). Arrêtez-le avant de restaurer, ou relancez avec --force pour remplacer les données du site en marche.`,
        3,
      );
    }

    let safetyBackup: string | null = null;
    if (fs.existsSync(o.databasePath)) {
      // Never pruned by the restore itself: the backup being restored may be the oldest one.
      const keepAll = Number.MAX_SAFE_INTEGER;
      safetyBackup = (await createBackup({ databasePath: o.databasePath, uploadDir: o.uploadDir, backupDir: o.backupDir, keep: keepAll, kind: "avant-restauration" })).path;
    }

    const from = new SQLite(staged);
    try {
      await copyDatabase(from, o.databasePath);
    } finally {
      from.close();
    }
    fs.chmodSync(o.databasePath, FILE_MODE);
    const written = checkDatabaseFile(o.databasePath);
    // (a running site, with --force, may already have written again)
    if (!running.length && JSON.stringify(written) !== JSON.stringify(tables)) throw new BackupError("La base restaurée ne contient pas les mêmes lignes que la sauvegarde.");

    const uploadFiles = src.uploads ? replaceFolder(src.uploads, o.uploadDir) : null;
    return { tables, uploadFiles, safetyBackup };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- daily backup

export type BackupConfig = Pick<Config, "DATABASE_URL" | "DATA_DIR" | "UPLOAD_DIR" | "BACKUP_DIR" | "BACKUP_KEEP" | "BACKUP_DAILY" | "BACKUP_HOUR">;

/**
 * Claim `day`'s backup: exactly one caller gets true, across processes and servers sharing the
 * database (the insert of the day's primary key is atomic). A claim that never finished and is
 * older than DAILY_CLAIM_STALE_MS is taken again by one caller (an update that only one matches).
 */
export async function claimDailyBackup(h: Db, day: string, now: Date = new Date()): Promise<boolean> {
  const inserted = await h.db
    .insertInto("backup_runs")
    .values({ day, started_at: now.toISOString(), finished_at: null, backup_name: null })
    .onConflict((oc) => oc.column("day").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const retaken = await h.db
    .updateTable("backup_runs")
    .set({ started_at: now.toISOString() })
    .where("day", "=", day)
    .where("finished_at", "is", null)
    .where("started_at", "<", new Date(now.getTime() - DAILY_CLAIM_STALE_MS).toISOString())
    .executeTakeFirst();
  return Number(retaken.numUpdatedRows) === 1;
}

/**
 * The server's daily backup (SQLite, BACKUP_DAILY): from BACKUP_HOUR in the clinic's time zone,
 * the first worker to claim the day writes the backup. A failure releases the claim so a later
 * check tries again; nothing is thrown.
 */
export async function runDailyBackup(h: Db, c: BackupConfig, now: Date = new Date()): Promise<BackupResult | null> {
  if (!c.BACKUP_DAILY || c.DATABASE_URL.kind !== "sqlite" || h.engine !== "sqlite") return null;
  if (clinicHour(now) < c.BACKUP_HOUR) return null;
  const day = todayInClinic(now);
  try {
    if (!(await claimDailyBackup(h, day, now))) return null;
  } catch (err) {
    log.error({ event: "backup_claim_failed", ...errorCode(err) }, "daily backup claim failed");
    return null;
  }
  try {
    const result = await createBackup({ databasePath: c.DATABASE_URL.path, uploadDir: c.UPLOAD_DIR, backupDir: c.BACKUP_DIR, keep: c.BACKUP_KEEP, kind: "quotidienne", now });
    await h.db.updateTable("backup_runs").set({ finished_at: nowIso(), backup_name: result.name }).where("day", "=", day).execute();
    log.info({ event: "backup_done", kind: "quotidienne", name: result.name, bytes: result.databaseBytes, uploads: result.uploadFiles, removed: result.removed.length }, "daily backup written");
    return result;
  } catch (err) {
    log.error({ event: "backup_failed", kind: "quotidienne", ...errorCode(err) }, "daily backup failed");
    try {
      await h.db.deleteFrom("backup_runs").where("day", "=", day).execute();
    } catch {
      // the claim stays; it is taken again once stale
    }
    return null;
  }
}

// ---------------------------------------------------------------- commands

export interface CommandIo {
  argv: string[];
  /** the validated configuration; read from the environment when absent */
  config: () => Config;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What to do on PostgreSQL: printed by both commands (see README, "Where the data lives"). */
export const POSTGRES_BACKUP_HELP = [
  "La base est PostgreSQL : « npm run db:backup » et « npm run db:restore » ne traitent que SQLite. Rien n'a été fait.",
  "Sauvegardez PostgreSQL avec ses propres outils, par exemple :",
  '  pg_dump --format=custom --file="clinique-$(date +%F).dump" "$DATABASE_URL"',
  '  tar -czf "uploads-$(date +%F).tar.gz" -C "$(dirname "$UPLOAD_DIR")" "$(basename "$UPLOAD_DIR")"',
  "Restauration (site arrêté) :",
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" clinique-AAAA-MM-JJ.dump',
];

/** Exit codes: 0 done, 1 failure, 2 nothing done (bad use, invalid file, PostgreSQL), 3 refused: the site runs. */
export const EXIT = { ok: 0, failed: 1, refused: 2, running: 3 } as const;

/** The configuration of a SQLite site; otherwise the exit code, after saying why (bad configuration, PostgreSQL). */
function sqliteSite(io: CommandIo): { c: Config; databasePath: string } | number {
  let c: Config;
  try {
    c = io.config();
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return EXIT.failed;
  }
  if (c.DATABASE_URL.kind === "sqlite") return { c, databasePath: c.DATABASE_URL.path };
  for (const line of POSTGRES_BACKUP_HELP) io.out(line);
  return EXIT.refused;
}

const BACKUP_USAGE = "Utilisation : npm run db:backup   (écrit une sauvegarde dans BACKUP_DIR et garde les BACKUP_KEEP dernières)";

/** `npm run db:backup`; returns the exit code. */
export async function runBackupCommand(io: CommandIo): Promise<number> {
  const args = io.argv.filter((a) => a !== "--");
  if (args.includes("--help") || args.includes("-h")) {
    io.out(BACKUP_USAGE);
    return EXIT.ok;
  }
  if (args.length) {
    io.err(`Argument inconnu : ${args[0]}`);
    io.err(BACKUP_USAGE);
    return EXIT.refused;
  }
  const site = sqliteSite(io);
  if (typeof site === "number") return site;
  const { c, databasePath } = site;
  try {
    const r = await createBackup({ databasePath, uploadDir: c.UPLOAD_DIR, backupDir: c.BACKUP_DIR, keep: c.BACKUP_KEEP, kind: "manuelle" });
    io.out(`Sauvegarde écrite : ${r.path}`);
    io.out(`  base ${formatMegabytes(r.databaseBytes)}, ${r.uploadFiles} image(s) téléversée(s), intégrité vérifiée.`);
    io.out(`  ${listBackups(c.BACKUP_DIR).length} sauvegarde(s) gardée(s) (BACKUP_KEEP=${c.BACKUP_KEEP})${r.removed.length ? `, ${r.removed.length} ancienne(s) supprimée(s)` : ""}.`);
    return EXIT.ok;
  } catch (err) {
    io.err(`Échec de la sauvegarde : ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof BackupError ? err.exitCode : EXIT.failed;
  }
}

const RESTORE_USAGE =
  "Utilisation : npm run db:restore -- DOSSIER_OU_FICHIER [--force]   (un dossier de BACKUP_DIR, ou un fichier .db ; --force remplace la base d'un site en marche)";

/** `npm run db:restore -- FILE [--force]`; returns the exit code. */
export async function runRestoreCommand(io: CommandIo): Promise<number> {
  const args = io.argv.filter((a) => a !== "--");
  if (args.includes("--help") || args.includes("-h")) {
    io.out(RESTORE_USAGE);
    return EXIT.ok;
  }
  const force = args.includes("--force");
  const unknown = args.filter((a) => a.startsWith("-") && a !== "--force");
  const files = args.filter((a) => !a.startsWith("-"));
  if (unknown.length || files.length !== 1) {
    io.err(unknown.length ? `Option inconnue : ${unknown[0]}` : "Indiquez une seule sauvegarde à restaurer.");
    io.err(RESTORE_USAGE);
    return EXIT.refused;
  }
  const site = sqliteSite(io);
  if (typeof site === "number") return site;
  const { c, databasePath } = site;
  try {
    const r = await restoreBackup({
      source: files[0],
      databasePath,
      uploadDir: c.UPLOAD_DIR,
      backupDir: c.BACKUP_DIR,
      dataDir: c.DATA_DIR,
      force,
    });
    if (r.safetyBackup) io.out(`Les données remplacées sont gardées dans : ${r.safetyBackup}`);
    const rows = Object.values(r.tables).reduce((a, b) => a + b, 0);
    io.out(`Base restaurée : ${databasePath} (intégrité vérifiée, ${Object.keys(r.tables).length} tables, ${rows} lignes).`);
    io.out(r.uploadFiles === null ? "Images téléversées : inchangées (la sauvegarde n'en contient pas)." : `Images téléversées restaurées : ${r.uploadFiles} fichier(s) dans ${c.UPLOAD_DIR}.`);
    return EXIT.ok;
  } catch (err) {
    const refused = err instanceof BackupError && err.exitCode !== EXIT.failed;
    io.err(`${refused ? "Restauration refusée" : "Échec de la restauration"} : ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof BackupError ? err.exitCode : EXIT.failed;
  }
}

/** Run a command of this module as the process (the scripts db-backup.ts and db-restore.ts) and exit with its code. */
export async function runAsProcess(command: (io: CommandIo) => Promise<number>): Promise<never> {
  const code = await command({ argv: process.argv.slice(2), config: getConfig, out: (l) => console.log(l), err: (l) => console.error(l) }).catch((err: unknown) => {
    console.error(`Erreur : ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.failed;
  });
  process.exit(code);
}

/** What becomes of an erased patient's data in the backups (docs/product.md, "Personal data"), for the record's privacy panel. */
export function erasedDataInBackupsText(): string {
  const c = getConfig();
  if (c.BACKUP_DAILY && c.DATABASE_URL.kind === "sqlite") {
    return `Les sauvegardes (une par jour, les ${c.BACKUP_KEEP} dernières gardées) les contiennent encore : elles en disparaissent au plus tard dans ${c.BACKUP_KEEP} jours.`;
  }
  return `Les sauvegardes les contiennent encore jusqu'à leur remplacement (les ${c.BACKUP_KEEP} dernières sont gardées).`;
}
