import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATIENT_ACTOR } from "~/.server/actor";
import type { Db } from "~/.server/db";
import { bookAppointment, setAppointmentStatus } from "~/.server/repos/booking";
import { insertEntry } from "~/.server/repos/waitlist";
import { offerFreedSlot, SYSTEM_ACTOR } from "~/.server/waitlist";
import { todayInClinic } from "~/lib/clinic-time";
import { addDaysYmd, weekdayOf } from "~/lib/schedule";
import { wishOf } from "~/lib/waitlist";
import { useSqliteFile } from "../helpers/db";
import { gatedProcessRace as processRace } from "../helpers/process-race";
import type { ClaimJob, ClaimWorkerOutcome } from "./fixtures/claim-worker";
import { setAppEnv } from "./public-form";

/**
 * Twenty patients claim one freed slot at once, on SQLite with real concurrency (ADR 028): 4
 * processes × 5 claims, each process with its own connection to a shared file (waitlist.test.ts
 * runs the same race in one process, where SQLite's single connection serialises it). As in
 * slot-concurrency.test.ts, the race is made to happen every time: the test holds the file's
 * write lock (BEGIN IMMEDIATE) until each worker's first claim has read its offer and the slot
 * and is about to begin its transaction (tests/integration/fixtures/claim-worker.ts).
 *
 * Two guards keep it to one booking: the slot units' primary key, and the claim's conditional
 * update of its offer (the winner marks the slot's other offers 'Pris par un autre patient' in its
 * transaction). Without both, the same race stores several appointments: the test can fail. (Each
 * race starts 4 processes, about 19 s here: the case "without the key only", which still stores
 * one, is left out to keep the suite fast.)
 */

const NOW = new Date("2026-11-23T08:50:00Z"); // a Monday, 09:50 in Algiers
const TODAY = todayInClinic(NOW);
let DAY = addDaysYmd(TODAY, 1);
while (weekdayOf(DAY) === 5) DAY = addDaysYmd(DAY, 1);
const SERVICE = "Orthodontie" as const;
const PROCESSES = 4;
const EACH = 5;
const CLAIM_AT = new Date(NOW.getTime() + 10 * 60_000).toISOString();

/** A booking cancelled at DAY 10:00, twenty entries waiting for it, and its twenty offers. */
async function twentyOffers(h: Db): Promise<{ freedId: number; offerIds: number[] }> {
  const booked = await bookAppointment(h, { name: "Mme Partante", email: null, phone: "0550 00 00 01", service: SERVICE, date: DAY, time: "10:00", message: null }, { actor: PATIENT_ACTOR, mode: "staff", now: NOW });
  if (!booked.ok) throw new Error(`booking refused: ${booked.reason}`);
  const cancelled = await setAppointmentStatus(h, Number(booked.appointment.id), "cancelled", { actor: PATIENT_ACTOR, cancelledBy: "patient" });
  if (!cancelled.ok) throw new Error("cancel refused");
  for (let i = 0; i < PROCESSES * EACH; i++) {
    await insertEntry(
      h,
      { patientId: null, name: `Patient ${i + 1}`, phone: `0550 12 34 ${String(i).padStart(2, "0")}`, email: null, service: SERVICE, wishes: wishOf(DAY, "10:00"), untilDate: addDaysYmd(DAY, 10), source: "online", submissionKey: null },
      PATIENT_ACTOR,
      new Date(NOW.getTime() - (100 - i) * 1000).toISOString(),
    );
  }
  const freed = cancelled.appointment;
  const offers = await offerFreedSlot(h, { date: DAY, time: "10:00", chair: Number(freed.chair), freedAppointmentId: Number(freed.id) }, { actor: SYSTEM_ACTOR, now: NOW, batch: PROCESSES * EACH });
  expect(offers).toHaveLength(PROCESSES * EACH);
  return { freedId: Number(freed.id), offerIds: offers.map((o) => Number(o.id)) };
}

/** The offers shared among the workers; the file's write lock held until each is about to write. */
function gatedProcessRace(file: string, offerIds: number[]): Promise<ClaimWorkerOutcome[]> {
  const jobs: ClaimJob[] = Array.from({ length: PROCESSES }, (_, w) => ({ tag: `w${w}`, offerIds: offerIds.filter((_, i) => i % PROCESSES === w), now: CLAIM_AT }));
  return processRace<ClaimWorkerOutcome>("tests/integration/fixtures/claim-worker.ts", file, jobs);
}

async function atSlot(h: Db) {
  const appointments = await h.db.selectFrom("appointments").select(["id", "status"]).where("date", "=", DAY).where("time", "=", "10:00").orderBy("id").execute();
  const offers = await h.db.selectFrom("waitlist_offers").select(["status", "appointment_id"]).execute();
  return { appointments: appointments.map((a) => ({ id: Number(a.id), status: a.status })), offers };
}

