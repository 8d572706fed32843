import type { Kysely } from "kysely";
import { SERVICES, type Service } from "~/lib/services";
import {
  busyFromRows,
  defaultSchedule,
  type BusyUnits,
  type Schedule,
  type ScheduleException,
  type ScheduleSettings,
  type ServiceSetting,
  type TimeRange,
  type Weekday,
} from "~/lib/schedule";
import type { Db } from "../db";
import { auditStaff } from "../audit";
import { nowIso, writeTransaction } from "../db";
import type { Actor } from "../actor";
import type { Database } from "../db/types";

/**
 * The clinic's schedule as stored (migration 003): weekly hours, closures and special hours,
 * per-service settings and the one settings row. The public hours (footer, contact, JSON-LD),
 * the booking form and the agenda all read it from here, so they never disagree.
 */

type Handle = Db | { db: Kysely<Database> };

function parseRanges(json: string): TimeRange[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((r): r is TimeRange => typeof r?.opens === "string" && typeof r?.closes === "string") : [];
  } catch {
    return [];
  }
}

export async function loadWeeklyHours(h: Handle): Promise<Record<Weekday, TimeRange[]>> {
  const rows = await h.db.selectFrom("opening_hours").select(["weekday", "opens", "closes"]).orderBy("weekday").orderBy("opens").execute();
  const weekly: Record<Weekday, TimeRange[]> = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] };
  for (const r of rows) weekly[Number(r.weekday) as Weekday].push({ opens: r.opens, closes: r.closes });
  return weekly;
}

/** Closures and special hours that end on or after `fromDate` (all of them without it), in date order. */
export async function listExceptions(h: Handle, fromDate?: string): Promise<ScheduleException[]> {
  let q = h.db.selectFrom("schedule_exceptions").selectAll();
  if (fromDate) q = q.where("end_date", ">=", fromDate);
  const rows = await q.orderBy("start_date").orderBy("id").execute();
  return rows.map((r) => ({ id: Number(r.id), startDate: r.start_date, endDate: r.end_date, label: r.label, ranges: parseRanges(r.ranges) }));
}

