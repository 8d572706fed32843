/**
 * Section of `npm run check:security` (issue 26, item 5): the audit log cannot be rewritten at the
 * database level, and what gets past the database is found by the chain's verifier (ADR 019).
 *
 * On the running site's SQLite file (opened beside the server, as someone with a shell on the
 * machine could): the forgery of the issue, `INSERT OR REPLACE INTO audit_log … SELECT id, …,
 * 'FORGED' FROM audit_log WHERE id = <first>` (REPLACE deletes the entry without firing the delete
 * trigger), then a DELETE and an UPDATE of that entry; each must be refused and the entry left as it
 * was; then the chain is verified with the site's key. When TEST_DATABASE_URL names a PostgreSQL
 * server: a temporary database, migrated, three entries, `TRUNCATE audit_log` (a TRUNCATE fires no
 * row trigger) must be refused and the chain verified; the database is dropped.
 */
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { audit } from "../../app/.server/audit";
import { verifyAuditLog, type AuditVerification } from "../../app/.server/audit-verify";
import { openDb } from "../../app/.server/db/connection";
import { migrateToLatest } from "../../app/.server/db/migrations";
import { check, failures, signInDentist, startServer, type Site } from "./common";

type Attempt = "refusé" | "accepté";

function attempt(db: Database.Database, statement: string): Attempt {
  try {
    db.prepare(statement).run();
    return "accepté";
  } catch {
    return "refusé";
  }
}

function chainWords(v: AuditVerification | null): string {
  if (!v) return "chaîne non vérifiable";
  if (v.ok) return `chaîne vérifiée : ${v.entries} entrée(s) intègre(s)`;
  return `chaîne rompue à l'entrée n° ${v.problem!.entryId} (${v.problem!.kind})`;
}

async function onSqlite(site: Site) {
  const file = site.databaseUrl.replace(/^file:/, "");
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  const first = () => db.prepare("select * from audit_log order by id limit 1").get() as Record<string, unknown> | undefined;
  try {
    if (!first()) await signInDentist(site.base); // a sign-in is an entry
    const before = first()!;
    const id = Number(before.id);
    const columns = (db.prepare("pragma table_info(audit_log)").all() as { name: string }[]).map((c) => c.name);
    const forged = columns.map((c) => (c === "detail" ? "'FORGED'" : c)).join(", ");
    const replace = attempt(db, `insert or replace into audit_log (${columns.join(", ")}) select ${forged} from audit_log where id = ${id}`);
    const del = attempt(db, `delete from audit_log where id = ${id}`);
    const update = attempt(db, `update audit_log set detail = 'FORGED' where id = ${id}`);
    const after = first();
    const intact = JSON.stringify(after) === JSON.stringify(before);

    let chain: AuditVerification | null = null;
    const h = openDb({ kind: "sqlite", path: file });
    try {
      chain = await verifyAuditLog(h, { secret: site.env.SESSION_SECRET });
    } catch {
      chain = null;
    } finally {
      await h.close();
    }
    const ok = replace === "refusé" && del === "refusé" && update === "refusé" && intact && chain?.ok === true;
    console.log(
      `Journal d'audit (SQLite du site) : INSERT OR REPLACE sur l'entrée n° ${id} ${replace}, DELETE ${del}, UPDATE ${update} ; ` +
        `entrée ${intact ? "intacte" : "RÉÉCRITE"} ; ${chainWords(chain)}  ${check(ok, "audit log rewritten on SQLite")}`,
    );
  } finally {
    db.close();
  }
}

async function onPostgres(url: string) {
  const name = `clinic_security_audit_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const h = openDb({ kind: "postgres", url: target.toString() });
    try {
      await migrateToLatest(h.db, h.engine);
      for (let i = 1; i <= 3; i++) await audit(h, { userId: null, email: "securite@clinique.test" }, { action: "schedule.change", detail: `vérification ${i}` });
      const client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
      let truncate: Attempt;
      let cascade: Attempt;
      try {
        truncate = await client.query("truncate audit_log").then(
          () => "accepté" as const,
          () => "refusé" as const,
        );
        cascade = await client.query("truncate audit_log, audit_checkpoints restart identity cascade").then(
          () => "accepté" as const,
          () => "refusé" as const,
        );
      } finally {
        await client.end();
      }
      const left = Number((await h.db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
      const chain = await verifyAuditLog(h, { secret: crypto.randomBytes(32).toString("hex") }); // no checkpoint here: any key
      const ok = truncate === "refusé" && cascade === "refusé" && left === 3 && chain.ok;
      console.log(
        `Journal d'audit (PostgreSQL, base temporaire) : TRUNCATE audit_log ${truncate}, TRUNCATE … CASCADE ${cascade} ; ${left}/3 entrées restantes ; ${chainWords(chain)}  ${check(ok, "audit log truncated on PostgreSQL")}`,
      );
    } finally {
      await h.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

export async function run(site: Site): Promise<void> {
  await onSqlite(site);
  const url = process.env.TEST_DATABASE_URL;
  if (url) await onPostgres(url);
  else console.log("Journal d'audit (PostgreSQL) : non vérifié (définissez TEST_DATABASE_URL=postgres://… pour l'inclure).");
}

// alone: a fresh server of its own
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const site = await startServer();
  console.log(`Site démarré sur ${site.base} (base SQLite temporaire).`);
  try {
    await run(site);
  } finally {
    await site.remove();
  }
  if (failures.length) {
    console.log(`\nÉchecs : ${failures.join(" ; ")}`);
    process.exit(1);
  }
}
