import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "./connection";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Migration 021_row_counts (issue 33, item 3): the appointments list's total without counting
 * 100,000 rows at every page (4 ms on PostgreSQL, whose index-only count reads every entry).
 *
 * `row_counts` holds one row per counted table ('appointments'), kept by triggers on both engines
 * in the transaction that inserts or deletes, whatever code wrote (the app, a script, a restore):
 * - SQLite: a trigger after each inserted or deleted row (writes are serialised anyway);
 * - PostgreSQL: a deferred constraint trigger per row, so the counter's row is locked at commit,
 *   after the record's row that `appointments_patient_dates` locks (constraint triggers of one event
 *   fire in name order, and `appointments_row_count` comes after it): every writer takes the two
 *   locks in that order, so two bookings never wait on each other in a circle, and a booking waits
 *   for another only during its commit.
 * A missing row (a table emptied by hand) is read as a count (repos/appointments.ts, `appointmentCount`).
 */
export const m021_row_counts = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("row_counts")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("n", "integer", (c) => c.notNull())
      .execute();
    await seedRowCounts(db);
    if (engine === "postgres") {
      await sql`
        create or replace function appointments_row_count() returns trigger language plpgsql as $$
        begin
          update row_counts set n = n + (case when tg_op = 'INSERT' then 1 else -1 end) where name = 'appointments';
          return null;
        end $$`.execute(db);
      await sql`create constraint trigger appointments_row_count after insert or delete on appointments
        deferrable initially deferred for each row execute function appointments_row_count()`.execute(db);
      return;
    }
    await sql`create trigger appointments_count_insert after insert on appointments begin
      update row_counts set n = n + 1 where name = 'appointments'; end`.execute(db);
    await sql`create trigger appointments_count_delete after delete on appointments begin
      update row_counts set n = n - 1 where name = 'appointments'; end`.execute(db);
  },
  async down(db: AnyDb) {
    if (engine === "postgres") {
      await sql`drop trigger if exists appointments_row_count on appointments`.execute(db);
      await sql`drop function if exists appointments_row_count()`.execute(db);
    } else {
      await sql`drop trigger if exists appointments_count_insert`.execute(db);
      await sql`drop trigger if exists appointments_count_delete`.execute(db);
    }
    await db.schema.dropTable("row_counts").ifExists().execute();
  },
});

/** The counted tables' rows, from a count of each (the migration; a test database emptied). */
export async function seedRowCounts(db: AnyDb): Promise<void> {
  await sql`delete from row_counts where name = 'appointments'`.execute(db);
  await sql`insert into row_counts (name, n) select 'appointments', count(*) from appointments`.execute(db);
}
