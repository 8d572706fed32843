import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { type Actor } from "~/.server/actor";
import { listAppointments, updateAppointment, type AppointmentInput } from "~/.server/repos/appointments";
import { bookAppointment, moveAppointment, setAppointmentStatus } from "~/.server/repos/booking";
import { erasePatient } from "~/.server/repos/patient-erasure";
import { listPatients, mergeCandidates } from "~/.server/repos/patient-list";
import { mergePatients } from "~/.server/repos/patients";
import { insertStaff } from "~/.server/repos/staff";
import type { AppointmentStatus } from "~/lib/appointment-status";
import { todayInClinic } from "~/lib/clinic-time";
import { addDaysYmd } from "~/lib/schedule";
import type { Service } from "~/lib/services";
import { nameKey } from "~/lib/name-key";
import { describeEachEngine } from "../helpers/db";

/**
 * The staff searches behind their substring index (issue 33, item 3; migration 019): PostgreSQL
 * pg_trgm, SQLite FTS5 trigram, used as a candidate filter next to one exact SQL test. Every
 * expectation below runs on both engines, so each engine gives the same rows: Latin names with
 * accents, Arabic names typed with or without hamza, taa marbuta, tatweel and vowel marks, parts
 * of a phone's digits and of an e-mail, queries of one or two characters (no index: the exact
 * test alone), after a booking, a change of contacts, a merge and an erasure. And the list's order
 * and its last visit read stored columns that follow every booking, move and status change.
 */
const NOW = new Date("2026-11-23T08:50:00Z");
const TODAY = todayInClinic(NOW);

