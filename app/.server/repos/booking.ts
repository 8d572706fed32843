import { canMove, holdsSlot, type AppointmentStatus, type CancelledBy } from "~/lib/appointment-status";
import {
  addDaysYmd,
  checkSlot,
  daysBetween,
  freeChairs,
  freeStartsOfDay,
  nearestFreeSlots,
  nextFreeDay,
  occupiedUnits,
  type BusyUnits,
  type DaySlots,
  type Schedule,
  type SlotChoice,
  type SlotRefusal,
} from "~/lib/schedule";
import { clinicNow, type ClinicNow } from "~/lib/clinic-time";
import type { Service } from "~/lib/services";
import type { Db } from "../db";
import { STATUS_LABELS } from "~/lib/appointment-status";
import { auditStaff } from "../audit";
import { isUniqueViolation, nowIso, writeTransaction } from "../db";
import type { Kysely } from "kysely";
import type { Appointment, Database } from "../db/types";
import { appointmentValues, insertHistory, type AppointmentInput } from "./appointments";
import { insertPaidAdjustment, PAID_AT_CREATION_REASON } from "./payment-entries";
import type { Actor } from "../actor";
import { linkPatient } from "./patients";
import { loadBusyUnits, loadSchedule } from "./schedule";
import { refreshRecall } from "./recalls";

/**
 * Bookings against the clinic's schedule (docs/decisions/008-front-desk-schedule.md).
 *
 * The availability is read first, outside the transaction; the transaction then writes the
 * appointment and the slot units it occupies. The units' primary key (chair, unit_start) is what
 * forbids a double booking: of two requests that both saw a slot free, the second one's insert
 * fails and its transaction rolls back whole. A read inside the transaction is not relied upon.
 */

/**
 * Who books, and so which rules apply:
 * - public: every rule (hours, closures, minimum notice, horizon, bookable online);
 * - staff: hours, closures and free chairs; no minimum notice or horizon;
 * - forced (staff only, deliberately over the rules): only a free chair is required.
 */
export type BookingMode = "public" | "staff" | "forced";

export type BookingRefusal = SlotRefusal;

export type BookResult =
  | { ok: true; appointment: Appointment; duplicate: boolean }
  | { ok: false; reason: BookingRefusal; alternatives: SlotChoice[] };

/** The schedule as a mode sees it (staff bookings ignore the notice and the horizon). */
function rulesFor(schedule: Schedule, mode: BookingMode): Schedule {
  if (mode === "public") return schedule;
  return { ...schedule, settings: { ...schedule.settings, minNoticeMinutes: 0, horizonDays: 3650 } };
}

/** The schedule with one service's duration and buffer replaced (an appointment keeps its own). */
function withDuration(schedule: Schedule, service: Service, durationMinutes: number, bufferMinutes: number): Schedule {
  return { ...schedule, services: { ...schedule.services, [service]: { ...schedule.services[service], durationMinutes, bufferMinutes } } };
}

/**
 * The schedule and the busy units a decision about `date` needs: that day and the two weeks after
 * it (the nearest free times), and from today to the end of the horizon (the next free day). The
 * day before each range is read too: a booking late at night spills past midnight.
 */
async function contextFor(h: Db, date: string, nowDate: string, exceptAppointment?: number) {
  const schedule = await loadSchedule(h, nowDate < date ? nowDate : date);
  const near: [string, string] = [addDaysYmd(date, -1), addDaysYmd(date, 14)];
  const ahead: [string, string] = [addDaysYmd(nowDate, -1), addDaysYmd(nowDate, schedule.settings.horizonDays + 1)];
  const overlap = near[0] <= ahead[1] && ahead[0] <= near[1];
  const ranges = overlap ? [[near[0] < ahead[0] ? near[0] : ahead[0], near[1] > ahead[1] ? near[1] : ahead[1]] as [string, string]] : [near, ahead];
  const parts = await Promise.all(ranges.map(([from, to]) => loadBusyUnits(h, from, to, exceptAppointment)));
  const busy: BusyUnits = new Map();
  for (const part of parts) for (const [chair, units] of part) busy.set(chair, new Set([...(busy.get(chair) ?? []), ...units]));
  return { schedule, busy };
}

