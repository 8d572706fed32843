import type { Kysely } from "kysely";
import type { AuditAction } from "~/lib/audit-actions";
import { AUDIT_GENESIS_HASH, auditEntryHash, checkpointKey, checkpointKeyId, checkpointMac, storedText, type CheckpointKind } from "./audit-chain";
import { getDb, nowIso, writeTransaction, type Db } from "./db";
import type { Database } from "./db/types";
import { log } from "./log";
import type { Actor } from "./actor";
import { getSessionSecret } from "./toast";

/**
 * The audit log (docs/product.md, "Staff: audit log"; ADR 010): who did what, when, from where,
 * to which target. Append-only: this module only inserts (and the purge deletes what is past the
 * retention period); triggers on both engines refuse any UPDATE and any earlier DELETE. An entry
 * never holds patient data: the target is a type and an id, the detail names fields, statuses or
 * roles, never a name, a phone, an amount or a note.
 *
 * Tamper-evident (ADR 019): each entry is appended to a hash chain (app/.server/audit-chain.ts) in
 * the transaction of its change; the purge leaves a signed checkpoint where the remaining chain
 * starts, and the hourly job seals the newest entry; app/.server/audit-verify.ts checks it all.
 */
export interface AuditActor {
  /** the staff account, or null (a failed sign-in with an unknown address) */
  userId: number | null;
  /** the account's address at the time */
  email: string;
  ip?: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  targetType?: "appointment" | "patient" | "staff" | "blog" | "formation" | "enrollment" | "schedule" | "team" | "audit" | "outbox" | "clinic" | "photo" | "gallery_case" | "review" | "export" | "payment" | "cash" | "quote" | "act";
  targetId?: string | number | null;
  detail?: string | null;
}

type Handle = Db | Kysely<Database>;

function isDb(h: Handle): h is Db {
  return "db" in h && "engine" in h;
}

/**
 * Write one entry. Pass the transaction of the change (`trx`) so that the entry and the change
 * commit together; an entry written on its own (sign-in, export) uses the app's handle.
 */
export async function audit(h: Handle, actor: AuditActor, event: AuditEvent): Promise<void> {
  await appendAuditEntry(h, {
    staff_user_id: actor.userId,
    actor: actor.email.slice(0, 254),
    ip: actor.ip ? actor.ip.slice(0, 64) : null,
    action: event.action,
    target_type: event.targetType ?? null,
    target_id: event.targetId === undefined || event.targetId === null ? null : String(event.targetId),
    detail: event.detail ? event.detail.slice(0, 500) : null,
  });
}

/** An entry's fields as stored, without its place in the chain. */
export interface AuditRowInit {
  /** default: now, read once the chain is locked (so that times follow the chain's order) */
  at?: string;
  staff_user_id: number | null;
  actor: string;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: string | null;
}

/**
 * Append one entry to the chain: lock the chain (the one row of `audit_chain`: on PostgreSQL the
 * row lock holds every other writer until this transaction ends, so two entries never follow the
 * same one; SQLite has one writer at a time), read its end, insert the entry with its place and
 * hashes. Joins the transaction it is given; the app's handle (`Db`) gets a write transaction of
 * its own. Tests and the benchmark call it to write entries with a time of their own.
 */
export async function appendAuditEntry(h: Handle, row: AuditRowInit): Promise<{ id: number; seq: number; hash: string }> {
  // a Db: a write transaction of its own (or the one it is in); a Kysely handle is the caller's
  // transaction (writeTransaction's: on SQLite a connection inside BEGIN IMMEDIATE)
  return isDb(h) ? writeTransaction(h, (trx) => appendLocked(trx, row)) : appendLocked(h, row);
}

/** Takes the chain's lock until the transaction ends (the row is made again if a test emptied the table). */
export async function lockAuditChain(trx: Kysely<Database>): Promise<void> {
  const bump = () =>
    trx
      .updateTable("audit_chain")
      .set((eb) => ({ appends: eb("appends", "+", 1) }))
      .where("id", "=", 1)
      .executeTakeFirst();
  if (Number((await bump()).numUpdatedRows) > 0) return;
  await trx.insertInto("audit_chain").values({ id: 1, appends: 0 }).onConflict((oc) => oc.column("id").doNothing()).execute();
  await bump();
}

