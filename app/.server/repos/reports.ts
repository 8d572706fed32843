import { sql, type RawBuilder } from "kysely";
import {
  OCCUPYING_STATUSES,
  type AppointmentStatus,
} from "~/lib/appointment-status";
import { clinicDayBounds, clinicOffsetMinutes } from "~/lib/clinic-time";
import {
  BALANCE_AGES,
  bucketKeys,
  bucketOf,
  type BalanceAge,
  type Granularity,
  type ReportPeriod,
} from "~/lib/reports";
import {
  addDaysYmd,
  dayHours,
  toMinutes,
  type Schedule,
  type Weekday,
} from "~/lib/schedule";
import type { StoredPaymentMode } from "~/lib/payment-schema";
import { PATIENT_ACTOR } from "../actor";
import type { Db } from "../db";
import { loadSchedule } from "./schedule";
import type { ReportData } from "~/lib/report-tables";

/**
 * The reports of /admin/rapports (docs/product.md, "Staff: reports"; ADR 024). Every figure is an
 * aggregate computed by the database (GROUP BY over the period's rows, read through the indexes on
 * the day columns), so a report returns a few dozen rows whatever the size of the tables. Money is
 * integer centimes; rates are their two counts (app/lib/reports.ts `Ratio`), divided only on screen.
 *
 * Days: appointments and payments carry their clinic day as text 'YYYY-MM-DD' (`date`,
 * `paid_day`); patients and enrolments carry an ISO instant (UTC), turned into the clinic's day
 * (Africa/Algiers, UTC+1 all year) in SQL. Buckets are named as `bucketOf` names them.
 */

type H = Pick<Db, "db" | "engine">;
type Expr = RawBuilder<unknown>;

/** The bucket of a 'YYYY-MM-DD' expression, the same text on both engines. */
function bucketSql(h: H, day: Expr, g: Granularity): RawBuilder<string> {
  if (g === "jour") return sql<string>`${day}`;
  if (g === "mois") return sql<string>`substr(${day}, 1, 7)`;
  if (g === "annee") return sql<string>`substr(${day}, 1, 4)`;
  // the Saturday on or before the day: weekday 6 -> 0 days back, 0 (Sunday) -> 1 … 5 (Friday) -> 6
  return h.engine === "postgres"
    ? sql<string>`to_char(cast(${day} as date) - ((cast(extract(dow from cast(${day} as date)) as integer) + 1) % 7), 'YYYY-MM-DD')`
    : sql<string>`date(${day}, '-' || ((cast(strftime('%w', ${day}) as integer) + 1) % 7) || ' days')`;
}

/** The weekday (0 = Sunday … 6 = Saturday) of a 'YYYY-MM-DD' expression. */
function weekdaySql(h: H, day: Expr): RawBuilder<number> {
  return h.engine === "postgres"
    ? sql<number>`cast(extract(dow from cast(${day} as date)) as integer)`
    : sql<number>`cast(strftime('%w', ${day}) as integer)`;
}

/** The clinic day 'YYYY-MM-DD' of an ISO instant column (Algeria keeps UTC+1 all year). */
function clinicDaySql(h: H, column: string, period: ReportPeriod): Expr {
  const offset = clinicOffsetMinutes(new Date(`${period.from}T12:00:00Z`));
  const ref = sql.ref(column);
  return h.engine === "postgres"
    ? sql`to_char(cast(${ref} as timestamp) + make_interval(mins => ${sql.lit(offset)}), 'YYYY-MM-DD')`
    : sql`date(${ref}, ${sql.lit(`${offset >= 0 ? "+" : ""}${offset} minutes`)})`;
}

/** The ISO bounds of the period's clinic days: [first midnight, midnight after the last day). */
function instantBounds(p: ReportPeriod): [string, string] {
  return [clinicDayBounds(p.from)[0], clinicDayBounds(p.to)[1]];
}

const n = (v: unknown) => Number(v ?? 0);