export async function loadSettings(h: Handle): Promise<ScheduleSettings> {
  const row = await h.db.selectFrom("schedule_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return defaultSchedule().settings;
  return { minNoticeMinutes: Number(row.min_notice_minutes), horizonDays: Number(row.horizon_days), chairs: Number(row.chairs) };
}

export async function loadServiceSettings(h: Handle): Promise<Record<Service, ServiceSetting>> {
  const services = defaultSchedule().services;
  const rows = await h.db.selectFrom("service_settings").selectAll().execute();
  for (const r of rows) {
    if (!(SERVICES as readonly string[]).includes(r.service)) continue;
    const service = r.service as Service;
    services[service] = { service, durationMinutes: Number(r.duration_minutes), bufferMinutes: Number(r.buffer_minutes), online: Number(r.online) === 1 };
  }
  return services;
}

/** The whole schedule; exceptions that ended before `fromDate` are left out when it is given. */
export async function loadSchedule(h: Handle, fromDate?: string): Promise<Schedule> {
  const [weekly, exceptions, services, settings] = await Promise.all([loadWeeklyHours(h), listExceptions(h, fromDate), loadServiceSettings(h), loadSettings(h)]);
  return { weekly, exceptions, services, settings };
}

/**
 * The units held between two days (both included; a booking past midnight spills into the next
 * day, so callers ask one day more than they show). `exceptAppointment`: leave out one
 * appointment's own units (when it is being moved).
 */
export async function loadBusyUnits(h: Handle, fromDate: string, toDate: string, exceptAppointment?: number): Promise<BusyUnits> {
  let q = h.db
    .selectFrom("appointment_slots")
    .select(["chair", "unit_start"])
    .where("unit_start", ">=", `${fromDate}T00:00`)
    .where("unit_start", "<=", `${toDate}T23:59`);
  if (exceptAppointment !== undefined) q = q.where("appointment_id", "!=", exceptAppointment);
  return busyFromRows(await q.execute());
}

// ---- writes (the schedule screen) ---------------------------------------------------------------

/**
 * Every write of the schedule screen takes the staff actor (optional for the seed and the tests):
 * the change and its audit entry ('schedule.change', naming the part changed) commit together.
 */
export async function saveWeeklyHours(h: Db, weekly: Record<Weekday, TimeRange[]>, actor?: Actor): Promise<void> {
  await writeTransaction(h, async (trx) => {
    if (actor) await auditStaff(trx, actor, { action: "schedule.change", targetType: "schedule", detail: "Horaires de la semaine" });
    await trx.deleteFrom("opening_hours").execute();
    const rows = (Object.entries(weekly) as [string, TimeRange[]][]).flatMap(([weekday, ranges]) =>
      ranges.map((r) => ({ weekday: Number(weekday), opens: r.opens, closes: r.closes })),
    );
    if (rows.length) await trx.insertInto("opening_hours").values(rows).execute();
  });
}

export async function addException(h: Db, e: Omit<ScheduleException, "id">, actor?: Actor): Promise<ScheduleException> {
  return writeTransaction(h, async (trx) => {
    const row = await trx
      .insertInto("schedule_exceptions")
      .values({ start_date: e.startDate, end_date: e.endDate, label: e.label, ranges: JSON.stringify(e.ranges), created_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const period = e.startDate === e.endDate ? e.startDate : `${e.startDate} → ${e.endDate}`;
    if (actor) await auditStaff(trx, actor, { action: "schedule.change", targetType: "schedule", targetId: Number(row.id), detail: `Période ajoutée : ${period}` });
    return { ...e, id: Number(row.id) };
  });
}

/** True when a row was deleted. */
export async function deleteException(h: Db, id: number, actor?: Actor): Promise<boolean> {
  return (await removeException(h, id, actor)) !== null;
}

/** The period of the row deleted (its days follow the week's hours again), null when there was none. */
export async function removeException(h: Db, id: number, actor?: Actor): Promise<{ startDate: string; endDate: string } | null> {
  return writeTransaction(h, async (trx) => {
    const row = await trx.deleteFrom("schedule_exceptions").where("id", "=", id).returning(["start_date", "end_date"]).executeTakeFirst();
    if (!row) return null;
    const period = row.start_date === row.end_date ? row.start_date : `${row.start_date} → ${row.end_date}`;
    if (actor) await auditStaff(trx, actor, { action: "schedule.change", targetType: "schedule", targetId: id, detail: `Période supprimée : ${period}` });
    return { startDate: row.start_date, endDate: row.end_date };
  });
}

export async function saveServiceSettings(h: Db, services: ServiceSetting[], actor?: Actor): Promise<void> {
  await writeTransaction(h, async (trx) => {
    if (actor) await auditStaff(trx, actor, { action: "schedule.change", targetType: "schedule", detail: "Durées et réservation en ligne des soins" });
    for (const s of services) {
      const values = { duration_minutes: s.durationMinutes, buffer_minutes: s.bufferMinutes, online: s.online ? 1 : 0 };
      const res = await trx.updateTable("service_settings").set(values).where("service", "=", s.service).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) await trx.insertInto("service_settings").values({ service: s.service, ...values }).execute();
    }
  });
}

export async function saveSettings(h: Db, settings: ScheduleSettings, actor?: Actor): Promise<void> {
  const values = { min_notice_minutes: settings.minNoticeMinutes, horizon_days: settings.horizonDays, chairs: settings.chairs, updated_at: nowIso() };
  await writeTransaction(h, async (trx) => {
    if (actor) await auditStaff(trx, actor, { action: "schedule.change", targetType: "schedule", detail: "Règles de réservation (délai, horizon, fauteuils)" });
    const res = await trx.updateTable("schedule_settings").set(values).where("id", "=", 1).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await trx.insertInto("schedule_settings").values({ id: 1, ...values }).execute();
  });
}
