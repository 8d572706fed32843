import { beforeEach, expect, it } from "vitest";
import { appointmentTotals, createAppointment, getAppointment, historyFor, listAgenda, listAppointments, type AppointmentInput } from "~/.server/repos/appointments";
import { PATIENT_ACTOR, type Actor } from "~/.server/actor";
import { bookAppointment, FORCED_DETAIL, freeDays, freeTimes, moveAppointment, setAppointmentStatus, type BookingMode } from "~/.server/repos/booking";
import { addException, loadServiceSettings, saveServiceSettings, saveSettings, saveWeeklyHours } from "~/.server/repos/schedule";
import { insertStaff } from "~/.server/repos/staff";
import type { AppointmentStatus } from "~/lib/appointment-status";
import { addDaysYmd, DEFAULT_SETTINGS, DEFAULT_WEEKLY, defaultSchedule, weekdayOf } from "~/lib/schedule";
import { clinicNow, todayInClinic } from "~/lib/clinic-time";
import type { Service } from "~/lib/services";
import { describeEachEngine } from "../helpers/db";

/**
 * The front desk's repository functions (app/.server/repos/booking.ts and appointments.ts) on
 * both engines: bookings under the three modes, status changes that free and take back slot
 * units, moves, history, and the receptionist's searches and totals.
 *
 * Every call gets the same fixed `now`, and every day is computed from it, so the tests never
 * depend on the real date: `NOW` is a Monday 09:50 in Algiers. With the default schedule
 * (Saturday to Thursday 09:00–12:30 and 13:30–17:00, Friday closed, notice 2 h, 60 days, 1 chair)
 * and Orthodontie (30 min + 15 min of sterilisation).
 */
const NOW = new Date("2026-11-23T08:50:00Z");
const TODAY = todayInClinic(NOW);
/** the n-th next day of the given weekday after today (0 = Sunday … 5 = Friday, 6 = Saturday) */
function nextWeekday(weekday: number, nth = 1): string {
  let d = TODAY;
  for (let found = 0; found < nth; ) {
    d = addDaysYmd(d, 1);
    if (weekdayOf(d) === weekday) found++;
  }
  return d;
}
const TUE = nextWeekday(2);
const WED = nextWeekday(3);
const FRI = nextWeekday(5);

function patient(over: Partial<AppointmentInput> = {}): AppointmentInput & { service: Service } {
  return {
    name: "Amina Benali",
    email: "amina.benali@exemple.dz",
    phone: "0550 12 34 56",
    service: "Orthodontie",
    date: TUE,
    time: "10:00",
    message: null,
    ...over,
  } as AppointmentInput & { service: Service };
}