/** The chain's last place and hash: the newest entry, else the purge's checkpoint, else the start. */
export async function auditChainEnd(trx: Kysely<Database>): Promise<{ seq: number; hash: string }> {
  const last = await trx.selectFrom("audit_log").select(["seq", "hash"]).where("seq", "is not", null).orderBy("seq", "desc").limit(1).executeTakeFirst();
  if (last) return { seq: Number(last.seq), hash: last.hash };
  const anchor = await trx.selectFrom("audit_checkpoints").select(["seq", "hash"]).where("kind", "=", "purge").orderBy("seq", "desc").limit(1).executeTakeFirst();
  if (anchor) return { seq: Number(anchor.seq), hash: anchor.hash };
  return { seq: 0, hash: AUDIT_GENESIS_HASH };
}

async function appendLocked(trx: Kysely<Database>, init: AuditRowInit): Promise<{ id: number; seq: number; hash: string }> {
  await lockAuditChain(trx);
  const end = await auditChainEnd(trx);
  const text = (v: string | null) => (v === null ? null : storedText(v));
  const fields = {
    seq: end.seq + 1,
    at: init.at ?? nowIso(),
    staff_user_id: init.staff_user_id,
    actor: storedText(init.actor),
    ip: text(init.ip),
    action: init.action,
    target_type: text(init.target_type),
    target_id: text(init.target_id),
    detail: text(init.detail),
  };
  const hash = auditEntryHash(end.hash, fields);
  const inserted = await trx
    .insertInto("audit_log")
    .values({ ...fields, prev_hash: end.hash, hash })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(inserted.id), seq: fields.seq, hash };
}

/** Sign a checkpoint of the entry at `e.seq`, inside the caller's transaction. */
async function writeCheckpoint(trx: Kysely<Database>, key: Buffer, kind: CheckpointKind, e: { id: number; seq: number; at: string; hash: string }) {
  const c = { kind, seq: Number(e.seq), entry_id: Number(e.id), entry_at: e.at, hash: e.hash, created_at: nowIso() };
  await trx
    .insertInto("audit_checkpoints")
    .values({ ...c, key_id: checkpointKeyId(key), mac: checkpointMac(key, c) })
    .execute();
}

/** The newest entry signed, unless a checkpoint already vouches for it; says whether one was written. */
async function sealLocked(trx: Kysely<Database>, key: Buffer): Promise<boolean> {
  const last = await trx.selectFrom("audit_log").select(["id", "seq", "at", "hash"]).where("seq", "is not", null).orderBy("seq", "desc").limit(1).executeTakeFirst();
  if (!last) return false;
  const latest = await trx.selectFrom("audit_checkpoints").select("seq").orderBy("seq", "desc").limit(1).executeTakeFirst();
  if (latest && Number(latest.seq) >= Number(last.seq)) return false;
  await writeCheckpoint(trx, key, "seal", { id: Number(last.id), seq: Number(last.seq), at: last.at, hash: last.hash });
  return true;
}

/**
 * Seal the chain's newest entry with a signed checkpoint (the hourly job does it after the purge):
 * a chain recomputed after an edit of any entry up to it no longer matches a signature that only
 * the site's key can make.
 */
export async function sealAuditLog(h: Db = getDb(), secret: string = getSessionSecret()): Promise<boolean> {
  const key = checkpointKey(secret);
  return writeTransaction(h, async (trx) => {
    await lockAuditChain(trx);
    return sealLocked(trx, key);
  });
}

/**
 * Write an entry for a change made by a staff account (`Actor` of the repos); a change made by
 * the patient (personal link) or the system is in the appointment's history, not in the audit log.
 */
export async function auditStaff(h: Handle, actor: Actor, event: AuditEvent): Promise<void> {
  if (actor.staffUserId === null) return;
  await audit(h, { userId: actor.staffUserId, email: actor.label, ip: actor.ip ?? null }, event);
}

/** The `actor` of an entry written by the site itself (the purge), with no account. */
export const AUDIT_SYSTEM_ACTOR = "système";

/** The actor of a signed-in staff member (the staff guard sets `ip`). */
export function actorOfStaff(staff: { userId: number; email: string; ip?: string }): AuditActor {
  return { userId: staff.userId, email: staff.email, ip: staff.ip ?? null };
}

/**
 * Sign the checkpoints again with the current key, after a change of SESSION_SECRET (`npm run
 * audit:verify -- --resign`, once the chain has been found intact with the old checkpoints taken
 * as they are): those signed with another key go, the start of the chain gets a checkpoint of the
 * current key, the newest entry a seal, and the journal an entry. Returns how many were replaced.
 */
