import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { PATIENT_ACTOR } from "~/.server/actor";
import { bookAppointment, setAppointmentStatus, type BookResult } from "~/.server/repos/booking";
import { saveServiceSettings, saveSettings, saveWeeklyHours } from "~/.server/repos/schedule";
import { addDaysYmd, DEFAULT_SETTINGS, DEFAULT_WEEKLY, defaultSchedule, weekdayOf } from "~/lib/schedule";
import { todayInClinic } from "~/lib/clinic-time";
import { createTestDb, TEST_DATABASE_URL, truncateAll, useSqliteFile } from "../helpers/db";
import { gatedProcessRace as processRace } from "../helpers/process-race";
import type { SlotJob, SlotOutcome } from "./fixtures/slot-worker";

/**
 * No double booking, enforced by the database (docs/decisions/008-front-desk-schedule.md):
 * 50 public bookings of the same slot at once store exactly one appointment and its units, on
 * PostgreSQL (50 calls from one process through the pool) and on SQLite (5 processes × 10, each
 * with its own connection to a shared file). And the proof that it is the primary key of
 * `appointment_slots` that does it: without it, the same race stores more than one.
 *
 * The race is made to happen every time, not by luck. `bookAppointment` reads the availability
 * outside its transaction, then writes; the test holds the write lock while the bookings read,
 * and lets them write only once several of them have read the slot free and are waiting to write:
 * - PostgreSQL: a SHARE lock on `appointments` (reads go on, inserts wait) until every pooled
 *   connection (10, app/.server/db/connection.ts) is a booking waiting to insert;
 * - SQLite: the file's write lock (BEGIN IMMEDIATE) until each of the 5 worker processes says that
 *   its first booking is about to begin its transaction (tests/integration/fixtures/slot-worker.ts).
 * So at least 10 (PostgreSQL) or 5 (SQLite) bookings try to write a slot they all saw free.
 */

const NOW = new Date("2026-11-23T08:50:00Z"); // a Monday, 09:50 in Algiers
const TODAY = todayInClinic(NOW);
let DAY = addDaysYmd(TODAY, 1);
while (weekdayOf(DAY) === 5) DAY = addDaysYmd(DAY, 1);
const SLOT = { service: "Orthodontie" as const, date: DAY, time: "10:00" };
/** what a refused patient is offered: the nearest free starts around 10:00–10:45 */
const ALTERNATIVES = ["09:00", "09:15", "10:45"].map((time) => ({ date: DAY, time }));
const UNITS = ["10:00", "10:15", "10:30"].map((t) => `${DAY}T${t}`);
const POOL_SIZE = 10;

/** The migration's default schedule (the test database's tables are emptied between tests). */
async function seedSchedule(h: Db) {
  await saveWeeklyHours(h, DEFAULT_WEEKLY);
  await saveSettings(h, DEFAULT_SETTINGS);
  await saveServiceSettings(h, Object.values(defaultSchedule().services));
}

const book = (h: Db, i: number) =>
  bookAppointment(
    h,
    { name: `Patient ${i}`, email: `p${i}@exemple.dz`, phone: "0550 12 34 56", service: SLOT.service, date: SLOT.date, time: SLOT.time, message: null },
    { actor: PATIENT_ACTOR, mode: "public", now: NOW },
  );

function outcomeOf(r: PromiseSettledResult<BookResult>): SlotOutcome {
  if (r.status === "rejected") return { error: String((r.reason as { code?: string })?.code ?? r.reason) };
  return r.value.ok ? { ok: true, id: Number(r.value.appointment.id) } : { ok: false, reason: r.value.reason, alternatives: r.value.alternatives };
}

/** What the database holds for the slot: its appointments (holding units or not) and the units. */
async function storedAtSlot(h: Db) {
  const appointments = await h.db.selectFrom("appointments").select(["id", "status"]).where("date", "=", SLOT.date).where("time", "=", SLOT.time).orderBy("id").execute();
  const units = await h.db.selectFrom("appointment_slots").select(["chair", "unit_start", "appointment_id"]).orderBy("unit_start").execute();
  return { appointments: appointments.map((a) => ({ id: Number(a.id), status: a.status })), units: units.map((u) => ({ chair: Number(u.chair), unit_start: u.unit_start, appointment_id: Number(u.appointment_id) })) };
}

