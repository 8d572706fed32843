import { Migrator, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { todayInClinic } from "~/lib/clinic-time";
import { patientMatchKey } from "~/lib/name-key";
import { nationalDigits } from "~/lib/rules";
import { toE164 } from "~/lib/phone";
import { occupiedUnits } from "~/lib/schedule";
import { AUDIT_GENESIS_HASH, auditEntryHash, type ChainedFields } from "../audit-chain";
import type { Engine } from "./connection";
import { m011_money } from "./migration-money";
import { m014_recalls } from "./migration-recalls";
import { m017_name_keys } from "./migration-name-keys";
import { m018_languages } from "./migration-languages";
import { m019_search, m020_lookups } from "./migration-search";
import { m021_row_counts } from "./migration-counts";

/**
 * Code migrations shared by both engines. Each receives the engine so that the few
 * differences (auto-increment ids) stay in one place.
 */
type EngineMigration = (engine: Engine) => Migration;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CreateTableBuilderAny = CreateTableBuilder<any, any>;

function idColumn(engine: Engine) {
  return engine === "postgres" ? "serial" : "integer";
}

const m001_initial: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    const autoId = (col: ColumnDefinitionBuilder) =>
      engine === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement();

    await db.schema
      .createTable("appointments")
      .addColumn("id", id, autoId)
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("service", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("time", "text", (c) => c.notNull())
      .addColumn("message", "text")
      .addColumn("prixtotal", "bigint")
      .addColumn("prixpay", "bigint")
      .addColumn("progress", "text")
      .addColumn("tips", "text")
      .addColumn("submission_key", "text", (c) => c.unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("appointments_created_at_idx").on("appointments").column("created_at").execute();
    await db.schema.createIndex("appointments_date_idx").on("appointments").column("date").execute();
    await db.schema.createIndex("appointments_service_idx").on("appointments").column("service").execute();

    await db.schema
      .createTable("blogs")
      .addColumn("id", id, autoId)
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("image_url", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text")
      .execute();
    await db.schema.createIndex("blogs_created_at_idx").on("blogs").column("created_at").execute();

    await db.schema
      .createTable("formations")
      .addColumn("id", id, autoId)
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("duration_months", "integer", (c) => c.notNull().defaultTo(6))
      .addColumn("max_participants", "integer", (c) => c.notNull().defaultTo(10))
      .addColumn("price", "bigint")
      .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("syllabus", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("formations_created_at_idx").on("formations").column("created_at").execute();

    await db.schema
      .createTable("enrollments")
      .addColumn("id", id, autoId)
      .addColumn("formation_id", "integer", (c) => c.references("formations.id").onDelete("set null"))
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("user_surname", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("formation_chosen", "text")
      .addColumn("enrollment_date", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c.notNull().defaultTo("pending").check(sql`status in ('pending', 'confirmed', 'cancelled', 'completed')`),
      )
      .addColumn("submission_key", "text", (c) => c.unique())
      .execute();
    await db.schema.createIndex("enrollments_formation_idx").on("enrollments").columns(["formation_id", "status"]).execute();
    await db.schema.createIndex("enrollments_date_idx").on("enrollments").column("enrollment_date").execute();

    await db.schema
      .createTable("staff_users")
      .addColumn("id", id, autoId)
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull().defaultTo("admin"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("sessions")
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

    await db.schema
      .createTable("rate_limits")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("count", "integer", (c) => c.notNull())
      .addColumn("reset_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("login_throttle")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("failures", "integer", (c) => c.notNull())
      .addColumn("blocked_until", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("outbox")
      .addColumn("id", id, autoId)
      .addColumn("to_address", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("body_text", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("sent_at", "text")
      .execute();
    await db.schema.createIndex("outbox_status_idx").on("outbox").column("status").execute();

    await db.schema
      .createTable("app_meta")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of [
      "app_meta",
      "outbox",
      "login_throttle",
      "rate_limits",
      "sessions",
      "staff_users",
      "enrollments",
      "formations",
      "blogs",
      "appointments",
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
});

/**
 * The daily backup's claim: one row per clinic day, inserted by the worker that takes that day's
 * backup (the primary key makes the claim atomic on both engines). See app/.server/backup.ts.
 */
const m002_backup_runs: EngineMigration = () => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("backup_runs")
      .addColumn("day", "text", (c) => c.primaryKey())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text")
      .addColumn("backup_name", "text")
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("backup_runs").ifExists().execute();
  },
});


/**
 * The front desk (docs/decisions/008-front-desk-schedule.md): the clinic's schedule (weekly
 * hours, closures and special hours, per-service durations, settings), appointment statuses with
 * their history, and the slot units whose primary key (chair, unit_start) makes a double booking
 * impossible on both engines.
 *
 * Existing appointments: a past one with a price or progress becomes 'attended', a future one
 * with either becomes 'confirmed', the others 'requested'. Every row gets chair 1 and its
 * service's default duration; the future ones that hold a status take their units, in the order
 * they were received (a row that overlaps an earlier one keeps its place in the list but holds
 * no unit, so the clinic sees it and moves it). On SQLite the table is rebuilt so that the
 * e-mail may be empty (a booking taken by phone).
 */
const FRONT_DESK_SERVICE_DEFAULTS: [string, number, number][] = [
  ["Implementation", 90, 15],
  ["Prothèses dentaires", 45, 15],
  ["Blanchiment des dents", 60, 15],
  ["Orthodontie", 30, 15],
  ["Chirurgie dentaire", 60, 15],
  ["Extraction dentaire", 30, 15],
  ["Soins conservateurs", 45, 15],
  ["Esthétique dentaire", 60, 15],
];

const m003_front_desk: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    const autoId = (col: ColumnDefinitionBuilder) =>
      engine === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement();
    const statusCheck = sql`status in ('requested', 'confirmed', 'attended', 'no_show', 'cancelled')`;
    const columns: [string, "text" | "integer", (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder][] = [
      ["phone_digits", "text", (c) => c],
      ["status", "text", (c) => c.notNull().defaultTo("requested").check(statusCheck)],
      ["chair", "integer", (c) => c],
      ["duration_minutes", "integer", (c) => c],
      ["buffer_minutes", "integer", (c) => c],
      ["forced", "integer", (c) => c.notNull().defaultTo(0)],
      ["cancelled_by", "text", (c) => c.check(sql`cancelled_by in ('patient', 'clinic')`)],
      ["cancel_reason", "text", (c) => c],
      ["updated_at", "text", (c) => c],
    ];
    const newColumns = (t: CreateTableBuilderAny) => columns.reduce((b, [name, type, build]) => b.addColumn(name, type, build), t);

    if (engine === "postgres") {
      await sql`alter table appointments alter column email drop not null`.execute(db);
      for (const [name, type, build] of columns) await db.schema.alterTable("appointments").addColumn(name, type, build).execute();
    } else {
      const old = ["id", "name", "email", "phone", "service", "date", "time", "message", "prixtotal", "prixpay", "progress", "tips", "submission_key", "created_at"];
      await newColumns(
        db.schema
          .createTable("appointments_new")
          .addColumn("id", id, autoId)
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("email", "text")
          .addColumn("phone", "text", (c) => c.notNull())
          .addColumn("service", "text", (c) => c.notNull())
          .addColumn("date", "text", (c) => c.notNull())
          .addColumn("time", "text", (c) => c.notNull())
          .addColumn("message", "text")
          .addColumn("prixtotal", "bigint")
          .addColumn("prixpay", "bigint")
          .addColumn("progress", "text")
          .addColumn("tips", "text")
          .addColumn("submission_key", "text", (c) => c.unique())
          .addColumn("created_at", "text", (c) => c.notNull()),
      ).execute();
      const cols = sql.join(old.map((c) => sql.ref(c)));
      await sql`insert into appointments_new (${cols}) select ${cols} from appointments`.execute(db);
      await db.schema.dropTable("appointments").execute();
      await sql`alter table appointments_new rename to appointments`.execute(db);
      await db.schema.createIndex("appointments_created_at_idx").on("appointments").column("created_at").execute();
      await db.schema.createIndex("appointments_date_idx").on("appointments").column("date").execute();
      await db.schema.createIndex("appointments_service_idx").on("appointments").column("service").execute();
    }
    await db.schema.createIndex("appointments_date_time_idx").on("appointments").columns(["date", "time"]).execute();
    await db.schema.createIndex("appointments_phone_digits_idx").on("appointments").column("phone_digits").execute();
    await db.schema.createIndex("appointments_status_idx").on("appointments").columns(["status", "date"]).execute();

    await db.schema
      .createTable("appointment_slots")
      .addColumn("chair", "integer", (c) => c.notNull())
      .addColumn("unit_start", "text", (c) => c.notNull())
      .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("appointment_slots_pk", ["chair", "unit_start"])
      .execute();
    // (unit_start, chair): the availability reads never visit the table
    await db.schema.createIndex("appointment_slots_unit_idx").on("appointment_slots").columns(["unit_start", "chair"]).execute();
    await db.schema.createIndex("appointment_slots_appointment_idx").on("appointment_slots").column("appointment_id").execute();

    await db.schema
      .createTable("appointment_history")
      .addColumn("id", id, autoId)
      .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("staff_user_id", "integer", (c) => c.references("staff_users.id").onDelete("set null"))
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("from_status", "text")
      .addColumn("to_status", "text")
      .addColumn("detail", "text")
      .execute();
    await db.schema.createIndex("appointment_history_appointment_idx").on("appointment_history").columns(["appointment_id", "id"]).execute();

    await db.schema
      .createTable("opening_hours")
      .addColumn("id", id, autoId)
      .addColumn("weekday", "integer", (c) => c.notNull().check(sql`weekday between 0 and 6`))
      .addColumn("opens", "text", (c) => c.notNull())
      .addColumn("closes", "text", (c) => c.notNull())
      .addCheckConstraint("opening_hours_order", sql`opens < closes`)
      .execute();
    await db.schema
      .createTable("schedule_exceptions")
      .addColumn("id", id, autoId)
      .addColumn("start_date", "text", (c) => c.notNull())
      .addColumn("end_date", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("ranges", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addCheckConstraint("schedule_exceptions_order", sql`start_date <= end_date`)
      .execute();
    await db.schema.createIndex("schedule_exceptions_end_idx").on("schedule_exceptions").column("end_date").execute();
    await db.schema
      .createTable("service_settings")
      .addColumn("service", "text", (c) => c.primaryKey())
      .addColumn("duration_minutes", "integer", (c) => c.notNull().check(sql`duration_minutes > 0`))
      .addColumn("buffer_minutes", "integer", (c) => c.notNull().check(sql`buffer_minutes >= 0`))
      .addColumn("online", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable("schedule_settings")
      .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn("min_notice_minutes", "integer", (c) => c.notNull())
      .addColumn("horizon_days", "integer", (c) => c.notNull())
      .addColumn("chairs", "integer", (c) => c.notNull().check(sql`chairs >= 1`))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    // the defaults: Saturday to Thursday 09:00–12:30 and 13:30–17:00, Friday closed
    const hours = [6, 0, 1, 2, 3, 4].flatMap((weekday) => [
      { weekday, opens: "09:00", closes: "12:30" },
      { weekday, opens: "13:30", closes: "17:00" },
    ]);
    await db.insertInto("opening_hours").values(hours).execute();
    await db
      .insertInto("service_settings")
      .values(FRONT_DESK_SERVICE_DEFAULTS.map(([service, duration_minutes, buffer_minutes]) => ({ service, duration_minutes, buffer_minutes, online: 1 })))
      .execute();
    const now = new Date().toISOString();
    await db.insertInto("schedule_settings").values({ id: 1, min_notice_minutes: 120, horizon_days: 60, chairs: 1, updated_at: now }).execute();

    // existing appointments
    const today = todayInClinic();
    const engaged = sql`(prixtotal is not null or prixpay is not null or progress is not null)`;
    await sql`update appointments set status = case when ${engaged} and date < ${today} then 'attended' when ${engaged} then 'confirmed' else 'requested' end, chair = 1`.execute(db);
    for (const [service, duration, buffer] of FRONT_DESK_SERVICE_DEFAULTS) {
      await db.updateTable("appointments").set({ duration_minutes: duration, buffer_minutes: buffer }).where("service", "=", service).execute();
    }
    await db.updateTable("appointments").set({ duration_minutes: 60, buffer_minutes: 15 }).where("duration_minutes", "is", null).execute();
    const rows: { id: number; phone: string; date: string; time: string; duration_minutes: number; buffer_minutes: number }[] = await db
      .selectFrom("appointments")
      .select(["id", "phone", "date", "time", "duration_minutes", "buffer_minutes"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const taken = new Set<string>();
    for (const r of rows) {
      await db.updateTable("appointments").set({ phone_digits: nationalDigits(r.phone) }).where("id", "=", r.id).execute();
      if (r.date < today || !/^\d{2}:\d{2}/.test(r.time)) continue;
      const units = occupiedUnits(r.date, r.time.slice(0, 5), Number(r.duration_minutes), Number(r.buffer_minutes));
      if (units.some((u) => taken.has(u))) continue;
      for (const u of units) taken.add(u);
      await db.insertInto("appointment_slots").values(units.map((unit_start) => ({ chair: 1, unit_start, appointment_id: r.id }))).execute();
    }
  },
  async down(db: AnyDb) {
    for (const t of ["schedule_settings", "service_settings", "schedule_exceptions", "opening_hours", "appointment_history", "appointment_slots"]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
});

/** Re-exported for the modules that linked records before it moved to ~/lib/name-key. */
export { patientMatchKey };

const m004_patients: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    const autoId = (col: ColumnDefinitionBuilder) =>
      engine === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement();

    await db.schema
      .createTable("patients")
      .addColumn("id", id, autoId)
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("phone", "text")
      .addColumn("phone_e164", "text")
      .addColumn("email", "text")
      .addColumn("notes", "text")
      .addColumn("match_key", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("merged_into", "integer", (c) => c.references("patients.id").onDelete("set null"))
      .addColumn("erased_at", "text")
      .execute();
    // one live record per phone and name: two first bookings at once cannot create two
    await db.schema.createIndex("patients_match_key_uq").on("patients").column("match_key").unique().where(sql.ref("match_key"), "is not", null).execute();
    await db.schema.createIndex("patients_phone_idx").on("patients").column("phone_e164").execute();
    await db.schema.createIndex("patients_name_idx").on("patients").column("name").execute();
    // the records merged into one (its page lists them, a merge re-points them)
    await db.schema.createIndex("patients_merged_into_idx").on("patients").column("merged_into").execute();

    await db.schema
      .createTable("patient_events")
      .addColumn("id", id, autoId)
      .addColumn("patient_id", "integer", (c) => c.notNull().references("patients.id").onDelete("cascade"))
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("staff_user_id", "integer", (c) => c.references("staff_users.id").onDelete("set null"))
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("detail", "text")
      .execute();
    await db.schema.createIndex("patient_events_patient_idx").on("patient_events").columns(["patient_id", "id"]).execute();

    const appointmentColumns: [string, "text" | "integer", (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder][] = [
      ["patient_id", "integer", (c) => c.references("patients.id").onDelete("set null")],
      ["link_salt", "text", (c) => c],
      ["link_hash", "text", (c) => c],
      ["patient_confirmed_at", "text", (c) => c],
      ["reminded_at", "text", (c) => c],
      ["mail_reminder_at", "text", (c) => c],
      ["anonymised_at", "text", (c) => c],
    ];
    for (const [name, type, build] of appointmentColumns) await db.schema.alterTable("appointments").addColumn(name, type, build).execute();
    await db.schema.createIndex("appointments_link_hash_uq").on("appointments").column("link_hash").unique().execute();
    await db.schema.createIndex("appointments_patient_idx").on("appointments").columns(["patient_id", "date"]).execute();

    for (const [name, def] of [["cancel_cutoff_hours", 24], ["reminder_hours", 24], ["retention_months", 12]] as const) {
      await db.schema.alterTable("schedule_settings").addColumn(name, "integer", (c) => c.notNull().defaultTo(def)).execute();
    }

    await db.schema
      .createTable("message_templates")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text")
      .execute();

    const outboxColumns: [string, "text" | "integer", (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder][] = [
      ["body_html", "text", (c) => c],
      ["attachments", "text", (c) => c],
      ["kind", "text", (c) => c],
      ["appointment_id", "integer", (c) => c],
      ["dedupe_key", "text", (c) => c],
      ["next_attempt_at", "text", (c) => c],
      ["lease_owner", "text", (c) => c],
      ["lease_until", "text", (c) => c],
    ];
    for (const [name, type, build] of outboxColumns) await db.schema.alterTable("outbox").addColumn(name, type, build).execute();
    await db.schema.createIndex("outbox_dedupe_uq").on("outbox").column("dedupe_key").unique().execute();
    await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["status", "next_attempt_at"]).execute();
    await db.schema.createIndex("outbox_appointment_idx").on("outbox").column("appointment_id").execute();

    // the records of the appointments already stored, one per phone and name
    const rows: { id: number; name: string; email: string | null; phone: string; created_at: string }[] = await db
      .selectFrom("appointments")
      .select(["id", "name", "email", "phone", "created_at"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const byKey = new Map<string, number>();
    for (const r of rows) {
      const e164 = toE164(r.phone);
      const key = patientMatchKey(e164, r.phone, r.name);
      let patientId = key ? byKey.get(key) : undefined;
      if (patientId === undefined) {
        const created = await db
          .insertInto("patients")
          .values({ name: r.name, phone: r.phone, phone_e164: e164, email: r.email, notes: null, match_key: key, created_at: r.created_at, updated_at: r.created_at })
          .returning("id")
          .executeTakeFirstOrThrow();
        patientId = Number(created.id);
        if (key) byKey.set(key, patientId);
      } else if (r.email) {
        await db.updateTable("patients").set({ email: r.email, updated_at: r.created_at }).where("id", "=", patientId).execute();
      }
      await db.updateTable("appointments").set({ patient_id: patientId }).where("id", "=", r.id).execute();
    }
  },
  async down(db: AnyDb) {
    for (const t of ["message_templates", "patient_events", "patients"]) await db.schema.dropTable(t).ifExists().execute();
  },
});

/**
 * Staff roles, two-factor sign-in, account management and the audit log (issue 13, ADR 010).
 * The audit log is append-only in the database itself: a trigger refuses every UPDATE, and a
 * DELETE of an entry younger than the retention period (team_settings.audit_retention_months),
 * on both engines; only the purge job deletes, and only what is past the period.
 */
export async function createAuditTriggers(db: AnyDb, engine: Engine) {
  if (engine === "postgres") {
    await sql`
      create or replace function audit_log_guard() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          raise exception 'audit_log is append-only';
        end if;
        if old.at >= to_char((now() at time zone 'UTC') - make_interval(months => coalesce((select audit_retention_months from team_settings where id = 1), 24)), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') then
          raise exception 'audit_log entries are kept for the retention period';
        end if;
        return old;
      end $$`.execute(db);
    await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_guard()`.execute(db);
    return;
  }
  await sql`drop trigger if exists audit_log_no_update`.execute(db);
  await sql`drop trigger if exists audit_log_no_early_delete`.execute(db);
  await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  await sql`
    create trigger audit_log_no_early_delete before delete on audit_log
    when old.at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || coalesce((select audit_retention_months from team_settings where id = 1), 24) || ' months')
    begin select raise(abort, 'audit_log entries are kept for the retention period'); end`.execute(db);
}

/** Drop the audit triggers (the test helper empties tables between tests; no app code calls it). */
export async function dropAuditTriggers(db: AnyDb, engine: Engine) {
  if (engine === "postgres") {
    await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
    return;
  }
  await sql`drop trigger if exists audit_log_no_update`.execute(db);
  await sql`drop trigger if exists audit_log_no_early_delete`.execute(db);
}

const m005_staff_security: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    const autoId = (col: ColumnDefinitionBuilder) => (engine === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement());

    const staffColumns: [string, "text" | "integer", (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder][] = [
      ["display_name", "text", (c) => c],
      ["disabled_at", "text", (c) => c],
      ["must_change_password", "integer", (c) => c.notNull().defaultTo(0)],
      // the TOTP secret, encrypted with a key derived from SESSION_SECRET (app/.server/totp.ts)
      ["totp_secret", "text", (c) => c],
      ["totp_enabled_at", "text", (c) => c],
      // the last time step accepted: a code is never accepted twice
      ["totp_last_step", "integer", (c) => c],
    ];
    for (const [name, type, build] of staffColumns) await db.schema.alterTable("staff_users").addColumn(name, type, build).execute();
    // the accounts made before roles were administrators; the column's default stays 'admin'
    await db.updateTable("staff_users").set({ role: "admin" }).where("role", "not in", ["admin", "dentist", "assistant"]).execute();

    for (const name of ["device_label", "ip"]) await db.schema.alterTable("sessions").addColumn(name, "text").execute();

    await db.schema
      .createTable("staff_recovery_codes")
      .addColumn("id", id, autoId)
      .addColumn("user_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();
    await db.schema.createIndex("staff_recovery_codes_uq").on("staff_recovery_codes").columns(["user_id", "code_hash"]).unique().execute();

    await db.schema
      .createTable("trusted_devices")
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
      .addColumn("label", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_used_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("trusted_devices_user_idx").on("trusted_devices").column("user_id").execute();

    // a password accepted, the second factor not yet given (a short-lived cookie holds the id)
    await db.schema
      .createTable("login_challenges")
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
      .addColumn("redirect_to", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("password_resets")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();
    await db.schema.createIndex("password_resets_user_idx").on("password_resets").column("user_id").execute();

    await db.schema
      .createTable("team_settings")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("require_2fa_all", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("assistant_can_edit_prices", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("audit_retention_months", "integer", (c) => c.notNull().defaultTo(24).check(sql`audit_retention_months between 6 and 120`))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.insertInto("team_settings").values({ id: 1, updated_at: new Date().toISOString() }).execute();

    await db.schema
      .createTable("audit_log")
      .addColumn("id", id, autoId)
      .addColumn("at", "text", (c) => c.notNull())
      // no foreign key: an entry outlives its account, and ON DELETE SET NULL would be an UPDATE,
      // which the append-only trigger refuses (accounts are disabled, never deleted)
      .addColumn("staff_user_id", "integer")
      // the account's address at the time (or the address typed, for a failed sign-in of an account)
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("ip", "text")
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("target_type", "text")
      .addColumn("target_id", "text")
      // a short French detail without any patient data (field names, from → to statuses, roles)
      .addColumn("detail", "text")
      .execute();
    await db.schema.createIndex("audit_log_at_idx").on("audit_log").columns(["at", "id"]).execute();
    await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["staff_user_id", "at"]).execute();
    await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "at"]).execute();
    await createAuditTriggers(db, engine);
  },
  async down(db: AnyDb) {
    await dropAuditTriggers(db, engine);
    for (const t of ["audit_log", "team_settings", "password_resets", "login_challenges", "trusted_devices", "staff_recovery_codes"]) await db.schema.dropTable(t).ifExists().execute();
  },
});

/** The four reviews of the original product, kept as the demo content of the managed reviews. */
export const DEMO_REVIEWS = [
  {
    name: "Amina B.",
    rating_halves: 10,
    comment:
      "J'avais très peur des implants. Le docteur a pris le temps de tout m'expliquer avec le scanner à l'écran, et l'intervention s'est bien mieux passée que je ne l'imaginais. Équipe très douce et rassurante.",
    review_date: "2025-10-14",
  },
  {
    name: "Karim L.",
    rating_halves: 9,
    comment:
      "Blanchiment au cabinet après un détartrage. Légère sensibilité le premier soir, comme on me l'avait annoncé, puis plus rien. Le devis était clair dès le départ, sans surprise.",
    review_date: "2025-12-02",
  },
  {
    name: "Samira H.",
    rating_halves: 8,
    comment:
      "Quatre facettes sur les dents de devant. On a d'abord essayé une maquette pour voir le résultat, ce qui m'a beaucoup aidée à me décider. Seul bémol : un peu d'attente le jour du deuxième rendez-vous.",
    review_date: "2026-02-19",
  },
  {
    name: "Yacine M.",
    rating_halves: 9,
    comment:
      "Prise de rendez-vous en ligne simple, rappel le lendemain pour confirmer. Soins conservateurs et dévitalisation faits avec beaucoup de soin, explications à chaque étape.",
    review_date: "2026-04-07",
  },
];

/**
 * Content the clinic controls (issue 14, ADR 011): its identity (one JSON document, defaults from
 * app/lib/clinic.ts), uploaded pictures (`media`, one row per upload, files deleted by a job once
 * `delete_after` has passed), the photo of each picture slot of the site, the before/after cases
 * with the patient's consent, and the reviews shown on /gallery.
 */
const m006_site_content: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    const autoId = (col: ColumnDefinitionBuilder) => (engine === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement());
    const now = new Date().toISOString();

    await db.schema
      .createTable("clinic_settings")
      .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
      // the identity as JSON (app/lib/clinic.ts); null until staff first save it: the defaults apply
      .addColumn("data", "text")
      // days between a consent withdrawn and the deletion of the case's photos
      .addColumn("photo_deletion_days", "integer", (c) => c.notNull().defaultTo(30).check(sql`photo_deletion_days between 0 and 365`))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.insertInto("clinic_settings").values({ id: 1, updated_at: now }).execute();

    await db.schema
      .createTable("media")
      // 32 hex characters: the files are <id>-<width>.avif and .webp under UPLOAD_DIR/media
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      // the widths made, ascending, comma-separated ("480,960,1600")
      .addColumn("widths", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      // set when nothing should show it any more: the files are deleted after this instant
      .addColumn("delete_after", "text")
      .addColumn("deleted_at", "text")
      .execute();
    await db.schema.createIndex("media_delete_after_idx").on("media").column("delete_after").execute();

    await db.schema
      .createTable("site_photos")
      // a picture slot of the site (app/lib/photo-slots.ts)
      .addColumn("slot", "text", (c) => c.primaryKey())
      .addColumn("media_id", "text", (c) => c.notNull().references("media.id"))
      .addColumn("alt", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("gallery_cases")
      .addColumn("id", id, autoId)
      .addColumn("treatment", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("before_media_id", "text", (c) => c.references("media.id"))
      .addColumn("before_alt", "text", (c) => c.notNull())
      .addColumn("after_media_id", "text", (c) => c.references("media.id"))
      .addColumn("after_alt", "text", (c) => c.notNull())
      .addColumn("consent_date", "text", (c) => c.notNull())
      .addColumn("consent_scope", "text", (c) => c.notNull().check(sql`consent_scope in ('site', 'site_social')`))
      .addColumn("patient_id", "integer", (c) => c.references("patients.id").onDelete("set null"))
      .addColumn("withdrawn_at", "text")
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("gallery_cases_public_idx").on("gallery_cases").columns(["withdrawn_at", "position", "id"]).execute();
    await db.schema.createIndex("gallery_cases_patient_idx").on("gallery_cases").column("patient_id").execute();

    await db.schema
      .createTable("reviews")
      .addColumn("id", id, autoId)
      // the name as the reviewer agreed to show it ("Amina B.")
      .addColumn("name", "text", (c) => c.notNull())
      // 1 to 10 half-stars: 9 is 4,5 / 5
      .addColumn("rating_halves", "integer", (c) => c.notNull().check(sql`rating_halves between 1 and 10`))
      .addColumn("comment", "text", (c) => c.notNull())
      .addColumn("review_date", "text", (c) => c.notNull())
      .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db
      .insertInto("reviews")
      .values(DEMO_REVIEWS.map((r, i) => ({ ...r, published: 1, position: i + 1, created_at: now, updated_at: now })))
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of ["reviews", "gallery_cases", "site_photos", "media", "clinic_settings"]) await db.schema.dropTable(t).ifExists().execute();
  },
});

/**
 * The tables a public page shows (docs/architecture.md, "Page cache"): every committed change to
 * one of them raises content_version.version, by trigger, on both engines, whatever code wrote it.
 * Every other table is listed in PRIVATE_TABLES; a test fails for a table in neither list, so a new
 * table is classified when it is made.
 */
export const PUBLIC_CONTENT_TABLES = [
  "blogs",
  "formations",
  "enrollments",
  "opening_hours",
  "schedule_exceptions",
  "service_settings",
  "schedule_settings",
  "clinic_settings",
  "media",
  "site_photos",
  "gallery_cases",
  "reviews",
  // migration 015 (the tables after "reviews" get their triggers in their own migration)
  "formation_sessions",
  "formation_waitlist",
] as const;

/** The tables no public page shows: changing them leaves the stored public pages as they are. */
export const PRIVATE_TABLES = [
  "appointments",
  "appointment_slots",
  "appointment_history",
  "waitlist_entries",
  "waitlist_offers",
  "payments",
  "acts",
  "money_counters",
  "quotes",
  "quote_lines",
  "quote_events",
  "payment_plans",
  "plan_instalments",
  "cash_closings",
  "patients",
  "patient_events",
  "message_templates",
  "staff_users",
  "staff_recovery_codes",
  "trusted_devices",
  "login_challenges",
  "password_resets",
  "sessions",
  "rate_limits",
  "login_throttle",
  "outbox",
  "backup_runs",
  "team_settings",
  "audit_log",
  "audit_chain",
  "audit_checkpoints",
  "app_meta",
  "content_version",
  "row_counts",
  "recall_intervals",
  "recalls",
  "session_attendance",
  "certificate_counters",
  "certificates",
  // SQLite only: the staff searches' FTS5 indexes and their shadow tables (migration 019)
  ...["patients_search", "appointments_search"].flatMap((t) => [t, ...["data", "idx", "content", "docsize", "config"].map((s) => `${t}_${s}`)]),
] as const;

/** The PostgreSQL channel the bump notifies at commit (app/.server/content-version.ts listens). */
export const CONTENT_CHANNEL = "clinic_content";

/**
 * The triggers. PostgreSQL: a deferred constraint trigger, so the counter's row is locked at
 * commit, after every other lock of the transaction (no lock-order deadlock), and a NOTIFY
 * delivered at commit. SQLite (one writer at a time): a plain AFTER trigger per event. The counter
 * row is upserted, so an emptied table starts again rather than losing bumps.
 */
export async function createContentTriggers(db: AnyDb, engine: Engine, tables: readonly string[] = PUBLIC_CONTENT_TABLES) {
  if (engine === "postgres") {
    await sql`
      create or replace function bump_content_version() returns trigger language plpgsql as $$
      begin
        insert into content_version (id, version) values (1, 1)
          on conflict (id) do update set version = content_version.version + 1;
        perform pg_notify(${sql.lit(CONTENT_CHANNEL)}, '');
        return null;
      end $$`.execute(db);
    for (const t of tables) {
      await sql`drop trigger if exists ${sql.raw(`content_bump_${t}`)} on ${sql.table(t)}`.execute(db);
      await sql`create constraint trigger ${sql.raw(`content_bump_${t}`)} after insert or update or delete on ${sql.table(t)} deferrable initially deferred for each row execute function bump_content_version()`.execute(db);
    }
    return;
  }
  for (const t of tables) {
    for (const op of ["insert", "update", "delete"]) {
      const name = sql.raw(`content_bump_${t}_${op}`);
      await sql`drop trigger if exists ${name}`.execute(db);
      await sql`create trigger ${name} after ${sql.raw(op)} on ${sql.table(t)} begin
        insert into content_version (id, version) values (1, 1) on conflict (id) do update set version = version + 1;
      end`.execute(db);
    }
  }
}

/** The public tables as migration 007 knew them: later tables get their triggers in their own migration. */
const CONTENT_TABLES_OF_007 = PUBLIC_CONTENT_TABLES.slice(0, PUBLIC_CONTENT_TABLES.indexOf("reviews") + 1);

const m007_content_version: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("content_version")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("version", "integer", (c) => c.notNull())
      .execute();
    await db.insertInto("content_version").values({ id: 1, version: 1 }).execute();
    await createContentTriggers(db, engine, CONTENT_TABLES_OF_007);
  },
  async down(db: AnyDb) {
    for (const t of CONTENT_TABLES_OF_007) {
      if (engine === "postgres") await sql`drop trigger if exists ${sql.raw(`content_bump_${t}`)} on ${sql.table(t)}`.execute(db);
      else for (const op of ["insert", "update", "delete"]) await sql`drop trigger if exists ${sql.raw(`content_bump_${t}_${op}`)}`.execute(db);
    }
    if (engine === "postgres") await sql`drop function if exists bump_content_version()`.execute(db);
    await db.schema.dropTable("content_version").ifExists().execute();
  },
});

/**
 * The audit log made tamper-evident (issue 26, item 5; ADR 019). Besides the triggers of 005:
 * - an INSERT that reuses an entry's id or place is refused (SQLite's INSERT OR REPLACE would
 *   otherwise delete the entry without firing the delete trigger and write a forged one in its
 *   place), and so is an entry without its place and hashes in the chain;
 * - PostgreSQL refuses TRUNCATE of the log and of its checkpoints (a TRUNCATE fires no row trigger);
 * - checkpoints are never updated.
 * The chain itself (seq, prev_hash, hash: app/.server/audit-chain.ts) is computed by the writer,
 * and checked by `npm run audit:verify` and the journal screen.
 */
export async function createAuditChainTriggers(db: AnyDb, engine: Engine) {
  if (engine === "postgres") {
    await sql`
      create or replace function audit_log_insert_guard() returns trigger language plpgsql as $$
      begin
        if new.seq is null or new.prev_hash is null or new.hash is null then
          raise exception 'audit_log entries are appended to the chain only';
        end if;
        if exists (select 1 from audit_log where id = new.id) or exists (select 1 from audit_log where seq = new.seq) then
          raise exception 'audit_log entries are never replaced';
        end if;
        return new;
      end $$`.execute(db);
    await sql`
      create or replace function audit_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception '% is append-only', tg_table_name;
      end $$`.execute(db);
    await dropAuditChainTriggers(db, engine);
    await sql`create trigger audit_log_insert_guard before insert on audit_log for each row execute function audit_log_insert_guard()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_refuse_change()`.execute(db);
    await sql`create trigger audit_checkpoints_no_update before update on audit_checkpoints for each row execute function audit_refuse_change()`.execute(db);
    await sql`create trigger audit_checkpoints_no_truncate before truncate on audit_checkpoints for each statement execute function audit_refuse_change()`.execute(db);
    return;
  }
  await dropAuditChainTriggers(db, engine);
  await sql`
    create trigger audit_log_insert_guard before insert on audit_log
    when new.seq is null or new.prev_hash is null or new.hash is null
    begin select raise(abort, 'audit_log entries are appended to the chain only'); end`.execute(db);
  await sql`
    create trigger audit_log_no_replace before insert on audit_log
    when exists (select 1 from audit_log where id = new.id) or exists (select 1 from audit_log where seq = new.seq)
    begin select raise(abort, 'audit_log entries are never replaced'); end`.execute(db);
  await sql`create trigger audit_checkpoints_no_update before update on audit_checkpoints begin select raise(abort, 'audit_checkpoints is append-only'); end`.execute(db);
}

/** Drop the triggers of createAuditChainTriggers (the test helper empties tables between tests). */
export async function dropAuditChainTriggers(db: AnyDb, engine: Engine) {
  if (engine === "postgres") {
    await sql`drop trigger if exists audit_log_insert_guard on audit_log`.execute(db);
    await sql`drop trigger if exists audit_log_no_truncate on audit_log`.execute(db);
    await sql`drop trigger if exists audit_checkpoints_no_update on audit_checkpoints`.execute(db);
    await sql`drop trigger if exists audit_checkpoints_no_truncate on audit_checkpoints`.execute(db);
    return;
  }
  for (const name of ["audit_log_insert_guard", "audit_log_no_replace", "audit_checkpoints_no_update"]) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
}

const m008_audit_chain: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    for (const [name, type] of [
      ["seq", "integer"],
      ["prev_hash", "text"],
      ["hash", "text"],
    ] as const) {
      await db.schema.alterTable("audit_log").addColumn(name, type).execute();
    }
    // one row, updated by every append before it reads the chain's end: on PostgreSQL the row lock
    // serialises the writers until commit (SQLite has one writer at a time already)
    await db.schema.createTable("audit_chain").addColumn("id", "integer", (c) => c.primaryKey()).addColumn("appends", "integer", (c) => c.notNull().defaultTo(0)).execute();
    await db.insertInto("audit_chain").values({ id: 1, appends: 0 }).execute();
    await db.schema
      .createTable("audit_checkpoints")
      .addColumn("id", id, (c) => (engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
      // 'purge': the last entry the purge deleted (the chain left starts after it); 'seal': the newest entry at the time
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("entry_id", "integer", (c) => c.notNull())
      .addColumn("entry_at", "text", (c) => c.notNull())
      .addColumn("hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("mac", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("audit_checkpoints_seq_idx").on("audit_checkpoints").columns(["seq", "id"]).execute();

    // the entries already there are chained in the order of their ids (the triggers of 005
    // refuse any UPDATE: they are set aside for it, in this migration's transaction)
    await dropAuditTriggers(db, engine);
    let prev = AUDIT_GENESIS_HASH;
    let seq = 0;
    let lastId = 0;
    for (;;) {
      const rows: (Omit<ChainedFields, "seq"> & { id: number })[] = await db
        .selectFrom("audit_log")
        .select(["id", "at", "staff_user_id", "actor", "ip", "action", "target_type", "target_id", "detail"])
        .where("id", ">", lastId)
        .orderBy("id")
        .limit(1000)
        .execute();
      if (rows.length === 0) break;
      const values = rows.map((r) => {
        seq += 1;
        const hash = auditEntryHash(prev, { ...r, seq });
        const v = sql`(cast(${Number(r.id)} as integer), cast(${seq} as integer), ${prev}, ${hash})`;
        prev = hash;
        return v;
      });
      await sql`update audit_log set seq = v.column2, prev_hash = v.column3, hash = v.column4 from (values ${sql.join(values)}) as v where audit_log.id = v.column1`.execute(db);
      lastId = Number(rows[rows.length - 1].id);
    }
    await createAuditTriggers(db, engine);
    await db.schema.createIndex("audit_log_seq_idx").on("audit_log").column("seq").unique().execute();
    await createAuditChainTriggers(db, engine);
  },
  async down(db: AnyDb) {
    await dropAuditChainTriggers(db, engine);
    if (engine === "postgres") {
      await sql`drop function if exists audit_log_insert_guard()`.execute(db);
      await sql`drop function if exists audit_refuse_change()`.execute(db);
    }
    await db.schema.dropIndex("audit_log_seq_idx").ifExists().execute();
    for (const t of ["audit_checkpoints", "audit_chain"]) await db.schema.dropTable(t).ifExists().execute();
    for (const c of ["hash", "prev_hash", "seq"]) await db.schema.alterTable("audit_log").dropColumn(c).execute();
  },
});

/**
 * Payments (issue 28, item 4; ADR 021): one row per amount collected, in integer centimes. The
 * appointment's prixpay stays SPEC's field: each payment raises it in the transaction of its insert
 * (app/.server/repos/payments.ts), so the balance logic reads one column as before. The Money issue extends this table
 * (receipt numbers without gaps, quotes, plans, the reserved mode 'ajustement'); the checks are
 * the database's, so no code path can store an amount of 0, a negative one or an unknown mode.
 */
const m009_payments: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    await db.schema
      .createTable("payments")
      .addColumn("id", id, (c) => (engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
      // nullable: a payment of the Money issue may belong to a plan or a quote rather than one visit
      .addColumn("appointment_id", "integer", (c) => c.references("appointments.id"))
      .addColumn("patient_id", "integer", (c) => c.references("patients.id").onDelete("set null"))
      .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
      .addColumn("mode", "text", (c) => c.notNull().check(sql`mode in ('especes', 'cib', 'edahabia', 'cheque', 'virement', 'ajustement')`))
      .addColumn("paid_at", "text", (c) => c.notNull())
      // the clinic day (Africa/Algiers) the amount was collected on: the day's till
      .addColumn("paid_day", "text", (c) => c.notNull())
      .addColumn("taken_by", "integer", (c) => c.notNull().references("staff_users.id"))
      .addColumn("note", "text", (c) => c.check(sql`length(note) <= 200`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("payments_day_idx").on("payments").columns(["paid_day", "mode"]).execute();
    await db.schema.createIndex("payments_appointment_idx").on("payments").column("appointment_id").execute();
    await db.schema.createIndex("payments_patient_idx").on("payments").column("patient_id").execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("payments").ifExists().execute();
  },
});

/**
 * The reports of /admin/rapports (issue 28, item 8; ADR 024): indexes that hold every column a
 * report groups or sums, so that a month or a year of 100,000 appointments is read from the index
 * alone (day, status, service, care minutes, total, paid), the patients of a period by their creation,
 * the payments of a period with their mode and amount, and the 'created' line of each appointment's
 * history with its author (online or staff bookings).
 */
const m010_report_indexes: EngineMigration = () => ({
  async up(db: AnyDb) {
    await db.schema.createIndex("appointments_report_idx").on("appointments").columns(["date", "status", "service", "duration_minutes", "prixtotal", "prixpay"]).execute();
    await db.schema.createIndex("patients_created_idx").on("patients").column("created_at").execute();
    await db.schema.createIndex("payments_day_amount_idx").on("payments").columns(["paid_day", "mode", "amount"]).execute();
    // who created each appointment (online or staff), read without the rest of the history
    await db.schema
      .createIndex("appointment_history_created_idx")
      .on("appointment_history")
      .columns(["appointment_id", "staff_user_id", "actor"])
      .where(sql.ref("action"), "=", sql.lit("created"))
      .execute();
    // the new one starts with the same columns: the old (paid_day, mode) would only be written
    await db.schema.dropIndex("payments_day_idx").execute();
  },
  async down(db: AnyDb) {
    await db.schema.createIndex("payments_day_idx").on("payments").columns(["paid_day", "mode"]).execute();
    await db.schema.dropIndex("payments_day_amount_idx").ifExists().execute();
    await db.schema.dropIndex("appointment_history_created_idx").ifExists().execute();
    await db.schema.dropIndex("patients_created_idx").ifExists().execute();
    await db.schema.dropIndex("appointments_report_idx").ifExists().execute();
  },
});

/**
 * Issue 30: a formation's place, one value that the public page, the staff card and the e-mails
 * show (they said 'Centre de Formation Dentaire' and 'KOUBA - ALGER', two fixed texts).
 */
const m012_formation_place: EngineMigration = () => ({
  async up(db: AnyDb) {
    await db.schema
      .alterTable("formations")
      .addColumn("place", "text", (c) => c.notNull().defaultTo("Centre de Formation Dentaire, Kouba (Alger)"))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable("formations").dropColumn("place").execute();
  },
});

/**
 * Issue 31, item 1: the appointment waiting list ('Liste d'attente'). An entry is a patient's
 * wish (service, half-days of the week, until a day); an offer is one freed slot proposed to one
 * entry through a personal link (salt and SHA-256 of the token, as /rdv). The claim books through
 * the slot units' key: of several offers of one slot, the database lets one booking in.
 */
const m013_waiting_list: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    const autoId = (col: ColumnDefinitionBuilder) => (engine === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement());
    await db.schema
      .createTable("waitlist_entries")
      .addColumn("id", id, autoId)
      .addColumn("patient_id", "integer", (c) => c.references("patients.id").onDelete("set null"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("email", "text")
      .addColumn("service", "text", (c) => c.notNull())
      // the half-days that suit: "1am,1pm,3am" (ISO weekday 1 = Monday … 7 = Sunday; am before 13:00)
      .addColumn("wishes", "text", (c) => c.notNull())
      .addColumn("until_date", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("waiting"))
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("appointment_id", "integer", (c) => c.references("appointments.id").onDelete("set null"))
      .addColumn("submission_key", "text", (c) => c.unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("waitlist_entries_status_idx").on("waitlist_entries").columns(["status", "service", "until_date"]).execute();
    await db.schema
      .createTable("waitlist_offers")
      .addColumn("id", id, autoId)
      .addColumn("entry_id", "integer", (c) => c.notNull().references("waitlist_entries.id").onDelete("cascade"))
      // the appointment whose cancellation, move or absence freed the slot (null: a closure lifted)
      .addColumn("freed_appointment_id", "integer", (c) => c.references("appointments.id").onDelete("set null"))
      .addColumn("service", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("time", "text", (c) => c.notNull())
      .addColumn("chair", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
      .addColumn("link_salt", "text")
      .addColumn("link_hash", "text", (c) => c.unique())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("appointment_id", "integer", (c) => c.references("appointments.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("closed_at", "text")
      .execute();
    await db.schema.createIndex("waitlist_offers_slot_idx").on("waitlist_offers").columns(["date", "time", "chair", "status"]).execute();
    await db.schema.createIndex("waitlist_offers_entry_idx").on("waitlist_offers").columns(["entry_id", "status"]).execute();
    await db.schema.createIndex("waitlist_offers_expiry_idx").on("waitlist_offers").columns(["status", "expires_at"]).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("waitlist_offers").ifExists().execute();
    await db.schema.dropTable("waitlist_entries").ifExists().execute();
  },
});

/**
 * Issue 31, items 3-5: the dated sessions of a formation, the enrolment's session and payment
 * deadline, and the waiting list of a full session with its expiring offers.
 *
 * formation_sessions.status stores only what staff decide: 'open' (inscriptions ouvertes) or
 * 'cancelled' (annulée). 'Complet' (places taken + live offers >= capacity) and 'Terminée'
 * (end_date before today) are derived when read (app/lib/formation-session.ts), so they can
 * never disagree with the enrolments or the calendar.
 *
 * Existing formations get NO session: they carry no dates, and a session with invented dates would
 * be shown to the public. Their enrolments keep formation_id (session_id null) and are listed and
 * counted as before; a formation without a session keeps enrolment on the formation itself
 * (capacity max_participants) until staff add its first dated session.
 *
 * The payment of an enrolment is a receipt of the Money module (payments.enrollment_id): a trainee
 * is not a patient, so the row has no patient and no appointment, and gets its receipt number in
 * the same sequence as every other receipt.
 */
const m015_course_sessions: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    const autoId = (col: ColumnDefinitionBuilder) => (engine === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement());
    await db.schema
      .createTable("formation_sessions")
      .addColumn("id", id, autoId)
      .addColumn("formation_id", "integer", (c) => c.notNull().references("formations.id").onDelete("cascade"))
      // YYYY-MM-DD (clinic days) and HH:MM (the hours of each day)
      .addColumn("start_date", "text", (c) => c.notNull().check(sql`length(start_date) = 10`))
      .addColumn("end_date", "text", (c) => c.notNull().check(sql`length(end_date) = 10`))
      .addColumn("day_start", "text", (c) => c.notNull().check(sql`length(day_start) = 5`))
      .addColumn("day_end", "text", (c) => c.notNull().check(sql`length(day_end) = 5`))
      .addColumn("place", "text", (c) => c.notNull().check(sql`length(place) between 1 and 160`))
      .addColumn("capacity", "integer", (c) => c.notNull().check(sql`capacity between 1 and 500`))
      // centimes; null: price on request
      .addColumn("price", "bigint", (c) => c.check(sql`price >= 0`))
      .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open', 'cancelled')`))
      .addColumn("payment_days", "integer", (c) => c.notNull().defaultTo(7).check(sql`payment_days between 1 and 90`))
      .addColumn("offer_hours", "integer", (c) => c.notNull().defaultTo(24).check(sql`offer_hours between 1 and 168`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addCheckConstraint("formation_sessions_dates_check", sql`end_date >= start_date and day_end > day_start`)
      .execute();
    await db.schema.createIndex("formation_sessions_formation_idx").on("formation_sessions").columns(["formation_id", "start_date"]).execute();

    await db.schema.alterTable("enrollments").addColumn("session_id", "integer", (c) => c.references("formation_sessions.id").onDelete("set null")).execute();
    // 'En attente de paiement' until paid_at; the deadline (ISO-8601 UTC) is set from the session's payment_days
    await db.schema.alterTable("enrollments").addColumn("payment_due_at", "text").execute();
    await db.schema.alterTable("enrollments").addColumn("payment_reminded_at", "text").execute();
    await db.schema.alterTable("enrollments").addColumn("paid_at", "text").execute();
    // the place given back because the deadline passed unpaid (status 'cancelled')
    await db.schema.alterTable("enrollments").addColumn("released_at", "text").execute();
    await db.schema.createIndex("enrollments_session_idx").on("enrollments").columns(["session_id", "status"]).execute();
    await db.schema.createIndex("enrollments_payment_due_idx").on("enrollments").columns(["status", "payment_due_at"]).execute();

    await db.schema.alterTable("payments").addColumn("enrollment_id", "integer", (c) => c.references("enrollments.id").onDelete("set null")).execute();
    await db.schema.createIndex("payments_enrollment_idx").on("payments").column("enrollment_id").execute();

    await db.schema
      .createTable("formation_waitlist")
      .addColumn("id", id, autoId)
      .addColumn("session_id", "integer", (c) => c.notNull().references("formation_sessions.id").onDelete("cascade"))
      .addColumn("user_name", "text", (c) => c.notNull().check(sql`length(user_name) between 1 and 100`))
      .addColumn("user_surname", "text", (c) => c.notNull().check(sql`length(user_surname) between 1 and 100`))
      .addColumn("email", "text", (c) => c.notNull().check(sql`length(email) <= 254`))
      .addColumn("phone", "text", (c) => c.notNull().check(sql`length(phone) <= 40`))
      // waiting -> offered -> claimed | expired; withdrawn by staff
      .addColumn("status", "text", (c) => c.notNull().defaultTo("waiting").check(sql`status in ('waiting', 'offered', 'claimed', 'expired', 'withdrawn')`))
      // the offer link (app/.server/link-tokens.ts): its salt and the hash of its token, never the token
      .addColumn("link_salt", "text")
      .addColumn("link_hash", "text", (c) => c.unique())
      .addColumn("offered_at", "text")
      .addColumn("offer_expires_at", "text")
      .addColumn("claimed_at", "text")
      .addColumn("enrollment_id", "integer", (c) => c.unique().references("enrollments.id").onDelete("set null"))
      .addColumn("submission_key", "text", (c) => c.unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addCheckConstraint("formation_waitlist_offer_check", sql`status not in ('offered', 'claimed', 'expired') or (link_hash is not null and offer_expires_at is not null)`)
      .execute();
    await db.schema.createIndex("formation_waitlist_queue_idx").on("formation_waitlist").columns(["session_id", "status", "id"]).execute();
    // one person waits once per session (the same e-mail)
    await db.schema
      .createIndex("formation_waitlist_person_idx")
      .on("formation_waitlist")
      .columns(["session_id", "email"])
      .unique()
      .where(sql.ref("status"), "in", sql`('waiting', 'offered')`)
      .execute();

    await createContentTriggers(db, engine, ["formation_sessions", "formation_waitlist"]);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex("payments_enrollment_idx").ifExists().execute();
    await db.schema.alterTable("payments").dropColumn("enrollment_id").execute();
    await db.schema.dropIndex("enrollments_session_idx").ifExists().execute();
    await db.schema.dropIndex("enrollments_payment_due_idx").ifExists().execute();
    for (const c of ["released_at", "paid_at", "payment_reminded_at", "payment_due_at", "session_id"]) await db.schema.alterTable("enrollments").dropColumn(c).execute();
    for (const t of ["formation_waitlist", "formation_sessions"]) {
      if (engine === "sqlite") for (const op of ["insert", "update", "delete"]) await sql`drop trigger if exists ${sql.raw(`content_bump_${t}_${op}`)}`.execute(db);
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
});

/**
 * Attendance and certificates of the course sessions (issue 31, item 6; ADR 028). One row per
 * participant and day marked ('present' 0/1; a day with every row 0 was still held). A certificate
 * is a copy of what it says, numbered per year without gaps from its own counter, taken in the
 * transaction that writes it; one per enrolment (unique), its public code unique.
 */
const m016_attendance_certificates: EngineMigration = (engine) => ({
  async up(db: AnyDb) {
    const id = idColumn(engine);
    await db.schema
      .createTable("session_attendance")
      .addColumn("session_id", "integer", (c) => c.notNull().references("formation_sessions.id").onDelete("cascade"))
      .addColumn("enrollment_id", "integer", (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
      .addColumn("day", "text", (c) => c.notNull().check(sql`length(day) = 10`))
      .addColumn("present", "integer", (c) => c.notNull().check(sql`present in (0, 1)`))
      .addColumn("marked_by", "integer", (c) => c.references("staff_users.id").onDelete("set null"))
      .addColumn("marked_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("session_attendance_pk", ["enrollment_id", "day"])
      .execute();
    await db.schema.createIndex("session_attendance_session_idx").on("session_attendance").columns(["session_id", "day"]).execute();
    await db.schema
      .createTable("certificate_counters")
      .addColumn("year", "integer", (c) => c.primaryKey())
      .addColumn("last", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("certificates")
      .addColumn("id", id, (c) => (engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn("number", "text", (c) => c.notNull().unique())
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("enrollment_id", "integer", (c) => c.unique().references("enrollments.id").onDelete("set null"))
      .addColumn("session_id", "integer", (c) => c.references("formation_sessions.id").onDelete("set null"))
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("email", "text")
      .addColumn("formation_title", "text", (c) => c.notNull())
      .addColumn("starts_on", "text", (c) => c.notNull())
      .addColumn("ends_on", "text", (c) => c.notNull())
      .addColumn("start_time", "text", (c) => c.notNull())
      .addColumn("end_time", "text", (c) => c.notNull())
      .addColumn("place", "text", (c) => c.notNull())
      .addColumn("trainer", "text", (c) => c.notNull())
      // JSON array of "YYYY-MM-DD"
      .addColumn("days_present", "text", (c) => c.notNull())
      .addColumn("days_held", "integer", (c) => c.notNull())
      .addColumn("issued_at", "text", (c) => c.notNull())
      .addColumn("issued_by", "integer", (c) => c.references("staff_users.id").onDelete("set null"))
      .addColumn("revoked_at", "text")
      .execute();
    await db.schema.createIndex("certificates_session_idx").on("certificates").column("session_id").execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("certificates").ifExists().execute();
    await db.schema.dropTable("certificate_counters").ifExists().execute();
    await db.schema.dropTable("session_attendance").ifExists().execute();
  },
});

const all: Record<string, EngineMigration> = {
  "001_initial": m001_initial,
  "002_backup_runs": m002_backup_runs,
  "003_front_desk": m003_front_desk,
  "004_patients": m004_patients,
  "005_staff_security": m005_staff_security,
  "006_site_content": m006_site_content,
  "007_content_version": m007_content_version,
  "008_audit_chain": m008_audit_chain,
  "009_payments": m009_payments,
  "010_report_indexes": m010_report_indexes,
  "011_money": m011_money,
  "012_formation_place": m012_formation_place,
  "013_waiting_list": m013_waiting_list,
  "014_recalls": m014_recalls,
  "015_course_sessions": m015_course_sessions,
  "016_attendance_certificates": m016_attendance_certificates,
  "017_name_keys": m017_name_keys,
  "018_languages": m018_languages,
  "019_search": m019_search,
  "020_lookups": m020_lookups,
  "021_row_counts": m021_row_counts,
};

/** Every migration's name, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(all);

class CodeProvider implements MigrationProvider {
  constructor(private engine: Engine) {}
  async getMigrations() {
    const out: Record<string, Migration> = {};
    for (const [name, make] of Object.entries(all)) out[name] = make(this.engine);
    return out;
  }
}

export async function migrateToLatest(db: AnyDb, engine: Engine): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new CodeProvider(engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Bring the schema up or down to the migration `name` (tests of a migration on rows written before it). */
export async function migrateTo(db: AnyDb, engine: Engine, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new CodeProvider(engine) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
