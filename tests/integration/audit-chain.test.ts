import crypto from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appendAuditEntry, audit, purgeAuditLog, sealAuditLog } from "~/.server/audit";
import { AUDIT_GENESIS_HASH, auditEntryHash, checkpointKey, checkpointKeyId, checkpointMac } from "~/.server/audit-chain";
import { AUDIT_FULL_CHECK_MS, auditIntegrity, forgetAuditIntegrity, settleAuditIntegrity, verifyAuditLog, type AuditVerification } from "~/.server/audit-verify";
import { writeTransaction, type Db } from "~/.server/db";
import { openDb } from "~/.server/db/connection";
import { createAuditChainTriggers, createAuditTriggers, dropAuditChainTriggers, dropAuditTriggers, migrateTo, migrateToLatest } from "~/.server/db/migrations";
import { insertStaff } from "~/.server/repos/staff";
import { createLoadContext, staffContext } from "~/context";
import * as journalRoute from "~/routes/admin.journal";
import { runAuditVerify } from "../../scripts/audit-verify";
import { describeEachEngine, TEST_DATABASE_URL } from "../helpers/db";
import { staffSession } from "../helpers/staff";
import { setAppEnv } from "./public-form";

/**
 * The audit log made tamper-evident (issue 26, item 5; ADR 019), on both engines: the database
 * refuses SQLite's INSERT OR REPLACE over an entry and PostgreSQL's TRUNCATE, as it refuses UPDATE
 * and early DELETE; each entry is chained (SHA-256 of the previous hash and its content) in the
 * transaction of its change, 50 concurrent writers included; and whatever gets past the triggers
 * (they are dropped here, as someone with the database's owner rights could) is found by the
 * verifier, which names the first broken entry: a forged entry, a deleted one, a reordered one, a
 * forged or missing checkpoint. The purge leaves a signed checkpoint and the chain still verifies;
 * `npm run audit:verify` and the journal screen say the same.
 */

const SECRET = "une-cle-de-session-pour-le-journal-0123456789";
const MONTH = 30 * 24 * 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The columns of audit_log as the table has them (so the forgery reads the same on an older schema). */
async function auditColumns(h: Db): Promise<string[]> {
  const cols = await h.db.introspection.getTables();
  return cols.find((t) => t.name === "audit_log")!.columns.map((c) => c.name);
}