describeEachEngine("patient search index", (t) => {
  let staff: Actor;
  let slot = 0;

  async function book(name: string, phone: string, email: string | null, over: { date?: string; status?: AppointmentStatus } = {}) {
    slot += 1;
    const r = await bookAppointment(
      t.h,
      {
        name,
        email,
        phone,
        service: "Orthodontie",
        date: over.date ?? addDaysYmd(TODAY, 2 + Math.floor(slot / 14)),
        time: `${String(7 + (slot % 14)).padStart(2, "0")}:00`,
        message: null,
      } as AppointmentInput & { service: Service },
      { actor: staff, mode: "forced", status: over.status ?? "requested", now: NOW },
    );
    if (!r.ok) throw new Error(`booking refused: ${r.reason}`);
    const row = await t.h.db.selectFrom("appointments").select("patient_id").where("id", "=", Number(r.appointment.id)).executeTakeFirstOrThrow();
    return { appointment: Number(r.appointment.id), date: r.appointment.date, patient: Number(row.patient_id) };
  }
  const ids = async (q: string) => (await listPatients(t.h, { q }, { limit: 100, offset: 0 })).rows.map((r) => r.id).sort((a, b) => a - b);
  const total = async (q: string) => (await listPatients(t.h, { q }, { limit: 1, offset: 0 })).total;
  const setStatus = async (id: number, to: AppointmentStatus) => {
    const r = await setAppointmentStatus(t.h, id, to, { actor: staff, reason: null, cancelledBy: "patient" });
    if (!r.ok) throw new Error(`status refused: ${r.reason}`);
  };
  const stored = (id: number) => t.h.db.selectFrom("patients").select(["last_date", "last_visit"]).where("id", "=", id).executeTakeFirstOrThrow();
  const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);

  beforeEach(async () => {
    slot = 0;
    const u = await insertStaff(t.h, "accueil@clinique.dz", "hash-not-used");
    staff = { staffUserId: Number(u.id), label: "accueil@clinique.dz" };
  });

  it("reads digits typed with a leading 0 as the number's start or as a part with its zeros, on both engines", async () => {
    const inside = (await book("Imane Zerrouki", "0652 05 00 02", null)).patient;
    const elsewhere = (await book("Nadia Saadi", "0750 01 23 45", null)).patient;
    const starting = (await book("Samir Hadj", "0500 11 22 33", null)).patient;
    const appts = async (q: string) => (await listAppointments(t.h, { q }, { limit: 100, offset: 0 })).rows.map((r) => Number(r.id)).length;
    // "0500": a part inside a number with its zeros (0652 05 00 02), or the start of one (0500 11…), not every number holding 500 (0750 01…)
    expect(await ids("0500")).toEqual(sorted(inside, starting));
    expect(await appts("0500")).toBe(2);
    // "500" without a 0 is a part anywhere, as before
    expect(await ids("500")).toEqual(sorted(inside, elsewhere, starting));
    // the national prefix and the number's start, whatever the spacing; the start only
    expect(await ids("0750 01")).toEqual([elsewhere]);
    expect(await ids("0652 050002")).toEqual([inside]);
    expect(await ids("065 205")).toEqual([inside]);
    expect(await appts("0652 05")).toBe(1);
    // a start ending in 9s: the range's upper bound carries ("0659" → below "+21366"), nothing more found
    expect(await ids("0659")).toEqual([]);
    expect(await ids("+213 500 11 22 33")).toEqual([starting]);
  });

  it("finds parts of names, phone digits and e-mails alike on both engines, short queries included", async () => {
    const elodie = (await book("Élodie Benaïssa", "0550 12 34 56", "Elodie.B@Exemple.dz")).patient;
    const fatima = (await book("فاطِمة الزهراء", "0661 23 45 67", null)).patient;
    const ahmed = (await book("أحمد بن علي", "0770 11 22 33", "ahmed_b@mail.dz")).patient;
    const karim = (await book("Karim Mansouri", "021 28 45 67", null)).patient;

    // Latin: accents and case ignored, any part of a word, words in any order
    expect(await ids("elodie")).toEqual([elodie]);
    expect(await ids("ÉLO")).toEqual([elodie]);
    expect(await ids("naïss")).toEqual([elodie]);
    expect(await ids("benaissa elo")).toEqual([elodie]);
    expect(await ids("Mansour")).toEqual([karim]);
    // Arabic: taa marbuta or haa, vowel marks, tatweel, alef with or without hamza
    for (const q of ["فاطمة", "فاطمه", "فاطِمة", "فاطـمة", "زهر", "الزهراء فاطمه"]) expect(await ids(q), q).toEqual([fatima]);
    for (const q of ["أحمد", "احمد", "إحمد", "أحمد بن", "علي"]) expect(await ids(q), q).toEqual([ahmed]);
    // phone digits, in any form, a part of them
    expect(await ids("34 5")).toEqual(sorted(elodie, fatima));
    expect(await ids("0661 23")).toEqual([fatima]);
    expect(await ids("+213 770 11 22 33")).toEqual([ahmed]);
    expect(await ids("284")).toEqual([karim]);
    // e-mails: a part, case ignored; a typed '_' or '%' is itself, not a wildcard
    expect(await ids("exemple.DZ")).toEqual([elodie]);
    expect(await ids("ahmed_b")).toEqual([ahmed]);
    expect(await ids("med_b@mail")).toEqual([ahmed]);
    // ('d_b' is also the words 'd' and 'b', both in Élodie Benaïssa's name)
    expect(await ids("d_b")).toEqual(sorted(elodie, ahmed));
    expect(await ids("dxb")).toEqual([]);
    expect(await ids("ahmed%")).toEqual([]);
    // one or two characters: no trigram, the same rows from the exact test
    expect(await ids("a")).toEqual(sorted(elodie, ahmed, karim));
    expect(await ids("ka")).toEqual([karim]);
    expect(await ids("فا")).toEqual([fatima]);
    expect(await ids("ع")).toEqual([ahmed]);
    expect(await ids("12")).toEqual([]);
    // a title alone is still a letter to look for (in Karim Mansouri, and in two e-mails)
    expect(await ids("M")).toEqual(sorted(elodie, ahmed, karim));
    expect(await total("a")).toBe(3);
    // the number found, on a later page and on a page past the end
    expect(await listPatients(t.h, { q: "a" }, { limit: 1, offset: 2 })).toMatchObject({ total: 3, rows: [{}] });
    expect(await listPatients(t.h, { q: "a" }, { limit: 1, offset: 5 })).toEqual({ total: 3, more: false, rows: [] });
    expect(await listPatients(t.h, { q: "personne" })).toEqual({ total: 0, more: false, rows: [] });
    expect(await ids("personne")).toEqual([]);
  });

  it("follows bookings, changes of contacts, merges and erasures", async () => {
    const first = await book("Amina Benali", "0550 12 34 56", "amina@exemple.dz");
    expect(await ids("benali")).toEqual([first.patient]);
    // a new e-mail typed on a later booking: the record's e-mail changes, the index with it
    await book("Amina Benali", "0550 12 34 56", "amina.b@nouveau.dz");
    expect(await ids("nouveau")).toEqual([first.patient]);
    expect(await ids("amina@exemple")).toEqual([]);
    // staff correct the name on an appointment: it goes to the record of that name
    await updateAppointment(t.h, first.appointment, { name: "Amina Haddad" }, staff);
    const haddad = Number((await t.h.db.selectFrom("appointments").select("patient_id").where("id", "=", first.appointment).executeTakeFirstOrThrow()).patient_id);
    expect(await ids("hadd")).toEqual([haddad]);
    // the appointments list searches its own rows through its index
    expect((await listAppointments(t.h, { q: "Haddad" })).rows.map((r) => Number(r.id))).toEqual([first.appointment]);
    expect((await listAppointments(t.h, { q: "34 56" })).total).toBe(2);
    expect((await listAppointments(t.h, { q: "nouveau" })).total).toBe(1);
    // merged away: no longer listed
    expect(await mergePatients(t.h, first.patient, haddad, staff)).toMatchObject({ ok: true });
    expect(await ids("hadd")).toEqual([]);
    expect(await ids("0550 12 34 56")).toEqual([first.patient]);
    // erased: found by nothing, and nothing of it left in the index
    expect(await erasePatient(t.h, first.patient, staff, NOW)).toMatchObject({ ok: true });
    for (const q of ["benali", "amina", "nouveau", "0550 12 34 56", "345", "hadd"]) expect(await ids(q), q).toEqual([]);
    expect((await listAppointments(t.h, { q: "amina" })).total).toBe(0);
    if (t.engine === "sqlite") {
      const left = await sql<{ n: number }>`select count(*) as n from patients_search where name_key like '%amina%' or email like '%amina%' or phone_e164 like '%550%'`.execute(t.h.db);
      expect(Number(left.rows[0]?.n)).toBe(0);
      const leftA = await sql<{ n: number }>`select count(*) as n from appointments_search where name like '%amina%' or email like '%amina%' or phone_digits like '%550%'`.execute(t.h.db);
      expect(Number(leftA.rows[0]?.n)).toBe(0);
    }
  });

  it("the last visit and the list's order are stored and follow every status change, move and merge", async () => {
    const a1 = await book("Amina Benali", "0550 12 34 56", null, { date: addDaysYmd(TODAY, -30), status: "confirmed" });
    const a2 = await book("Amina Benali", "0550 12 34 56", null, { date: addDaysYmd(TODAY, -10), status: "confirmed" });
    const karim = await book("Karim Mansouri", "021 28 45 67", null, { date: addDaysYmd(TODAY, -20) });
    const id = a1.patient;
    expect(await stored(id)).toEqual({ last_date: a2.date, last_visit: null });
    await setStatus(a1.appointment, "attended");
    expect(await stored(id)).toEqual({ last_date: a2.date, last_visit: a1.date });
    await setStatus(a2.appointment, "attended");
    expect(await stored(id)).toMatchObject({ last_visit: a2.date });
    // taken back, then cancelled: the visit before it again
    await setStatus(a2.appointment, "confirmed");
    await setStatus(a2.appointment, "cancelled");
    expect(await stored(id)).toEqual({ last_date: a2.date, last_visit: a1.date });
    await setStatus(a1.appointment, "no_show");
    expect(await stored(id)).toEqual({ last_date: a2.date, last_visit: null });
    // the list: latest appointment first, read from the stored column
    expect((await listPatients(t.h, {})).rows.map((r) => [r.id, r.lastDate, r.lastVisit])).toEqual([
      [id, a2.date, null],
      [karim.patient, karim.date, null],
    ]);
    // a move carries the day
    const a3 = await book("Karim Mansouri", "021 28 45 67", null, { date: addDaysYmd(TODAY, 3) });
    expect(await stored(karim.patient)).toMatchObject({ last_date: a3.date });
    const moved = await moveAppointment(t.h, a3.appointment, { date: addDaysYmd(TODAY, 5), time: "09:00" }, { actor: staff, mode: "forced", now: NOW });
    expect(moved.ok).toBe(true);
    expect(await stored(karim.patient)).toMatchObject({ last_date: addDaysYmd(TODAY, 5) });
    expect((await listPatients(t.h, {})).rows.map((r) => r.id)).toEqual([karim.patient, id]);
    // a merge moves the appointments and their days
    await setStatus(karim.appointment, "attended");
    expect(await mergePatients(t.h, id, karim.patient, staff)).toMatchObject({ ok: true });
    expect(await stored(id)).toEqual({ last_date: addDaysYmd(TODAY, 5), last_visit: karim.date });
    expect(await stored(karim.patient)).toEqual({ last_date: "", last_visit: null });
  });
});