describeEachEngine("front desk", (t) => {
  let staff: Actor;
  const book = (over: Partial<AppointmentInput> = {}, mode: BookingMode = "public", extra: { submissionKey?: string; status?: AppointmentStatus } = {}) =>
    bookAppointment(t.h, patient(over), { actor: mode === "public" ? PATIENT_ACTOR : staff, mode, now: NOW, ...extra });
  const booked = async (over: Partial<AppointmentInput> = {}, mode: BookingMode = "public") => {
    const r = await book(over, mode);
    if (!r.ok) throw new Error(`booking refused: ${r.reason}`);
    return r.appointment;
  };
  const unitsOf = async (id: number) =>
    (await t.h.db.selectFrom("appointment_slots").select(["chair", "unit_start"]).where("appointment_id", "=", id).orderBy("unit_start").execute()).map(
      (r) => `${Number(r.chair)}@${r.unit_start}`,
    );
  const allUnits = async () => Number((await t.h.db.selectFrom("appointment_slots").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const history = async (id: number) => (await historyFor(t.h, [id])).get(id) ?? [];
  const count = async () => Number((await t.h.db.selectFrom("appointments").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  beforeEach(async () => {
    // the tables are emptied before each test: the migration's default schedule again
    await saveWeeklyHours(t.h, DEFAULT_WEEKLY);
    await saveSettings(t.h, DEFAULT_SETTINGS);
    await saveServiceSettings(t.h, Object.values(defaultSchedule().services));
    // staff_user_id references staff_users: a real account for the staff actor
    const u = await insertStaff(t.h, "accueil@clinique.dz", "hash-not-used");
    staff = { staffUserId: Number(u.id), label: "accueil@clinique.dz" };
  });

  it("the fixed now is a Monday 09:50 in Algiers, and the days are the ones the tests expect", () => {
    expect(clinicNow(NOW)).toEqual({ date: TODAY, minutes: 9 * 60 + 50 });
    expect([weekdayOf(TODAY), weekdayOf(TUE), weekdayOf(FRI), TUE < FRI]).toEqual([1, 2, 5, true]);
  });

  // ---- booking ----------------------------------------------------------------------------------

  it("a public booking stores the request with its chair, duration, buffer, units and first history row", async () => {
    const r = await book({}, "public", { submissionKey: "key-public-1" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.duplicate).toBe(false);
    const id = Number(r.appointment.id);
    expect(await getAppointment(t.h, id)).toMatchObject({
      status: "requested",
      chair: 1,
      duration_minutes: 30,
      buffer_minutes: 15,
      forced: 0,
      phone_digits: "550123456",
      date: TUE,
      time: "10:00",
      cancelled_by: null,
    });
    // 30 minutes and 15 of sterilisation: three quarter hours of chair 1
    expect(await unitsOf(id)).toEqual([`1@${TUE}T10:00`, `1@${TUE}T10:15`, `1@${TUE}T10:30`]);
    expect(await history(id)).toMatchObject([{ action: "created", actor: "Patient", staff_user_id: null, from_status: null, to_status: "requested", detail: null }]);
    // the same submission again: the same row, nothing more
    const again = await book({}, "public", { submissionKey: "key-public-1" });
    expect(again).toMatchObject({ ok: true, duplicate: true, appointment: { id: r.appointment.id } });
    expect([await count(), await allUnits()]).toEqual([1, 3]);
  });

  it("a public booking is refused when taken, too near, closed, beyond the horizon, outside the hours or not bookable online; nothing is stored", async () => {
    await booked({ time: "10:00" });
    const refused = async (over: Partial<AppointmentInput>) => {
      const r = await book(over);
      if (r.ok) throw new Error("accepted");
      return r;
    };
    const taken = await refused({ name: "Karim Haddad", time: "10:15" });
    expect(taken.reason).toBe("taken");
    expect(taken.alternatives).toEqual([
      { date: TUE, time: "09:15" },
      { date: TUE, time: "10:45" },
      { date: TUE, time: "11:00" },
    ]);
    // today 10:00 is within the 2 hours of notice: the nearest from 12:00
    expect(await refused({ date: TODAY, time: "10:00" })).toEqual({
      ok: false,
      reason: "too_soon",
      alternatives: [
        { date: TODAY, time: "12:00" },
        { date: TODAY, time: "13:30" },
        { date: TODAY, time: "13:45" },
      ],
    });
    expect(await refused({ date: TODAY, time: "09:00" })).toMatchObject({ reason: "past" });
    expect(await refused({ date: FRI })).toMatchObject({ reason: "closed", alternatives: [{ date: addDaysYmd(FRI, 1), time: "09:00" }, { date: addDaysYmd(FRI, 1), time: "09:15" }, { date: addDaysYmd(FRI, 1), time: "09:30" }] });
    expect(await refused({ date: addDaysYmd(TODAY, 61) })).toMatchObject({ reason: "beyond" });
    expect(await refused({ time: "12:15" })).toMatchObject({ reason: "outside_hours" });
    expect(await refused({ time: "10:50" })).toMatchObject({ reason: "outside_hours" });
    const services = await loadServiceSettings(t.h);
    await saveServiceSettings(t.h, [{ ...services.Orthodontie, online: false }]);
    expect(await refused({ time: "15:00" })).toEqual({ ok: false, reason: "not_online", alternatives: [] });
    expect([await count(), await allUnits()]).toEqual([1, 3]);
  });

  it("a closure stored for a day is refused to the public and to staff; a forced booking still goes", async () => {
    await addException(t.h, { startDate: WED, endDate: WED, label: "Aïd", ranges: [] });
    expect(await book({ date: WED })).toMatchObject({ ok: false, reason: "closed" });
    expect(await book({ date: WED }, "staff")).toMatchObject({ ok: false, reason: "closed" });
    expect((await book({ date: WED }, "forced")).ok).toBe(true);
  });

  it("staff bookings ignore the notice and the horizon but not the hours; the e-mail may be empty", async () => {
    const walkIn = await booked({ date: TODAY, time: "10:00", email: null, phone: "+213 661 00 11 22" }, "staff");
    expect(walkIn).toMatchObject({ email: null, status: "requested", forced: 0, phone_digits: "661001122" });
    expect(await history(Number(walkIn.id))).toMatchObject([{ action: "created", actor: "accueil@clinique.dz", staff_user_id: staff.staffUserId, detail: null }]);
    expect((await book({ date: addDaysYmd(TODAY, 120) }, "staff")).ok).toBe(true);
    expect(await book({ date: TODAY, time: "09:30" }, "staff")).toMatchObject({ ok: false, reason: "past" });
    expect(await book({ date: FRI }, "staff")).toMatchObject({ ok: false, reason: "closed" });
    expect(await book({ time: "13:00" }, "staff")).toMatchObject({ ok: false, reason: "outside_hours" });
    expect(await book({ time: "17:00" }, "staff")).toMatchObject({ ok: false, reason: "outside_hours" });
    // staff book what the public form may not, and with a status of their choice
    const services = await loadServiceSettings(t.h);
    await saveServiceSettings(t.h, [{ ...services.Orthodontie, online: false }]);
    const r = await book({ time: "15:00" }, "staff", { status: "confirmed" });
    expect(r).toMatchObject({ ok: true, appointment: { status: "confirmed" } });
    if (r.ok) expect(await history(Number(r.appointment.id))).toMatchObject([{ action: "created", to_status: "confirmed" }]);
  });

  it("a forced booking outside the hours is stored with forced = 1 and said so in the history; a taken chair still refuses it", async () => {
    const friday = await booked({ date: FRI, time: "10:00" }, "forced");
    expect(friday).toMatchObject({ forced: 1, chair: 1, date: FRI, time: "10:00" });
    expect(await history(Number(friday.id))).toMatchObject([{ action: "created", actor: "accueil@clinique.dz", detail: FORCED_DETAIL }]);
    expect(FORCED_DETAIL).toMatch(/hors des règles/);
    // in the evening, across midnight: the units continue on the next day
    const late = await booked({ date: TUE, time: "23:30", service: "Blanchiment des dents" }, "forced");
    expect(await unitsOf(Number(late.id))).toEqual([`1@${TUE}T23:30`, `1@${TUE}T23:45`, `1@${WED}T00:00`, `1@${WED}T00:15`, `1@${WED}T00:30`]);
    // in the past
    expect((await book({ date: addDaysYmd(TODAY, -3), time: "08:00" }, "forced")).ok).toBe(true);
    // over another booking: still one chair, still refused
    expect(await book({ date: FRI, time: "10:15" }, "forced")).toMatchObject({ ok: false, reason: "taken" });
    expect(await count()).toBe(3);
  });

  it("with two chairs the same slot is booked twice, on chair 1 then chair 2, then refused", async () => {
    await saveSettings(t.h, { ...DEFAULT_SETTINGS, chairs: 2 });
    const a = await booked({ name: "A" });
    const b = await booked({ name: "B" });
    expect([a.chair, b.chair]).toEqual([1, 2]);
    expect(await book({ name: "C" })).toMatchObject({ ok: false, reason: "taken" });
    expect(await unitsOf(Number(b.id))).toEqual([`2@${TUE}T10:00`, `2@${TUE}T10:15`, `2@${TUE}T10:30`]);
  });

  // ---- statuses ----------------------------------------------------------------------------------

  it("cancelling or marking absent frees the units: a new booking then takes the slot", async () => {
    for (const to of ["cancelled", "no_show"] as const) {
      const first = await booked({ name: `Premier ${to}` });
      expect(await book({ name: "Trop tard" })).toMatchObject({ ok: false, reason: "taken" });
      const r = await setAppointmentStatus(t.h, Number(first.id), to, { actor: staff, reason: "  Empêchement  ", cancelledBy: "patient" });
      expect(r).toMatchObject({ ok: true, appointment: { status: to } });
      expect(await unitsOf(Number(first.id))).toEqual([]);
      const second = await booked({ name: `Second ${to}` });
      expect(await unitsOf(Number(second.id))).toHaveLength(3);
      // free the slot again for the next round
      await setAppointmentStatus(t.h, Number(second.id), "cancelled", { actor: staff });
    }
  });

  it("re-confirming a cancelled appointment takes its units back, or is refused as taken when they were reused", async () => {
    const a = await booked({ name: "A" });
    const id = Number(a.id);
    await setAppointmentStatus(t.h, id, "cancelled", { actor: staff, reason: "Rappel", cancelledBy: "clinic" });
    expect(await setAppointmentStatus(t.h, id, "confirmed", { actor: staff })).toMatchObject({ ok: true, appointment: { status: "confirmed", cancelled_by: null, cancel_reason: null } });
    expect(await unitsOf(id)).toEqual([`1@${TUE}T10:00`, `1@${TUE}T10:15`, `1@${TUE}T10:30`]);

    await setAppointmentStatus(t.h, id, "cancelled", { actor: staff, reason: "Rappel" });
    const b = await booked({ name: "B", time: "10:30" });
    expect(await setAppointmentStatus(t.h, id, "confirmed", { actor: staff })).toMatchObject({ ok: false, reason: "taken" });
    expect((await getAppointment(t.h, id))!.status).toBe("cancelled");
    expect(await unitsOf(id)).toEqual([]);
    expect(await unitsOf(Number(b.id))).toHaveLength(3);
    // the refused change left no history row
    expect((await history(id)).map((h) => `${h.from_status}→${h.to_status}`)).toEqual(["null→requested", "requested→cancelled", "cancelled→confirmed", "confirmed→cancelled"]);
  });

  it("an absent patient who came after all ('Honoré') takes the units back", async () => {
    const a = await booked();
    const id = Number(a.id);
    await setAppointmentStatus(t.h, id, "no_show", { actor: staff });
    expect(await unitsOf(id)).toEqual([]);
    expect((await setAppointmentStatus(t.h, id, "attended", { actor: staff })).ok).toBe(true);
    expect(await unitsOf(id)).toHaveLength(3);
    // attended keeps them when confirmed again (a wrong tap)
    expect((await setAppointmentStatus(t.h, id, "confirmed", { actor: staff })).ok).toBe(true);
    expect(await unitsOf(id)).toHaveLength(3);
  });

  it("an invalid transition is refused and changes nothing; an unknown id is not found", async () => {
    const a = await booked();
    const id = Number(a.id);
    await setAppointmentStatus(t.h, id, "attended", { actor: staff });
    expect(await setAppointmentStatus(t.h, id, "cancelled", { actor: staff })).toEqual({ ok: false, reason: "transition" });
    expect(await setAppointmentStatus(t.h, id, "requested", { actor: staff })).toEqual({ ok: false, reason: "transition" });
    const c = await booked({ time: "14:00" });
    await setAppointmentStatus(t.h, Number(c.id), "cancelled", { actor: staff });
    expect(await setAppointmentStatus(t.h, Number(c.id), "attended", { actor: staff })).toEqual({ ok: false, reason: "transition" });
    expect(await setAppointmentStatus(t.h, Number(c.id), "cancelled", { actor: staff })).toEqual({ ok: false, reason: "transition" });
    expect((await getAppointment(t.h, id))!.status).toBe("attended");
    expect(await history(id)).toHaveLength(2);
    expect(await setAppointmentStatus(t.h, 987_654, "confirmed", { actor: staff })).toEqual({ ok: false, reason: "not_found" });
  });

  it("each change records who, when, from and to, and the reason; a cancellation says who cancelled", async () => {
    const a = await booked();
    const id = Number(a.id);
    const before = Date.now();
    await setAppointmentStatus(t.h, id, "confirmed", { actor: staff });
    const r = await setAppointmentStatus(t.h, id, "cancelled", { actor: staff, reason: "  Le patient est en voyage  ", cancelledBy: "patient" });
    expect(r).toMatchObject({ ok: true, appointment: { status: "cancelled", cancelled_by: "patient", cancel_reason: "Le patient est en voyage" } });
    const rows = await history(id);
    expect(rows).toMatchObject([
      { action: "created", actor: "Patient", staff_user_id: null, from_status: null, to_status: "requested" },
      { action: "status", actor: "accueil@clinique.dz", staff_user_id: staff.staffUserId, from_status: "requested", to_status: "confirmed", detail: null },
      { action: "status", actor: "accueil@clinique.dz", staff_user_id: staff.staffUserId, from_status: "confirmed", to_status: "cancelled", detail: "Le patient est en voyage" },
    ]);
    for (const row of rows.slice(1)) expect(Date.parse(row.at)).toBeGreaterThanOrEqual(before - 1000);
    // cancelled by the clinic when nobody is named
    const b = await booked({ time: "14:00" });
    await setAppointmentStatus(t.h, Number(b.id), "cancelled", { actor: staff });
    expect(await getAppointment(t.h, Number(b.id))).toMatchObject({ cancelled_by: "clinic", cancel_reason: null });
  });

  it("two staff changing the same appointment at once: one wins, the other is told it changed", async () => {
    const a = await booked();
    const results = await Promise.all([
      setAppointmentStatus(t.h, Number(a.id), "confirmed", { actor: staff }),
      setAppointmentStatus(t.h, Number(a.id), "cancelled", { actor: staff }),
    ]);
    const ok = results.filter((r) => r.ok);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // whatever the order, the stored status is the one of the last success, and its units agree
    const stored = (await getAppointment(t.h, Number(a.id)))!;
    expect(["confirmed", "cancelled"]).toContain(stored.status);
    expect(await unitsOf(Number(a.id))).toHaveLength(stored.status === "cancelled" ? 0 : 3);
    expect(results.every((r) => r.ok || r.reason === "conflict" || r.reason === "transition")).toBe(true);
  });

  // ---- moves --------------------------------------------------------------------------------------

  it("a move by 15 minutes ignores the appointment's own units and is written in the history", async () => {
    const a = await booked();
    const id = Number(a.id);
    const r = await moveAppointment(t.h, id, { date: TUE, time: "10:15" }, { actor: staff, mode: "staff", now: NOW });
    expect(r).toMatchObject({ ok: true, appointment: { date: TUE, time: "10:15", chair: 1, forced: 0 } });
    expect(await unitsOf(id)).toEqual([`1@${TUE}T10:15`, `1@${TUE}T10:30`, `1@${TUE}T10:45`]);
    expect((await history(id)).at(-1)).toMatchObject({ action: "moved", actor: "accueil@clinique.dz", from_status: "requested", to_status: "requested", detail: `${TUE} 10:00 → ${TUE} 10:15` });
    // the slot it left is free again
    expect((await book({ name: "Suivant", time: "09:30" })).ok).toBe(true);
  });

  it("a move obeys the same rules: taken, closed and outside the hours are refused with alternatives; staff ignore the notice", async () => {
    const a = await booked({ time: "10:00" });
    await booked({ name: "B", time: "14:00" });
    const id = Number(a.id);
    const move = (date: string, time: string, mode: BookingMode = "staff") => moveAppointment(t.h, id, { date, time }, { actor: staff, mode, now: NOW });
    const taken = await move(TUE, "14:15");
    expect(taken).toMatchObject({ ok: false, reason: "taken" });
    if (!taken.ok && "alternatives" in taken) {
      expect(taken.alternatives).toHaveLength(3);
      expect(taken.alternatives.every((s) => s.date === TUE && s.time !== "14:15")).toBe(true);
      // its own slot (10:00) is among the free ones the move may take
      expect((await freeTimes(t.h, "Orthodontie", TUE, { mode: "staff", now: NOW, exceptAppointment: id })).day.times).toContain("10:00");
    }
    expect(await move(FRI, "10:00")).toMatchObject({ ok: false, reason: "closed" });
    expect(await move(TUE, "12:15")).toMatchObject({ ok: false, reason: "outside_hours" });
    // the patient's rules for a public move: notice applies
    expect(await move(TODAY, "10:30", "public")).toMatchObject({ ok: false, reason: "too_soon" });
    // staff may move it to within the notice
    expect(await move(TODAY, "10:30")).toMatchObject({ ok: true, appointment: { date: TODAY, time: "10:30" } });
    expect((await getAppointment(t.h, id))!.forced).toBe(0);
    // forced: outside the hours, recorded
    const forced = await move(FRI, "18:00", "forced");
    expect(forced).toMatchObject({ ok: true, appointment: { date: FRI, time: "18:00", forced: 1 } });
    expect((await history(id)).at(-1)!.detail).toBe(`${TODAY} 10:30 → ${FRI} 18:00 (${FORCED_DETAIL})`);
    expect(await unitsOf(id)).toEqual([`1@${FRI}T18:00`, `1@${FRI}T18:15`, `1@${FRI}T18:30`]);
  });

  it("a moved appointment keeps its own duration when the service's duration changed", async () => {
    const a = await booked();
    const services = await loadServiceSettings(t.h);
    await saveServiceSettings(t.h, [{ ...services.Orthodontie, durationMinutes: 60 }]);
    const r = await moveAppointment(t.h, Number(a.id), { date: WED, time: "11:45" }, { actor: staff, mode: "staff", now: NOW });
    // 30 minutes still fit before 12:30; 60 would not
    expect(r).toMatchObject({ ok: true, appointment: { duration_minutes: 30 } });
    expect(await unitsOf(Number(a.id))).toHaveLength(3);
  });

  it("a cancelled, absent or attended appointment is not moved; an unknown one is not found", async () => {
    const a = await booked();
    await setAppointmentStatus(t.h, Number(a.id), "cancelled", { actor: staff });
    expect(await moveAppointment(t.h, Number(a.id), { date: WED, time: "10:00" }, { actor: staff, mode: "staff", now: NOW })).toEqual({ ok: false, reason: "transition" });
    expect(await moveAppointment(t.h, 987_654, { date: WED, time: "10:00" }, { actor: staff, mode: "staff", now: NOW })).toEqual({ ok: false, reason: "not_found" });
    expect((await getAppointment(t.h, Number(a.id)))!.date).toBe(TUE);
  });

  // ---- free times ------------------------------------------------------------------------------------

  it("freeTimes and freeDays give what the form offers: taken times left out, closed and full days said, the next free day named", async () => {
    await booked({ time: "10:00" });
    const tue = await freeTimes(t.h, "Orthodontie", TUE, { now: NOW });
    expect(tue.day.state).toBe("open");
    expect(tue.day.times).not.toContain("10:00");
    expect(tue.day.times).not.toContain("09:30");
    expect(tue.day.times).toContain("10:45");
    const fri = await freeTimes(t.h, "Orthodontie", FRI, { now: NOW });
    expect(fri.day).toMatchObject({ state: "closed", times: [] });
    expect(fri.next).toMatchObject({ date: addDaysYmd(FRI, 1), state: "open" });
    const days = await freeDays(t.h, "Orthodontie", TODAY, addDaysYmd(TODAY, 6), { now: NOW });
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDaysYmd(TODAY, i)));
    expect(days.find((d) => d.date === FRI)!.state).toBe("closed");
    expect(days[0].times[0]).toBe("12:00");
  });

  // ---- the receptionist's list, totals and agenda ----------------------------------------------------------

  async function stored(over: Partial<AppointmentInput>, status: AppointmentStatus = "requested") {
    const { appointment } = await createAppointment(t.h, { ...patient(), ...over });
    await t.h.db.updateTable("appointments").set({ status }).where("id", "=", appointment.id).execute();
    return Number(appointment.id);
  }
  const names = async (filters: Parameters<typeof listAppointments>[1]) => (await listAppointments(t.h, filters, { limit: 100, offset: 0 })).rows.map((r) => r.name).sort();

  it("finds a phone number whatever its spacing or prefix", async () => {
    await stored({ name: "Amina", phone: "0550 12 34 56" });
    await stored({ name: "Karim", phone: "0661 98 76 54", email: null });
    await stored({ name: "Sofia", phone: "+213 770 55 12 00" });
    for (const q of ["+213 550 12 34 56", "0550123456", "550 12", "00213550123456", "(0550) 12-34-56", "34 56"]) expect(await names({ q }), q).toEqual(["Amina"]);
    expect(await names({ q: "0661" })).toEqual(["Karim"]);
    expect(await names({ q: "0770 55 12" })).toEqual(["Sofia"]);
    expect(await names({ q: "55 12" })).toEqual(["Sofia"]);
    expect(await names({ q: "0550 99" })).toEqual([]);
    // two digits are too few to search a number; names and e-mails are still searched
    expect(await names({ q: "12" })).toEqual([]);
    expect(await names({ q: "karim" })).toEqual(["Karim"]);
  });

  it("filters by status ('state') and 'Reste à payer' ('due'), cancelled ones never due", async () => {
    await stored({ name: "Demande" });
    await stored({ name: "Confirmé payé", prixtotal: 1_000_000, prixpay: 1_000_000 }, "confirmed");
    await stored({ name: "Honoré reste", prixtotal: 2_000_000, prixpay: 500_000 }, "attended");
    await stored({ name: "Honoré rien payé", prixtotal: 300_000, prixpay: null }, "attended");
    await stored({ name: "Annulé reste", prixtotal: 2_000_000, prixpay: 0 }, "cancelled");
    await stored({ name: "Absent", prixtotal: 0, prixpay: 0 }, "no_show");
    expect(await names({ state: "attended" })).toEqual(["Honoré reste", "Honoré rien payé"]);
    expect(await names({ state: "cancelled" })).toEqual(["Annulé reste"]);
    expect(await names({ state: "requested" })).toEqual(["Demande"]);
    expect(await names({ due: true })).toEqual(["Honoré reste", "Honoré rien payé"]);
    expect(await names({ due: true, state: "attended", q: "rien" })).toEqual(["Honoré rien payé"]);
    expect((await listAppointments(t.h, { due: true })).total).toBe(2);
  });

  it("appointmentTotals sums billed, paid and due over the days, cancelled left out", async () => {
    await stored({ date: TUE, prixtotal: 2_000_000, prixpay: 500_000 }, "attended");
    await stored({ date: TUE, prixtotal: 1_000_000, prixpay: 1_000_000 }, "confirmed");
    await stored({ date: TUE, prixtotal: null, prixpay: null });
    await stored({ date: TUE, prixtotal: 9_000_000, prixpay: 100_000 }, "cancelled");
    await stored({ date: WED, prixtotal: 400_000, prixpay: null }, "no_show");
    expect(await appointmentTotals(t.h, TUE, TUE)).toEqual({ billed: 3_000_000, paid: 1_500_000, due: 1_500_000, count: 3 });
    expect(await appointmentTotals(t.h, TUE, WED)).toEqual({ billed: 3_400_000, paid: 1_500_000, due: 1_900_000, count: 4 });
    expect(await appointmentTotals(t.h, FRI, FRI)).toEqual({ billed: 0, paid: 0, due: 0, count: 0 });
  });

  it("listAgenda gives every appointment of the days in time order; historyFor gives each its own rows", async () => {
    const late = await booked({ name: "Tard", time: "15:00" });
    const early = await booked({ name: "Tôt", time: "09:00" });
    const next = await booked({ name: "Mercredi", date: WED, time: "09:00" });
    await booked({ name: "Hors période", date: addDaysYmd(WED, 1), time: "09:00" });
    await setAppointmentStatus(t.h, Number(late.id), "cancelled", { actor: staff, reason: "Grippe" });
    const agenda = await listAgenda(t.h, TUE, WED);
    expect(agenda.map((a) => [a.name, a.date, a.time, a.status])).toEqual([
      ["Tôt", TUE, "09:00", "requested"],
      ["Tard", TUE, "15:00", "cancelled"],
      ["Mercredi", WED, "09:00", "requested"],
    ]);
    const h = await historyFor(t.h, agenda.map((a) => Number(a.id)));
    expect(h.get(Number(late.id))!.map((r) => r.action)).toEqual(["created", "status"]);
    expect(h.get(Number(early.id))!.map((r) => r.action)).toEqual(["created"]);
    expect(h.get(Number(next.id))).toHaveLength(1);
    expect((await historyFor(t.h, [])).size).toBe(0);
  });
});