function refusal(schedule: Schedule, service: Service, wanted: SlotChoice, busy: BusyUnits, now: ClinicNow, reason: BookingRefusal): BookResult {
  return { ok: false, reason, alternatives: reason === "not_online" ? [] : nearestFreeSlots(schedule, service, wanted, busy, now) };
}

/** The refusal of a slot for a mode, or the chairs on which it can be written. */
function judge(schedule: Schedule, service: Service, wanted: SlotChoice, busy: BusyUnits, now: ClinicNow, mode: BookingMode) {
  const rules = rulesFor(schedule, mode);
  const setting = rules.services[service];
  const units = occupiedUnits(wanted.date, wanted.time, setting.durationMinutes, setting.bufferMinutes);
  if (mode !== "forced") {
    const refused = checkSlot(rules, service, wanted, busy, now, { online: mode === "public" });
    if (refused) return { refused, rules, units, chairs: [] as number[] };
  }
  const chairs = freeChairs(rules.settings, busy, units);
  return { refused: chairs.length ? null : ("taken" as const), rules, units, chairs };
}

export const FORCED_DETAIL = "réservé hors des règles de l'agenda";

export async function bookAppointment(
  h: Db,
  input: AppointmentInput & { service: Service },
  opts: {
    actor: Actor;
    mode: BookingMode;
    submissionKey?: string | null;
    status?: AppointmentStatus;
    now?: Date;
    /** that chair only (a waiting-list offer is one chair's freed slot) */
    chair?: number;
    /** more writes in the booking's transaction (the offer claimed): they commit with it or not at all */
    alsoInTransaction?: (trx: Kysely<Database>, appointment: Appointment) => Promise<void>;
  },
): Promise<BookResult> {
  const key = opts.submissionKey || null;
  const byKey = async () => (key ? h.db.selectFrom("appointments").selectAll().where("submission_key", "=", key).executeTakeFirst() : undefined);
  const existing = await byKey();
  if (existing) return { ok: true, appointment: existing, duplicate: true };

  const now = clinicNow(opts.now);
  const wanted = { date: input.date, time: input.time };
  const { schedule, busy } = await contextFor(h, input.date, now.date);
  const { refused, rules, units, chairs } = judge(schedule, input.service, wanted, busy, now, opts.mode);
  if (refused) {
    // the same post sent again may have been stored since the first look: its row, not a refusal
    const resent = await byKey();
    if (resent) return { ok: true, appointment: resent, duplicate: true };
    return refusal(rules, input.service, wanted, busy, now, refused);
  }
  const setting = schedule.services[input.service];
  const status = opts.status ?? "requested";

  for (const chair of opts.chair === undefined ? chairs : chairs.filter((c) => c === opts.chair)) {
    try {
      const appointment = await writeTransaction(h, async (trx) => {
        const row = await trx
          .insertInto("appointments")
          .values({
            ...appointmentValues(input, key),
            patient_id: await linkPatient(trx, input),
            status,
            chair,
            duration_minutes: setting.durationMinutes,
            buffer_minutes: setting.bufferMinutes,
            forced: opts.mode === "forced" ? 1 : 0,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("appointment_slots")
          .values(units.map((unit_start) => ({ chair, unit_start, appointment_id: Number(row.id) })))
          .execute();
        await insertHistory(trx, Number(row.id), opts.actor, "created", { to: status, detail: opts.mode === "forced" ? FORCED_DETAIL : null });
        // 'Prix payé' typed with a phone booking is the appointment's first entry (ADR 026)
        await insertPaidAdjustment(trx, { appointmentId: Number(row.id), patientId: row.patient_id, difference: Number(row.prixpay ?? 0), takenBy: opts.actor.staffUserId, at: new Date(), reason: PAID_AT_CREATION_REASON });
        if (opts.alsoInTransaction) await opts.alsoInTransaction(trx, row);
        return row;
      });
      return { ok: true, appointment, duplicate: false };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const resent = await byKey();
      if (resent) return { ok: true, appointment: resent, duplicate: true };
      // the slot was taken on this chair between the read and the write: try the next one
    }
  }
  const fresh = await contextFor(h, input.date, now.date);
  return refusal(rulesFor(fresh.schedule, opts.mode), input.service, wanted, fresh.busy, now, "taken");
}

export type ChangeResult =
  | { ok: true; appointment: Appointment }
  | { ok: false; reason: "not_found" | "transition" | "conflict" }
  | { ok: false; reason: BookingRefusal; alternatives: SlotChoice[] };

/**
 * A move to another day or time, under the same availability rules (or forced by staff). With
 * `chair` (a drop on the agenda grid), that chair only: refused as 'taken' when it is not free,
 * by the read or by the database's unique (chair, unit_start) rows.
 */
export async function moveAppointment(
  h: Db,
  id: number,
  wanted: SlotChoice,
  opts: { actor: Actor; mode: BookingMode; now?: Date; chair?: number },
): Promise<ChangeResult> {
  const current = await h.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
  if (!current) return { ok: false, reason: "not_found" };
  if (current.status !== "requested" && current.status !== "confirmed") return { ok: false, reason: "transition" };
  const now = clinicNow(opts.now);
  const ctx = await contextFor(h, wanted.date, now.date, id);
  const service = current.service as Service;
  const stored = ctx.schedule.services[service];
  const schedule = stored
    ? withDuration(ctx.schedule, service, Number(current.duration_minutes ?? stored.durationMinutes), Number(current.buffer_minutes ?? stored.bufferMinutes))
    : ctx.schedule;
  if (!stored) return { ok: false, reason: "not_found" };
  const { refused, rules, units, chairs } = judge(schedule, service, wanted, ctx.busy, now, opts.mode);
  if (refused) return refusal(rules, service, wanted, ctx.busy, now, refused) as ChangeResult;
  const detail = `${current.date} ${current.time} → ${wanted.date} ${wanted.time}${opts.mode === "forced" ? ` (${FORCED_DETAIL})` : ""}`;

  // the chair asked for only; else the same chair first, when it is free
  const order = opts.chair !== undefined ? chairs.filter((c) => c === opts.chair) : [...chairs].sort((a, b) => Number(b === current.chair) - Number(a === current.chair));
  if (order.length === 0) return refusal(rules, service, wanted, ctx.busy, now, "taken") as ChangeResult;
  for (const chair of order) {
    try {
      const appointment = await writeTransaction(h, async (trx) => {
        const row = await trx
          .updateTable("appointments")
          .set({ date: wanted.date, time: wanted.time, chair, forced: opts.mode === "forced" ? 1 : current.forced, updated_at: nowIso() })
          .where("id", "=", id)
          .where("status", "=", current.status)
          .where("date", "=", current.date)
          .where("time", "=", current.time)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom("appointment_slots").where("appointment_id", "=", id).execute();
        await trx.insertInto("appointment_slots").values(units.map((unit_start) => ({ chair, unit_start, appointment_id: id }))).execute();
        await insertHistory(trx, id, opts.actor, "moved", { from: current.status, to: current.status, detail });
        await auditStaff(trx, opts.actor, { action: "appointment.moved", targetType: "appointment", targetId: id, detail });
        return row;
      });
      if (!appointment) return { ok: false, reason: "conflict" };
      return { ok: true, appointment };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  const fresh = await contextFor(h, wanted.date, now.date, id);
  const own = withDuration(fresh.schedule, service, Number(current.duration_minutes ?? stored.durationMinutes), Number(current.buffer_minutes ?? stored.bufferMinutes));
  return refusal(rulesFor(own, opts.mode), service, wanted, fresh.busy, now, "taken") as ChangeResult;
}

/**
 * A status change (docs/product.md, "Staff: appointments"). Cancelling or marking absent frees
 * the units; booking a cancelled or absent appointment again takes them back, if still free.
 * The update is conditional on the status read, so two staff acting at once cannot both win.
 */
export async function setAppointmentStatus(
  h: Db,
  id: number,
  to: AppointmentStatus,
  opts: { actor: Actor; reason?: string | null; cancelledBy?: CancelledBy | null },
): Promise<ChangeResult> {
  const current = await h.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
  if (!current) return { ok: false, reason: "not_found" };
  const from = current.status;
  if (!canMove(from, to)) return { ok: false, reason: "transition" };
  const reason = opts.reason?.trim() || null;
  try {
    const appointment = await writeTransaction(h, async (trx) => {
      const row = await trx
        .updateTable("appointments")
        .set({
          status: to,
          cancelled_by: to === "cancelled" ? (opts.cancelledBy ?? "clinic") : null,
          cancel_reason: to === "cancelled" ? reason : null,
          updated_at: nowIso(),
        })
        .where("id", "=", id)
        .where("status", "=", from)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      if (holdsSlot(from) && !holdsSlot(to)) {
        await trx.deleteFrom("appointment_slots").where("appointment_id", "=", id).execute();
      } else if (!holdsSlot(from) && holdsSlot(to) && row.chair !== null && row.duration_minutes !== null) {
        const units = occupiedUnits(row.date, row.time, Number(row.duration_minutes), Number(row.buffer_minutes ?? 0));
        await trx.insertInto("appointment_slots").values(units.map((unit_start) => ({ chair: Number(row.chair), unit_start, appointment_id: id }))).execute();
      }
      await insertHistory(trx, id, opts.actor, "status", { from, to, detail: reason });
      // 'Honoré' given or taken back moves the patient's recall of that service (issue 31)
      if ((from === "attended" || to === "attended") && row.patient_id !== null) await refreshRecall(trx, Number(row.patient_id), row.service);
      // the audit log names the statuses, never the reason (it may say something about health)
      await auditStaff(trx, opts.actor, { action: "appointment.status", targetType: "appointment", targetId: id, detail: `${STATUS_LABELS[from]} → ${STATUS_LABELS[to]}` });
      return row;
    });
    if (!appointment) return { ok: false, reason: "conflict" };
    return { ok: true, appointment };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { ok: false, reason: "taken", alternatives: [] };
  }
}

/** Free start times of a day, as the public form and the agenda offer them. */
export async function freeTimes(h: Db, service: Service, date: string, opts: { mode?: BookingMode; now?: Date; exceptAppointment?: number } = {}) {
  const now = clinicNow(opts.now);
  const ctx = await contextFor(h, date, now.date, opts.exceptAppointment);
  const rules = rulesFor(ctx.schedule, opts.mode ?? "public");
  const day = freeStartsOfDay(rules, service, date, ctx.busy, now);
  const next = day.times.length ? undefined : nextFreeDay(rules, service, addDaysYmd(date, 1), ctx.busy, now);
  return { day, next, settings: ctx.schedule.settings, online: ctx.schedule.services[service].online };
}

/** The free start times of every day of a range (both included), for one service. */
export async function freeDays(h: Db, service: Service, fromDate: string, toDate: string, opts: { mode?: BookingMode; now?: Date } = {}): Promise<DaySlots[]> {
  const now = clinicNow(opts.now);
  const schedule = rulesFor(await loadSchedule(h, fromDate), opts.mode ?? "public");
  const busy = await loadBusyUnits(h, addDaysYmd(fromDate, -1), toDate);
  const days: DaySlots[] = [];
  for (let d = fromDate; daysBetween(d, toDate) >= 0; d = addDaysYmd(d, 1)) days.push(freeStartsOfDay(schedule, service, d, busy, now));
  return days;
}

/** Whether `chair` could take `service` at this day and time under the staff rules (hours, closures, free units). */
export async function chairFreeFor(h: Db, service: Service, wanted: SlotChoice, chair: number, opts: { now?: Date } = {}): Promise<boolean> {
  const now = clinicNow(opts.now);
  const { schedule, busy } = await contextFor(h, wanted.date, now.date);
  if (!schedule.services[service]) return false;
  const { refused, chairs } = judge(schedule, service, wanted, busy, now, "staff");
  return !refused && chairs.includes(chair);
}