async function emptyTables(h: Db) {
  await h.db.deleteFrom("waitlist_offers").execute();
  await h.db.deleteFrom("waitlist_entries").execute();
  await h.db.deleteFrom("appointments").execute(); // cascades to the units and the history
}

function summary(label: string, outcomes: ClaimWorkerOutcome[], stored: number) {
  const wins = outcomes.filter((o) => "ok" in o && o.ok).length;
  const reasons = [...new Set(outcomes.filter((o): o is { ok: false; reason: string } => "ok" in o && !o.ok).map((o) => o.reason))].join(", ");
  console.info(`[sqlite, ${PROCESSES} processes] ${label}: ${outcomes.length} claims, ${wins} accepted, ${stored} stored, refusals: ${reasons || "none"}`);
}

describe(`20 claims of one freed slot at once [sqlite, ${PROCESSES} processes]`, () => {
  const file = useSqliteFile("waitlist-race");
  beforeAll(() => setAppEnv(["SMTP_URL", "WAITLIST_OFFER_HOURS", "WAITLIST_OFFER_BATCH", "PUBLIC_URL"], { PUBLIC_URL: "https://clinique.example" }));
  afterAll(() => setAppEnv(["PUBLIC_URL"]));
  beforeEach(() => emptyTables(file.h));

  it("exactly one appointment is stored; the 19 others are refused as 'taken'", async () => {
    const { freedId, offerIds } = await twentyOffers(file.h);
    const outcomes = await gatedProcessRace(file.path, offerIds);
    const { appointments, offers } = await atSlot(file.h);
    summary("with the key", outcomes, appointments.length - 1);
    expect(outcomes).toHaveLength(20);
    expect(outcomes.filter((o) => "error" in o)).toEqual([]);
    const wins = outcomes.filter((o): o is { ok: true; id: number } => "ok" in o && o.ok);
    expect(wins).toHaveLength(1);
    for (const r of outcomes.filter((o) => "ok" in o && !o.ok)) expect(r).toEqual({ ok: false, reason: "taken" });
    expect(appointments).toEqual([
      { id: freedId, status: "cancelled" },
      { id: wins[0].id, status: "confirmed" },
    ]);
    expect(offers.map((o) => o.status).sort()).toEqual(["claimed", ...Array(19).fill("taken")]);
    const units = await file.h.db.selectFrom("appointment_slots").select("appointment_id").execute();
    expect(new Set(units.map((u) => Number(u.appointment_id)))).toEqual(new Set([wins[0].id]));
  }, 120_000);
});

describe(`without the slot units' primary key [sqlite, ${PROCESSES} processes]`, () => {
  // the same file, its slot table rebuilt without the key (as slot-concurrency.test.ts does)
  const file = useSqliteFile("waitlist-race-nokey", async (h) => {
    await sql`create table appointment_slots_nokey (chair integer not null, unit_start text not null, appointment_id integer not null references appointments(id) on delete cascade)`.execute(h.db);
    await sql`drop table appointment_slots`.execute(h.db);
    await sql`alter table appointment_slots_nokey rename to appointment_slots`.execute(h.db);
    await sql`create index appointment_slots_unit_idx on appointment_slots (unit_start)`.execute(h.db);
  });
  beforeAll(() => setAppEnv(["SMTP_URL", "WAITLIST_OFFER_HOURS", "WAITLIST_OFFER_BATCH", "PUBLIC_URL"], { PUBLIC_URL: "https://clinique.example" }));
  afterAll(() => setAppEnv(["PUBLIC_URL"]));
  beforeEach(async () => {
    await sql`drop trigger if exists offers_never_taken`.execute(file.h.db);
    await emptyTables(file.h);
  });

  it("without the key and without the 'taken' marking, the same race stores more than one", async () => {
    // the winner's update of the other offers is skipped: only the slot units could refuse them
    await sql`create trigger offers_never_taken before update of status on waitlist_offers when new.status = 'taken' begin select raise(ignore); end`.execute(file.h.db);
    const { offerIds } = await twentyOffers(file.h);
    const outcomes = await gatedProcessRace(file.path, offerIds);
    const { appointments } = await atSlot(file.h);
    summary("without the key nor the marking", outcomes, appointments.length - 1);
    expect(outcomes.filter((o) => "error" in o)).toEqual([]);
    const stored = appointments.filter((a) => a.status === "confirmed");
    // each worker's first claim had read the slot free before anyone wrote: all of them were stored
    expect(stored.length).toBeGreaterThanOrEqual(PROCESSES);
    expect(outcomes.filter((o) => "ok" in o && o.ok)).toHaveLength(stored.length);
  }, 120_000);
});
