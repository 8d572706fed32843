import { describe, expect, it } from "vitest";
import {
  addDaysYmd,
  busyFromRows,
  checkSlot,
  dayHours,
  daysBetween,
  defaultSchedule,
  formatDuration,
  formatRanges,
  freeChairs,
  freeStartsOfDay,
  fromMinutes,
  nearestFreeSlots,
  nextFreeDay,
  occupiedUnits,
  openingHoursSpecification,
  slotRefusalMessage,
  toMinutes,
  weekdayOf,
  weeklySummary,
  type BusyUnits,
  type Schedule,
  type ScheduleException,
} from "./schedule";
import { clinicNow, type ClinicNow } from "./clinic-time";

/**
 * The availability rules (docs/product.md, "Schedule and free slots"), on the default schedule:
 * Saturday to Thursday 09:00–12:30 and 13:30–17:00, Friday closed; notice 2 h, horizon 60 days,
 * 1 chair; Orthodontie 30 min, Soins conservateurs 45, Blanchiment 60, Implementation 90, each
 * followed by 15 minutes of sterilisation.
 *
 * The reference week: Monday 2026-11-23 … Friday 2026-11-27 (closed), Saturday 2026-11-28.
 */
const MON = "2026-11-23";
const TUE = "2026-11-24";
const WED = "2026-11-25";
const FRI = "2026-11-27";
const SAT = "2026-11-28";

/** Monday 09:50 in Algiers (08:50 UTC). */
const NOW_MON_0950: ClinicNow = clinicNow(new Date("2026-11-23T08:50:00Z"));
/** Sunday evening: Monday and the days after are wholly bookable. */
const NOW_SUN_EVENING: ClinicNow = { date: "2026-11-22", minutes: 18 * 60 };

const NONE: BusyUnits = new Map();

function schedule(over: { exceptions?: ScheduleException[]; chairs?: number; minNoticeMinutes?: number; horizonDays?: number } = {}): Schedule {
  const s = defaultSchedule();
  s.exceptions = over.exceptions ?? [];
  if (over.chairs !== undefined) s.settings.chairs = over.chairs;
  if (over.minNoticeMinutes !== undefined) s.settings.minNoticeMinutes = over.minNoticeMinutes;
  if (over.horizonDays !== undefined) s.settings.horizonDays = over.horizonDays;
  return s;
}

/** The busy units of bookings, as appointment_slots rows would give them. */
function busyOf(...bookings: { date: string; time: string; duration: number; buffer?: number; chair?: number }[]): BusyUnits {
  return busyFromRows(bookings.flatMap((b) => occupiedUnits(b.date, b.time, b.duration, b.buffer ?? 15).map((unit_start) => ({ chair: b.chair ?? 1, unit_start }))));
}

/** Every quarter hour from `from` to `to`, both included. */
function quarters(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = toMinutes(from); m <= toMinutes(to); m += 15) out.push(fromMinutes(m));
  return out;
}

