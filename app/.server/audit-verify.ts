import type { Kysely, Selectable } from "kysely";
import { formatJournalTime } from "~/lib/journal-entry";
import { AUDIT_GENESIS_HASH, auditHashAt, checkpointKey, checkpointKeyId, checkpointMac, sameMac } from "./audit-chain";
import type { Db } from "./db";
import type { AuditCheckpointsTable, Database } from "./db/types";

/**
 * The audit log's verifier (ADR 019): walks the hash chain (app/.server/audit-chain.ts) from the
 * purge's latest checkpoint to the newest entry and names the first entry that breaks it. Used by
 * `npm run audit:verify` (scripts/audit-verify.ts) and by the journal screen (auditIntegrity, which
 * keeps the position verified per process and reads only what came after it).
 *
 * What it finds, in the order of the chain:
 * - a checkpoint whose signature is not the site's ('point de contrôle invalide');
 * - a missing place in the chain ('entrée supprimée'): the purge leaves a signed checkpoint where
 *   the remaining chain starts, so only the start may go, and only through it;
 * - an id out of the chain's order, or an entry whose content is another entry's ('ordre modifié');
 * - an entry whose hash is not that of its content and its predecessor's hash, or whose hash was
 *   recomputed (its successor names another), or a chain recomputed past a seal ('contenu modifié');
 * - an entry without its place or hashes, or placed before the start ('entrée hors de la chaîne').
 * Its messages hold ids, places and dates, never an entry's content.
 */

export type AuditProblemKind = "modified" | "deleted" | "reordered" | "checkpoint" | "outside";

export const AUDIT_PROBLEM_LABELS: Record<AuditProblemKind, string> = {
  modified: "contenu modifié",
  deleted: "entrée supprimée",
  reordered: "ordre modifié",
  checkpoint: "point de contrôle invalide",
  outside: "entrée hors de la chaîne",
};

export interface AuditProblem {
  kind: AuditProblemKind;
  /** the first entry in question (for a deletion: the entry that follows the gap, or the deleted one when a checkpoint names it) */
  entryId: number | null;
  /** one French sentence: ids, places and dates only */
  message: string;
}

export interface AuditVerification {
  ok: boolean;
  problem: AuditProblem | null;
  /** entries of the chain found intact (when broken: those before the problem) */
  entries: number;
  /** the newest entry found intact */
  last: { id: number; seq: number; at: string } | null;
  /** the purge's checkpoint the chain starts from (none: from the first entry ever) */
  anchor: { seq: number; entryId: number; at: string } | null;
  /** entries read by this pass (all of them, or only the new ones after a cached position) */
  read: number;
  incremental: boolean;
  ms: number;
}

/** Where a pass ended intact: the next pass may start there (incremental). */
export interface VerifiedPosition {
  anchorSeq: number;
  seq: number;
  id: number;
  at: string;
  hash: string;
  entries: number;
  /** the highest checkpoint id already checked */
  checkpointId: number;
}

type Row = {
  id: number;
  seq: number | null;
  prev_hash: string | null;
  hash: string | null;
  at: string;
  staff_user_id: number | null;
  actor: string;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: string | null;
};
type Checkpoint = Selectable<AuditCheckpointsTable>;

const COLUMNS = ["id", "seq", "prev_hash", "hash", "at", "staff_user_id", "actor", "ip", "action", "target_type", "target_id", "detail"] as const;
/** Entries read at a time: on SQLite a read holds the process's thread, so a walk leaves room to other requests between batches. */
const BATCH = 2000;
/** How far around a broken entry the verifier looks for the entry whose content it holds. */
const SWAP_WINDOW = 64;

const n = (v: number | string | bigint | null) => (v === null ? null : Number(v));
const when = (iso: string) => formatJournalTime(iso);

const hashOf = auditHashAt;

class Broken extends Error {
  constructor(readonly problem: AuditProblem) {
    super(problem.message);
  }
}

function broken(kind: AuditProblemKind, entryId: number | null, message: string): never {
  throw new Broken({ kind, entryId, message });
}

export interface VerifyOptions {
  /** SESSION_SECRET: the checkpoints' key is derived from it */
  secret: string;
  /** continue from a position a previous pass found intact (the journal screen) */
  from?: VerifiedPosition | null;
  /** called with the position reached when the chain is intact */
  onVerified?: (p: VerifiedPosition) => void;
  /**
   * Take the checkpoints signed with another key as they are (only `npm run audit:verify --
   * --resign`, after a change of SESSION_SECRET, before it signs them again): the chain is still
   * walked from them and compared with them; a signature of the current key must still be valid.
   */
  acceptOtherKeys?: boolean;
}