describeEachEngine("a broad search (over 1,000 rows found)", (t) => {
  it("gives the page in the list's order, the same rows as a narrow search would, and says there are more than 1,000", async () => {
    // 1,100 records and appointments named Benali, 30 named Haddad; the latest of each first
    const n = 1130;
    const people = Array.from({ length: n }, (_, i) => {
      const name = i < 1100 ? `Amina Benali ${i}` : `Sofia Haddad ${i}`;
      const date = addDaysYmd(TODAY, -(i % 400));
      const created = `2026-0${1 + (i % 9)}-1${i % 10}T08:${String(i % 60).padStart(2, "0")}:00.000Z`;
      return { i, name, date, created, phone: `0550 ${String(100000 + i)}` };
    });
    for (let k = 0; k < n; k += 200) {
      const chunk = people.slice(k, k + 200);
      await t.h.db
        .insertInto("patients")
        .values(chunk.map((p) => ({ id: p.i + 1, name: p.name, phone: p.phone, phone_e164: `+213550${100000 + p.i}`, email: null, notes: null, match_key: `+213550${100000 + p.i}|${p.name.toLowerCase()}`, name_key: nameKey(p.name), created_at: p.created, updated_at: p.created })))
        .execute();
      await t.h.db
        .insertInto("appointments")
        .values(
          chunk.map((p) => ({
            id: p.i + 1,
            patient_id: p.i + 1,
            name: p.name,
            email: null,
            phone: p.phone,
            phone_digits: `0550${100000 + p.i}`,
            service: "Orthodontie" as const,
            date: p.date,
            time: "09:00",
            message: null,
            created_at: p.created,
            status: "attended" as const,
          })),
        )
        .execute();
    }
    if (t.h.engine === "postgres") {
      await sql`select setval(pg_get_serial_sequence('patients', 'id'), ${n})`.execute(t.h.db);
      await sql`select setval(pg_get_serial_sequence('appointments', 'id'), ${n})`.execute(t.h.db);
    }
    const byLastDate = (xs: typeof people) => [...xs].sort((a, b) => b.date.localeCompare(a.date) || b.i - a.i).map((p) => p.i + 1);
    const byCreated = (xs: typeof people) => [...xs].sort((a, b) => b.created.localeCompare(a.created) || b.i - a.i).map((p) => p.i + 1);
    const benali = people.filter((p) => p.i < 1100);
    const haddad = people.filter((p) => p.i >= 1100);

    // broad: the first page and the third in the list's order, counted up to 1,000 and "more"
    const first = await listPatients(t.h, { q: "benali" }, { limit: 24, offset: 0 }, TODAY);
    expect(first.rows.map((r) => r.id)).toEqual(byLastDate(benali).slice(0, 24));
    expect(first).toMatchObject({ total: 1000, more: true });
    expect((await listPatients(t.h, { q: "benali" }, { limit: 24, offset: 48 }, TODAY)).rows.map((r) => r.id)).toEqual(byLastDate(benali).slice(48, 72));
    const appointments = await listAppointments(t.h, { q: "Benali" }, { limit: 24, offset: 0 });
    expect(appointments.rows.map((r) => Number(r.id))).toEqual(byCreated(benali).slice(0, 24));
    expect(appointments).toMatchObject({ total: 1000, more: true });
    // broad and narrowed by a filter: counted, exactly when under 1,000 (the Benali of one appointment day: 1,100 / 400 days)
    const oneDay = benali.filter((p) => p.date === TODAY);
    expect(await listAppointments(t.h, { q: "Benali", date: TODAY }, { limit: 24, offset: 0 })).toMatchObject({ total: oneDay.length, more: false });
    expect(oneDay.length).toBeGreaterThan(1);
    // a broad part of the phone's digits too
    expect(await listPatients(t.h, { q: "0550" }, { limit: 24, offset: 0 }, TODAY)).toMatchObject({ total: 1000, more: true });

    // narrow: counted exactly, no "more"
    const few = await listPatients(t.h, { q: "haddad" }, { limit: 24, offset: 0 }, TODAY);
    expect(few.rows.map((r) => r.id)).toEqual(byLastDate(haddad).slice(0, 24));
    expect(few).toMatchObject({ total: 30, more: false });
    expect(await listAppointments(t.h, { q: "haddad" }, { limit: 24, offset: 0 })).toMatchObject({ total: 30, more: false });
    expect(await listPatients(t.h, { q: "benali 1099" }, { limit: 24, offset: 0 }, TODAY)).toMatchObject({ total: 1, more: false });
  });
});

