import { sql } from "kysely";
import { expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db/migrations";
import { seedDemo } from "~/.server/db/seed";
import { ping } from "~/.server/db/connection";
import type { Db } from "~/.server/db";
import { heartbeat, listActiveFormations } from "~/.server/repos/formations";
import { listBlogs } from "~/.server/repos/blogs";
import { createAppointment, listAppointments } from "~/.server/repos/appointments";
import { queueDueReminders } from "~/.server/reminders";
import { notifyAppointment } from "~/.server/appointment-mail";
import { notifyNewBooking } from "~/.server/booking-mail";
import { clinicInstant } from "~/lib/clinic-time";
import { countStaff, findStaffByEmail, insertStaff } from "~/.server/repos/staff";
import { deleteExpiredSessions, deleteSessionsOfUser, findSession, insertSession } from "~/.server/repos/sessions";
import { getThrottle, hitCounter, purgeExpiredLimits, reserveAttempt } from "~/.server/repos/limits";
import { queueMail } from "~/.server/mail";
import { describeEachEngine } from "../helpers/db";

async function counts(h: Db) {
  const tables = ["blogs", "formations", "appointments", "enrollments", "app_meta"] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await h.db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

describeEachEngine("database: connection, migrations, demo content and storage", { truncateEachTest: false }, (t) => {
  it("talks to the engine it is named after", async () => {
    expect(t.h.engine).toBe(t.engine);
    const version = t.engine === "postgres" ? sql<{ v: string }>`select version() as v` : sql<{ v: string }>`select 'SQLite ' || sqlite_version() as v`;
    expect((await version.execute(t.h.db)).rows[0].v).toMatch(t.engine === "postgres" ? /^PostgreSQL \d+/ : /^SQLite 3\./);
  });

  it("answers a ping and the heartbeat query", async () => {
    await expect(ping(t.h.db)).resolves.toBeUndefined();
    await expect(heartbeat(t.h)).resolves.toBeUndefined();
  });

  it("runs migrations idempotently", async () => {
    expect(await migrateToLatest(t.h.db, t.h.engine)).toEqual([]);
  });

  it("seeds realistic demo content once, and a second run changes nothing", async () => {
    expect(await seedDemo(t.h)).toBe(true);
    const first = await counts(t.h);
    expect(first.blogs).toBe(3);
    expect(first.formations).toBe(1);
    expect(first.appointments).toBeGreaterThanOrEqual(3);
    expect(await seedDemo(t.h)).toBe(false);
    expect(await counts(t.h)).toEqual(first);

    const blogs = await listBlogs(t.h);
    expect(blogs.map((b) => b.title)).toContain("Implant dentaire : les étapes d'un traitement réussi");
    expect(blogs[0].created_at > blogs[2].created_at).toBe(true);

    const [formation] = await listActiveFormations(t.h);
    expect(formation.is_active).toBe(true);
    expect(formation.syllabus?.modules).toHaveLength(6);
    for (const m of formation.syllabus!.modules) {
      expect(m.points_clefs.length).toBeGreaterThan(0);
      expect(m.objectifs.length).toBeGreaterThan(0);
      expect(m.pratique.length).toBeGreaterThan(0);
      expect(m.lessons.length).toBeGreaterThan(0);
    }
    const { total } = await listAppointments(t.h);
    expect(total).toBe(first.appointments);
  });

  it("the demo content's appointments produce no message to anyone: no reminder, acknowledgement or confirmation", async () => {
    // seeded by the test above; reminders over the next three days, as the job at start and every 5 minutes would
    const demo = (await t.h.db.selectFrom("appointments").selectAll().where("email", "is not", null).execute()).filter((a) => a.submission_key?.startsWith("demo-"));
    expect(demo.length).toBeGreaterThanOrEqual(8);
    const upcoming = demo.filter((a) => a.status === "confirmed" || a.status === "requested");
    expect(upcoming.length).toBeGreaterThan(0);
    for (let hours = 0; hours <= 72; hours += 6) expect(await queueDueReminders(t.h, new Date(Date.now() + hours * 3_600_000))).toEqual([]);
    for (const a of upcoming) {
      expect((await notifyAppointment(a, "confirmed", t.h, { now: new Date(Date.now() - 7 * 86_400_000) })).ids).toEqual([]);
      expect((await notifyNewBooking(a, t.h)).ids).toEqual([]);
    }
    expect(await t.h.db.selectFrom("outbox").select("id").execute()).toEqual([]);
    // the same appointment typed by a person is reminded: the rule is the demo key, not the address
    const [first] = upcoming;
    const copy = await createAppointment(t.h, { ...first, date: first.date, time: first.time, email: "patient@exemple.dz" });
    await t.h.db.updateTable("appointments").set({ status: "confirmed" }).where("id", "=", copy.appointment.id).execute();
    const at = new Date(clinicInstant(first.date, first.time).getTime() - 3_600_000);
    expect(await queueDueReminders(t.h, at)).toHaveLength(1);
    await t.h.db.deleteFrom("outbox").execute();
    await t.h.db.updateTable("appointments").set({ status: "cancelled" }).where("id", "=", copy.appointment.id).execute();
  });

  it("stores staff accounts with unique, lower-cased e-mails", async () => {
    const before = await countStaff(t.h);
    const u = await insertStaff(t.h, "  Dr.Test@Clinique.DZ ", "hash");
    expect(u.email).toBe("dr.test@clinique.dz");
    expect((await findStaffByEmail(t.h, "DR.TEST@clinique.dz"))?.id).toBe(u.id);
    await expect(insertStaff(t.h, "dr.test@clinique.dz", "hash2")).rejects.toThrow();
    expect(await countStaff(t.h)).toBe(before + 1);
  });

  it("keeps sessions per user and removes expired ones", async () => {
    const u = await insertStaff(t.h, `sess-${t.engine}@clinique.dz`, "hash");
    const now = new Date();
    const old = new Date(now.getTime() - 3600_000).toISOString();
    await insertSession(t.h, { id_hash: `fresh-${t.engine}`, user_id: Number(u.id), created_at: now.toISOString(), last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + 3600_000).toISOString() });
    await insertSession(t.h, { id_hash: `idle-${t.engine}`, user_id: Number(u.id), created_at: old, last_seen_at: old, expires_at: new Date(now.getTime() + 3600_000).toISOString() });
    expect((await findSession(t.h, `fresh-${t.engine}`))?.email).toBe(`sess-${t.engine}@clinique.dz`);
    await deleteExpiredSessions(t.h, new Date(now.getTime() - 30 * 60_000).toISOString(), now.toISOString());
    expect(await findSession(t.h, `idle-${t.engine}`)).toBeUndefined();
    expect(await findSession(t.h, `fresh-${t.engine}`)).toBeDefined();
    await deleteSessionsOfUser(t.h, Number(u.id));
    expect(await findSession(t.h, `fresh-${t.engine}`)).toBeUndefined();
  });

  it("counts rate-limit hits in a window shared through the database", async () => {
    const key = `test:${t.engine}:${Date.now()}`;
    const a = await hitCounter(t.h, key, 60_000);
    const results = await Promise.all([1, 2, 3, 4].map(() => hitCounter(t.h, key, 60_000)));
    expect(a.count).toBe(1);
    expect(results.map((r) => r.count).sort()).toEqual([2, 3, 4, 5]);
    const later = await hitCounter(t.h, key, 60_000, new Date(Date.now() + 61_000));
    expect(later.count).toBe(1);
  });

  it("purges ended rate-limit windows and stale login-throttle entries", async () => {
    const key = `purge:${t.engine}`;
    await hitCounter(t.h, key, 1000);
    const delays = { baseDelayMs: 1000, maxDelayMs: 1000 };
    await reserveAttempt(t.h, [{ key: `login:ip:${t.engine}`, freeAttempts: 5 }], delays, new Date(Date.now() - 2 * 86400_000));
    await reserveAttempt(t.h, [{ key: `login:ip:fresh-${t.engine}`, freeAttempts: 5 }], delays);
    await purgeExpiredLimits(t.h, new Date(Date.now() + 5000));
    const left = await t.h.db.selectFrom("rate_limits").select("key").where("key", "=", key).execute();
    expect(left).toEqual([]);
    expect(await getThrottle(t.h, `login:ip:${t.engine}`)).toBeUndefined();
    expect(await getThrottle(t.h, `login:ip:fresh-${t.engine}`)).toBeDefined();
  });

  it("keeps queued mail in the outbox when no SMTP server is configured", async () => {
    const ids = await queueMail([{ to: "patient@example.com", subject: "Confirmation", text: "Bonjour" }], t.h);
    const row = await t.h.db.selectFrom("outbox").selectAll().where("id", "=", ids[0]).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(row.to_address).toBe("patient@example.com");
  });
});
