import { Migrator, sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { openDb, type Db } from "~/.server/db/connection";
import { MIGRATION_NAMES, migrateToLatest } from "~/.server/db/migrations";
import { bookAppointment } from "~/.server/repos/booking";
import { PATIENT_ACTOR } from "~/.server/actor";
import { addDaysYmd, occupiedUnits } from "~/lib/schedule";
import { todayInClinic } from "~/lib/clinic-time";
import { ENGINES, TEST_DATABASE_URL } from "../helpers/db";
import { testDbNames } from "../helpers/test-databases";

/**
 * Migration 003_front_desk on a database that holds appointments from before it
 * (docs/decisions/008-front-desk-schedule.md, "Existing rows"), on both engines: a fresh
 * database migrated to 002 only, legacy rows inserted as the old schema allowed them, then
 * migrated to the latest.
 *
 * The migration decides past and future from the real clock (the clinic's today when it runs),
 * so the legacy days are placed well away from today on either side.
 */

/**
 * Migrate to `002_backup_runs` only, through the application's own `migrateToLatest` and its
 * migration provider (not exported): for that one call, Kysely's `Migrator.migrateToLatest`
 * becomes `migrateTo("002_backup_runs")`.
 */
async function migrateTo002(h: Db): Promise<string[]> {
  const spy = vi.spyOn(Migrator.prototype, "migrateToLatest").mockImplementationOnce(function (this: Migrator) {
    return this.migrateTo("002_backup_runs");
  });
  try {
    return await migrateToLatest(h.db, h.engine);
  } finally {
    spy.mockRestore();
  }
}

/** A new, empty database of the engine (SQLite in memory; PostgreSQL: a database of this run). */
async function freshDb(engine: "sqlite" | "postgres"): Promise<{ h: Db; drop: () => Promise<void> }> {
  if (engine === "sqlite") {
    const h = openDb({ kind: "sqlite", path: ":memory:" });
    return { h, drop: () => h.close() };
  }
  // named like this run's databases, so that the run's teardown removes it even after a crash
  const name = `${testDbNames(inject("testDbRunId")).postgresPrefix}${process.env.VITEST_POOL_ID ?? "1"}_migration`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const h = openDb({ kind: "postgres", url: url.toString() });
  return {
    h,
    drop: async () => {
      await h.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const today = todayInClinic();
const PAST = addDaysYmd(today, -10);
const FUTURE = addDaysYmd(today, 10);
const LATER = addDaysYmd(today, 12);
const LATEST = addDaysYmd(today, 14);

interface Legacy {
  key: string;
  service: string;
  date: string;
  time: string;
  prixtotal?: number | null;
  prixpay?: number | null;
  progress?: string | null;
  phone?: string;
  created_at: string;
}

/** In insertion order (the ids); `created_at` says the order in which the clinic received them. */
const LEGACY: Legacy[] = [
  { key: "past-priced", service: "Implementation", date: PAST, time: "09:00", prixtotal: 12_000_000, prixpay: 4_000_000, created_at: "2025-01-01T09:00:00.000Z" },
  { key: "past-progress", service: "Orthodontie", date: PAST, time: "11:00", progress: "Bagues posées", created_at: "2025-01-01T10:00:00.000Z" },
  { key: "past-bare", service: "Orthodontie", date: PAST, time: "14:00", created_at: "2025-01-01T11:00:00.000Z" },
  { key: "future-priced", service: "Implementation", date: FUTURE, time: "09:00", prixtotal: 12_000_000, prixpay: 0, phone: "+213 550 12 34 56", created_at: "2025-01-02T09:00:00.000Z" },
  { key: "future-bare", service: "Soins conservateurs", date: FUTURE, time: "14:00:00", created_at: "2025-01-02T10:00:00.000Z" },
  // two overlapping requests: the first received holds the units, whatever their ids
  { key: "overlap-second", service: "Soins conservateurs", date: LATER, time: "10:30", created_at: "2025-01-03T12:00:00.000Z" },
  { key: "overlap-first", service: "Orthodontie", date: LATER, time: "10:00", created_at: "2025-01-03T09:00:00.000Z" },
  // a service the schedule does not know, and a time that is not HH:MM
  { key: "unknown-service", service: "Détartrage", date: LATEST, time: "09:00", created_at: "2025-01-04T09:00:00.000Z" },
  { key: "odd-time", service: "Orthodontie", date: LATEST, time: "vers 15h", created_at: "2025-01-04T10:00:00.000Z" },
];

for (const engine of ENGINES) {
  describe.runIf(engine.available)(`migration 003_front_desk on existing appointments [${engine.name}]`, () => {
    let opened: { h: Db; drop: () => Promise<void> } | undefined;
    afterAll(async () => {
      await opened?.drop();
    });

    it("gives each legacy appointment a status, chair, duration, phone digits and its units; the e-mail becomes optional", async () => {
      opened = await freshDb(engine.name);
      const { h } = opened;
      expect(await migrateTo002(h)).toEqual(["001_initial", "002_backup_runs"]);
      const tables = (await h.db.introspection.getTables()).map((t) => t.name);
      expect(tables).toContain("backup_runs");
      expect(tables).not.toContain("appointment_slots");

      // the rows as the old schema stored them (the e-mail was required then)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const old = h.db as unknown as Kysely<any>;
      for (const r of LEGACY) {
        await old
          .insertInto("appointments")
          .values({
            name: `Patient ${r.key}`,
            email: `${r.key}@exemple.dz`,
            phone: r.phone ?? "0661 00 00 00",
            service: r.service,
            date: r.date,
            time: r.time,
            message: null,
            prixtotal: r.prixtotal ?? null,
            prixpay: r.prixpay ?? null,
            progress: r.progress ?? null,
            tips: null,
            submission_key: `legacy-${r.key}`,
            created_at: r.created_at,
          })
          .execute();
      }
      await expect(old.insertInto("appointments").values({ name: "Sans e-mail", email: null, phone: "0550", service: "Orthodontie", date: FUTURE, time: "09:00", created_at: "2025-01-05T00:00:00.000Z" }).execute()).rejects.toThrow();

      expect(await migrateToLatest(h.db, h.engine)).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf("003_front_desk")));

      const rows = await h.db.selectFrom("appointments").selectAll().orderBy("id").execute();
      const byKey = new Map(rows.map((r) => [r.submission_key!.replace("legacy-", ""), r]));
      const pick = (key: string) => {
        const r = byKey.get(key)!;
        return { status: r.status, chair: r.chair, duration: r.duration_minutes, buffer: r.buffer_minutes, forced: Number(r.forced) };
      };
      expect(Object.fromEntries(LEGACY.map((l) => [l.key, pick(l.key)]))).toEqual({
        "past-priced": { status: "attended", chair: 1, duration: 90, buffer: 15, forced: 0 },
        "past-progress": { status: "attended", chair: 1, duration: 30, buffer: 15, forced: 0 },
        "past-bare": { status: "requested", chair: 1, duration: 30, buffer: 15, forced: 0 },
        "future-priced": { status: "confirmed", chair: 1, duration: 90, buffer: 15, forced: 0 },
        "future-bare": { status: "requested", chair: 1, duration: 45, buffer: 15, forced: 0 },
        "overlap-second": { status: "requested", chair: 1, duration: 45, buffer: 15, forced: 0 },
        "overlap-first": { status: "requested", chair: 1, duration: 30, buffer: 15, forced: 0 },
        "unknown-service": { status: "requested", chair: 1, duration: 60, buffer: 15, forced: 0 },
        "odd-time": { status: "requested", chair: 1, duration: 30, buffer: 15, forced: 0 },
      });
      // the data itself is kept, ids included (on SQLite the table was rebuilt)
      expect(rows.map((r) => Number(r.id))).toEqual(LEGACY.map((_, i) => i + 1));
      expect(byKey.get("past-priced")).toMatchObject({ name: "Patient past-priced", email: "past-priced@exemple.dz", prixtotal: 12_000_000, prixpay: 4_000_000, created_at: "2025-01-01T09:00:00.000Z" });
      expect(byKey.get("past-progress")!.progress).toBe("Bagues posées");
      // 011_money: 'Prix payé' is now the sum of the appointment's entries; what was typed before is one adjustment
      const entries = await h.db.selectFrom("payments").select(["appointment_id", "kind", "mode", "amount", "taken_by", "paid_day", "receipt_no"]).orderBy("appointment_id").execute();
      const paidRows = rows.filter((r) => r.prixpay !== null && Number(r.prixpay) !== 0);
      expect(paidRows.length).toBeGreaterThan(0);
      expect(entries.map((e) => ({ ...e, appointment_id: Number(e.appointment_id), amount: Number(e.amount) }))).toEqual(
        paidRows.map((r) => ({ appointment_id: Number(r.id), kind: "adjustment", mode: "ajustement", amount: Number(r.prixpay), taken_by: null, paid_day: r.date, receipt_no: null })),
      );
      expect(byKey.get("future-priced")!.phone_digits).toBe("550123456");
      expect(byKey.get("past-bare")!.phone_digits).toBe("661000000");

      // units: only the future ones, the first received of an overlap, and a readable time
      const units = await h.db.selectFrom("appointment_slots").select(["chair", "unit_start", "appointment_id"]).orderBy("unit_start").execute();
      const unitsOf = (key: string) => units.filter((u) => Number(u.appointment_id) === Number(byKey.get(key)!.id)).map((u) => `${Number(u.chair)}@${u.unit_start}`);
      const expected = (date: string, time: string, duration: number) => occupiedUnits(date, time, duration, 15).map((u) => `1@${u}`);
      expect(unitsOf("past-priced")).toEqual([]);
      expect(unitsOf("past-bare")).toEqual([]);
      expect(unitsOf("future-priced")).toEqual(expected(FUTURE, "09:00", 90));
      expect(unitsOf("future-bare")).toEqual(expected(FUTURE, "14:00", 45));
      expect(unitsOf("overlap-first")).toEqual(expected(LATER, "10:00", 30));
      expect(unitsOf("overlap-second")).toEqual([]);
      expect(unitsOf("unknown-service")).toEqual(expected(LATEST, "09:00", 60));
      expect(unitsOf("odd-time")).toEqual([]);
      expect(units).toHaveLength(7 + 4 + 3 + 5);

      // the schedule's defaults are there
      expect(await h.db.selectFrom("opening_hours").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).toEqual({ n: 12 });
      expect(await h.db.selectFrom("schedule_settings").select(["min_notice_minutes", "horizon_days", "chairs"]).execute()).toEqual([{ min_notice_minutes: 120, horizon_days: 60, chairs: 1 }]);
      expect((await h.db.selectFrom("service_settings").select("service").execute()).map((s) => s.service).sort()).toHaveLength(8);

      // the e-mail may now be empty (a booking taken by phone); the other required fields stay required
      const walkIn = await h.db
        .insertInto("appointments")
        .values({ name: "Sans e-mail", email: null, phone: "0550 00 00 00", service: "Orthodontie", date: FUTURE, time: "16:00", created_at: new Date().toISOString() })
        .returning(["id", "email", "status", "forced"])
        .executeTakeFirstOrThrow();
      expect(walkIn).toMatchObject({ email: null, status: "requested", forced: 0 });
      expect(Number(walkIn.id)).toBeGreaterThan(LEGACY.length);
      await expect(old.insertInto("appointments").values({ name: null, email: null, phone: "0550", service: "Orthodontie", date: FUTURE, time: "09:00", created_at: "x" }).execute()).rejects.toThrow();
      // the submission key is still unique, the status still checked, the units still keyed
      await expect(old.insertInto("appointments").values({ name: "Double", email: null, phone: "0550", service: "Orthodontie", date: FUTURE, time: "09:00", created_at: "x", submission_key: "legacy-past-bare" }).execute()).rejects.toThrow();
      await expect(sql`update appointments set status = 'perdu' where id = ${walkIn.id}`.execute(h.db)).rejects.toThrow();
      await expect(h.db.insertInto("appointment_slots").values({ chair: 1, unit_start: `${LATER}T10:30`, appointment_id: Number(walkIn.id) }).execute()).rejects.toThrow();

      // and the migrated rows take part in the availability: the units held by the first of the
      // overlap refuse a booking over them (forced: whatever the day's hours), not the ones beside
      const over = (time: string) =>
        bookAppointment(
          h,
          { name: "Nouveau", email: null, phone: "0550 11 22 33", service: "Orthodontie", date: LATER, time, message: null },
          { actor: PATIENT_ACTOR, mode: "forced" },
        );
      expect(await over("10:15")).toMatchObject({ ok: false, reason: "taken" });
      expect(await over("10:45")).toMatchObject({ ok: true, appointment: { forced: 1, chair: 1 } });
    });
  });
}
