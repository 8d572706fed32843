/**
 * The agenda grid's layout (ADR 023): where each appointment of a day sits on a grid of one column
 * per chair and one row per 15-minute unit, from the day's first opening to its last closing. Pure
 * functions of the agenda's read model (model.ts) and the schedule's units (lib/schedule.ts): the
 * components only turn rows and columns into CSS grid lines.
 */
import { holdsSlot } from "~/lib/appointment-status";
import type { ClinicNow } from "~/lib/clinic-time";
import { fromMinutes, roundUpToUnit, toMinutes, UNIT_MINUTES } from "~/lib/schedule";
import { freeGaps, type AgendaDay, type AgendaEntry } from "./model";

/** The hours shown on a day the clinic is closed or opens late: 8:00 to 18:00 (an appointment outside widens it). */
const FALLBACK_RANGE = { from: 8 * 60, to: 18 * 60 };

export interface GridBlock {
  item: AgendaEntry;
  chair: number;
  /** first row (0 = the grid's first unit) */
  row: number;
  /** rows of the appointment itself (its duration, rounded up to a unit; one at least) */
  span: number;
  /** rows of its buffer after it, drawn lighter */
  bufferSpan: number;
  /** side by side inside a chair's column when two blocks overlap (a cancelled one under a new one, a forced one): 0-based lane and lanes of the group */
  lane: number;
  lanes: number;
}

export interface GridBand {
  /** first row and rows: a stretch of the day when the clinic is closed (the lunch break, a closure) */
  row: number;
  span: number;
  label: string;
}

export interface GridFree {
  chair: number;
  row: number;
  span: number;
  /** HH:MM: where the booking form is prefilled */
  from: string;
  to: string;
}

export interface DayGrid {
  date: string;
  /** minutes after midnight of the first row's start, and of the last row's end */
  start: number;
  end: number;
  rows: number;
  chairs: number[];
  /** a label every hour: its row and 'HH:00' */
  hours: { row: number; label: string }[];
  blocks: GridBlock[];
  closed: GridBand[];
  free: GridFree[];
  /** the 'now' line, in rows from the top (fractional); null when the day is not today or now is outside the grid */
  now: number | null;
}

const rowOf = (minutes: number, start: number) => Math.floor((minutes - start) / UNIT_MINUTES);

/**
 * The day's grid. Every appointment of the day is placed, whatever its status (a cancelled or
 * missed one is drawn too, with its status; only those holding a slot make a stretch busy).
 */
export function dayGrid(day: AgendaDay, items: AgendaEntry[], chairCount: number, now: ClinicNow): DayGrid {
  const dayItems = items.filter((i) => i.date === day.date);
  const opens = day.ranges.map((r) => toMinutes(r.opens));
  const closes = day.ranges.map((r) => toMinutes(r.closes));
  let start = opens.length > 0 ? Math.min(...opens) : FALLBACK_RANGE.from;
  let end = closes.length > 0 ? Math.max(...closes) : FALLBACK_RANGE.to;
  for (const i of dayItems) {
    start = Math.min(start, toMinutes(i.time));
    end = Math.max(end, i.busyUntil);
  }
  start = Math.floor(start / UNIT_MINUTES) * UNIT_MINUTES;
  end = roundUpToUnit(end);
  const rows = Math.max(1, (end - start) / UNIT_MINUTES);
  const highestChair = Math.max(chairCount, 1, ...dayItems.map((i) => i.chair));
  const chairs = Array.from({ length: highestChair }, (_, k) => k + 1);

  const hours: DayGrid["hours"] = [];
  for (let m = Math.ceil(start / 60) * 60; m < end; m += 60) hours.push({ row: rowOf(m, start), label: fromMinutes(m) });

  const blocks: GridBlock[] = [];
  for (const chair of chairs) blocks.push(...laneOut(dayItems.filter((i) => i.chair === chair), chair, start));

  const closed: GridBand[] = [];
  if (day.closed) closed.push({ row: 0, span: rows, label: day.label ?? "Fermé" });
  else {
    const sorted = [...day.ranges].map((r) => [toMinutes(r.opens), toMinutes(r.closes)] as const).sort((a, b) => a[0] - b[0]);
    let cursor = start;
    for (const [o, c] of sorted) {
      if (o > cursor) closed.push({ row: rowOf(cursor, start), span: (roundUpToUnit(o) - cursor) / UNIT_MINUTES, label: "Fermé" });
      cursor = Math.max(cursor, roundUpToUnit(c));
    }
    if (cursor < end) closed.push({ row: rowOf(cursor, start), span: (end - cursor) / UNIT_MINUTES, label: "Fermé" });
  }

  const free: GridFree[] = freeGaps(day, dayItems, chairs.length, now).map((g) => {
    const from = toMinutes(g.from);
    return { chair: g.chair, row: rowOf(from, start), span: Math.floor((toMinutes(g.to) - from) / UNIT_MINUTES), from: g.from, to: g.to };
  });

  const nowRow = day.date === now.date && now.minutes >= start && now.minutes <= end ? (now.minutes - start) / UNIT_MINUTES : null;
  return { date: day.date, start, end, rows, chairs, hours, blocks, closed, free, now: nowRow };
}

/**
 * One chair's blocks, overlapping ones side by side: the blocks that overlap one another (directly
 * or through a chain) form a group; each takes the first lane free at its start, and every block of
 * the group is told how many lanes the group has. Those holding the slot come first in a lane.
 */