describeEachEngine("the records that may be the same person (merge form)", (t) => {
  it("are those with the same phone, the same e-mail in any case or the same name, each read from its index (migration 020)", async () => {
    const at = "2026-11-01T08:00:00.000Z";
    const rows = [
      { id: 1, name: "Amina Benali", phone: "0550 12 34 56", phone_e164: "+213550123456", email: "Amina.B@exemple.dz" },
      { id: 2, name: "Mme Benali", phone: "0550123456", phone_e164: "+213550123456", email: null },
      { id: 3, name: "A. B.", phone: "0661 00 00 00", phone_e164: "+213661000000", email: "amina.b@EXEMPLE.dz" },
      { id: 4, name: "AMINA BENALI", phone: "0770 00 00 00", phone_e164: "+213770000000", email: null },
      { id: 5, name: "Amina Benali Haddad", phone: "0771 00 00 00", phone_e164: "+213771000000", email: "autre@exemple.dz" },
    ];
    await t.h.db
      .insertInto("patients")
      .values(rows.map((r) => ({ ...r, notes: null, match_key: `${r.phone_e164}|${r.name.toLowerCase()}`, name_key: nameKey(r.name), created_at: at, updated_at: at })))
      .execute();
    expect((await mergeCandidates(t.h, 1)).map((p) => p.id).sort()).toEqual([2, 3, 4]);
    expect((await mergeCandidates(t.h, 5)).map((p) => p.id)).toEqual([]);
    // a search adds what it finds
    expect((await mergeCandidates(t.h, 5, "haddad")).map((p) => p.id)).toEqual([]);
    expect((await mergeCandidates(t.h, 2, "benali haddad")).map((p) => p.id).sort()).toEqual([1, 5]);
  });
});
