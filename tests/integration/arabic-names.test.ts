import pg from "pg";
import { afterAll, beforeEach, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "~/.server/db/connection";
import { migrateTo, migrateToLatest } from "~/.server/db/migrations";
import { bookAppointment } from "~/.server/repos/booking";
import { type Actor } from "~/.server/actor";
import { erasePatient } from "~/.server/repos/patient-erasure";
import { listPatients } from "~/.server/repos/patient-list";
import { mergePatients } from "~/.server/repos/patients";
import { insertStaff } from "~/.server/repos/staff";
import type { AppointmentInput } from "~/.server/repos/appointments";
import { todayInClinic } from "~/lib/clinic-time";
import { addDaysYmd } from "~/lib/schedule";
import type { Service } from "~/lib/services";
import { describeEachEngine, ENGINES, TEST_DATABASE_URL } from "../helpers/db";
import { testDbNames } from "../helpers/test-databases";

/**
 * Arabic names in patient records and in the staff search (issue 32, item 7; ~/lib/name-key) on
 * both engines: the spellings of one Arabic name under one phone give one record, the search
 * typed in Arabic finds the record whatever the spelling, an erased record is found no more, and
 * migration 017 recomputes the stored keys of Arabic names (the oldest keeps a key two now share).
 */
const NOW = new Date("2026-11-23T08:50:00Z");
const TODAY = todayInClinic(NOW);

describeEachEngine("Arabic names", (t) => {
  let staff: Actor;
  let slot = 0;

  async function book(name: string, phone: string) {
    slot += 1;
    const r = await bookAppointment(
      t.h,
      {
        name,
        email: null,
        phone,
        service: "Orthodontie",
        date: addDaysYmd(TODAY, 2 + Math.floor(slot / 14)),
        time: `${String(7 + (slot % 14)).padStart(2, "0")}:00`,
        message: null,
      } as AppointmentInput & { service: Service },
      { actor: staff, mode: "forced", status: "requested", now: NOW },
    );
    if (!r.ok) throw new Error(`booking refused: ${r.reason}`);
    const row = await t.h.db.selectFrom("appointments").select("patient_id").where("id", "=", Number(r.appointment.id)).executeTakeFirstOrThrow();
    return Number(row.patient_id);
  }
  const ids = async (q: string) => (await listPatients(t.h, { q })).rows.map((r) => r.id).sort((a, b) => a - b);

  beforeEach(async () => {
    slot = 0;
    const u = await insertStaff(t.h, "accueil@clinique.dz", "hash-not-used");
    staff = { staffUserId: Number(u.id), label: "accueil@clinique.dz" };
  });

  it("the spellings of one Arabic name under one phone give one record; another name, another record", async () => {
    const fatima = [
      await book("فاطمة الزهراء", "0550 12 34 56"),
      await book("فاطمه الزهراء", "+213 550 12 34 56"),
      await book("فاطِمة الزَّهراء", "00213550123456"),
      await book("الزهراء فاطـمة", "05.50.12.34.56"),
    ];
    expect(new Set(fatima).size).toBe(1);
    const amina = [await book("أمينة", "0550 12 34 56"), await book("امينه", "0550123456"), await book("آمِنة", "0550123456")];
    expect(new Set(amina).size).toBe(2);
    expect(amina[0]).toBe(amina[1]);
    const hani = [await book("هانئ مصطفى", "0661 00 00 01"), await book("هاني مصطفي", "0661000001")];
    expect(hani[0]).toBe(hani[1]);
    const rows = await t.h.db.selectFrom("patients").select(["id", "name", "match_key", "name_key"]).orderBy("id").execute();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ name: "فاطمة الزهراء", match_key: "+213550123456|الزهراء فاطمه", name_key: "الزهراء فاطمه" });
  });

  it("a search typed in Arabic finds the record whatever the spelling; Latin finds Latin; no transliteration", async () => {
    const fatima = await book("فاطِمة الزهراء", "0550 12 34 56");
    const amina = await book("Amina Bénali", "0661 23 45 67");
    const mustapha = await book("مصطفى بن علي", "0770 11 22 33");
    expect(await ids("فاطمه")).toEqual([fatima]);
    expect(await ids("فاطمة")).toEqual([fatima]);
    expect(await ids("فاطِمة")).toEqual([fatima]);
    expect(await ids("الزهراء فاطمة")).toEqual([fatima]);
    expect(await ids("زهراء")).toEqual([fatima]);
    expect(await ids("مصطفي")).toEqual([mustapha]);
    expect(await ids("بن على")).toEqual([mustapha]);
    expect(await ids("benali")).toEqual([amina]);
    expect(await ids("BÉNALI amina")).toEqual([amina]);
    expect(await ids("Fatima")).toEqual([]);
    expect(await ids("امينة")).toEqual([]);
    expect(await ids("0550 12")).toEqual([fatima]);
  });

  it("an erased record is found no more; a record merged away is not listed", async () => {
    const fatima = await book("فاطمة الزهراء", "0550 12 34 56");
    const khadija = await book("خديجة", "0661 23 45 67");
    const khadija2 = await book("خديجه بن علي", "0770 11 22 33");
    expect(await ids("خديجه")).toEqual([khadija, khadija2]);
    expect(await mergePatients(t.h, khadija, khadija2, staff)).toMatchObject({ ok: true });
    expect(await ids("خديجه")).toEqual([khadija]);
    expect(await erasePatient(t.h, fatima, staff, NOW)).toMatchObject({ ok: true });
    expect(await ids("فاطمه")).toEqual([]);
    expect(await ids("الزهراء")).toEqual([]);
    const erased = await t.h.db.selectFrom("patients").select(["match_key", "name_key"]).where("id", "=", fatima).executeTakeFirstOrThrow();
    expect(erased).toEqual({ match_key: null, name_key: null });
  });
});

