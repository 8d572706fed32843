import { beforeEach, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { PATIENT_ACTOR, type Actor } from "~/.server/actor";
import { bookAppointment, moveAppointment } from "~/.server/repos/booking";
import { saveServiceSettings, saveSettings, saveWeeklyHours } from "~/.server/repos/schedule";
import { insertStaff } from "~/.server/repos/staff";
import { addDaysYmd, DEFAULT_SETTINGS, DEFAULT_WEEKLY, defaultSchedule, weekdayOf } from "~/lib/schedule";
import { todayInClinic } from "~/lib/clinic-time";
import { describeEachEngine } from "../helpers/db";

/**
 * A drop on the agenda grid (docs/decisions/023-agenda-grid.md): the move asks for one chair,
 * and only that chair — under the same rules, and under the database's unique (chair,
 * unit_start) rows when another write takes the chair between the move's read and its write.
 * Two chairs, the default hours; NOW is a Monday 09:50 in Algiers.
 */
const NOW = new Date("2026-11-23T08:50:00Z");
const TODAY = todayInClinic(NOW);
let TUE = addDaysYmd(TODAY, 1);
while (weekdayOf(TUE) !== 2) TUE = addDaysYmd(TUE, 1);

/**
 * The handle a move is given in the race: the first read of `appointment_slots` (the move's
 * availability check) returns what it saw, then `meanwhile` writes on the real handle before the
 * move goes on to write. So the move's check saw the chair free and only the database can refuse.
 */
function racing(h: Db, meanwhile: () => Promise<void>): Db {
  let done = false;
  const wrap = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== "function") return value;
        if (prop === "execute")
          return async (...args: unknown[]) => {
            const rows = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            if (!done) {
              done = true;
              await meanwhile();
            }
            return rows;
          };
        return (...args: unknown[]) => {
          const out = (value as (...a: unknown[]) => unknown).apply(target, args);
          return out && typeof out === "object" && "execute" in out ? wrap(out) : out;
        };
      },
    });
  const db = new Proxy(h.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop === "selectFrom") return (table: string) => (table === "appointment_slots" ? wrap(target.selectFrom(table as "appointment_slots")) : target.selectFrom(table as "appointment_slots"));
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...h, db } as Db;
}

describeEachEngine("a move dropped on a chair", (t) => {
  let staff: Actor;
  const booked = async (time: string, name = "Amina Benali") => {
    const r = await bookAppointment(
      t.h,
      { name, email: null, phone: "0550 12 34 56", service: "Orthodontie", date: TUE, time, message: null },
      { actor: PATIENT_ACTOR, mode: "public", now: NOW },
    );
    if (!r.ok) throw new Error(`booking refused: ${r.reason}`);
    return Number(r.appointment.id);
  };
  const unitsOf = async (id: number) =>
    (await t.h.db.selectFrom("appointment_slots").select(["chair", "unit_start"]).where("appointment_id", "=", id).orderBy("unit_start").execute()).map(
      (r) => `${Number(r.chair)}@${r.unit_start.slice(11)}`,
    );

  beforeEach(async () => {
    await saveWeeklyHours(t.h, DEFAULT_WEEKLY);
    await saveSettings(t.h, { ...DEFAULT_SETTINGS, chairs: 2 });
    await saveServiceSettings(t.h, Object.values(defaultSchedule().services));
    const u = await insertStaff(t.h, "accueil@clinique.dz", "hash-not-used");
    staff = { staffUserId: Number(u.id), label: "accueil@clinique.dz" };
  });

  it("goes to the chair asked for, even when its own chair is free; a taken chair is refused, not swapped for the other", async () => {
    const a = await booked("10:00");
    expect(await unitsOf(a)).toEqual(["1@10:00", "1@10:15", "1@10:30"]);
    const r = await moveAppointment(t.h, a, { date: TUE, time: "10:00" }, { actor: staff, mode: "staff", now: NOW, chair: 2 });
    expect(r).toMatchObject({ ok: true, appointment: { time: "10:00", chair: 2 } });
    expect(await unitsOf(a)).toEqual(["2@10:00", "2@10:15", "2@10:30"]);

    const b = await booked("14:00", "Karim Saadi");
    expect(await unitsOf(b)).toEqual(["1@14:00", "1@14:15", "1@14:30"]);
    const taken = await moveAppointment(t.h, b, { date: TUE, time: "14:00" }, { actor: staff, mode: "staff", now: NOW, chair: 2 });
    expect(taken).toMatchObject({ ok: true });
    // 10:15: chair 1 is free, chair 2 (asked for) holds A: refused, B stays where it was
    const refused = await moveAppointment(t.h, b, { date: TUE, time: "10:15" }, { actor: staff, mode: "staff", now: NOW, chair: 2 });
    expect(refused).toMatchObject({ ok: false, reason: "taken" });
    expect(await unitsOf(b)).toEqual(["2@14:00", "2@14:15", "2@14:30"]);
  });

  it("is refused by the database's unique units when the chair is taken between the check and the write", async () => {
    const a = await booked("10:00");
    const other = await booked("16:00", "Karim Saadi");
    // while A's move has read chair 2 free at 11:00, another write takes 11:15 on chair 2
    const meanwhile = async () => {
      await t.h.db.insertInto("appointment_slots").values({ chair: 2, unit_start: `${TUE}T11:15`, appointment_id: other }).execute();
    };
    const r = await moveAppointment(racing(t.h, meanwhile), a, { date: TUE, time: "11:00" }, { actor: staff, mode: "staff", now: NOW, chair: 2 });
    expect(r).toMatchObject({ ok: false, reason: "taken" });
    // nothing half-written: A is where it was, chair 2 holds only the other write's unit
    expect(await unitsOf(a)).toEqual(["1@10:00", "1@10:15", "1@10:30"]);
    const row = await t.h.db.selectFrom("appointments").select(["time", "chair"]).where("id", "=", a).executeTakeFirstOrThrow();
    expect([row.time, Number(row.chair)]).toEqual(["10:00", 1]);
    // without a chair asked for, the same race lands on chair 1 (free): the chair is what was refused
    const free = await moveAppointment(t.h, a, { date: TUE, time: "11:00" }, { actor: staff, mode: "staff", now: NOW });
    expect(free).toMatchObject({ ok: true, appointment: { chair: 1 } });
  });
});
