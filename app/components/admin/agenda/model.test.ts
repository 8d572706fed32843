import { describe, expect, it } from "vitest";
import { agendaHref, countItems, freeGaps, parseAgendaQuery, toAgendaDay, weekStart } from "./model";
import { item, schedule } from "./test-items";


describe("agenda read model", () => {
  it("reads ?jour and ?vue, today's day view by default", () => {
    expect(parseAgendaQuery(new URLSearchParams(""), "2026-11-23")).toEqual({ day: "2026-11-23", view: "jour" });
    expect(parseAgendaQuery(new URLSearchParams("jour=2026-02-30&vue=x"), "2026-11-23")).toEqual({ day: "2026-11-23", view: "jour" });
    expect(parseAgendaQuery(new URLSearchParams("jour=2026-12-01&vue=semaine"), "2026-11-23")).toEqual({ day: "2026-12-01", view: "semaine" });
    expect(agendaHref("2026-12-01", "semaine", "#rdv-3")).toBe("/admin/agenda?jour=2026-12-01&vue=semaine#rdv-3");
  });

  it("starts the clinic's week on Saturday", () => {
    expect(weekStart("2026-11-21")).toBe("2026-11-21"); // a Saturday
    expect(weekStart("2026-11-23")).toBe("2026-11-21");
    expect(weekStart("2026-11-27")).toBe("2026-11-21"); // the Friday closes it
    expect(weekStart("2026-11-28")).toBe("2026-11-28");
  });

  it("gives each appointment its end, its balance and its chair", () => {
    const a = item({ time: "10:00", prixtotal: 500000, prixpay: 200000 });
    expect(a).toMatchObject({ end: "10:30", busyUntil: 10 * 60 + 45, due: 300000, chair: 1, forced: false });
    // a stored row without a duration takes the service's; a row without a chair is on the first
    expect(item({ service: "Implementation", duration_minutes: null, buffer_minutes: null, chair: null })).toMatchObject({ end: "11:30", chair: 1 });
    expect(item({ status: "cancelled", prixtotal: 500000 }).due).toBeNull();
    expect(countItems([item({ status: "requested" }), item({ status: "attended", prixtotal: 500000 }), item({ status: "attended" })], 1200)).toEqual({
      requested: 1,
      confirmed: 0,
      attended: 2,
      no_show: 0,
      cancelled: 0,
      due: 1200,
      collected: { total: 0, byMode: [] },
    });
  });

  it("shows no money figure for days without any price, unless something was collected", () => {
    const unpriced = [item({ status: "requested" }), item({ status: "cancelled", prixtotal: 500000 })];
    expect(countItems(unpriced, 0)).toMatchObject({ due: null, collected: null });
    const cash = { total: 300000, byMode: [{ mode: "especes" as const, amount: 300000 }] };
    expect(countItems(unpriced, 0, cash)).toMatchObject({ due: null, collected: cash });
    expect(countItems([item({ status: "attended", prixtotal: 0, prixpay: 0 })], 0)).toMatchObject({ due: 0, collected: { total: 0, byMode: [] } });
  });

  it("says a Friday is closed and names a closure", () => {
    expect(toAgendaDay(schedule, "2026-11-27")).toMatchObject({ closed: true, ranges: [] });
    const withHoliday = { ...schedule, exceptions: [{ startDate: "2027-03-20", endDate: "2027-03-21", label: "Aïd el-Fitr", ranges: [] }] };
    expect(toAgendaDay(withHoliday, "2027-03-21")).toMatchObject({ closed: true, label: "Aïd el-Fitr" });
  });

  it("finds the free stretches between the appointments that hold their slot, from now on today", () => {
    const day = toAgendaDay(schedule, "2026-11-24");
    // 09:30 + 30 min + 15 of buffer; a cancelled one holds nothing; 13:45 + 60 + 15
    const items = [item({ time: "09:30" }), item({ id: 2, time: "11:00", status: "cancelled" }), item({ id: 3, time: "13:45", duration_minutes: 60 })];
    const gaps = freeGaps(day, items, 1, { date: "2026-11-23", minutes: 600 });
    // 13:30–13:45 is too short for any service
    expect(gaps.map((g) => `${g.from}-${g.to}`)).toEqual(["09:00-09:30", "10:15-12:30", "15:00-17:00"]);
    // today at 10:50: nothing before 11:00 is offered
    expect(freeGaps(day, items, 1, { date: "2026-11-24", minutes: 650 }).map((g) => `${g.from}-${g.to}`)).toEqual(["11:00-12:30", "15:00-17:00"]);
    // two chairs: the second one is free all day
    expect(freeGaps(day, items, 2, { date: "2026-11-23", minutes: 0 }).filter((g) => g.chair === 2).map((g) => `${g.from}-${g.to}`)).toEqual(["09:00-12:30", "13:30-17:00"]);
    expect(freeGaps(day, items, 1, { date: "2026-11-25", minutes: 0 })).toEqual([]);
    expect(freeGaps(toAgendaDay(schedule, "2026-11-27"), [], 1, { date: "2026-11-23", minutes: 0 })).toEqual([]);
  });
});