/** A new, empty database of the engine (SQLite in memory; PostgreSQL: a database of this run). */
async function freshDb(engine: "sqlite" | "postgres"): Promise<{ h: Db; drop: () => Promise<void> }> {
  if (engine === "sqlite") {
    const h = openDb({ kind: "sqlite", path: ":memory:" });
    return { h, drop: () => h.close() };
  }
  // named like this run's databases, so that the run's teardown removes it even after a crash
  const name = `${testDbNames(inject("testDbRunId")).postgresPrefix}${process.env.VITEST_POOL_ID ?? "1"}_names`;
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

for (const engine of ENGINES) {
  describe.runIf(engine.available)(`migration 017_name_keys [${engine.name}]`, () => {
    let db: { h: Db; drop: () => Promise<void> } | undefined;
    // dropping a database waits on a server the browser tests may keep busy
    afterAll(async () => {
      await db?.drop();
    }, 180_000);

    it("fills name_key and recomputes the keys of Arabic names; two records now on one key keep it on the oldest", async () => {
      db = await freshDb(engine.name);
      const { h } = db;
      await migrateTo(h.db, h.engine, "016_attendance_certificates");
      // the rows as 004–016 stored them (keys of the nameKey before Arabic folds)
      const rows = [
        { name: "فاطمة الزهراء", e164: "+213550000001", key: "+213550000001|الزهراء فاطمة", at: "2026-01-01T08:00:00.000Z" },
        { name: "فاطمه الزهراء", e164: "+213550000001", key: "+213550000001|الزهراء فاطمه", at: "2026-02-01T08:00:00.000Z" },
        { name: "مصطفى", e164: "+213550000002", key: "+213550000002|مصطفى", at: "2026-03-01T08:00:00.000Z" },
        { name: "هدى", e164: "+213550000003", key: "+213550000003|هدى", at: "2026-01-05T08:00:00.000Z" },
        { name: "هـدى", e164: "+213550000003", key: "+213550000003|هـدى", at: "2026-04-05T08:00:00.000Z" },
        { name: "Mme Amina Bénali", e164: "+213550000004", key: "+213550000004|amina benali", at: "2026-01-02T08:00:00.000Z" },
        { name: "Patient effacé", e164: null, key: null, at: "2026-01-03T08:00:00.000Z", erased: true },
      ];
      for (const r of rows) {
        await h.db
          .insertInto("patients")
          .values({
            name: r.name,
            phone: r.e164,
            phone_e164: r.e164,
            email: null,
            notes: null,
            match_key: r.key,
            created_at: r.at,
            updated_at: r.at,
            merged_into: null,
            erased_at: r.erased ? r.at : null,
          })
          .execute();
      }
      expect(await migrateToLatest(h.db, h.engine)).toContain("017_name_keys");
      const after = await h.db.selectFrom("patients").select(["name", "match_key", "name_key"]).orderBy("id").execute();
      expect(after).toEqual([
        // the oldest keeps the key the younger one had; the younger has none, merge is staff's
        { name: "فاطمة الزهراء", match_key: "+213550000001|الزهراء فاطمه", name_key: "الزهراء فاطمه" },
        { name: "فاطمه الزهراء", match_key: null, name_key: "الزهراء فاطمه" },
        { name: "مصطفى", match_key: "+213550000002|مصطفي", name_key: "مصطفي" },
        // two changed keys that meet: the oldest has it
        { name: "هدى", match_key: "+213550000003|هدي", name_key: "هدي" },
        { name: "هـدى", match_key: null, name_key: "هدي" },
        // a Latin key is untouched
        { name: "Mme Amina Bénali", match_key: "+213550000004|amina benali", name_key: "amina benali" },
        { name: "Patient effacé", match_key: null, name_key: null },
      ]);
      // both records of the shared key are found by the search, whatever the spelling typed
      expect((await listPatients(h, { q: "فاطمة" })).rows.map((r) => r.name).sort()).toEqual(["فاطمة الزهراء", "فاطمه الزهراء"].sort());
    });
  });
}
