import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { openDb, type Db } from "~/.server/db/connection";
import { claimDue, MAX_ATTEMPTS, queueMail } from "~/.server/mail";
import { staffActor, type Actor } from "~/.server/actor";
import { listOutbox, maskAddress, outboxCounts, retryOutboxMessage } from "~/.server/repos/outbox";
import { insertStaff } from "~/.server/repos/staff";
import { describeEachEngine, TEST_DATABASE_URL } from "../helpers/db";

/**
 * The staff side of the outbox (docs/product.md, "Staff: e-mails"; app/.server/repos/outbox.ts)
 * on both engines: the counts, a page of messages with masked recipients and no bodies, and
 * 'Réessayer', a conditional UPDATE that resets a failed message once however many retries
 * arrive together, leaves a message under a live lease to its worker, and is audited.
 */
describe("maskAddress", () => {
  it("keeps the first letter and the domain only", () => {
    expect(maskAddress("amina.benali@gmail.com")).toBe("a•••@gmail.com");
    expect(maskAddress("k@exemple.dz")).toBe("k•••@exemple.dz");
    expect(maskAddress("pas-une-adresse")).toBe("•••");
    expect(maskAddress("@exemple.dz")).toBe("•••");
  });
});

describeEachEngine("staff outbox", (t) => {
  let actor: Actor;

  beforeEach(async () => {
    const u = await insertStaff(t.h, "admin@clinique.dz", "hash-not-used", "admin");
    actor = staffActor({ userId: Number(u.id), email: "admin@clinique.dz", ip: "198.51.100.7" });
  });

  const message = (i: number) => ({ to: `patient${i}@exemple.dz`, subject: `Objet secret ${i}`, text: `Corps secret ${i}`, kind: "appointment_confirmed" });
  const row = (id: number) => t.h.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  /** A message given up after every attempt, as the worker leaves it. */
  async function failed(i = 1) {
    const [id] = await queueMail([message(i)], t.h);
    await t.h.db
      .updateTable("outbox")
      .set({ status: "failed", attempts: MAX_ATTEMPTS, last_error: "550 <destinataire>: mailbox unavailable", next_attempt_at: "2026-11-23T10:00:00.000Z" })
      .where("id", "=", id)
      .execute();
    return id;
  }
  const retries = () => t.h.db.selectFrom("audit_log").select(["action", "target_type", "target_id", "detail", "ip"]).where("action", "=", "outbox.retry").execute();

  it("lists the messages newest first, 25 a page, by state, with the recipient masked and without subject or body", async () => {
    await queueMail(Array.from({ length: 30 }, (_, i) => message(i)), t.h);
    const f = await failed(99);
    await t.h.db.updateTable("outbox").set({ status: "sent", attempts: 1, sent_at: "2026-11-23T09:00:00.000Z" }).where("id", "<=", 3).execute();

    expect(await outboxCounts(t.h)).toEqual({ pending: 27, failed: 1 });
    const first = await listOutbox(t.h);
    expect([first.total, first.page, first.pages, first.items.length]).toEqual([31, 1, 2, 25]);
    expect(first.items[0]).toMatchObject({ id: f, status: "failed", attempts: MAX_ATTEMPTS, to: "p•••@exemple.dz", retryable: true, lastError: "550 <destinataire>: mailbox unavailable" });
    expect(first.items.map((m) => m.id)).toEqual([...first.items.map((m) => m.id)].sort((a, b) => b - a));
    const text = JSON.stringify(first);
    for (const secret of ["patient1@", "Objet secret", "Corps secret"]) expect(text).not.toContain(secret);
    // never tried (no SMTP): nothing to retry
    expect(first.items.find((m) => m.status === "pending")?.retryable).toBe(false);

    expect((await listOutbox(t.h, { page: 2 })).items).toHaveLength(6);
    expect((await listOutbox(t.h, { page: 99 })).page).toBe(2);
    expect((await listOutbox(t.h, { status: "sent" })).items.map((m) => m.id)).toEqual([3, 2, 1]);
    expect((await listOutbox(t.h, { status: "failed" })).total).toBe(1);
  });

  it("'Réessayer' gives a failed message back to the worker: pending, no attempt, due now, audited", async () => {
    const id = await failed();
    expect(await retryOutboxMessage(t.h, id, actor)).toEqual({ ok: true, kind: "appointment_confirmed" });
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, next_attempt_at: null, lease_owner: null, lease_until: null });
    expect(await retries()).toEqual([{ action: "outbox.retry", target_type: "outbox", target_id: String(id), detail: "appointment_confirmed", ip: "198.51.100.7" }]);
    // the worker takes it at once
    expect((await claimDue(t.h, "w1", { ids: [id] })).map((r) => Number(r.id))).toEqual([id]);
  });

  it("a pending message waiting after a failed attempt can be retried; one never tried, one sent or one unknown cannot", async () => {
    const [waiting, fresh, sent] = await queueMail([message(1), message(2), message(3)], t.h);
    await t.h.db.updateTable("outbox").set({ attempts: 2, next_attempt_at: "2099-01-01T00:00:00.000Z", last_error: "timeout" }).where("id", "=", waiting).execute();
    await t.h.db.updateTable("outbox").set({ status: "sent", attempts: 1, sent_at: "2026-11-23T09:00:00.000Z" }).where("id", "=", sent).execute();
    expect((await retryOutboxMessage(t.h, waiting, actor)).ok).toBe(true);
    expect(await row(waiting)).toMatchObject({ status: "pending", attempts: 0, next_attempt_at: null });
    expect(await retryOutboxMessage(t.h, fresh, actor)).toEqual({ ok: false, reason: "not_retryable" });
    expect(await retryOutboxMessage(t.h, sent, actor)).toEqual({ ok: false, reason: "not_retryable" });
    expect(await retryOutboxMessage(t.h, 987_654, actor)).toEqual({ ok: false, reason: "not_found" });
    expect(await row(sent)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await retries()).toHaveLength(1);
  });

  it("a message a worker holds under a live lease is left to it; an expired lease is taken back", async () => {
    const id = await failed();
    await t.h.db.updateTable("outbox").set({ status: "pending", attempts: 3, lease_owner: "w1", lease_until: "2099-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    expect(await retryOutboxMessage(t.h, id, actor)).toEqual({ ok: false, reason: "not_retryable" });
    expect(await row(id)).toMatchObject({ attempts: 3, lease_owner: "w1" });
    await t.h.db.updateTable("outbox").set({ lease_until: "2000-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    expect((await retryOutboxMessage(t.h, id, actor)).ok).toBe(true);
    expect(await row(id)).toMatchObject({ attempts: 0, lease_owner: null });
  });

  it("eight retries of one message at once reset it once and write one audit entry", async () => {
    // PostgreSQL: half of them through a second pool, as two app servers would
    let other: Db | undefined;
    if (t.engine === "postgres") {
      const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.h.db)).rows[0].name;
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      other = openDb({ kind: "postgres", url: url.toString() });
    }
    try {
      const id = await failed();
      const handles = [t.h, other ?? t.h];
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => retryOutboxMessage(handles[i % 2], id, actor)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === "not_retryable")).toHaveLength(7);
      expect(await retries()).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: "pending", attempts: 0 });
    } finally {
      await other?.close();
    }
  });
});
