import { createHmac, hash, hkdfSync } from "node:crypto";

/**
 * The audit log's hash chain (ADR 019): pure functions, shared by the writer (app/.server/audit.ts),
 * the migration that chains the entries already there, the verifier (app/.server/audit-verify.ts)
 * and the tests. Nothing here reads the configuration or the database.
 *
 * Each entry carries its place in the chain (`seq`: 1, 2, 3… with no gap), the hash of the entry
 * before it (`prev_hash`; the first entry has AUDIT_GENESIS_HASH) and its own `hash`:
 *
 *   hash = hex(SHA-256(UTF-8(JSON.stringify(["clinic-audit-v1", prev_hash, seq, at, staff_user_id,
 *                                             actor, ip, action, target_type, target_id, detail]))))
 *
 * A JSON array of strings, integers and nulls is one unambiguous text: every field is quoted and
 * escaped (no separator can be forged inside a field), null differs from "" and 7 from "7". The
 * row's `id` is not in it (the database gives it after the insert); the verifier checks instead
 * that ids grow with `seq`.
 *
 * Checkpoints (`audit_checkpoints`) vouch for a place in the chain with an HMAC-SHA256 under a key
 * derived from SESSION_SECRET (HKDF-SHA256, info "audit-checkpoint"): the purge leaves one for the
 * last entry it deleted (where the remaining chain starts), and the hourly job seals the newest
 * entry, so a chain recomputed after an edit no longer matches a signature nobody else can make.
 */
export const AUDIT_CHAIN_VERSION = "clinic-audit-v1";
export const AUDIT_GENESIS_HASH = "0".repeat(64);

/** The fields of an entry the hash covers. */
export interface ChainedFields {
  seq: number;
  at: string;
  staff_user_id: number | null;
  actor: string;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: string | null;
}

/** The text hashed for the entry at place `seq` (the entry's own `seq` is not read: the verifier tries entries at other places). */
export function auditEntryText(prevHash: string, e: Omit<ChainedFields, "seq">, seq: number): string {
  return JSON.stringify([
    AUDIT_CHAIN_VERSION,
    prevHash,
    Number(seq),
    e.at,
    e.staff_user_id === null ? null : Number(e.staff_user_id),
    e.actor,
    e.ip,
    e.action,
    e.target_type,
    e.target_id,
    e.detail,
  ]);
}

export function auditEntryHash(prevHash: string, e: ChainedFields): string {
  return hash("sha256", auditEntryText(prevHash, e, e.seq), "hex");
}

/** The hash the entry `e` would have at place `seq` after `prevHash`. */
export function auditHashAt(prevHash: string, e: Omit<ChainedFields, "seq">, seq: number): string {
  return hash("sha256", auditEntryText(prevHash, e, seq), "hex");
}

/**
 * A text as both engines store it: a lone UTF-16 surrogate (a cut emoji) becomes U+FFFD, as it
 * would on its way to the database, so the hash is made of what is read back.
 */
export function storedText(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

export type CheckpointKind = "purge" | "seal";

/** What a checkpoint vouches for: the entry at `seq` (its id, time and hash), at `created_at`. */
export interface CheckpointFields {
  kind: CheckpointKind;
  seq: number;
  entry_id: number;
  entry_at: string;
  hash: string;
  created_at: string;
}

/** The checkpoints' key: HKDF-SHA256(SESSION_SECRET, info "audit-checkpoint"), distinct from every other use of the secret. */
export function checkpointKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "", "audit-checkpoint", 32));
}

/** A short public name of the key (stored beside each signature, so a changed SESSION_SECRET is told apart from a forgery). */
export function checkpointKeyId(key: Buffer): string {
  return createHmac("sha256", key).update("key-id").digest("hex").slice(0, 16);
}

export function checkpointMac(key: Buffer, c: CheckpointFields): string {
  const text = JSON.stringify([AUDIT_CHAIN_VERSION, "checkpoint", c.kind, Number(c.seq), Number(c.entry_id), c.entry_at, c.hash, c.created_at]);
  return createHmac("sha256", key).update(text, "utf8").digest("hex");
}

/** Compares two hex MACs without leaking where they differ. */
export function sameMac(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