/** Exactly one booking won; every other one was told 'taken' and offered the nearest free times. */
async function expectOneStored(h: Db, outcomes: SlotOutcome[], total: number) {
  expect(outcomes).toHaveLength(total);
  expect(outcomes.filter((o) => "error" in o)).toEqual([]);
  const wins = outcomes.filter((o): o is { ok: true; id: number } => "ok" in o && o.ok);
  expect(wins).toHaveLength(1);
  const refusals = outcomes.filter((o) => "ok" in o && !o.ok);
  expect(refusals).toHaveLength(total - 1);
  for (const r of refusals) expect(r).toEqual({ ok: false, reason: "taken", alternatives: ALTERNATIVES });
  const held = (await storedAtSlot(h)).units.filter((u) => UNITS.includes(u.unit_start));
  expect(held).toEqual(UNITS.map((unit_start) => ({ chair: 1, unit_start, appointment_id: wins[0].id })));
  return wins[0].id;
}

// ---- PostgreSQL: one process, the pool -----------------------------------------------------------------

describe.runIf(Boolean(TEST_DATABASE_URL))("one slot booked 50 times at once [postgres, through the pool]", () => {
  let h: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ h, drop } = await createTestDb("postgres"));
  });
  afterAll(async () => {
    await drop?.();
  });
  beforeEach(async () => {
    await truncateAll(h);
    await seedSchedule(h);
  });

  /** A client of its own on this test database (not one of the pool's connections). */
  async function ownClient() {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(h.db);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  }

  /** `n` bookings at once, let to write only when every pooled connection waits to insert. */
  async function gatedRace(n: number): Promise<SlotOutcome[]> {
    const gate = await ownClient();
    await gate.query("begin");
    await gate.query("lock table appointments in share mode");
    const race = Promise.allSettled(Array.from({ length: n }, (_, i) => book(h, i)));
    try {
      const waiting = async () =>
        Number(
          (
            await gate.query(
              `select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
               where c.relname = 'appointments' and not l.granted and l.database = (select oid from pg_database where datname = current_database())`,
            )
          ).rows[0].n,
        );
      const expected = Math.min(n, POOL_SIZE);
      const deadline = Date.now() + 15_000;
      let seen = 0;
      while ((seen = await waiting()) < expected) {
        if (Date.now() > deadline) throw new Error(`only ${seen} of ${expected} bookings reached their insert`);
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      await gate.query("rollback");
      await gate.end();
    }
    return (await race).map(outcomeOf);
  }

  it("exactly one is stored with its units; the 49 others are refused as taken, with alternatives", async () => {
    const id = await expectOneStored(h, await gatedRace(50), 50);
    expect((await storedAtSlot(h)).appointments).toEqual([{ id, status: "requested" }]);
    expect(await h.db.selectFrom("appointment_history").select(["appointment_id", "action"]).execute()).toEqual([{ appointment_id: id, action: "created" }]);
  });

  it("without a race too (50 calls as they come): one", async () => {
    const outcomes = (await Promise.allSettled(Array.from({ length: 50 }, (_, i) => book(h, i)))).map(outcomeOf);
    await expectOneStored(h, outcomes, 50);
    expect((await storedAtSlot(h)).appointments).toHaveLength(1);
  });

  it("cancelling frees the units: the next booking of that slot succeeds (and only one of 20 at once)", async () => {
    const first = await expectOneStored(h, await gatedRace(50), 50);
    expect(await setAppointmentStatus(h, first, "cancelled", { actor: PATIENT_ACTOR, cancelledBy: "patient", reason: "Empêchement" })).toMatchObject({ ok: true });
    expect((await storedAtSlot(h)).units).toEqual([]);
    const second = await expectOneStored(h, await gatedRace(20), 20);
    expect(second).not.toBe(first);
    expect((await storedAtSlot(h)).appointments).toEqual([
      { id: first, status: "cancelled" },
      { id: second, status: "requested" },
    ]);
  });

  it("without the primary key of appointment_slots, the same race stores more than one", async () => {
    await sql`alter table appointment_slots drop constraint appointment_slots_pk`.execute(h.db);
    try {
      const pk = await sql<{ n: number }>`select count(*)::int as n from pg_constraint where conname = 'appointment_slots_pk'`.execute(h.db);
      expect(pk.rows[0].n).toBe(0);
      const outcomes = await gatedRace(50);
      expect(outcomes.filter((o) => "error" in o)).toEqual([]);
      const { appointments, units } = await storedAtSlot(h);
      // every booking that waited at the lock had read the slot free: all of them were stored
      expect(appointments.length).toBeGreaterThanOrEqual(POOL_SIZE);
      expect(outcomes.filter((o) => "ok" in o && o.ok)).toHaveLength(appointments.length);
      expect(units.filter((u) => u.unit_start === UNITS[0]).length).toBe(appointments.length);
    } finally {
      // the worker's database is reused by the next test files: the key comes back
      await sql`delete from appointment_slots`.execute(h.db);
      await sql`alter table appointment_slots add constraint appointment_slots_pk primary key (chair, unit_start)`.execute(h.db);
    }
  });
});