export async function resignAuditCheckpoints(h: Db, secret: string): Promise<number> {
  const key = checkpointKey(secret);
  const keyId = checkpointKeyId(key);
  return writeTransaction(h, async (trx) => {
    await lockAuditChain(trx);
    const foreign = await trx.selectFrom("audit_checkpoints").select("id").where("key_id", "<>", keyId).execute();
    if (foreign.length === 0) return 0;
    const anchor = await trx.selectFrom("audit_checkpoints").selectAll().where("kind", "=", "purge").orderBy("seq", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
    await trx.deleteFrom("audit_checkpoints").where("key_id", "<>", keyId).execute();
    if (anchor && anchor.key_id !== keyId) {
      await writeCheckpoint(trx, key, "purge", { id: Number(anchor.entry_id), seq: Number(anchor.seq), at: anchor.entry_at, hash: anchor.hash });
    }
    await audit(trx, { userId: null, email: AUDIT_SYSTEM_ACTOR }, { action: "audit.resign", targetType: "audit", detail: `${foreign.length} point(s) de contrôle d'une autre clé remplacé(s)` });
    await sealLocked(trx, key);
    return foreign.length;
  });
}

/**
 * The instant before which the purge may delete: `months` calendar months before `now` (a day
 * past the end of a shorter month is the month's last day, as PostgreSQL counts: 30 September
 * less 7 months is 28 February, where JavaScript and SQLite would say 2 March), then one day
 * earlier. Both triggers' own limits are at or after it whatever the engine, so the purge never
 * asks to delete an entry a trigger keeps (which would refuse the whole purge).
 */
export function auditPurgeCutoff(now: Date, months: number): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const cutoff = new Date(Date.UTC(y, m, Math.min(now.getUTCDate(), lastDay), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()));
  cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  return cutoff;
}

/**
 * Delete the entries older than the retention period (team_settings.audit_retention_months),
 * then record the purge itself, in one transaction (never a purge without its entry). Run hourly
 * and at start by the background jobs (app/.server/startup.ts); returns how many went. Two
 * servers purging at once: the second finds nothing left and records nothing.
 *
 * What goes is the start of the chain, up to the first entry younger than the cut-off (entries
 * are chained as they are written, so in time order; one written with an older time after a
 * younger one waits for it). Before the delete, a checkpoint signed with a key derived from
 * SESSION_SECRET records the last entry deleted (place, id, time, hash): the chain left starts
 * from it, and no one without the key can move that start. Then the newest entry is sealed.
 */
export async function purgeAuditLog(h: Db = getDb(), now: Date = new Date(), secret: string = getSessionSecret()): Promise<number> {
  const row = await h.db.selectFrom("team_settings").select("audit_retention_months").where("id", "=", 1).executeTakeFirst();
  const months = Number(row?.audit_retention_months ?? 24);
  const cutoff = auditPurgeCutoff(now, months);
  const key = checkpointKey(secret);
  const n = await writeTransaction(h, async (trx) => {
    await lockAuditChain(trx);
    const firstKept = await trx
      .selectFrom("audit_log")
      .select((eb) => eb.fn.min("seq").as("seq"))
      .where("at", ">=", cutoff.toISOString())
      .executeTakeFirst();
    let last = trx.selectFrom("audit_log").select(["id", "seq", "at", "hash"]).where("seq", "is not", null).orderBy("seq", "desc").limit(1);
    if (firstKept?.seq !== null && firstKept?.seq !== undefined) last = last.where("seq", "<", Number(firstKept.seq));
    const lastGone = await last.executeTakeFirst();
    let deleted = 0;
    if (lastGone) {
      await writeCheckpoint(trx, key, "purge", { id: Number(lastGone.id), seq: Number(lastGone.seq), at: lastGone.at, hash: lastGone.hash });
      const res = await trx.deleteFrom("audit_log").where("seq", "<=", Number(lastGone.seq)).executeTakeFirst();
      deleted = Number(res.numDeletedRows ?? 0);
      // the checkpoints of the entries gone (earlier purges, seals) vouch for nothing left
      await trx.deleteFrom("audit_checkpoints").where("seq", "<", Number(lastGone.seq)).execute();
      await audit(trx, { userId: null, email: AUDIT_SYSTEM_ACTOR }, { action: "audit.purge", targetType: "audit", detail: `${deleted} entrée(s) antérieure(s) au ${cutoff.toISOString().slice(0, 10)}` });
    }
    await sealLocked(trx, key);
    return deleted;
  });
  if (n > 0) log.info({ event: "audit_purged", count: n }, "audit log purged");
  return n;
}