function laneOut(items: AgendaEntry[], chair: number, start: number): GridBlock[] {
  const sorted = [...items].sort((a, b) => toMinutes(a.time) - toMinutes(b.time) || Number(holdsSlot(b.status)) - Number(holdsSlot(a.status)) || a.id - b.id);
  const out: GridBlock[] = [];
  let group: GridBlock[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const b of group) b.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    const from = toMinutes(item.time);
    const until = Math.max(item.busyUntil, from + UNIT_MINUTES);
    if (from >= groupEnd) close();
    let lane = laneEnds.findIndex((e) => e <= from);
    if (lane === -1) lane = laneEnds.push(until) - 1;
    else laneEnds[lane] = until;
    const endOfVisit = toMinutes(item.end);
    const span = Math.max(1, Math.ceil((endOfVisit - from) / UNIT_MINUTES));
    const block: GridBlock = { item, chair, row: rowOf(from, start), span, bufferSpan: Math.max(0, Math.ceil((until - from) / UNIT_MINUTES) - span), lane, lanes: 1 };
    group.push(block);
    out.push(block);
    groupEnd = Math.max(groupEnd, until);
  }
  close();
  return out;
}

// ---- the pointer's move, in rows and chairs ---------------------------------------------------

/** The top and height in pixels of a block's visit and of its buffer, for a row height. */
export function blockBox(block: Pick<GridBlock, "row" | "span" | "bufferSpan">, rowPx: number): { top: number; height: number; buffer: number } {
  return { top: block.row * rowPx, height: block.span * rowPx, buffer: block.bufferSpan * rowPx };
}

/** A pointer's move in pixels as whole rows and chair columns, to the nearest. */
export function dragSteps(dx: number, dy: number, rowPx: number, columnPx: number): { rows: number; columns: number } {
  const steps = (d: number, size: number) => (size > 0 ? Math.round(d / size) || 0 : 0);
  return { rows: steps(dy, rowPx), columns: steps(dx, columnPx) };
}

/**
 * Where a block moved by `steps` lands: its new start (the grid's unit at that row) and chair,
 * kept inside the grid; null when it lands where it is. The server judges the rest (hours,
 * closures, the chair free), as for the 'Déplacer' form.
 */
export function dropSlot(grid: Pick<DayGrid, "date" | "start" | "rows" | "chairs">, block: Pick<GridBlock, "row" | "chair">, steps: { rows: number; columns: number }): { date: string; time: string; chair: number } | null {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const row = clamp(block.row + steps.rows, 0, grid.rows - 1);
  const column = clamp(grid.chairs.indexOf(block.chair) + steps.columns, 0, grid.chairs.length - 1);
  const chair = grid.chairs[column];
  if (row === block.row && chair === block.chair) return null;
  return { date: grid.date, time: fromMinutes(grid.start + row * UNIT_MINUTES), chair };
}

// ---- the week -----------------------------------------------------------------------------------

export interface WeekGrid {
  /** the common time axis: minutes of the first row's start and of the last row's end */
  start: number;
  end: number;
  rows: number;
  hours: { row: number; label: string }[];
  /** chairs side by side inside each day */
  chairs: number[];
  days: { day: AgendaDay; blocks: GridBlock[]; closed: GridBand[]; count: number }[];
  /** today's day (index in `days`) and the 'now' line's row, or null */
  now: { day: number; row: number } | null;
}

/**
 * The week's grid: the days' grids on one time axis (the earliest opening to the latest closing
 * of the open days), each day's blocks and closed stretches shifted onto it; the rows outside a
 * day's own hours are shaded, a closed day entirely, with its label. Cancelled appointments are
 * left out (the day lists them).
 */
export function weekGrid(days: AgendaDay[], items: AgendaEntry[], chairCount: number, now: ClinicNow): WeekGrid {
  const shown = items.filter((i) => i.status !== "cancelled");
  const grids = days.map((d) => dayGrid(d, shown, chairCount, now));
  const spans = grids.filter((g, k) => !days[k].closed || g.blocks.length > 0);
  const start = spans.length ? Math.min(...spans.map((g) => g.start)) : FALLBACK_RANGE.from;
  const end = spans.length ? Math.max(...spans.map((g) => g.end)) : FALLBACK_RANGE.to;
  const rows = Math.max(1, (end - start) / UNIT_MINUTES);
  const hours: WeekGrid["hours"] = [];
  for (let m = Math.ceil(start / 60) * 60; m < end; m += 60) hours.push({ row: rowOf(m, start), label: fromMinutes(m) });
  const chairs = Array.from({ length: Math.max(1, ...grids.map((g) => g.chairs.length)) }, (_, k) => k + 1);
  let nowAt: WeekGrid["now"] = null;
  const out = grids.map((g, k) => {
    const day = days[k];
    const offset = (g.start - start) / UNIT_MINUTES;
    const blocks = g.blocks.map((b) => ({ ...b, row: b.row + offset }));
    let closed: GridBand[];
    if (day.closed) closed = [{ row: 0, span: rows, label: day.label ?? "Fermé" }];
    else {
      closed = g.closed.map((c) => ({ ...c, row: c.row + offset }));
      if (offset > 0) closed.unshift({ row: 0, span: offset, label: "Fermé" });
      const tail = (end - g.end) / UNIT_MINUTES;
      if (tail > 0) closed.push({ row: rows - tail, span: tail, label: "Fermé" });
    }
    if (day.date === now.date && now.minutes >= start && now.minutes <= end) nowAt = { day: k, row: (now.minutes - start) / UNIT_MINUTES };
    return { day, blocks, closed, count: blocks.length };
  });
  return { start, end, rows, hours, chairs, days: out, now: nowAt };
}