/** Zeros for every bucket of the period, then the database's rows on top. */
function byBucket<T extends object>(
  p: ReportPeriod,
  zero: () => T,
  rows: { bucket: string }[],
  fill: (acc: T, row: never) => void,
): ({ bucket: string } & T)[] {
  const map = new Map(bucketKeys(p).map((k) => [k, { bucket: k, ...zero() }]));
  for (const r of rows) {
    const acc = map.get(r.bucket);
    if (acc) fill(acc, r as never);
  }
  return [...map.values()];
}

// ---- money ---------------------------------------------------------------------------------------

export interface MoneyBucket {
  bucket: string;
  /** centimes: prixtotal of the appointments 'Honoré' on the bucket's days */
  production: number;
  /** centimes: the payments collected on the bucket's days */
  collected: number;
}

export async function productionAndCollected(
  h: H,
  p: ReportPeriod,
): Promise<MoneyBucket[]> {
  const billed = bucketSql(h, sql.ref("date"), p.granularity);
  const paid = bucketSql(h, sql.ref("paid_day"), p.granularity);
  const [production, collected] = await Promise.all([
    h.db
      .selectFrom("appointments")
      .where("date", ">=", p.from)
      .where("date", "<=", p.to)
      .where("status", "=", "attended")
      .select([
        billed.as("bucket"),
        sql<number>`coalesce(sum(prixtotal), 0)`.as("amount"),
      ])
      .groupBy(billed)
      .execute(),
    h.db
      .selectFrom("payments")
      .where("paid_day", ">=", p.from)
      .where("paid_day", "<=", p.to)
      // adjustments correct 'Prix payé' and are no money collected; cancellations net out (ADR 026)
      .where("mode", "!=", "ajustement")
      .select([paid.as("bucket"), sql<number>`sum(amount)`.as("amount")])
      .groupBy(paid)
      .execute(),
  ]);
  const rows = [
    ...production.map((r) => ({
      bucket: r.bucket,
      production: n(r.amount),
      collected: 0,
    })),
    ...collected.map((r) => ({
      bucket: r.bucket,
      production: 0,
      collected: n(r.amount),
    })),
  ];
  return byBucket(
    p,
    () => ({ production: 0, collected: 0 }),
    rows,
    (acc: Omit<MoneyBucket, "bucket">, r: MoneyBucket) => {
      acc.production += r.production;
      acc.collected += r.collected;
    },
  );
}

export interface ModeTotal {
  mode: StoredPaymentMode;
  amount: number;
  count: number;
}

/** The period's payments by mode, largest amount first. */
export async function collectedByMode(
  h: H,
  p: ReportPeriod,
): Promise<ModeTotal[]> {
  const rows = await h.db
    .selectFrom("payments")
    .where("paid_day", ">=", p.from)
    .where("paid_day", "<=", p.to)
    .where("mode", "!=", "ajustement")
    .select([
      "mode",
      sql<number>`sum(amount)`.as("amount"),
      // payments, not the cancellations that reverse some of them (their amount is below 0)
      sql<number>`sum(case when amount > 0 then 1 else 0 end)`.as("count"),
    ])
    .groupBy("mode")
    .execute();
  return rows
    .map((r) => ({ mode: r.mode, amount: n(r.amount), count: n(r.count) }))
    .sort((a, b) => b.amount - a.amount || a.mode.localeCompare(b.mode));
}

export interface BalanceBracket {
  age: BalanceAge;
  /** centimes still due */
  amount: number;
  /** appointments with something due */
  count: number;
}

/**
 * What is still due on `asOf` (prixtotal − prixpay of the appointments not cancelled, dated on or
 * before it), by the age of the appointment's day: 0–30, 31–90, 91–180, more than 180 days.
 */