describeEachEngine("audit log: tamper-evident chain", (t) => {
  const verify = (secret = SECRET) => verifyAuditLog(t.h, { secret });
  const entries = () => t.h.db.selectFrom("audit_log").selectAll().orderBy("seq").execute();

  /** `n` entries written as the app writes them (each in a transaction of its own), with a detail that must never be printed. */
  async function write(n: number, from = 1): Promise<number[]> {
    for (let i = from; i < from + n; i++) {
      await audit(t.h, { userId: null, email: "dr.essai@clinique.dz", ip: "198.51.100.7" }, { action: "patient.export", targetType: "patient", targetId: i, detail: `Dossier secret ${i}` });
    }
    return (await entries()).map((r) => Number(r.id));
  }

  /** What someone with the database's owner rights can do: the triggers set aside. */
  async function tamper(fn: () => Promise<unknown>) {
    await dropAuditTriggers(t.h.db, t.h.engine);
    await dropAuditChainTriggers(t.h.db, t.h.engine);
    try {
      await fn();
    } finally {
      await createAuditTriggers(t.h.db, t.h.engine);
      await createAuditChainTriggers(t.h.db, t.h.engine);
    }
  }

  function expectBroken(v: AuditVerification, kind: string, entryId: number | null) {
    expect(v.ok, JSON.stringify(v.problem)).toBe(false);
    expect({ kind: v.problem!.kind, entryId: v.problem!.entryId }).toEqual({ kind, entryId });
    // ids, places and dates only: never the content of an entry
    expect(v.problem!.message).not.toMatch(/Dossier secret|dr\.essai|198\.51/);
  }

  it("chains every entry as it is written: place, previous hash, SHA-256 of both and the content", async () => {
    await write(4);
    const rows = await entries();
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4]);
    let prev = AUDIT_GENESIS_HASH;
    for (const r of rows) {
      expect(r.prev_hash).toBe(prev);
      expect(r.hash).toBe(auditEntryHash(prev, { ...r, seq: Number(r.seq) }));
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
      prev = r.hash;
    }
    const v = await verify();
    expect(v).toMatchObject({ ok: true, entries: 4, last: { id: Number(rows[3].id), seq: 4 } });
  });

  it("a change rolled back leaves no entry and no hole in the chain (an id may be skipped, a place never)", async () => {
    await write(2);
    await expect(
      writeTransaction(t.h, async (trx) => {
        await audit(trx, { userId: null, email: "x@clinique.dz" }, { action: "schedule.change" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await write(1, 3);
    expect((await entries()).map((r) => Number(r.seq))).toEqual([1, 2, 3]);
    expect((await verify()).ok).toBe(true);
  });

  it("refuses an INSERT OR REPLACE over an entry (SQLite) or an upsert (PostgreSQL), and an entry outside the chain", async () => {
    const [first, second] = await write(3);
    const before = await entries();
    const cols = await auditColumns(t.h);
    const forged = cols.map((c) => (c === "detail" ? "'FORGED'" : c)).join(", ");
    if (t.engine === "sqlite") {
      // the attack of the issue: REPLACE deletes the entry without firing the delete trigger
      await expect(sql.raw(`insert or replace into audit_log (${cols.join(", ")}) select ${forged} from audit_log where id = ${first}`).execute(t.h.db)).rejects.toThrow(/never replaced/);
      // a new id on the place of an entry would delete it the same way (the place is unique)
      const moved = cols.map((c) => (c === "id" ? "id + 1000" : c === "detail" ? "'FORGED'" : c)).join(", ");
      await expect(sql.raw(`insert or replace into audit_log (${cols.join(", ")}) select ${moved} from audit_log where id = ${second}`).execute(t.h.db)).rejects.toThrow(/never replaced/);
    } else {
      await expect(
        sql.raw(`insert into audit_log (${cols.join(", ")}) select ${forged} from audit_log where id = ${first} on conflict (id) do update set detail = excluded.detail`).execute(t.h.db),
      ).rejects.toThrow(/never replaced|append-only/);
    }
    await expect(sql`insert into audit_log (at, actor, action) values (${ago(0)}, 'x@clinique.dz', 'schedule.change')`.execute(t.h.db)).rejects.toThrow(/appended to the chain only/);
    expect(await entries()).toEqual(before);
    expect((await verify()).ok).toBe(true);
  });

  it("still refuses every UPDATE and the DELETE of a recent entry; TRUNCATE too on PostgreSQL", async () => {
    const [first] = await write(2);
    await expect(t.h.db.updateTable("audit_log").set({ detail: "FORGED" }).where("id", "=", first).execute()).rejects.toThrow(/append-only/);
    await expect(t.h.db.deleteFrom("audit_log").where("id", "=", first).execute()).rejects.toThrow(/retention period/);
    await sealAuditLog(t.h, SECRET);
    await expect(t.h.db.updateTable("audit_checkpoints").set({ hash: AUDIT_GENESIS_HASH }).execute()).rejects.toThrow(/append-only/);
    if (t.engine === "postgres") {
      await expect(sql`truncate audit_log`.execute(t.h.db)).rejects.toThrow(/append-only/);
      await expect(sql`truncate audit_checkpoints`.execute(t.h.db)).rejects.toThrow(/append-only/);
      await expect(sql`truncate audit_log, audit_checkpoints cascade`.execute(t.h.db)).rejects.toThrow(/append-only/);
    }
    expect(await entries()).toHaveLength(2);
    expect((await verify()).ok).toBe(true);
  });

  it("finds a forged entry, whether its hash was left or recomputed", async () => {
    const ids = await write(6);
    await tamper(() => t.h.db.updateTable("audit_log").set({ detail: "FORGED" }).where("id", "=", ids[2]).execute());
    expectBroken(await verify(), "modified", ids[2]);

    // the forger recomputes the entry's own hash: the next entry still names the old one
    const row = (await entries())[2];
    const hash = auditEntryHash(row.prev_hash, { ...row, seq: Number(row.seq) });
    await tamper(() => t.h.db.updateTable("audit_log").set({ hash }).where("id", "=", ids[2]).execute());
    expectBroken(await verify(), "modified", ids[2]);
  });

  it("finds a chain recomputed after a forgery, up to the last seal", async () => {
    const ids = await write(5);
    expect(await sealAuditLog(t.h, SECRET)).toBe(true);
    expect(await sealAuditLog(t.h, SECRET)).toBe(false); // nothing new to seal
    await write(2, 6);
    // every hash from the forged entry on recomputed: each entry is consistent with the one before
    await tamper(async () => {
      let prev = (await entries())[1].hash;
      for (const r of (await entries()).slice(2)) {
        const detail = Number(r.id) === ids[2] ? "FORGED" : r.detail;
        const hash = auditEntryHash(prev, { ...r, detail, seq: Number(r.seq) });
        await t.h.db.updateTable("audit_log").set({ detail, prev_hash: prev, hash }).where("id", "=", r.id).execute();
        prev = hash;
      }
    });
    const v = await verify();
    expectBroken(v, "modified", ids[0]);
    expect(v.problem!.message).toContain(`Entrées n° ${ids[0]} à ${ids[4]}`);
  });

  it("finds a deleted entry: in the middle, at the start, at the end after a seal", async () => {
    const ids = await write(6);
    await sealAuditLog(t.h, SECRET);
    await tamper(() => t.h.db.deleteFrom("audit_log").where("id", "=", ids[2]).execute());
    let v = await verify();
    expectBroken(v, "deleted", ids[3]);
    expect(v.problem!.message).toContain(`après la n° ${ids[1]}`);
    expect(v.entries).toBe(2);

    await tamper(() => t.h.db.deleteFrom("audit_log").where("id", "=", ids[0]).execute());
    expectBroken(await verify(), "deleted", ids[1]);

    await tamper(() => t.h.db.deleteFrom("audit_log").where("id", "in", [ids[4], ids[5]]).execute());
    v = await verifyAuditLog(t.h, { secret: SECRET });
    expectBroken(v, "deleted", ids[1]);
  });

  it("finds entries deleted from the end, past the last seal", async () => {
    const ids = await write(6);
    await sealAuditLog(t.h, SECRET);
    await tamper(() => t.h.db.deleteFrom("audit_log").where("id", "in", [ids[4], ids[5]]).execute());
    const v = await verify();
    expectBroken(v, "deleted", ids[5]);
    expect(v.problem!.message).toContain("positions 5 à 6");
  });

  it("finds a reordered entry: contents swapped, ids swapped, places swapped", async () => {
    const ids = await write(6);
    const content = ["at", "staff_user_id", "actor", "ip", "action", "target_type", "target_id", "detail"] as const;
    const swap = async (a: number, b: number, columns: readonly string[]) => {
      const [ra, rb] = await Promise.all([a, b].map((id) => t.h.db.selectFrom("audit_log").selectAll().where("id", "=", id).executeTakeFirstOrThrow()));
      const pick = (r: Record<string, unknown>) => Object.fromEntries(columns.map((c) => [c, r[c]]));
      await tamper(async () => {
        await t.h.db.updateTable("audit_log").set(pick(rb) as never).where("id", "=", a).execute();
        await t.h.db.updateTable("audit_log").set(pick(ra) as never).where("id", "=", b).execute();
      });
    };
    await swap(ids[2], ids[3], content);
    expectBroken(await verify(), "reordered", ids[2]);
    await swap(ids[2], ids[3], content);
    expect((await verify()).ok).toBe(true);

    // the rows keep their place and hashes but change ids
    await tamper(async () => {
      await t.h.db.updateTable("audit_log").set({ id: 9000 }).where("id", "=", ids[3]).execute();
      await t.h.db.updateTable("audit_log").set({ id: ids[3] }).where("id", "=", ids[2]).execute();
      await t.h.db.updateTable("audit_log").set({ id: ids[2] }).where("id", "=", 9000).execute();
    });
    expectBroken(await verify(), "reordered", ids[2]);
    await tamper(async () => {
      await t.h.db.updateTable("audit_log").set({ id: 9000 }).where("id", "=", ids[3]).execute();
      await t.h.db.updateTable("audit_log").set({ id: ids[3] }).where("id", "=", ids[2]).execute();
      await t.h.db.updateTable("audit_log").set({ id: ids[2] }).where("id", "=", 9000).execute();
    });
    expect((await verify()).ok).toBe(true);

    // the places swapped (each row keeps its content and hashes)
    await tamper(async () => {
      await t.h.db.updateTable("audit_log").set({ seq: -4 }).where("id", "=", ids[3]).execute();
      await t.h.db.updateTable("audit_log").set({ seq: 4 }).where("id", "=", ids[2]).execute();
      await t.h.db.updateTable("audit_log").set({ seq: 3 }).where("id", "=", ids[3]).execute();
    });
    expectBroken(await verify(), "reordered", ids[3]);
  });

  it("finds an entry added outside the chain", async () => {
    await write(2);
    await tamper(() => sql`insert into audit_log (at, actor, action) values (${ago(0)}, 'x@clinique.dz', 'schedule.change')`.execute(t.h.db));
    const odd = await t.h.db.selectFrom("audit_log").select("id").where("seq", "is", null).executeTakeFirstOrThrow();
    expectBroken(await verify(), "outside", Number(odd.id));
  });

  it("the purge leaves a signed checkpoint: the chain left verifies from it", async () => {
    const old = [];
    for (let i = 0; i < 3; i++) old.push((await appendAuditEntry(t.h, { at: ago((30 - i) * MONTH), staff_user_id: null, actor: "x@clinique.dz", ip: null, action: "schedule.change", target_type: null, target_id: null, detail: null })).id);
    const kept = await write(2);
    expect(await purgeAuditLog(t.h, new Date(), SECRET)).toBe(3);
    const checkpoints = await t.h.db.selectFrom("audit_checkpoints").selectAll().orderBy("id").execute();
    expect(checkpoints.map((c) => [c.kind, Number(c.seq), Number(c.entry_id)])).toEqual([
      ["purge", 3, old[2]],
      ["seal", 6, Number((await entries())[2].id)],
    ]);
    const v = await verify();
    expect(v).toMatchObject({ ok: true, entries: 3, anchor: { seq: 3, entryId: old[2] } });
    expect((await entries()).map((r) => Number(r.id)).slice(0, 2)).toEqual(kept.slice(3));

    // a second purge later: the chain still starts from the newest checkpoint
    await write(1, 10);
    expect(await purgeAuditLog(t.h, new Date(), SECRET)).toBe(0);
    expect((await verify()).ok).toBe(true);
  });

  it("finds a forged, foreign or missing checkpoint, and old entries deleted without one", async () => {
    for (let i = 0; i < 2; i++) await appendAuditEntry(t.h, { at: ago((30 - i) * MONTH), staff_user_id: null, actor: "x@clinique.dz", ip: null, action: "schedule.change", target_type: null, target_id: null, detail: null });
    await write(2);
    await purgeAuditLog(t.h, new Date(), SECRET);
    expect((await verify()).ok).toBe(true);
    const anchor = await t.h.db.selectFrom("audit_checkpoints").selectAll().where("kind", "=", "purge").executeTakeFirstOrThrow();

    // the start moved: its hash changed, its signature no longer matches
    await tamper(() => t.h.db.updateTable("audit_checkpoints").set({ hash: AUDIT_GENESIS_HASH }).where("id", "=", anchor.id).execute());
    expectBroken(await verify(), "checkpoint", Number(anchor.entry_id));
    await tamper(() => t.h.db.updateTable("audit_checkpoints").set({ hash: anchor.hash }).where("id", "=", anchor.id).execute());
    expect((await verify()).ok).toBe(true);

    // a checkpoint signed with another key (a forger's, or a SESSION_SECRET changed since)
    const other = checkpointKey("une-autre-cle-de-session-0123456789-abcdef");
    const fake = { kind: "purge" as const, seq: 99, entry_id: 99, entry_at: ago(0), hash: AUDIT_GENESIS_HASH, created_at: ago(0) };
    await t.h.db.insertInto("audit_checkpoints").values({ ...fake, key_id: checkpointKeyId(other), mac: checkpointMac(other, fake) }).execute();
    let v = await verify();
    expectBroken(v, "checkpoint", 99);
    expect(v.problem!.message).toContain("autre clé");
    // the same with the site's key id but no valid signature
    await t.h.db.deleteFrom("audit_checkpoints").where("entry_id", "=", 99).execute();
    await t.h.db.insertInto("audit_checkpoints").values({ ...fake, key_id: checkpointKeyId(checkpointKey(SECRET)), mac: "0".repeat(64) }).execute();
    v = await verify();
    expectBroken(v, "checkpoint", 99);
    expect(v.problem!.message).toContain("signature invalide");
    await t.h.db.deleteFrom("audit_checkpoints").where("entry_id", "=", 99).execute();
    // verified with another secret: every checkpoint is foreign
    expectBroken(await verify("une-autre-cle-de-session-0123456789-abcdef"), "checkpoint", Number(anchor.entry_id));

    // the start's checkpoint deleted: the chain starts after entries that are gone
    await t.h.db.deleteFrom("audit_checkpoints").where("id", "=", anchor.id).execute();
    expectBroken(await verify(), "deleted", Number((await entries())[0].id));
  });

  it("finds old entries deleted without the purge (the retention trigger allows it; no checkpoint is left)", async () => {
    const old = (await appendAuditEntry(t.h, { at: ago(30 * MONTH), staff_user_id: null, actor: "x@clinique.dz", ip: null, action: "schedule.change", target_type: null, target_id: null, detail: null })).id;
    const ids = await write(2);
    await t.h.db.deleteFrom("audit_log").where("id", "=", old).execute();
    const v = await verify();
    expectBroken(v, "deleted", ids[1]);
    expect(v.problem!.message).toContain("au début du journal");
  });

  it("50 concurrent writers make one chain, with no fork and no hole", async () => {
    await Promise.all(Array.from({ length: 50 }, (_, i) => audit(t.h, { userId: null, email: "x@clinique.dz" }, { action: "schedule.change", detail: `n° ${i}` })));
    const rows = await entries();
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(50);
    expect(await verify()).toMatchObject({ ok: true, entries: 50 });
  });

  describe("npm run audit:verify", () => {
    async function run(argv: string[] = [], secret = SECRET) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAuditVerify({ argv, db: t.h, secret, out: (l) => out.push(l), err: (l) => err.push(l) });
      return { code, out: out.join("\n"), err: err.join("\n") };
    }

    it("says the journal is intact, how many entries and up to when; or names the first broken entry and exits 1", async () => {
      expect(await run()).toMatchObject({ code: 0, out: "Journal intègre : aucune entrée à vérifier." });
      const ids = await write(3);
      const last = (await entries())[2];
      const ok = await run();
      expect(ok.code).toBe(0);
      const when = new Intl.DateTimeFormat("fr-FR", { timeZone: "Africa/Algiers", dateStyle: "short" }).format(new Date(last.at));
      expect(ok.out).toMatch(new RegExp(`^Journal intègre : 3 entrées vérifiées jusqu'au ${when.replace(/\//g, "\\/")} à \\d\\d:\\d\\d:\\d\\d\\.`));

      await tamper(() => t.h.db.updateTable("audit_log").set({ detail: "FORGED" }).where("id", "=", ids[1]).execute());
      const bad = await run();
      expect(bad.code).toBe(1);
      expect(bad.out).toContain(`Journal altéré : première entrée en cause n° ${ids[1]} — contenu modifié.`);
      expect(bad.out).toContain("Avant elle, 1 entrée intègre depuis la première entrée");
      expect(`${bad.out}${bad.err}`).not.toMatch(/Dossier secret|FORGED|dr\.essai/);
    });

    it("--resign, after SESSION_SECRET changed: signs the checkpoints again with the new key, only if the chain is intact", async () => {
      const NEW = "une-nouvelle-cle-de-session-0123456789-abcdef";
      await appendAuditEntry(t.h, { at: ago(30 * MONTH), staff_user_id: null, actor: "x@clinique.dz", ip: null, action: "schedule.change", target_type: null, target_id: null, detail: null });
      const ids = (await write(3)).slice(-3);
      await purgeAuditLog(t.h, new Date(), SECRET);
      const rotated = await run([], NEW);
      expect(rotated.code).toBe(1);
      expect(rotated.out).toContain("point de contrôle invalide");
      expect(rotated.out).toContain("autre clé");

      // a forged entry: nothing is signed
      await tamper(() => t.h.db.updateTable("audit_log").set({ detail: "FORGED" }).where("id", "=", ids[1]).execute());
      const refused = await run(["--", "--resign"], NEW);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`première entrée en cause n° ${ids[1]} — contenu modifié`);
      expect(refused.out).toContain("Rien n'a été signé");
      expect(new Set((await t.h.db.selectFrom("audit_checkpoints").select("key_id").execute()).map((c) => c.key_id))).toEqual(new Set([checkpointKeyId(checkpointKey(SECRET))]));
      await tamper(() => t.h.db.updateTable("audit_log").set({ detail: "Dossier secret 2" }).where("id", "=", ids[1]).execute());

      const resigned = await run(["--resign"], NEW);
      expect(resigned.code).toBe(0);
      expect(resigned.out).toContain("2 point(s) de contrôle d'une autre clé remplacé(s)");
      expect(resigned.out).toContain("Journal intègre : 5 entrées vérifiées");
      expect((await verify(NEW)).ok).toBe(true);
      expect((await entries()).at(-1)).toMatchObject({ action: "audit.resign" });
      expect(await run(["--resign"], NEW)).toMatchObject({ code: 0, out: expect.stringContaining("déjà signés avec la clé actuelle") });
      expect(await run(["--bogus"])).toMatchObject({ code: 2 });
    });
  });
});

describeEachEngine("audit log: the journal screen's integrity", { appDb: true }, (t) => {
  let admin: number;
  beforeAll(() => setAppEnv(["SESSION_SECRET"], { SESSION_SECRET: SECRET }));
  afterAll(() => setAppEnv(["SESSION_SECRET"]));
  afterEach(() => forgetAuditIntegrity(t.h));

  async function open() {
    admin = Number((await insertStaff(t.h, `admin-${crypto.randomUUID()}@clinique.dz`, "hash-not-used", "admin")).id);
    const context = createLoadContext({ nonce: "", clientIp: "198.51.100.7" });
    context.set(staffContext, staffSession({ userId: admin, email: "admin@clinique.dz", role: "admin" }));
    return journalRoute.loader({ request: new Request("http://clinic.test/admin/journal"), url: new URL("http://clinic.test/admin/journal"), params: {}, context } as never);
  }
  const write = (detail: string) => audit(t.h, { userId: null, email: "x@clinique.dz" }, { action: "schedule.change", detail });

  it("shows 'Intégrité vérifiée jusqu'au …' (Algiers time), or the first broken entry", async () => {
    await write("a");
    await write("b");
    const last = await t.h.db.selectFrom("audit_log").selectAll().orderBy("seq", "desc").executeTakeFirstOrThrow();
    const d = await open();
    expect(d.integrity).toMatchObject({ state: "ok", entries: 2 });
    expect(d.integrity.state === "ok" && d.integrity.until).toMatch(/^\d\d\/\d\d\/\d{4} à \d\d:\d\d:\d\d$/);
    const parts = new Intl.DateTimeFormat("fr-FR", { timeZone: "Africa/Algiers", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(last.at));
    expect(d.integrity.state === "ok" && d.integrity.until).toContain(parts);

    // a deletion under the verified position is seen at once (the rows no longer add up)
    await dropAuditTriggers(t.h.db, t.h.engine);
    await t.h.db.deleteFrom("audit_log").where("seq", "=", 1).execute();
    await createAuditTriggers(t.h.db, t.h.engine);
    const broken = await open();
    expect(broken.integrity).toMatchObject({ state: "broken", entryId: Number(last.id), label: "entrée supprimée" });
  });

  it("after the first walk, reads only the new entries; a forgery under the verified position is found by the walk every 10 minutes", async () => {
    for (const d of ["a", "b", "c"]) await write(d);
    const now = Date.now();
    const first = await auditIntegrity(t.h, SECRET, now);
    expect(first).toMatchObject({ ok: true, incremental: false, read: 3 });
    await write("d");
    const next = await auditIntegrity(t.h, SECRET, now + 1000);
    expect(next).toMatchObject({ ok: true, incremental: true, read: 1, entries: 4 });

    const second = await t.h.db.selectFrom("audit_log").select("id").where("seq", "=", 2).executeTakeFirstOrThrow();
    await dropAuditTriggers(t.h.db, t.h.engine);
    await t.h.db.updateTable("audit_log").set({ detail: "FORGED" }).where("seq", "=", 2).execute();
    await createAuditTriggers(t.h.db, t.h.engine);
    // within the 10 minutes: only what is new is read
    expect(await auditIntegrity(t.h, SECRET, now + 2000)).toMatchObject({ ok: true, incremental: true });
    // past them: the answer comes at once, the whole walk runs behind it, and the next check shows its finding
    expect(await auditIntegrity(t.h, SECRET, now + AUDIT_FULL_CHECK_MS + 3000)).toMatchObject({ ok: true, incremental: true });
    await settleAuditIntegrity(t.h);
    const found = await auditIntegrity(t.h, SECRET, now + AUDIT_FULL_CHECK_MS + 4000);
    expect(found).toMatchObject({ ok: false, problem: { kind: "modified", entryId: Number(second.id) } });
  });
});

// ---- the migration, on entries written before it -------------------------------------------------

describe("migration 008 chains the entries already there", () => {
  async function check(h: Db) {
    await migrateTo(h.db, h.engine, "007_content_version");
    for (let i = 0; i < 3; i++) {
      await sql`insert into audit_log (at, staff_user_id, actor, ip, action, target_type, target_id, detail) values (${ago((3 - i) * 1000)}, ${i}, 'x@clinique.dz', null, 'schedule.change', null, null, ${`n° ${i}`})`.execute(h.db);
    }
    await migrateToLatest(h.db, h.engine);
    const rows = await h.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3]);
    expect(await verifyAuditLog(h, { secret: SECRET })).toMatchObject({ ok: true, entries: 3 });
    await audit(h, { userId: null, email: "x@clinique.dz" }, { action: "schedule.change" });
    expect(await verifyAuditLog(h, { secret: SECRET })).toMatchObject({ ok: true, entries: 4 });
    await expect(h.db.updateTable("audit_log").set({ detail: "FORGED" }).execute()).rejects.toThrow(/append-only/);
  }

  it("on SQLite", async () => {
    const h = openDb({ kind: "sqlite", path: ":memory:" });
    try {
      await check(h);
    } finally {
      await h.close();
    }
  });

  // a database of its own: CREATE DATABASE waits for a checkpoint, slow on a busy server
  it.runIf(Boolean(TEST_DATABASE_URL))("on PostgreSQL", { timeout: 90_000 }, async () => {
    const name = `clinic_audit_mig_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const h = openDb({ kind: "postgres", url: url.toString() });
    try {
      await check(h);
    } finally {
      await h.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
