import { Migrator, sql, type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Engine } from "./connection";

/**
 * Code migrations shared by both engines. Each receives the engine so that the few
 * differences (auto-increment ids) stay in one place.
 */
type EngineMigration = (engine: Engine) => Migration;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

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

const all: Record<string, EngineMigration> = {
  "001_initial": m001_initial,
  "002_backup_runs": m002_backup_runs,
};

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
