import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db/migrations";
import { seedDemo } from "~/.server/db/seed";
import { ping } from "~/.server/db/connection";
import type { Db } from "~/.server/db";
import { heartbeat, listActiveFormations } from "~/.server/repos/formations";
import { listBlogs } from "~/.server/repos/blogs";
import { listAppointments } from "~/.server/repos/appointments";
import { countStaff, findStaffByEmail, insertStaff } from "~/.server/repos/staff";
import { deleteExpiredSessions, deleteSessionsOfUser, findSession, insertSession } from "~/.server/repos/sessions";
import { getThrottle, hitCounter, purgeExpiredLimits, recordThrottleFailure } from "~/.server/repos/limits";
import { queueMail } from "~/.server/mail";
import { createTestDb, ENGINES } from "../helpers/db";

async function counts(h: Db) {
  const tables = ["blogs", "formations", "appointments", "enrollments", "app_meta"] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await h.db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

for (const engine of ENGINES) {
  describe.runIf(engine.available)(`data layer foundation [${engine.name}]`, () => {
    let h: Db;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      ({ h, drop } = await createTestDb(engine.name));
    });
    afterAll(async () => {
      await drop?.();
    });

    it("answers a ping and the heartbeat query", async () => {
      await expect(ping(h.db)).resolves.toBeUndefined();
      await expect(heartbeat(h)).resolves.toBeUndefined();
    });

    it("runs migrations idempotently", async () => {
      expect(await migrateToLatest(h.db, h.engine)).toEqual([]);
    });

    it("seeds realistic demo content once, and a second run changes nothing", async () => {
      expect(await seedDemo(h)).toBe(true);
      const first = await counts(h);
      expect(first.blogs).toBe(3);
      expect(first.formations).toBe(1);
      expect(first.appointments).toBeGreaterThanOrEqual(3);
      expect(await seedDemo(h)).toBe(false);
      expect(await counts(h)).toEqual(first);

      const blogs = await listBlogs(h);
      expect(blogs.map((b) => b.title)).toContain("Implant dentaire : les étapes d'un traitement réussi");
      expect(blogs[0].created_at > blogs[2].created_at).toBe(true);

      const [formation] = await listActiveFormations(h);
      expect(formation.is_active).toBe(true);
      expect(formation.syllabus?.modules).toHaveLength(6);
      for (const m of formation.syllabus!.modules) {
        expect(m.points_clefs.length).toBeGreaterThan(0);
        expect(m.objectifs.length).toBeGreaterThan(0);
        expect(m.pratique.length).toBeGreaterThan(0);
        expect(m.lessons.length).toBeGreaterThan(0);
      }
      const { total } = await listAppointments(h);
      expect(total).toBe(first.appointments);
    });

    it("stores staff accounts with unique, lower-cased e-mails", async () => {
      const before = await countStaff(h);
      const u = await insertStaff(h, "  Dr.Test@Clinique.DZ ", "hash");
      expect(u.email).toBe("dr.test@clinique.dz");
      expect((await findStaffByEmail(h, "DR.TEST@clinique.dz"))?.id).toBe(u.id);
      await expect(insertStaff(h, "dr.test@clinique.dz", "hash2")).rejects.toThrow();
      expect(await countStaff(h)).toBe(before + 1);
    });

    it("keeps sessions per user and removes expired ones", async () => {
      const u = await insertStaff(h, `sess-${engine.name}@clinique.dz`, "hash");
      const now = new Date();
      const old = new Date(now.getTime() - 3600_000).toISOString();
      await insertSession(h, { id_hash: `fresh-${engine.name}`, user_id: Number(u.id), created_at: now.toISOString(), last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + 3600_000).toISOString() });
      await insertSession(h, { id_hash: `idle-${engine.name}`, user_id: Number(u.id), created_at: old, last_seen_at: old, expires_at: new Date(now.getTime() + 3600_000).toISOString() });
      expect((await findSession(h, `fresh-${engine.name}`))?.email).toBe(`sess-${engine.name}@clinique.dz`);
      await deleteExpiredSessions(h, new Date(now.getTime() - 30 * 60_000).toISOString(), now.toISOString());
      expect(await findSession(h, `idle-${engine.name}`)).toBeUndefined();
      expect(await findSession(h, `fresh-${engine.name}`)).toBeDefined();
      await deleteSessionsOfUser(h, Number(u.id));
      expect(await findSession(h, `fresh-${engine.name}`)).toBeUndefined();
    });

    it("counts rate-limit hits in a window shared through the database", async () => {
      const key = `test:${engine.name}:${Date.now()}`;
      const a = await hitCounter(h, key, 60_000);
      const results = await Promise.all([1, 2, 3, 4].map(() => hitCounter(h, key, 60_000)));
      expect(a.count).toBe(1);
      expect(results.map((r) => r.count).sort()).toEqual([2, 3, 4, 5]);
      const later = await hitCounter(h, key, 60_000, new Date(Date.now() + 61_000));
      expect(later.count).toBe(1);
    });

    it("purges ended rate-limit windows and stale login-throttle entries", async () => {
      const key = `purge:${engine.name}`;
      await hitCounter(h, key, 1000);
      await recordThrottleFailure(h, `login:ip:${engine.name}`, () => null, new Date(Date.now() - 2 * 86400_000).toISOString());
      await recordThrottleFailure(h, `login:ip:fresh-${engine.name}`, () => null, new Date().toISOString());
      await purgeExpiredLimits(h, new Date(Date.now() + 5000));
      const left = await h.db.selectFrom("rate_limits").select("key").where("key", "=", key).execute();
      expect(left).toEqual([]);
      expect(await getThrottle(h, `login:ip:${engine.name}`)).toBeUndefined();
      expect(await getThrottle(h, `login:ip:fresh-${engine.name}`)).toBeDefined();
    });

    it("keeps queued mail in the outbox when no SMTP server is configured", async () => {
      const ids = await queueMail([{ to: "patient@example.com", subject: "Confirmation", text: "Bonjour" }], h);
      const row = await h.db.selectFrom("outbox").selectAll().where("id", "=", ids[0]).executeTakeFirstOrThrow();
      expect(row.status).toBe("pending");
      expect(row.to_address).toBe("patient@example.com");
    });
  });
}

describe("PostgreSQL half", () => {
  it("runs when TEST_DATABASE_URL names a server, and is reported as not run otherwise", () => {
    if (!process.env.TEST_DATABASE_URL) {
      console.warn("TEST_DATABASE_URL is not set: the PostgreSQL integration tests did NOT run.");
    }
    expect(ENGINES.find((e) => e.name === "postgres")?.available).toBe(Boolean(process.env.TEST_DATABASE_URL));
  });
});