// ---- SQLite: several processes on one file ------------------------------------------------------------

/**
 * `processes` workers × `each` bookings of the slot. The test holds the file's write lock from
 * before the workers start until each of them is about to begin its first write transaction.
 */
function gatedProcessRace(file: string, processes: number, each: number): Promise<SlotOutcome[]> {
  const jobs: SlotJob[] = Array.from({ length: processes }, (_, w) => ({ tag: `w${w}`, count: each, now: NOW.toISOString(), ...SLOT }));
  return processRace<SlotOutcome>("tests/integration/fixtures/slot-worker.ts", file, jobs);
}

describe("one slot booked 50 times at once [sqlite, 5 processes]", () => {
  const file = useSqliteFile("slots");
  beforeEach(async () => {
    await file.h.db.deleteFrom("appointments").execute(); // cascades to the units and the history
  });

  it("exactly one is stored with its units; the 49 others are refused as taken, with alternatives", async () => {
    const id = await expectOneStored(file.h, await gatedProcessRace(file.path, 5, 10), 50);
    expect((await storedAtSlot(file.h)).appointments).toEqual([{ id, status: "requested" }]);
  }, 120_000);

  it("cancelling frees the units: the next booking of that slot succeeds (and only one of 10 at once)", async () => {
    const first = await expectOneStored(file.h, await gatedProcessRace(file.path, 5, 10), 50);
    expect(await setAppointmentStatus(file.h, first, "cancelled", { actor: PATIENT_ACTOR, cancelledBy: "patient" })).toMatchObject({ ok: true });
    expect((await storedAtSlot(file.h)).units).toEqual([]);
    const second = await expectOneStored(file.h, await gatedProcessRace(file.path, 5, 2), 10);
    expect((await storedAtSlot(file.h)).appointments).toEqual([
      { id: first, status: "cancelled" },
      { id: second, status: "requested" },
    ]);
  }, 120_000);
});

describe("without the primary key of appointment_slots [sqlite, 5 processes]", () => {
  // the same file, its slot table rebuilt without the key (as a schema without it would be)
  const file = useSqliteFile("slots-nokey", async (h) => {
    await sql`create table appointment_slots_nokey (chair integer not null, unit_start text not null, appointment_id integer not null references appointments(id) on delete cascade)`.execute(h.db);
    await sql`drop table appointment_slots`.execute(h.db);
    await sql`alter table appointment_slots_nokey rename to appointment_slots`.execute(h.db);
    await sql`create index appointment_slots_unit_idx on appointment_slots (unit_start)`.execute(h.db);
  });

  it("the same race stores more than one", async () => {
    const columns = await sql<{ name: string; pk: number }>`pragma table_info(appointment_slots)`.execute(file.h.db);
    expect(columns.rows.filter((c) => c.pk > 0)).toEqual([]);
    const outcomes = await gatedProcessRace(file.path, 5, 10);
    expect(outcomes.filter((o) => "error" in o)).toEqual([]);
    const { appointments, units } = await storedAtSlot(file.h);
    // each worker's first booking had read the slot free before anyone wrote: all were stored
    expect(appointments.length).toBeGreaterThanOrEqual(5);
    expect(outcomes.filter((o) => "ok" in o && o.ok)).toHaveLength(appointments.length);
    expect(units.filter((u) => u.unit_start === UNITS[0]).length).toBe(appointments.length);
  }, 120_000);
});
