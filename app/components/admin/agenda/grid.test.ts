import { describe, expect, it } from "vitest";
import { addDaysYmd } from "~/lib/schedule";
import { blockBox, dayGrid, dragSteps, dropSlot, weekGrid } from "./grid";
import { toAgendaDay } from "./model";
import { item, schedule } from "./test-items";


describe("the agenda grid's layout", () => {
  // 2026-11-24 is a Tuesday: the default hours (WORKDAY)
  const day = toAgendaDay(schedule, "2026-11-24");
  const before = { date: "2026-11-23", minutes: 600 };

  it("runs from the day's opening to its closing in 15-minute rows, an hour label every four rows", () => {
    const g = dayGrid(day, [], 1, before);
    const [first, last] = [day.ranges[0].opens, day.ranges.at(-1)!.closes];
    expect(g.start).toBe(Number(first.slice(0, 2)) * 60 + Number(first.slice(3)));
    expect(g.end).toBe(Number(last.slice(0, 2)) * 60 + Number(last.slice(3)));
    expect(g.rows).toBe((g.end - g.start) / 15);
    expect(g.hours.every((h, k) => k === 0 || h.row - g.hours[k - 1].row === 4)).toBe(true);
    expect(g.hours[0].label).toMatch(/^\d\d:00$/);
    expect(g.chairs).toEqual([1]);
  });

  it("places a block at its time, as tall as its duration, its buffer after it", () => {
    const g = dayGrid(day, [item({ id: 7, time: "10:00", duration_minutes: 45, buffer_minutes: 15 })], 2, before);
    const b = g.blocks.find((x) => x.item.id === 7)!;
    expect(b.row).toBe((600 - g.start) / 15);
    expect(b.span).toBe(3);
    expect(b.bufferSpan).toBe(1);
    expect([b.chair, b.lane, b.lanes]).toEqual([1, 0, 1]);
    // a 20-minute visit still takes two rows, its buffer rounded to the unit
    const short = dayGrid(day, [item({ id: 8, time: "11:00", duration_minutes: 20, buffer_minutes: 5 })], 1, before).blocks[0];
    expect([short.span, short.bufferSpan]).toEqual([2, 1]);
  });

  it("puts each chair's appointments in its own column; overlapping blocks of one chair side by side", () => {
    const items = [
      item({ id: 1, time: "09:00", chair: 1, duration_minutes: 30, buffer_minutes: 0 }),
      item({ id: 2, time: "09:00", chair: 2, duration_minutes: 30, buffer_minutes: 0 }),
      item({ id: 3, time: "09:00", chair: 1, duration_minutes: 60, buffer_minutes: 0, status: "cancelled" }),
      item({ id: 4, time: "09:30", chair: 1, duration_minutes: 30, buffer_minutes: 0 }),
      item({ id: 5, time: "11:00", chair: 1, duration_minutes: 30, buffer_minutes: 0 }),
    ];
    const g = dayGrid(day, items, 2, before);
    const at = (id: number) => g.blocks.find((b) => b.item.id === id)!;
    expect(g.chairs).toEqual([1, 2]);
    expect([at(2).chair, at(2).lane, at(2).lanes]).toEqual([2, 0, 1]);
    // the confirmed one first, the cancelled one beside it; 09:30 takes the lane freed at 09:30
    expect([at(1).lane, at(3).lane, at(4).lane]).toEqual([0, 1, 0]);
    expect([at(1).lanes, at(3).lanes, at(4).lanes]).toEqual([2, 2, 2]);
    // 11:00 overlaps nothing: a full-width block again
    expect([at(5).lane, at(5).lanes]).toEqual([0, 1]);
  });

  it("shades the closed stretches with their label, and the whole of a closed day", () => {
    const split = { ...day, ranges: [{ opens: "09:00", closes: "12:00" }, { opens: "13:30", closes: "17:00" }] };
    const g = dayGrid(split, [], 1, before);
    expect(g.closed).toEqual([{ row: 12, span: 6, label: "Fermé" }]);
    const closed = { ...day, ranges: [], closed: true, label: "Aïd el-Fitr" };
    const c = dayGrid(closed, [], 1, before);
    expect(c.closed).toEqual([{ row: 0, span: c.rows, label: "Aïd el-Fitr" }]);
    expect(c.free).toEqual([]);
  });

  it("widens the grid for an appointment outside the hours, and offers the free stretches to book", () => {
    const hours = { ...day, ranges: [{ opens: "09:00", closes: "12:00" }] };
    const g = dayGrid(hours, [item({ id: 9, time: "08:00", duration_minutes: 30, buffer_minutes: 0 }), item({ id: 10, time: "10:00", duration_minutes: 30, buffer_minutes: 15 })], 1, before);
    expect(g.start).toBe(480);
    expect(g.blocks.find((b) => b.item.id === 9)!.row).toBe(0);
    expect(g.closed[0]).toEqual({ row: 0, span: 4, label: "Fermé" });
    expect(g.free).toEqual([
      { chair: 1, row: 4, span: 4, from: "09:00", to: "10:00" },
      { chair: 1, row: 11, span: 5, from: "10:45", to: "12:00" },
    ]);
  });

  it("draws the 'now' line on today only, inside the grid", () => {
    const hours = { ...day, ranges: [{ opens: "09:00", closes: "12:00" }] };
    expect(dayGrid(hours, [], 1, { date: "2026-11-24", minutes: 600 }).now).toBe(4);
    expect(dayGrid(hours, [], 1, { date: "2026-11-24", minutes: 607.5 }).now).toBe(4.5);
    expect(dayGrid(hours, [], 1, { date: "2026-11-24", minutes: 1200 }).now).toBeNull();
    expect(dayGrid(hours, [], 1, before).now).toBeNull();
  });
});