/** Walk the chain; never throws for a broken chain (it is the answer), only for a database error. */
export async function verifyAuditLog(h: Pick<Db, "db">, opts: VerifyOptions): Promise<AuditVerification> {
  const started = performance.now();
  if (opts.from) {
    const quick = await walk(h.db, opts, opts.from, started);
    // anything odd after a cached position: the whole chain again, to name the first broken entry
    if (quick) return quick;
  }
  return (await walk(h.db, opts, null, started))!;
}

/**
 * One pass. From a cached position, answers null when it cannot vouch for the chain by reading
 * only what is new (the caller then walks it all).
 */
async function walk(db: Kysely<Database>, opts: VerifyOptions, from: VerifiedPosition | null, started: number): Promise<AuditVerification | null> {
  const key = checkpointKey(opts.secret);
  const keyId = checkpointKeyId(key);
  const state = {
    entries: 0,
    read: 0,
    last: null as { id: number; seq: number; at: string } | null,
    anchor: null as AuditVerification["anchor"],
  };
  const result = (problem: AuditProblem | null): AuditVerification => ({
    ok: problem === null,
    problem,
    entries: state.entries,
    last: state.last,
    anchor: state.anchor,
    read: state.read,
    incremental: from !== null,
    ms: Math.round(performance.now() - started),
  });

  try {
    // 1. the checkpoints: every signature (from a cached position: the new ones)
    let cq = db.selectFrom("audit_checkpoints").selectAll().orderBy("seq").orderBy("id");
    if (from) cq = cq.where("id", ">", from.checkpointId);
    const checkpoints: Checkpoint[] = (await cq.execute()).map((c) => ({ ...c, id: Number(c.id), seq: Number(c.seq), entry_id: Number(c.entry_id) }));
    for (const c of checkpoints) {
      if (c.key_id !== keyId && opts.acceptOtherKeys) continue;
      if (c.key_id !== keyId) {
        broken("checkpoint", c.entry_id, `Point de contrôle du ${when(c.created_at)} (entrée n° ${c.entry_id}) : signé avec une autre clé — falsifié, ou SESSION_SECRET a changé depuis.`);
      }
      if (!sameMac(checkpointMac(key, c), c.mac)) broken("checkpoint", c.entry_id, `Point de contrôle du ${when(c.created_at)} (entrée n° ${c.entry_id}) : signature invalide.`);
    }
    const maxCheckpoint = await db.selectFrom("audit_checkpoints").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
    const checkpointId = n(maxCheckpoint?.id ?? null) ?? 0;

    // 2. where the chain starts: the latest purge checkpoint
    const anchorRow = await db.selectFrom("audit_checkpoints").selectAll().where("kind", "=", "purge").orderBy("seq", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
    const anchor = anchorRow ? { seq: Number(anchorRow.seq), entryId: Number(anchorRow.entry_id), at: anchorRow.entry_at, hash: anchorRow.hash } : null;
    state.anchor = anchor ? { seq: anchor.seq, entryId: anchor.entryId, at: anchor.at } : null;
    const anchorSeq = anchor?.seq ?? 0;

    // 3. entries outside the chain: without a place, or placed at or before its start
    const outside =
      (await db.selectFrom("audit_log").select(["id", "seq"]).where("seq", "is", null).limit(1).executeTakeFirst()) ??
      (await db.selectFrom("audit_log").select(["id", "seq"]).where("seq", "<=", anchorSeq).orderBy("seq").limit(1).executeTakeFirst());
    if (outside) {
      broken(
        "outside",
        Number(outside.id),
        outside.seq === null
          ? `Entrée n° ${outside.id} : ajoutée hors de la chaîne (sans place ni empreinte).`
          : `Entrée n° ${outside.id} : placée avant le début de la chaîne (position ${outside.seq}, le journal commence après la position ${anchorSeq}).`,
      );
    }

    // the seals to compare on the way (from a cached position: the new ones)
    const seals = new Map<number, Checkpoint>();
    for (const c of checkpoints) if (c.kind === "seal" && c.seq > anchorSeq) seals.set(c.seq, c);

    let prevHash = anchor?.hash ?? AUDIT_GENESIS_HASH;
    let prevId = anchor?.entryId ?? 0;
    let expected = anchorSeq + 1;
    /** the first entry after the last place a checkpoint vouched for: where a recomputed chain may start */
    let sinceCheckpoint: number | null = null;

    if (from) {
      if (from.seq <= anchorSeq) return null;
      const at = await db.selectFrom("audit_log").select(["id", "hash"]).where("seq", "=", from.seq).executeTakeFirst();
      if (!at || Number(at.id) !== from.id || at.hash !== from.hash) return null;
      // the seals written since, on entries already verified
      const older = [...seals.values()].filter((c) => c.seq <= from.seq);
      if (older.length > 0) {
        const rows = await db.selectFrom("audit_log").select(["seq", "id", "hash"]).where("seq", "in", older.map((c) => c.seq)).execute();
        const bySeq = new Map(rows.map((r) => [Number(r.seq), r]));
        for (const c of older) {
          const r = bySeq.get(c.seq);
          if (!r || Number(r.id) !== c.entry_id || r.hash !== c.hash) return null;
        }
      }
      prevHash = from.hash;
      prevId = from.id;
      expected = from.seq + 1;
      state.entries = from.seq - anchorSeq;
      state.last = { id: from.id, seq: from.seq, at: from.at };
    }

    // 4. the walk, in the chain's order
    let lastHash = prevHash;
    for (;;) {
      // integers come back as numbers on both engines (the pg driver parses int4)
      const rows: Row[] = await db
        .selectFrom("audit_log")
        .select([...COLUMNS])
        .where("seq", ">", expected - 1)
        .orderBy("seq")
        .limit(BATCH)
        .execute();
      state.read += rows.length;
      for (const r of rows) {
        const seq = r.seq!;
        if (seq !== expected) {
          const missing = seq - expected;
          const gone = missing > 1 ? `${missing} entrées supprimées` : "une entrée supprimée";
          const where = prevId === 0 ? "au début du journal" : `après la n° ${prevId}`;
          const places = missing > 1 ? `positions ${expected} à ${seq - 1}` : `position ${expected}`;
          broken("deleted", r.id, `Entrée n° ${r.id} : ${gone} juste avant elle, ${where} (${places} de la chaîne).`);
        }
        if (r.id <= prevId) broken("reordered", r.id, `Entrée n° ${r.id} : ordre modifié (elle vient après la n° ${prevId} dans la chaîne).`);
        if (r.hash === null || r.prev_hash === null) broken("outside", r.id, `Entrée n° ${r.id} : ajoutée hors de la chaîne (sans empreinte).`);
        const own = hashOf(r.prev_hash, r, seq) === r.hash;
        if (r.prev_hash !== prevHash && own) {
          // an intact entry that follows another hash: the one before it was rewritten, its hash recomputed
          if (state.last === null) {
            broken("modified", r.id, `Entrée n° ${r.id} : ne suit plus le point de contrôle du début du journal (entrée n° ${prevId}) : chaîne recalculée.`);
          }
          broken("modified", prevId, `Entrée n° ${prevId} : contenu modifié (son empreinte a été recalculée ; l'entrée n° ${r.id} en désigne une autre).`);
        }
        if (r.prev_hash !== prevHash || !own) await diagnose(db, r, seq, prevHash);
        const seal = seals.get(seq);
        if (seal && (seal.hash !== r.hash || seal.entry_id !== r.id)) {
          const first = sinceCheckpoint ?? r.id;
          broken(
            "modified",
            first,
            first === r.id
              ? `Entrée n° ${r.id} : contenu modifié (elle ne correspond plus au point de contrôle du ${when(seal.created_at)} : chaîne recalculée).`
              : `Entrées n° ${first} à ${r.id} : contenu modifié (la chaîne a été recalculée et ne correspond plus au point de contrôle du ${when(seal.created_at)}).`,
          );
        }
        if (seal) sinceCheckpoint = null;
        else sinceCheckpoint ??= r.id;
        prevHash = r.hash;
        lastHash = r.hash;
        prevId = r.id;
        expected = seq + 1;
        state.entries += 1;
        state.last = { id: r.id, seq, at: r.at };
      }
      if (rows.length < BATCH) break;
    }

    // 5. the end: a seal past the newest entry names entries deleted from the end
    const lastSeq = expected - 1;
    for (const c of seals.values()) {
      if (c.seq > lastSeq) {
        const end = state.last ? `le journal s'arrête à l'entrée n° ${state.last.id}` : "le journal est vide";
        broken(
          "deleted",
          c.entry_id,
          c.seq > lastSeq + 1
            ? `Entrées supprimées à la fin du journal (positions ${lastSeq + 1} à ${c.seq} de la chaîne), jusqu'à la n° ${c.entry_id} que désigne le point de contrôle du ${when(c.created_at)} ; ${end}.`
            : `Entrée n° ${c.entry_id} : supprimée (position ${c.seq} de la chaîne, désignée par le point de contrôle du ${when(c.created_at)}) ; ${end}.`,
        );
      }
    }
    if (from) {
      // the chain still starts where the purge left it (old entries may be deleted without the
      // triggers' leave; one deleted further in needs the triggers dropped, and a whole walk finds it)
      const first = await db.selectFrom("audit_log").select((eb) => eb.fn.min("seq").as("seq")).executeTakeFirst();
      if (n(first?.seq ?? null) !== anchorSeq + 1) return null;
    }

    if (state.last) {
      opts.onVerified?.({ anchorSeq, seq: state.last.seq, id: state.last.id, at: state.last.at, hash: lastHash, entries: state.entries, checkpointId });
    }
    return result(null);
  } catch (err) {
    if (err instanceof Broken) return from ? null : result(err.problem);
    throw err;
  }
}

/**
 * An entry that does not hash as it should: is its content another entry's (moved, swapped: 'ordre
 * modifié'), or changed ('contenu modifié')? The entries around it are tried at its place.
 */
async function diagnose(db: Kysely<Database>, r: Row, seq: number, prevHash: string): Promise<never> {
  const around: Row[] = await db
    .selectFrom("audit_log")
    .select([...COLUMNS])
    .where("seq", ">=", seq - SWAP_WINDOW)
    .where("seq", "<=", seq + SWAP_WINDOW)
    .orderBy("seq")
    .execute();
  for (const o of around) {
    if (o.id === r.id) continue;
    const there = hashOf(prevHash, o, seq);
    if (there === r.hash || there === o.hash) {
      broken("reordered", r.id, `Entrée n° ${r.id} : ordre modifié (la place ${seq} de la chaîne revient au contenu de l'entrée n° ${o.id}).`);
    }
  }
  broken("modified", r.id, `Entrée n° ${r.id} : contenu modifié (son empreinte ne correspond plus à son contenu).`);
}

// ---- the journal screen: verified once, then only what is new ------------------------------------

/** After this long, the screen's check also walks the whole chain again, in the background (an edit of an old entry is seen within it). */
export const AUDIT_FULL_CHECK_MS = 10 * 60 * 1000;

interface IntegrityState {
  /** where the last whole walk (and the checks since) found the chain intact */
  position: VerifiedPosition | null;
  /** when the last whole walk started */
  fullAt: number;
  /** a broken chain found by a walk in the background, shown by the next check */
  broken: AuditVerification | null;
  running: Promise<void> | null;
}

const states = new WeakMap<object, IntegrityState>();

/**
 * The chain's state for the journal screen, kept per process and database. The first call walks
 * the whole chain (at 100,000 entries: see the benchmark); the next ones check the signatures of
 * new checkpoints, that the position reached still holds the same entry and hash, that the chain
 * still starts where the purge left it, and the entries written since: they cost what the new
 * entries cost. Anything odd walks the whole chain again to name the first broken entry. Every
 * AUDIT_FULL_CHECK_MS a whole walk also runs in the background (not awaited), and a break it finds
 * (an entry forged or deleted under the position, triggers dropped) is shown from the next call on.
 */
export async function auditIntegrity(h: Pick<Db, "db">, secret: string, now: number = Date.now()): Promise<AuditVerification> {
  let state = states.get(h.db);
  if (!state) {
    state = { position: null, fullAt: now, broken: null, running: null };
    states.set(h.db, state);
  }
  const s = state;
  if (s.broken) {
    const again = await verifyAuditLog(h, { secret });
    if (!again.ok) return again;
    s.broken = null;
    s.position = null;
  }
  const from = s.position;
  const res = await verifyAuditLog(h, {
    secret,
    from,
    onVerified: (p) => {
      s.position = p;
    },
  });
  if (!from) s.fullAt = now;
  if (!res.ok) {
    s.position = null;
    return res;
  }
  if (from && now - s.fullAt >= AUDIT_FULL_CHECK_MS && !s.running) {
    s.fullAt = now;
    s.running = verifyAuditLog(h, { secret })
      .then((full) => {
        if (!full.ok) s.broken = full;
      })
      .catch(() => {
        // a database error: the next check tries again
      })
      .finally(() => {
        s.running = null;
      });
  }
  return res;
}

/** Wait for the screen's walk in the background, if one runs (tests). */
export async function settleAuditIntegrity(h: Pick<Db, "db">): Promise<void> {
  await states.get(h.db)?.running;
}

/** Forget the screen's state of a database (tests); waits for a walk in the background. */
export async function forgetAuditIntegrity(h: Pick<Db, "db">): Promise<void> {
  await states.get(h.db)?.running;
  states.delete(h.db);
}
