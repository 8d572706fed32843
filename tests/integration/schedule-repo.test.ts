import { sql } from "kysely";
import { expect, it } from "vitest";
import { openDb, type Db } from "~/.server/db/connection";
import { migrateToLatest } from "~/.server/db/migrations";
import {
  addException,
  deleteException,
  listExceptions,
  loadSchedule,
  loadServiceSettings,
  loadSettings,
  loadWeeklyHours,
  saveServiceSettings,
  saveSettings,
  saveWeeklyHours,
} from "~/.server/repos/schedule";
import { DEFAULT_SERVICE_MINUTES, type TimeRange, type Weekday } from "~/lib/schedule";
import { SERVICES } from "~/lib/services";
import { describeEachEngine, TEST_DATABASE_URL, type EngineDb } from "../helpers/db";

/**
 * The stored schedule (migration 003, app/.server/repos/schedule.ts) on both engines: what a new
 * database holds, and what the staff screen 'Horaires et fermetures' saves and reads back.
 */

const WORKDAY: TimeRange[] = [
  { opens: "09:00", closes: "12:30" },
  { opens: "13:30", closes: "17:00" },
];

/**
 * A database freshly migrated (the test databases are emptied before each test, defaults
 * included): SQLite in memory, or a new PostgreSQL database named after the worker's, dropped after.
 */
async function withFreshDatabase(t: EngineDb, run: (h: Db) => Promise<void>) {
  if (t.engine === "sqlite") {
    const h = openDb({ kind: "sqlite", path: ":memory:" });
    try {
      await migrateToLatest(h.db, h.engine);
      await run(h);
    } finally {
      await h.close();
    }
    return;
  }
  // a database of its own (a schema would not do: the migrator finds the worker's tables by name)
  const name = `${await currentDatabase(t.h)}_fresh`;
  const admin = t.h.db;
  await sql`drop database if exists ${sql.id(name)}`.execute(admin);
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const h = openDb({ kind: "postgres", url: url.toString() });
  try {
    await migrateToLatest(h.db, h.engine);
    await run(h);
  } finally {
    await h.close();
    await sql`drop database if exists ${sql.id(name)}`.execute(admin);
  }
}

async function currentDatabase(h: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(h.db);
  return rows[0].name;
}