describe("the grid's pixels and the pointer's drop", () => {
  const day = toAgendaDay(schedule, "2026-11-24");
  const before = { date: "2026-11-23", minutes: 600 };
  const hours = { ...day, ranges: [{ opens: "09:00", closes: "17:00" }] };

  it("draws a block from its time and duration: top = its row, height = its rows, the buffer after", () => {
    const g = dayGrid(hours, [item({ id: 1, time: "10:30", duration_minutes: 45, buffer_minutes: 15 })], 1, before);
    expect(blockBox(g.blocks[0], 30)).toEqual({ top: 6 * 30, height: 3 * 30, buffer: 30 });
    const late = dayGrid(hours, [item({ id: 2, time: "16:00", duration_minutes: 60, buffer_minutes: 0 })], 1, before);
    expect(blockBox(late.blocks[0], 28)).toEqual({ top: 28 * 28, height: 4 * 28, buffer: 0 });
  });

  it("turns a pointer's move into whole rows and chairs, to the nearest", () => {
    expect(dragSteps(0, 44, 30, 200)).toEqual({ rows: 1, columns: 0 });
    expect(dragSteps(-120, -46, 30, 200)).toEqual({ rows: -2, columns: -1 });
    expect(dragSteps(310, 14, 30, 200)).toEqual({ rows: 0, columns: 2 });
    expect(dragSteps(5, 5, 0, 0)).toEqual({ rows: 0, columns: 0 });
  });

  it("drops a block on a time and a chair of the grid, kept inside it; where it was is no move", () => {
    const g = dayGrid(hours, [item({ id: 1, time: "10:00", chair: 1, duration_minutes: 30, buffer_minutes: 15 })], 3, before);
    const b = g.blocks[0];
    expect(dropSlot(g, b, { rows: 3, columns: 0 })).toEqual({ date: "2026-11-24", time: "10:45", chair: 1 });
    expect(dropSlot(g, b, { rows: -1, columns: 2 })).toEqual({ date: "2026-11-24", time: "09:45", chair: 3 });
    expect(dropSlot(g, b, { rows: 0, columns: 1 })).toEqual({ date: "2026-11-24", time: "10:00", chair: 2 });
    // past the edges: the first row, the last chair
    expect(dropSlot(g, b, { rows: -40, columns: 9 })).toEqual({ date: "2026-11-24", time: "09:00", chair: 3 });
    expect(dropSlot(g, b, { rows: 0, columns: 0 })).toBeNull();
    expect(dropSlot(g, b, { rows: 0, columns: -1 })).toBeNull();
  });
});

describe("the week's grid", () => {
  const before = { date: "2026-11-20", minutes: 600 };
  // Saturday 2026-11-21 to Friday 2026-11-27 (Friday closed by default)
  const days = Array.from({ length: 7 }, (_, k) => toAgendaDay(schedule, addDaysYmd("2026-11-21", k)));

  it("puts the seven days on one time axis, a closed day shaded whole with its label, cancelled ones left out", () => {
    const late = { ...days[1], ranges: [{ opens: "10:00", closes: "13:00" }] };
    const week = [days[0], late, ...days.slice(2)];
    const items = [
      item({ id: 1, date: "2026-11-22", time: "10:00", duration_minutes: 30, buffer_minutes: 0 }),
      item({ id: 2, date: "2026-11-24", time: "11:00", chair: 2, duration_minutes: 30, buffer_minutes: 0 }),
      item({ id: 3, date: "2026-11-24", time: "11:00", status: "cancelled" }),
    ];
    const w = weekGrid(week, items, 2, before);
    const g = dayGrid(days[0], [], 2, before);
    expect([w.start, w.end, w.rows]).toEqual([g.start, g.end, g.rows]);
    expect(w.chairs).toEqual([1, 2]);
    expect(w.days.map((d) => d.day.date)).toEqual(days.map((d) => d.date));
    // Sunday opens at 10:00: its block on the common axis, the rows before 10:00 and after 13:00 shaded
    const sunday = w.days[1];
    expect(sunday.blocks.map((b) => [b.item.id, b.row, b.chair])).toEqual([[1, (600 - w.start) / 15, 1]]);
    expect(sunday.closed[0]).toEqual({ row: 0, span: (600 - w.start) / 15, label: "Fermé" });
    expect(sunday.closed.at(-1)).toEqual({ row: (780 - w.start) / 15, span: (w.end - 780) / 15, label: "Fermé" });
    expect(w.days[3].blocks.map((b) => [b.item.id, b.chair])).toEqual([[2, 2]]);
    expect(w.days[6].closed).toEqual([{ row: 0, span: w.rows, label: "Fermé" }]);
    expect(w.now).toBeNull();
  });

  it("draws the 'now' line on today's column only", () => {
    const w = weekGrid(days, [], 1, { date: "2026-11-23", minutes: 10 * 60 + 30 });
    expect(w.now).toEqual({ day: 2, row: (630 - w.start) / 15 });
  });
});