export async function balancesByAge(
  h: H,
  asOf: string,
): Promise<BalanceBracket[]> {
  // one range of the partial index appointments_due_idx (migration 020) per age: four index
  // ranges summed, not every open balance sorted by a computed age (25 ms at 25,000 open balances, 3 ms so)
  const since = (days: number) => addDaysYmd(asOf, -days);
  const ranges: Record<BalanceAge, { from: string | null; before: string | null }> = {
    "0-30": { from: since(30), before: null },
    "31-90": { from: since(90), before: since(30) },
    "91-180": { from: since(180), before: since(90) },
    "181+": { from: null, before: since(180) },
  };
  const rows = await Promise.all(
    BALANCE_AGES.map((age) => {
      const { from, before } = ranges[age];
      return (
        h.db
          .selectFrom("appointments")
          .where("date", "<=", asOf)
          .$if(from !== null, (q) => q.where("date", ">=", from!))
          .$if(before !== null, (q) => q.where("date", "<", before!))
          // written as the partial index is: SQLite uses it only then
          .where(sql<boolean>`status <> 'cancelled'`)
          .where(sql<boolean>`prixtotal > coalesce(prixpay, 0)`)
          .select([sql<number>`sum(prixtotal - coalesce(prixpay, 0))`.as("amount"), sql<number>`count(*)`.as("count")])
          .executeTakeFirst()
      );
    }),
  );
  return BALANCE_AGES.map((age, i) => ({ age, amount: n(rows[i]?.amount), count: n(rows[i]?.count) }));
}

// ---- appointments --------------------------------------------------------------------------------

export type StatusCounts = Record<AppointmentStatus, number>;
const zeroStatuses = (): StatusCounts => ({
  requested: 0,
  confirmed: 0,
  attended: 0,
  no_show: 0,
  cancelled: 0,
});

export async function appointmentsByStatus(
  h: H,
  p: ReportPeriod,
): Promise<({ bucket: string } & StatusCounts)[]> {
  const bucket = bucketSql(h, sql.ref("date"), p.granularity);
  const rows = await h.db
    .selectFrom("appointments")
    .where("date", ">=", p.from)
    .where("date", "<=", p.to)
    .select([bucket.as("bucket"), "status", sql<number>`count(*)`.as("count")])
    .groupBy([bucket, "status"])
    .execute();
  return byBucket(
    p,
    zeroStatuses,
    rows,
    (acc: StatusCounts, r: { status: AppointmentStatus; count: unknown }) => {
      acc[r.status] += n(r.count);
    },
  );
}

/** The counts behind the no-show rate (absent / (honoré + absent)) and the cancellation rate (annulé / all). */
export interface RateCounts {
  attended: number;
  noShow: number;
  cancelled: number;
  total: number;
}

const rateColumns = [
  sql<number>`sum(case when status = 'attended' then 1 else 0 end)`.as(
    "attended",
  ),
  sql<number>`sum(case when status = 'no_show' then 1 else 0 end)`.as(
    "no_show",
  ),
  sql<number>`sum(case when status = 'cancelled' then 1 else 0 end)`.as(
    "cancelled",
  ),
  sql<number>`count(*)`.as("total"),
];
const toRates = (r: {
  attended: unknown;
  no_show: unknown;
  cancelled: unknown;
  total: unknown;
}): RateCounts => ({
  attended: n(r.attended),
  noShow: n(r.no_show),
  cancelled: n(r.cancelled),
  total: n(r.total),
});

/** By weekday, Saturday first (the clinic's week); days without appointments are left out. */
export async function ratesByWeekday(
  h: H,
  p: ReportPeriod,
): Promise<({ weekday: Weekday } & RateCounts)[]> {
  const weekday = weekdaySql(h, sql.ref("date"));
  const rows = await h.db
    .selectFrom("appointments")
    .where("date", ">=", p.from)
    .where("date", "<=", p.to)
    .select([weekday.as("weekday"), ...rateColumns])
    .groupBy(weekday)
    .execute();
  return rows
    .map((r) => ({ weekday: n(r.weekday) as Weekday, ...toRates(r) }))
    .sort((a, b) => ((a.weekday + 1) % 7) - ((b.weekday + 1) % 7));
}

