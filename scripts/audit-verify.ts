/**
 * npm run audit:verify
 * npm run audit:verify -- --resign
 *
 * Walks the audit log's hash chain (ADR 019) of the database named by DATABASE_URL, from the
 * purge's signed checkpoint to the newest entry, and checks every checkpoint's signature (a key
 * derived from SESSION_SECRET, or DATA_DIR/session-secret when it is not set: the site's own).
 * Prints 'Journal intègre : N entrées vérifiées jusqu'au <date>' and exits 0, or names the first
 * broken entry (its id and what is wrong: contenu modifié, entrée supprimée, ordre modifié, point de
 * contrôle invalide, entrée hors de la chaîne) and exits 1. Prints ids, places and dates, never an
 * entry's content. Reads only (it runs the migrations first, as the site does at start).
 *
 * --resign, after a change of SESSION_SECRET (every checkpoint is then 'signé avec une autre clé'):
 * the chain is walked with the checkpoints taken as they are; only if it is intact, those of
 * another key are replaced by checkpoints of the current key (and the journal says so); then the
 * usual verification.
 */
import fs from "node:fs";
import path from "node:path";
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { resignAuditCheckpoints } from "../app/.server/audit";
import { AUDIT_PROBLEM_LABELS, verifyAuditLog, type AuditVerification } from "../app/.server/audit-verify";
import { ConfigError, getConfig } from "../app/.server/config";
import { closeDb, getDb, type Db } from "../app/.server/db";
import { migrateToLatest } from "../app/.server/db/migrations";
import { formatJournalTime } from "../app/lib/journal-entry";
import { formatNumber } from "../app/lib/format";

export interface AuditVerifyIo {
  argv?: string[];
  out: (line: string) => void;
  err: (line: string) => void;
  /** a database handle to use instead of opening DATABASE_URL (tests) */
  db?: Db;
  /** the session secret (tests); default: SESSION_SECRET, else DATA_DIR/session-secret */
  secret?: string;
}

const entries = (n: number) => `${formatNumber(n)} entrée${n > 1 ? "s" : ""}`;

/** The site's secret without making one (getSessionSecret would write a new file when there is none). */
function siteSecret(): string | null {
  const c = getConfig();
  if (c.SESSION_SECRET) return c.SESSION_SECRET;
  try {
    const s = fs.readFileSync(path.resolve(c.DATA_DIR, "session-secret"), "utf8").trim();
    return s.length >= 32 ? s : null;
  } catch {
    return null;
  }
}

/** The report's lines for one verification (exported for the tests). */
export function reportLines(v: AuditVerification): string[] {
  const until = v.last ? ` jusqu'au ${formatJournalTime(v.last.at)}` : "";
  const from = v.anchor ? `depuis le point de contrôle de la purge (entrée n° ${v.anchor.entryId} du ${formatJournalTime(v.anchor.at)})` : "depuis la première entrée";
  if (v.ok) {
    if (!v.last) return [`Journal intègre : aucune entrée à vérifier${v.anchor ? ` (${from})` : ""}.`];
    return [`Journal intègre : ${entries(v.entries)} vérifiée${v.entries > 1 ? "s" : ""}${until}.`, `Chaîne vérifiée ${from}, en ${formatNumber(v.ms)} ms.`];
  }
  const p = v.problem!;
  return [
    `Journal altéré : première entrée en cause${p.entryId !== null ? ` n° ${p.entryId}` : ""} — ${AUDIT_PROBLEM_LABELS[p.kind]}.`,
    p.message,
    v.last ? `Avant elle, ${entries(v.entries)} intègre${v.entries > 1 ? "s" : ""} ${from}${until}.` : `Aucune entrée intègre avant elle, ${from}.`,
  ];
}

export async function runAuditVerify(io: AuditVerifyIo): Promise<number> {
  const args = (io.argv ?? []).filter((a) => a !== "--");
  const unknown = args.find((a) => a !== "--resign");
  if (unknown) {
    io.err(`Erreur : option inconnue « ${unknown} ». Usage : npm run audit:verify [-- --resign]`);
    return 2;
  }
  let h = io.db;
  try {
    if (!h) {
      getConfig();
      h = getDb();
      await migrateToLatest(h.db, h.engine);
    }
    const secret = io.secret ?? siteSecret();
    if (!secret) {
      io.err("Erreur : SESSION_SECRET n'est pas défini et DATA_DIR/session-secret est absent : les points de contrôle signés du journal ne peuvent pas être vérifiés.");
      return 2;
    }
    if (args.includes("--resign")) {
      const before = await verifyAuditLog(h, { secret, acceptOtherKeys: true });
      if (!before.ok) {
        for (const line of reportLines(before)) io.out(line);
        io.out("Rien n'a été signé : la chaîne doit être intacte pour que ses points de contrôle soient signés à nouveau.");
        return 1;
      }
      const n = await resignAuditCheckpoints(h, secret);
      io.out(n > 0 ? `${n} point(s) de contrôle d'une autre clé remplacé(s) par des points signés avec la clé actuelle.` : "Tous les points de contrôle sont déjà signés avec la clé actuelle.");
    }
    const v = await verifyAuditLog(h, { secret });
    for (const line of reportLines(v)) io.out(line);
    return v.ok ? 0 : 1;
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : `Erreur : la vérification du journal n'a pas abouti (${err instanceof Error ? err.message : String(err)}).`);
    return 2;
  } finally {
    if (!io.db) await closeDb();
  }
}

function isMain(): boolean {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const code = await runAuditVerify({ argv: process.argv.slice(2), out: (l) => console.log(l), err: (l) => console.error(l) });
  process.exit(code);
}