describeEachEngine("schedule repo", (t) => {
  it("holds the clinic's defaults after migration: Saturday to Thursday with a lunch break, Friday closed, 8 services, notice 2 h, 60 days, 1 chair", async () => {
    await withFreshDatabase(t, async (h) => {
      const schedule = await loadSchedule(h);
      for (const day of [6, 0, 1, 2, 3, 4] as Weekday[]) expect(schedule.weekly[day]).toEqual(WORKDAY);
      expect(schedule.weekly[5]).toEqual([]);
      expect(schedule.exceptions).toEqual([]);
      expect(schedule.settings).toEqual({ minNoticeMinutes: 120, horizonDays: 60, chairs: 1 });

      // stored rows, not the code's fallbacks
      const services = await h.db.selectFrom("service_settings").selectAll().orderBy("service").execute();
      expect(services.map((s) => s.service).sort()).toEqual([...SERVICES].sort());
      for (const s of services) {
        const d = DEFAULT_SERVICE_MINUTES[s.service as keyof typeof DEFAULT_SERVICE_MINUTES];
        expect([Number(s.duration_minutes), Number(s.buffer_minutes), Number(s.online)]).toEqual([d.duration, d.buffer, 1]);
      }
      const settings = await h.db.selectFrom("schedule_settings").selectAll().execute();
      expect(settings.map((r) => [Number(r.id), Number(r.min_notice_minutes), Number(r.horizon_days), Number(r.chairs)])).toEqual([[1, 120, 60, 1]]);
      const hours = await h.db.selectFrom("opening_hours").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(hours.n)).toBe(12);
    });
  });

  it("saves the week and reads it back in order, replacing what was there", async () => {
    const week: Record<Weekday, TimeRange[]> = {
      0: [
        { opens: "08:00", closes: "10:00" },
        { opens: "10:30", closes: "12:00" },
        { opens: "14:00", closes: "18:00" },
      ],
      1: WORKDAY,
      2: WORKDAY,
      3: WORKDAY,
      4: [{ opens: "09:00", closes: "13:00" }],
      5: [],
      6: [{ opens: "08:00", closes: "12:00" }],
    };
    await saveWeeklyHours(t.h, week);
    expect(await loadWeeklyHours(t.h)).toEqual(week);

    // closing Sunday and Monday: nothing of them is left
    await saveWeeklyHours(t.h, { ...week, 0: [], 1: [] });
    const again = await loadWeeklyHours(t.h);
    expect(again[0]).toEqual([]);
    expect(again[1]).toEqual([]);
    expect(again[4]).toEqual([{ opens: "09:00", closes: "13:00" }]);
    const rows = await t.h.db.selectFrom("opening_hours").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(2 + 2 + 1 + 1);
  });

  it("refuses a range that closes before it opens (database check)", async () => {
    await expect(saveWeeklyHours(t.h, { 0: [{ opens: "14:00", closes: "13:00" }], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] })).rejects.toThrow();
  });

  it("saves the services and the booking rules, on an empty table and over stored rows", async () => {
    // (the test database holds the defaults again before each test: emptied here for the insert path)
    await t.h.db.deleteFrom("service_settings").execute();
    await t.h.db.deleteFrom("schedule_settings").execute();
    await saveServiceSettings(t.h, [
      { service: "Orthodontie", durationMinutes: 45, bufferMinutes: 0, online: false },
      { service: "Implementation", durationMinutes: 120, bufferMinutes: 30, online: true },
    ]);
    let services = await loadServiceSettings(t.h);
    expect(services.Orthodontie).toEqual({ service: "Orthodontie", durationMinutes: 45, bufferMinutes: 0, online: false });
    expect(services.Implementation).toEqual({ service: "Implementation", durationMinutes: 120, bufferMinutes: 30, online: true });
    // a service without a row keeps its default
    expect(services["Extraction dentaire"].durationMinutes).toBe(DEFAULT_SERVICE_MINUTES["Extraction dentaire"].duration);

    await saveServiceSettings(t.h, [{ service: "Orthodontie", durationMinutes: 30, bufferMinutes: 15, online: true }]);
    services = await loadServiceSettings(t.h);
    expect(services.Orthodontie).toEqual({ service: "Orthodontie", durationMinutes: 30, bufferMinutes: 15, online: true });
    const rows = await t.h.db.selectFrom("service_settings").select("service").execute();
    expect(rows).toHaveLength(2);

    await saveSettings(t.h, { minNoticeMinutes: 45, horizonDays: 30, chairs: 3 });
    expect(await loadSettings(t.h)).toEqual({ minNoticeMinutes: 45, horizonDays: 30, chairs: 3 });
    await saveSettings(t.h, { minNoticeMinutes: 1440, horizonDays: 365, chairs: 1 });
    expect(await loadSettings(t.h)).toEqual({ minNoticeMinutes: 1440, horizonDays: 365, chairs: 1 });
    const settings = await t.h.db.selectFrom("schedule_settings").select("id").execute();
    expect(settings).toHaveLength(1);
  });

  it("lists closures and special hours that end on or after a day, in date order, and deletes them", async () => {
    const ramadan = await addException(t.h, { startDate: "2026-02-18", endDate: "2026-03-19", label: "Horaires du Ramadan", ranges: [{ opens: "10:00", closes: "15:00" }] });
    const eid = await addException(t.h, { startDate: "2026-03-20", endDate: "2026-03-22", label: "Aïd el-Fitr", ranges: [] });
    const past = await addException(t.h, { startDate: "2026-01-01", endDate: "2026-01-01", label: "Nouvel an", ranges: [] });
    const leave = await addException(t.h, { startDate: "2026-08-01", endDate: "2026-08-15", label: "Congé annuel", ranges: [] });

    const from = await listExceptions(t.h, "2026-03-19");
    expect(from.map((e) => e.label)).toEqual(["Horaires du Ramadan", "Aïd el-Fitr", "Congé annuel"]);
    expect(from[0]).toEqual({ id: ramadan.id, startDate: "2026-02-18", endDate: "2026-03-19", label: "Horaires du Ramadan", ranges: [{ opens: "10:00", closes: "15:00" }] });
    expect(from[1]).toEqual({ id: eid.id, startDate: "2026-03-20", endDate: "2026-03-22", label: "Aïd el-Fitr", ranges: [] });
    expect((await listExceptions(t.h, "2026-03-20")).map((e) => e.id)).toEqual([eid.id, leave.id]);
    expect((await listExceptions(t.h)).map((e) => e.id)).toEqual([past.id, ramadan.id, eid.id, leave.id]);

    expect(await deleteException(t.h, eid.id!)).toBe(true);
    expect(await deleteException(t.h, eid.id!)).toBe(false);
    expect((await listExceptions(t.h, "2026-03-19")).map((e) => e.label)).toEqual(["Horaires du Ramadan", "Congé annuel"]);
  });

  it("refuses a period that ends before it starts (database check)", async () => {
    await expect(addException(t.h, { startDate: "2026-04-02", endDate: "2026-04-01", label: "À l'envers", ranges: [] })).rejects.toThrow();
    expect(await listExceptions(t.h)).toEqual([]);
  });
});