export async function ratesByService(
  h: H,
  p: ReportPeriod,
): Promise<({ service: string } & RateCounts)[]> {
  // grouped by an expression of the column, not the column: on SQLite, `group by service` made the
  // planner walk the whole table in the order of appointments_service_idx (to skip a sort) rather
  // than read the period's range of the covering index (migration 010): 100 ms against 10 at 100k
  const service = sql<string>`${sql.ref("service")} || ''`;
  const rows = await h.db
    .selectFrom("appointments")
    .where("date", ">=", p.from)
    .where("date", "<=", p.to)
    .select([service.as("service"), ...rateColumns])
    .groupBy(service)
    .execute();
  return rows
    .map((r) => ({ service: r.service, ...toRates(r) }))
    .sort((a, b) => b.total - a.total || a.service.localeCompare(b.service));
}

export interface FillBucket {
  bucket: string;
  /** minutes of care (duration, without the buffer) of the appointments that hold a slot */
  booked: number;
  /** the chairs' open minutes from the schedule: the day's ranges × chairs */
  open: number;
}

/**
 * Chair fill rate: booked minutes (the database's sum of duration_minutes of the appointments
 * 'Demande reçue', 'Confirmé' or 'Honoré') over open minutes (each day's opening ranges, closures
 * and special hours included, times today's number of chairs; computed from the schedule, a few
 * hundred days at most).
 */
export async function fillRate(
  h: H,
  p: ReportPeriod,
  schedule: Pick<Schedule, "weekly" | "exceptions" | "settings">,
): Promise<FillBucket[]> {
  const bucket = bucketSql(h, sql.ref("date"), p.granularity);
  const rows = await h.db
    .selectFrom("appointments")
    .where("date", ">=", p.from)
    .where("date", "<=", p.to)
    .where("status", "in", OCCUPYING_STATUSES)
    .select([
      bucket.as("bucket"),
      sql<number>`coalesce(sum(duration_minutes), 0)`.as("booked"),
    ])
    .groupBy(bucket)
    .execute();
  const out = byBucket(
    p,
    () => ({ booked: 0, open: 0 }),
    rows,
    (acc: { booked: number }, r: { booked: unknown }) => {
      acc.booked += n(r.booked);
    },
  );
  const index = new Map(out.map((b) => [b.bucket, b]));
  for (let day = p.from; day <= p.to; day = addDaysYmd(day, 1)) {
    const minutes = dayHours(schedule, day).ranges.reduce(
      (s, r) => s + Math.max(0, toMinutes(r.closes) - toMinutes(r.opens)),
      0,
    );
    const b = index.get(bucketOf(day, p.granularity));
    if (b) b.open += minutes * schedule.settings.chairs;
  }
  return out;
}

// ---- people --------------------------------------------------------------------------------------

/** Patient records created in the period (merged duplicates left out: they were one patient). */
export async function newPatients(
  h: H,
  p: ReportPeriod,
): Promise<{ bucket: string; count: number }[]> {
  const bucket = bucketSql(h, clinicDaySql(h, "created_at", p), p.granularity);
  const [from, to] = instantBounds(p);
  const rows = await h.db
    .selectFrom("patients")
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where("merged_into", "is", null)
    .select([bucket.as("bucket"), sql<number>`count(*)`.as("count")])
    .groupBy(bucket)
    .execute();
  return byBucket(
    p,
    () => ({ count: 0 }),
    rows,
    (acc: { count: number }, r: { count: unknown }) => {
      acc.count += n(r.count);
    },
  );
}

export interface SourceBucket {
  bucket: string;
  /** created through the public form or the personal link (the history's 'created' line by the patient) */
  online: number;
  /** created by a staff account */
  staff: number;
  /** neither: rows imported or seeded before the history existed */
  other: number;
}