describe("clock arithmetic", () => {
  it("converts times and days", () => {
    expect(toMinutes("09:45")).toBe(585);
    expect(fromMinutes(585)).toBe("09:45");
    expect(fromMinutes(0)).toBe("00:00");
    expect(weekdayOf(FRI)).toBe(5);
    expect(weekdayOf(SAT)).toBe(6);
    expect(addDaysYmd("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysYmd("2027-03-01", -1)).toBe("2027-02-28");
    expect(daysBetween(MON, "2027-01-23")).toBe(61);
    expect(daysBetween(TUE, MON)).toBe(-1);
  });

  it("says durations in French", () => {
    expect(formatDuration(120)).toBe("2 h");
    expect(formatDuration(30)).toBe("30 min");
    expect(formatDuration(90)).toBe("1 h 30");
    expect(formatDuration(65)).toBe("1 h 05");
  });
});

describe("the time zone (Africa/Algiers, UTC+1 all year)", () => {
  it("gives the clinic's day and time, around midnight too", () => {
    expect(clinicNow(new Date("2026-11-23T23:30:00Z"))).toEqual({ date: "2026-11-24", minutes: 30 });
    expect(clinicNow(new Date("2026-11-23T23:00:00Z"))).toEqual({ date: "2026-11-24", minutes: 0 });
    expect(clinicNow(new Date("2026-11-23T22:59:00Z"))).toEqual({ date: "2026-11-23", minutes: 23 * 60 + 59 });
    expect(clinicNow(new Date("2026-12-31T23:15:00Z"))).toEqual({ date: "2027-01-01", minutes: 15 });
    // no daylight saving: summer is UTC+1 too
    expect(clinicNow(new Date("2026-07-01T12:00:00Z"))).toEqual({ date: "2026-07-01", minutes: 13 * 60 });
  });

  it("a now just before or just after the clinic's midnight changes 'today' (not UTC's midnight)", () => {
    const s = schedule();
    const before = clinicNow(new Date("2026-11-23T22:59:00Z")); // Monday 23:59 in Algiers
    const after = clinicNow(new Date("2026-11-23T23:00:00Z")); // Tuesday 00:00 in Algiers, still Monday in UTC
    // Monday: today (nothing left), then past
    expect(freeStartsOfDay(s, "Orthodontie", MON, NONE, before)).toMatchObject({ state: "full", times: [] });
    expect(freeStartsOfDay(s, "Orthodontie", MON, NONE, after)).toMatchObject({ state: "past", times: [] });
    expect(checkSlot(s, "Orthodontie", { date: MON, time: "16:00" }, NONE, after)).toBe("past");
    // the horizon moves with the clinic's day: 2027-01-23 is day 61 before midnight, day 60 after
    expect(freeStartsOfDay(s, "Orthodontie", "2027-01-23", NONE, before).state).toBe("beyond");
    expect(freeStartsOfDay(s, "Orthodontie", "2027-01-23", NONE, after).state).toBe("open");
    expect(checkSlot(s, "Orthodontie", { date: "2027-01-23", time: "09:00" }, NONE, before)).toBe("beyond");
    expect(checkSlot(s, "Orthodontie", { date: "2027-01-23", time: "09:00" }, NONE, after)).toBeNull();
  });

  it("counts the minimum notice across midnight", () => {
    const s = schedule({ minNoticeMinutes: 10 * 60 });
    const lateMonday = clinicNow(new Date("2026-11-23T22:30:00Z")); // Monday 23:30
    // 23:30 + 10 h = Tuesday 09:30
    expect(freeStartsOfDay(s, "Orthodontie", TUE, NONE, lateMonday).times[0]).toBe("09:30");
    expect(checkSlot(s, "Orthodontie", { date: TUE, time: "09:15" }, NONE, lateMonday)).toBe("too_soon");
    expect(checkSlot(s, "Orthodontie", { date: TUE, time: "09:30" }, NONE, lateMonday)).toBeNull();
  });
});

describe("hours and breaks", () => {
  it("offers every quarter hour at which the appointment fits in a range, none across the 12:30–13:30 break", () => {
    const s = schedule();
    const ortho = freeStartsOfDay(s, "Orthodontie", TUE, NONE, NOW_SUN_EVENING);
    expect(ortho.state).toBe("open");
    // 30 minutes: the last morning start is 12:00 (its buffer may run past 12:30), the last one 16:30
    expect(ortho.times).toEqual([...quarters("09:00", "12:00"), ...quarters("13:30", "16:30")]);

    const implant = freeStartsOfDay(s, "Implementation", TUE, NONE, NOW_SUN_EVENING);
    expect(implant.times).toEqual([...quarters("09:00", "11:00"), ...quarters("13:30", "15:30")]);
    for (const service of ["Orthodontie", "Soins conservateurs", "Blanchiment des dents", "Implementation"] as const) {
      const duration = s.services[service].durationMinutes;
      for (const time of freeStartsOfDay(s, service, TUE, NONE, NOW_SUN_EVENING).times) {
        const start = toMinutes(time);
        expect(start + duration <= toMinutes("12:30") || start >= toMinutes("13:30"), `${service} ${time}`).toBe(true);
        expect(start >= toMinutes("09:00") && start + duration <= toMinutes("17:00"), `${service} ${time}`).toBe(true);
      }
    }
    // 45 minutes: 11:45 is the last morning start
    expect(freeStartsOfDay(s, "Soins conservateurs", TUE, NONE, NOW_SUN_EVENING).times).toContain("11:45");
    expect(freeStartsOfDay(s, "Soins conservateurs", TUE, NONE, NOW_SUN_EVENING).times).not.toContain("12:00");
  });

  it("Friday is closed by default; several ranges per day are honoured as stored", () => {
    const s = schedule();
    expect(freeStartsOfDay(s, "Orthodontie", FRI, NONE, NOW_SUN_EVENING)).toEqual({ date: FRI, state: "closed", times: [], label: undefined });
    s.weekly[5] = [{ opens: "08:00", closes: "09:00" }, { opens: "18:00", closes: "19:00" }];
    expect(freeStartsOfDay(s, "Extraction dentaire", FRI, NONE, NOW_SUN_EVENING).times).toEqual(["08:00", "08:15", "08:30", "18:00", "18:15", "18:30"]);
  });

  it("a range that does not open on a quarter hour starts at the next quarter hour", () => {
    const s = schedule();
    s.weekly[2] = [{ opens: "09:10", closes: "10:00" }];
    expect(freeStartsOfDay(s, "Orthodontie", TUE, NONE, NOW_SUN_EVENING).times).toEqual(["09:15", "09:30"]);
  });
});

describe("closures and special hours", () => {
  const leave: ScheduleException = { id: 1, startDate: TUE, endDate: "2026-11-26", label: "Congé annuel", ranges: [] };

  it("a closed date range is closed on each of its days, with its label, and only on those", () => {
    const s = schedule({ exceptions: [leave] });
    for (const d of [TUE, WED, "2026-11-26"]) {
      expect(freeStartsOfDay(s, "Orthodontie", d, NONE, NOW_SUN_EVENING)).toEqual({ date: d, state: "closed", times: [], label: "Congé annuel" });
      expect(checkSlot(s, "Orthodontie", { date: d, time: "10:00" }, NONE, NOW_SUN_EVENING)).toBe("closed");
    }
    expect(freeStartsOfDay(s, "Orthodontie", MON, NONE, NOW_SUN_EVENING).state).toBe("open");
    expect(freeStartsOfDay(s, "Orthodontie", SAT, NONE, NOW_SUN_EVENING).state).toBe("open");
    expect(dayHours(s, WED)).toEqual({ ranges: [], exception: leave });
    expect(dayHours(s, SAT)).toEqual({ ranges: defaultSchedule().weekly[6] });
  });

  it("Ramadan hours 10:00–15:00 over several days replace the weekly hours and the break", () => {
    const ramadan: ScheduleException = { id: 2, startDate: "2026-12-05", endDate: "2026-12-10", label: "Horaires du Ramadan", ranges: [{ opens: "10:00", closes: "15:00" }] };
    const s = schedule({ exceptions: [ramadan] });
    // Saturday 5 to Thursday 10 December
    for (let d = ramadan.startDate; d <= ramadan.endDate; d = addDaysYmd(d, 1)) {
      const day = freeStartsOfDay(s, "Orthodontie", d, NONE, NOW_SUN_EVENING);
      expect(day).toMatchObject({ state: "open", label: "Horaires du Ramadan" });
      expect(day.times).toEqual(quarters("10:00", "14:30"));
      expect(freeStartsOfDay(s, "Implementation", d, NONE, NOW_SUN_EVENING).times).toEqual(quarters("10:00", "13:30"));
    }
    expect(checkSlot(s, "Orthodontie", { date: "2026-12-06", time: "09:00" }, NONE, NOW_SUN_EVENING)).toBe("outside_hours");
    expect(checkSlot(s, "Orthodontie", { date: "2026-12-06", time: "12:45" }, NONE, NOW_SUN_EVENING)).toBeNull();
    expect(checkSlot(s, "Orthodontie", { date: "2026-12-06", time: "14:45" }, NONE, NOW_SUN_EVENING)).toBe("outside_hours");
    // the days around it keep the usual hours
    for (const d of ["2026-12-03", "2026-12-12"]) {
      const day = freeStartsOfDay(s, "Orthodontie", d, NONE, NOW_SUN_EVENING);
      expect(day.label).toBeUndefined();
      expect(day.times[0]).toBe("09:00");
    }
  });

  it("on a day covered twice, the exception added last wins, whatever the order of the list", () => {
    const ramadan: ScheduleException = { id: 3, startDate: "2026-12-05", endDate: "2026-12-10", label: "Horaires du Ramadan", ranges: [{ opens: "10:00", closes: "15:00" }] };
    const eid: ScheduleException = { id: 4, startDate: "2026-12-08", endDate: "2026-12-09", label: "Aïd", ranges: [] };
    // stored exceptions are listed by start date (ramadan first); eid was added after
    expect(dayHours(schedule({ exceptions: [ramadan, eid] }), "2026-12-08").exception?.label).toBe("Aïd");
    expect(dayHours(schedule({ exceptions: [eid, ramadan] }), "2026-12-08").exception?.label).toBe("Aïd");
    // a longer period added after a shorter one starting later: the newer one wins there too
    const earlier = { ...eid, id: 5 };
    const later = { ...ramadan, id: 6 };
    expect(dayHours(schedule({ exceptions: [later, earlier] }), "2026-12-08").exception?.label).toBe("Horaires du Ramadan");
    expect(dayHours(schedule({ exceptions: [earlier, later] }), "2026-12-08").exception?.id).toBe(6);
    // unsaved ones (no id) are the newest, later in the list wins among them
    const draft = { ...ramadan, id: undefined, label: "Brouillon" };
    expect(dayHours(schedule({ exceptions: [draft, eid] }), "2026-12-08").exception?.label).toBe("Brouillon");
    expect(dayHours(schedule({ exceptions: [{ ...eid, id: undefined }, draft] }), "2026-12-08").exception?.label).toBe("Brouillon");
    // outside the overlap, each keeps its own days
    expect(dayHours(schedule({ exceptions: [ramadan, eid] }), "2026-12-10").exception?.label).toBe("Horaires du Ramadan");
  });
});

describe("minimum notice", () => {
  it("today at 09:50 with 2 h of notice, the first start is 12:00 when the service fits before 12:30", () => {
    const s = schedule();
    expect(NOW_MON_0950).toEqual({ date: MON, minutes: 9 * 60 + 50 });
    const ortho = freeStartsOfDay(s, "Orthodontie", MON, NONE, NOW_MON_0950);
    expect(ortho.state).toBe("open");
    expect(ortho.times).toEqual(["12:00", ...quarters("13:30", "16:30")]);
    // 45 minutes do not fit between 12:00 and 12:30: the afternoon first
    expect(freeStartsOfDay(s, "Soins conservateurs", MON, NONE, NOW_MON_0950).times[0]).toBe("13:30");
    expect(freeStartsOfDay(s, "Implementation", MON, NONE, NOW_MON_0950).times[0]).toBe("13:30");
    // the next day is not concerned
    expect(freeStartsOfDay(s, "Orthodontie", TUE, NONE, NOW_MON_0950).times[0]).toBe("09:00");
  });

  it("a notice ending on a quarter hour keeps that quarter hour", () => {
    const at0945 = clinicNow(new Date("2026-11-23T08:45:00Z"));
    expect(freeStartsOfDay(schedule(), "Orthodontie", MON, NONE, at0945).times[0]).toBe("11:45");
  });

  it("today with nothing left after the notice is full, and the next free day is offered", () => {
    const s = schedule();
    const at1600 = { date: MON, minutes: 16 * 60 };
    expect(freeStartsOfDay(s, "Orthodontie", MON, NONE, at1600)).toMatchObject({ state: "full", times: [] });
    expect(nextFreeDay(s, "Orthodontie", MON, NONE, at1600)).toMatchObject({ date: TUE, state: "open" });
    // from Thursday evening, Friday is closed: Saturday
    expect(nextFreeDay(s, "Orthodontie", FRI, NONE, { date: "2026-11-26", minutes: 16 * 60 })?.date).toBe(SAT);
  });

  it("without notice (staff), a start at the current minute is allowed and an earlier one is past", () => {
    const s = schedule({ minNoticeMinutes: 0 });
    const at1000 = { date: MON, minutes: 10 * 60 };
    expect(freeStartsOfDay(s, "Orthodontie", MON, NONE, at1000).times[0]).toBe("10:00");
    expect(checkSlot(s, "Orthodontie", { date: MON, time: "10:00" }, NONE, at1000)).toBeNull();
    expect(checkSlot(s, "Orthodontie", { date: MON, time: "09:45" }, NONE, at1000)).toBe("past");
  });
});

describe("horizon", () => {
  it("day 60 is bookable, day 61 is beyond", () => {
    const s = schedule();
    const now = { date: TUE, minutes: 10 * 60 };
    const day60 = addDaysYmd(TUE, 60);
    const day61 = addDaysYmd(TUE, 61);
    expect([day60, weekdayOf(day60)]).toEqual(["2027-01-23", 6]);
    expect(freeStartsOfDay(s, "Orthodontie", day60, NONE, now).state).toBe("open");
    expect(freeStartsOfDay(s, "Orthodontie", day61, NONE, now)).toEqual({ date: day61, state: "beyond", times: [] });
    expect(checkSlot(s, "Orthodontie", { date: day61, time: "09:00" }, NONE, now)).toBe("beyond");
    expect(nextFreeDay(s, "Orthodontie", day61, NONE, now)).toBeUndefined();
    // a day before today is past
    expect(freeStartsOfDay(s, "Orthodontie", MON, NONE, now)).toEqual({ date: MON, state: "past", times: [] });
  });
});

describe("durations and buffers", () => {
  it("a booking occupies its duration and its buffer, in whole quarter hours", () => {
    expect(occupiedUnits(TUE, "09:00", 90, 15)).toEqual(quarters("09:00", "10:30").map((t) => `${TUE}T${t}`));
    expect(occupiedUnits(TUE, "09:00", 50, 0)).toEqual(quarters("09:00", "09:45").map((t) => `${TUE}T${t}`));
    // a (forced) booking late in the evening continues on the next day
    expect(occupiedUnits(TUE, "23:30", 60, 15)).toEqual([`${TUE}T23:30`, `${TUE}T23:45`, `${WED}T00:00`, `${WED}T00:15`, `${WED}T00:30`]);
  });

  it("a 90-minute booking at 09:00 and its 15-minute buffer block 09:00–10:45; the next 30-minute start is 10:45", () => {
    const s = schedule();
    const busy = busyOf({ date: TUE, time: "09:00", duration: 90 });
    const day = freeStartsOfDay(s, "Orthodontie", TUE, busy, NOW_SUN_EVENING);
    expect(day.times[0]).toBe("10:45");
    expect(day.times).toEqual([...quarters("10:45", "12:00"), ...quarters("13:30", "16:30")]);
    expect(checkSlot(s, "Orthodontie", { date: TUE, time: "10:30" }, busy, NOW_SUN_EVENING)).toBe("taken");
    expect(checkSlot(s, "Orthodontie", { date: TUE, time: "10:45" }, busy, NOW_SUN_EVENING)).toBeNull();
  });

  it("a new booking's own buffer may not run into the next booking", () => {
    const s = schedule();
    const busy = busyOf({ date: TUE, time: "11:00", duration: 30 });
    const times = freeStartsOfDay(s, "Orthodontie", TUE, busy, NOW_SUN_EVENING).times;
    // 10:15 ends at 10:45 and is cleaned until 11:00: free; 10:30 would be cleaned until 11:15: not
    expect(times).toContain("10:15");
    expect(times).not.toContain("10:30");
    expect(times).not.toContain("11:30");
    expect(times).toContain("11:45");
  });

  it("a longer duration set for a service changes its free starts", () => {
    const s = schedule();
    s.services.Orthodontie = { ...s.services.Orthodontie, durationMinutes: 120, bufferMinutes: 30 };
    expect(freeStartsOfDay(s, "Orthodontie", TUE, NONE, NOW_SUN_EVENING).times).toEqual([...quarters("09:00", "10:30"), ...quarters("13:30", "15:00")]);
    // a booking at 13:30 now holds 13:30–16:00: 10 units
    expect(occupiedUnits(TUE, "13:30", 120, 30)).toHaveLength(10);
  });
});

describe("chairs", () => {
  it("with 2 chairs one booking leaves the slot free, two fill it", () => {
    const s = schedule({ chairs: 2 });
    const one = busyOf({ date: TUE, time: "10:00", duration: 30, chair: 1 });
    expect(freeStartsOfDay(s, "Orthodontie", TUE, one, NOW_SUN_EVENING).times).toContain("10:00");
    expect(checkSlot(s, "Orthodontie", { date: TUE, time: "10:00" }, one, NOW_SUN_EVENING)).toBeNull();
    expect(freeChairs(s.settings, one, occupiedUnits(TUE, "10:00", 30, 15))).toEqual([2]);

    const two = busyOf({ date: TUE, time: "10:00", duration: 30, chair: 1 }, { date: TUE, time: "10:00", duration: 30, chair: 2 });
    const times = freeStartsOfDay(s, "Orthodontie", TUE, two, NOW_SUN_EVENING).times;
    for (const t of ["09:30", "09:45", "10:00", "10:15", "10:30"]) expect(times).not.toContain(t);
    expect(times).toContain("09:15");
    expect(times).toContain("10:45");
    expect(checkSlot(s, "Orthodontie", { date: TUE, time: "10:00" }, two, NOW_SUN_EVENING)).toBe("taken");
    expect(freeChairs(s.settings, two, occupiedUnits(TUE, "10:00", 30, 15))).toEqual([]);
  });

  it("a slot split over two chairs is not free: one chair must hold the whole booking", () => {
    const s = schedule({ chairs: 2 });
    // chair 1 busy 09:00–09:45, chair 2 busy 10:00–10:45: a 60-minute booking at 09:15 fits on neither
    const busy = busyOf({ date: TUE, time: "09:00", duration: 30, chair: 1 }, { date: TUE, time: "10:00", duration: 30, chair: 2 });
    expect(checkSlot(s, "Blanchiment des dents", { date: TUE, time: "09:15" }, busy, NOW_SUN_EVENING)).toBe("taken");
    // one chair only: the second chair's bookings are ignored by the one-chair clinic
    expect(freeChairs({ ...s.settings, chairs: 1 }, busyOf({ date: TUE, time: "10:00", duration: 30, chair: 2 }), occupiedUnits(TUE, "10:00", 30, 15))).toEqual([1]);
  });
});

describe("nearestFreeSlots", () => {
  it("offers the three nearest free times of the same day, in time order", () => {
    const s = schedule();
    const busy = busyOf({ date: TUE, time: "10:00", duration: 30 });
    // 09:15 and 10:45 are 45 minutes away, then 09:00 and 11:00 at 60 (the earlier first)
    expect(nearestFreeSlots(s, "Orthodontie", { date: TUE, time: "10:00" }, busy, NOW_SUN_EVENING)).toEqual([
      { date: TUE, time: "09:00" },
      { date: TUE, time: "09:15" },
      { date: TUE, time: "10:45" },
    ]);
  });

  it("then the first free times of the next days", () => {
    const short: ScheduleException = { id: 1, startDate: TUE, endDate: TUE, label: "Après-midi court", ranges: [{ opens: "16:00", closes: "16:45" }] };
    const s = schedule({ exceptions: [short] });
    expect(nearestFreeSlots(s, "Orthodontie", { date: TUE, time: "10:00" }, NONE, NOW_SUN_EVENING)).toEqual([
      { date: TUE, time: "16:00" },
      { date: TUE, time: "16:15" },
      { date: WED, time: "09:00" },
    ]);
    // a closed Friday: Saturday's first three
    expect(nearestFreeSlots(s, "Orthodontie", { date: FRI, time: "10:00" }, NONE, NOW_SUN_EVENING)).toEqual(
      ["09:00", "09:15", "09:30"].map((time) => ({ date: SAT, time })),
    );
    // a day in the past: from today
    expect(nearestFreeSlots(s, "Orthodontie", { date: "2026-11-20", time: "10:00" }, NONE, NOW_MON_0950)).toEqual(
      ["12:00", "13:30", "13:45"].map((time) => ({ date: MON, time })),
    );
  });

  it("skips taken days and stops at the horizon", () => {
    const s = schedule({ horizonDays: 3 });
    // Monday (today, 09:50): only 12:00 and the afternoon; Tuesday taken entirely
    const busy = busyFromRows(
      [...quarters("09:00", "12:30"), ...quarters("13:30", "17:00")].map((t) => ({ chair: 1, unit_start: `${TUE}T${t}` })),
    );
    expect(nearestFreeSlots(s, "Orthodontie", { date: TUE, time: "10:00" }, busy, NOW_MON_0950, 2)).toEqual([
      { date: WED, time: "09:00" },
      { date: WED, time: "09:15" },
    ]);
    expect(freeStartsOfDay(s, "Orthodontie", TUE, busy, NOW_MON_0950)).toMatchObject({ state: "full", times: [] });
    // Thursday is day 3, Friday closed and beyond: a wanted Thursday gets Thursday only
    expect(nearestFreeSlots(s, "Implementation", { date: "2026-11-26", time: "18:00" }, busy, NOW_MON_0950, 20)).toEqual(
      [...quarters("09:00", "11:00"), ...quarters("13:30", "15:30")].map((time) => ({ date: "2026-11-26", time })),
    );
  });
});

describe("checkSlot", () => {
  const s = schedule();
  const busy = busyOf({ date: TUE, time: "14:00", duration: 60 });
  const check = (date: string, time: string, opts: { online?: boolean } = {}) => checkSlot(s, "Orthodontie", { date, time }, busy, NOW_MON_0950, opts);

  it("refuses with the reason, in the order a patient needs it", () => {
    expect(check("2026-11-20", "10:00")).toBe("past");
    expect(check(MON, "09:00")).toBe("past");
    expect(check(MON, "09:45")).toBe("past");
    expect(check(MON, "10:00")).toBe("too_soon");
    expect(check(MON, "11:45")).toBe("too_soon");
    expect(check(addDaysYmd(MON, 61), "10:00")).toBe("beyond");
    expect(check(FRI, "10:00")).toBe("closed");
    expect(check(TUE, "08:45")).toBe("outside_hours");
    expect(check(TUE, "12:15")).toBe("outside_hours"); // would end at 12:45, in the break
    expect(check(TUE, "13:00")).toBe("outside_hours");
    expect(check(TUE, "16:45")).toBe("outside_hours");
    expect(check(TUE, "09:10")).toBe("outside_hours"); // not on a quarter hour
    expect(check(TUE, "14:30")).toBe("taken");
    expect(check(TUE, "13:30")).toBe("taken"); // its buffer would run into the 14:00 booking
  });

  it("accepts a free slot; not_online only for the public form and before anything else", () => {
    expect(check(MON, "12:00")).toBeNull();
    expect(check(TUE, "12:00")).toBeNull();
    expect(check(TUE, "15:15")).toBeNull();
    expect(check(TUE, "15:15", { online: true })).toBeNull();
    const offline = schedule();
    offline.services.Orthodontie.online = false;
    expect(checkSlot(offline, "Orthodontie", { date: TUE, time: "15:15" }, busy, NOW_MON_0950, { online: true })).toBe("not_online");
    expect(checkSlot(offline, "Orthodontie", { date: FRI, time: "03:00" }, busy, NOW_MON_0950, { online: true })).toBe("not_online");
    expect(checkSlot(offline, "Orthodontie", { date: TUE, time: "15:15" }, busy, NOW_MON_0950)).toBeNull();
  });

  it("explains each refusal in French, with the notice and the horizon of the settings", () => {
    expect(slotRefusalMessage("too_soon", s.settings)).toBe("Ce créneau est trop proche : les rendez-vous en ligne se prennent au moins 2 h à l'avance.");
    expect(slotRefusalMessage("beyond", { ...s.settings, horizonDays: 45 })).toBe(
      "Les rendez-vous en ligne s'ouvrent 45 jours à l'avance au plus. Choisissez une date plus proche.",
    );
    expect(slotRefusalMessage("taken", s.settings)).toBe("Ce créneau vient d'être pris. Choisissez l'un des horaires encore libres.");
  });
});

describe("the hours as the site shows them", () => {
  it("groups consecutive days with the same ranges, Saturday first", () => {
    const s = schedule();
    expect(weeklySummary(s.weekly)).toEqual([
      { label: "Samedi – Jeudi", days: [6, 0, 1, 2, 3, 4], ranges: s.weekly[6] },
      { label: "Vendredi", days: [5], ranges: [] },
    ]);
    expect(formatRanges(s.weekly[6])).toBe("09:00\u00a0–\u00a012:30, 13:30\u00a0–\u00a017:00");
    expect(formatRanges([])).toBe("Fermé");

    // Thursday mornings only: three groups
    s.weekly[4] = [{ opens: "09:00", closes: "12:30" }];
    expect(weeklySummary(s.weekly).map((g) => [g.label, formatRanges(g.ranges)])).toEqual([
      ["Samedi – Mercredi", "09:00\u00a0–\u00a012:30, 13:30\u00a0–\u00a017:00"],
      ["Jeudi", "09:00\u00a0–\u00a012:30"],
      ["Vendredi", "Fermé"],
    ]);
    // the same hours on days that are not consecutive stay two groups
    s.weekly[0] = [];
    expect(weeklySummary(s.weekly).map((g) => g.label)).toEqual(["Samedi", "Dimanche", "Lundi – Mercredi", "Jeudi", "Vendredi"]);
  });

  it("gives the schema.org openingHoursSpecification, one entry per range of each group, closed days left out", () => {
    const s = schedule();
    const days = ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"];
    expect(openingHoursSpecification(s.weekly)).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: days, opens: "09:00", closes: "12:30" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: days, opens: "13:30", closes: "17:00" },
    ]);
    s.weekly[4] = [{ opens: "09:00", closes: "12:30" }];
    expect(openingHoursSpecification(s.weekly)).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: days.slice(0, 5), opens: "09:00", closes: "12:30" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: days.slice(0, 5), opens: "13:30", closes: "17:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Thursday"], opens: "09:00", closes: "12:30" },
    ]);
  });
});
