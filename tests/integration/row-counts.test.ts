import { sql } from "kysely";
import { expect, it } from "vitest";
import { PATIENT_ACTOR } from "~/.server/actor";
import { appointmentCount, createAppointment, listAppointments } from "~/.server/repos/appointments";
import { bookAppointment } from "~/.server/repos/booking";
import type { Db } from "~/.server/db";
import { describeEachEngine } from "../helpers/db";

/**
 * The appointments list's total is kept by the database (migration 021, `row_counts`), by trigger
 * on both engines, in the transaction that inserts or deletes: whatever writes (the repos, raw SQL,
 * many rows at once, bookings at the same moment), it is the count of the rows.
 */
const counted = async (h: Db) => Number((await sql<{ n: number }>`select count(*) as n from appointments`.execute(h.db)).rows[0].n);
const kept = async (h: Db) => (await h.db.selectFrom("row_counts").select("n").where("name", "=", "appointments").executeTakeFirst())?.n;

describeEachEngine("the appointments' count", (t) => {
  it("follows inserts and deletes of every kind, and is the whole list's total", async () => {
    expect(await kept(t.h)).toBe(0);
    for (const name of ["Amel Count", "Bilal Count", "Chahra Count"]) {
      await createAppointment(t.h, { name, email: null, phone: "0550 12 34 56", service: "Orthodontie", date: "2031-05-02", time: "10:00", message: null });
    }
    // several rows in one statement, as a script or a restore writes them
    const now = new Date().toISOString();
    await t.h.db
      .insertInto("appointments")
      .values(Array.from({ length: 5 }, (_, i) => ({ name: `Lot ${i}`, email: null, phone: "0550 00 00 00", service: "Orthodontie", date: "2031-05-03", time: "09:00", message: null, created_at: now })))
      .execute();
    await t.h.db.deleteFrom("appointments").where("name", "like", "Lot %").where("name", "in", ["Lot 1", "Lot 3"]).execute();
    expect(await kept(t.h)).toBe(6);
    expect(await counted(t.h)).toBe(6);
    const list = await listAppointments(t.h, {}, { limit: 24, offset: 0 });
    expect(list).toMatchObject({ total: 6, more: false });
    expect(list.rows).toHaveLength(6);
    // a transaction that fails leaves it as it was
    await expect(
      t.h.db.transaction().execute(async (trx) => {
        await trx.insertInto("appointments").values({ name: "Annulée", email: null, phone: "0550 00 00 00", service: "Orthodontie", date: "2031-05-03", time: "09:00", message: null, created_at: now }).execute();
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await kept(t.h)).toBe(6);
  });

  it("stays exact when bookings are stored at the same moment, one of the same patient with a new e-mail", async () => {
    const day = "2031-06-02"; // a Monday
    const times = ["09:00", "09:45", "10:30", "11:15", "14:00", "14:45", "15:30", "16:15"];
    const outcomes = await Promise.allSettled(
      times.map((time, i) =>
        bookAppointment(
          t.h,
          { name: i < 2 ? "Dalia Même" : `Patient ${i}`, email: i === 1 ? "nouvelle@exemple.dz" : null, phone: i < 2 ? "0661 11 22 33" : `0550 00 00 ${String(10 + i)}`, service: "Orthodontie", date: day, time, message: null },
          { actor: PATIENT_ACTOR, mode: "forced" },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
    expect(outcomes.map((o) => o.status === "fulfilled" && o.value.ok)).toEqual(times.map(() => true));
    expect(await counted(t.h)).toBe(times.length);
    expect(await kept(t.h)).toBe(times.length);
    expect(await appointmentCount(t.h)).toBe(times.length);
  });

  it("is counted when its row is missing", async () => {
    await createAppointment(t.h, { name: "Sans Compteur", email: null, phone: "0550 12 34 56", service: "Orthodontie", date: "2031-05-02", time: "10:00", message: null });
    await t.h.db.deleteFrom("row_counts").execute();
    expect(await appointmentCount(t.h)).toBe(1);
    expect((await listAppointments(t.h, {}, { limit: 24, offset: 0 })).total).toBe(1);
  });
});