/** Appointments booked in the period (by the day they were received), by who booked them. */
export async function bookingSources(
  h: H,
  p: ReportPeriod,
): Promise<SourceBucket[]> {
  const bucket = bucketSql(
    h,
    clinicDaySql(h, "appointments.created_at", p),
    p.granularity,
  );
  const [from, to] = instantBounds(p);
  const source = sql<string>`case when appointment_history.staff_user_id is not null then 'staff' when appointment_history.actor = ${sql.lit(PATIENT_ACTOR.label)} then 'online' else 'other' end`;
  const rows = await h.db
    .selectFrom("appointments")
    // the literal 'created' (not a parameter) lets both engines read the partial index of migration 010
    .leftJoin("appointment_history", (j) =>
      j
        .onRef("appointment_history.appointment_id", "=", "appointments.id")
        .on(
          sql<boolean>`${sql.ref("appointment_history.action")} = ${sql.lit("created")}`,
        ),
    )
    .where("appointments.created_at", ">=", from)
    .where("appointments.created_at", "<", to)
    .select([
      bucket.as("bucket"),
      source.as("source"),
      sql<number>`count(*)`.as("count"),
    ])
    .groupBy([bucket, source])
    .execute();
  return byBucket(
    p,
    () => ({ online: 0, staff: 0, other: 0 }),
    rows,
    (
      acc: Omit<SourceBucket, "bucket">,
      r: { source: string; count: unknown },
    ) => {
      const key =
        r.source === "staff" || r.source === "online" ? r.source : "other";
      acc[key] += n(r.count);
    },
  );
}

export interface CourseEnrolments {
  formationId: number | null;
  title: string;
  /** every enrolment received in the period but the cancelled ones */
  active: number;
  /** of those, confirmed or completed */
  confirmed: number;
  cancelled: number;
}

/** Enrolments received in the period, per formation (its current title; the chosen title for a deleted one). */
export async function enrolmentsByCourse(
  h: H,
  p: ReportPeriod,
): Promise<CourseEnrolments[]> {
  const [from, to] = instantBounds(p);
  const title = sql<string>`coalesce(formations.title, enrollments.formation_chosen, '')`;
  const rows = await h.db
    .selectFrom("enrollments")
    .leftJoin("formations", "formations.id", "enrollments.formation_id")
    .where("enrollments.enrollment_date", ">=", from)
    .where("enrollments.enrollment_date", "<", to)
    .select([
      "enrollments.formation_id as formationId",
      title.as("title"),
      sql<number>`sum(case when enrollments.status <> 'cancelled' then 1 else 0 end)`.as(
        "active",
      ),
      sql<number>`sum(case when enrollments.status in ('confirmed', 'completed') then 1 else 0 end)`.as(
        "confirmed",
      ),
      sql<number>`sum(case when enrollments.status = 'cancelled' then 1 else 0 end)`.as(
        "cancelled",
      ),
    ])
    .groupBy(["enrollments.formation_id", title])
    .execute();
  return rows
    .map((r) => ({
      formationId: r.formationId === null ? null : n(r.formationId),
      title: r.title || "Formation supprimée",
      active: n(r.active),
      confirmed: n(r.confirmed),
      cancelled: n(r.cancelled),
    }))
    .sort((a, b) => b.active - a.active || a.title.localeCompare(b.title));
}

// ---- all of them ---------------------------------------------------------------------------------

/**
 * Every report of the screen for one period, asked together. The balances are aged on the
 * period's last day, or today when the period reaches into the future.
 */
export async function loadReportData(
  h: H,
  period: ReportPeriod,
  today: string,
): Promise<ReportData> {
  const asOf = period.to < today ? period.to : today;
  const [
    money,
    modes,
    balances,
    statuses,
    weekdays,
    services,
    schedule,
    patients,
    sources,
    courses,
  ] = await Promise.all([
    productionAndCollected(h, period),
    collectedByMode(h, period),
    balancesByAge(h, asOf),
    appointmentsByStatus(h, period),
    ratesByWeekday(h, period),
    ratesByService(h, period),
    loadSchedule(h, period.from),
    newPatients(h, period),
    bookingSources(h, period),
    enrolmentsByCourse(h, period),
  ]);
  const fill = await fillRate(h, period, schedule);
  return {
    period,
    asOf,
    money,
    modes,
    balances,
    statuses,
    weekdays,
    services,
    fill,
    patients,
    sources,
    courses,
  };
}
