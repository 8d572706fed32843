import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "./connection";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Migration 019_search (issue 33, item 3): the staff searches and the patients list without a scan.
 *
 * - `patients.last_date` (the day of the latest appointment, '' when none: the list's order) and
 *   `patients.last_visit` (the latest one marked 'Honoré'), backfilled here and kept by triggers on
 *   `appointments` (insert, delete, a change of its day, status or record), so every write that
 *   moves, books, cancels, marks, merges or erases keeps them in its own transaction. PostgreSQL:
 *   a deferred constraint trigger, which locks the record's row at commit, after every other lock
 *   of the transaction (the pattern of the content version), then reads the appointments again.
 * - Substring search: PostgreSQL `pg_trgm` GIN indexes on the searched expressions; SQLite FTS5
 *   tables with the trigram tokenizer (`patients_search`: name_key, email, phone_e164;
 *   `appointments_search`: name, email, phone_digits), rowid = the row's id, kept by triggers
 *   (an erasure, which empties the columns, empties their index entries). The repos use them as a
 *   candidate filter only: the exact test is the same SQL on both engines (repos/substring-index.ts).
 */
export const m019_search = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable("patients").addColumn("last_date", "text", (c) => c.notNull().defaultTo("")).execute();
    await db.schema.alterTable("patients").addColumn("last_visit", "text").execute();
    await sql`update patients set
      last_date = coalesce((select max(a.date) from appointments a where a.patient_id = patients.id), ''),
      last_visit = (select max(a.date) from appointments a where a.patient_id = patients.id and a.status = 'attended')`.execute(db);
    // the live records only (those the list shows), in the list's order: its page and its count read this index alone
    await sql`create index patients_last_date_idx on patients (last_date, id) where merged_into is null and erased_at is null`.execute(db);
    // the count of the live records (the list's total) from an index, not from the rows
    await db.schema.createIndex("patients_live_idx").on("patients").columns(["merged_into", "erased_at"]).execute();
    if (engine === "postgres") {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`
        create or replace function patients_refresh_dates(pid bigint) returns void language plpgsql as $$
        begin
          if pid is null then return; end if;
          -- wait for any other writer of the record, then read the appointments as committed now
          perform 1 from patients where id = pid for update;
          update patients set
            last_date = coalesce((select max(a.date) from appointments a where a.patient_id = pid), ''),
            last_visit = (select max(a.date) from appointments a where a.patient_id = pid and a.status = 'attended')
          where id = pid;
        end $$`.execute(db);
      await sql`
        create or replace function appointments_patient_dates() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            perform patients_refresh_dates(new.patient_id);
          elsif tg_op = 'DELETE' then
            perform patients_refresh_dates(old.patient_id);
          else
            perform patients_refresh_dates(old.patient_id);
            if new.patient_id is distinct from old.patient_id then perform patients_refresh_dates(new.patient_id); end if;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create constraint trigger appointments_patient_dates after insert or delete or update of date, status, patient_id on appointments
        deferrable initially deferred for each row execute function appointments_patient_dates()`.execute(db);
      for (const [name, table, expr] of TRGM_INDEXES) {
        await sql`create index ${sql.raw(name)} on ${sql.table(table)} using gin (${sql.raw(expr)} gin_trgm_ops)`.execute(db);
      }
      return;
    }
    const refresh = (pid: string) => sql.raw(`update patients set
        last_date = coalesce((select max(a.date) from appointments a where a.patient_id = ${pid}), ''),
        last_visit = (select max(a.date) from appointments a where a.patient_id = ${pid} and a.status = 'attended')
      where id = ${pid};`);
    await sql`create trigger appointments_dates_insert after insert on appointments when new.patient_id is not null begin ${refresh("new.patient_id")} end`.execute(db);
    await sql`create trigger appointments_dates_delete after delete on appointments when old.patient_id is not null begin ${refresh("old.patient_id")} end`.execute(db);
    await sql`create trigger appointments_dates_update after update of date, status, patient_id on appointments begin ${refresh("old.patient_id")} ${refresh("new.patient_id")} end`.execute(db);
    for (const [table, columns] of Object.entries(FTS_TABLES)) await createSearchTable(db, table, columns);
  },
  async down(db: AnyDb) {
    if (engine === "postgres") {
      for (const [name] of TRGM_INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
      await sql`drop trigger if exists appointments_patient_dates on appointments`.execute(db);
      await sql`drop function if exists appointments_patient_dates()`.execute(db);
      await sql`drop function if exists patients_refresh_dates(bigint)`.execute(db);
    } else {
      for (const op of ["insert", "delete", "update"]) await sql`drop trigger if exists ${sql.raw(`appointments_dates_${op}`)}`.execute(db);
      for (const table of Object.keys(FTS_TABLES)) {
        for (const op of ["insert", "delete", "update"]) await sql`drop trigger if exists ${sql.raw(`${table}_search_${op}`)}`.execute(db);
        await sql`drop table if exists ${sql.raw(`${table}_search`)}`.execute(db);
      }
    }
    await db.schema.dropIndex("patients_live_idx").ifExists().execute();
    await db.schema.dropIndex("patients_last_date_idx").ifExists().execute();
    await db.schema.alterTable("patients").dropColumn("last_visit").execute();
    await db.schema.alterTable("patients").dropColumn("last_date").execute();
  },
});

/** PostgreSQL: the GIN trigram indexes, on the expressions the repos search (repos/substring-index.ts). */
const TRGM_INDEXES: readonly (readonly [string, string, string])[] = [
  ["patients_name_key_trgm", "patients", "name_key"],
  ["patients_email_trgm", "patients", "lower(email)"],
  ["patients_phone_trgm", "patients", "phone_e164"],
  ["appointments_name_trgm", "appointments", "lower(name)"],
  ["appointments_email_trgm", "appointments", "lower(email)"],
  ["appointments_phone_digits_trgm", "appointments", "phone_digits"],
];

/** SQLite: the searched columns of each table, indexed in `<table>_search` (FTS5, trigram). */
export const FTS_TABLES: Readonly<Record<"patients" | "appointments", readonly string[]>> = {
  patients: ["name_key", "email", "phone_e164"],
  appointments: ["name", "email", "phone_digits"],
};

async function createSearchTable(db: AnyDb, table: string, columns: readonly string[]) {
  const fts = `${table}_search`;
  const cols = columns.join(", ");
  const vals = (row: "new" | "old") => columns.map((c) => `${row}.${c}`).join(", ");
  await sql.raw(`create virtual table ${fts} using fts5(${cols}, tokenize = 'trigram')`).execute(db);
  await sql.raw(`insert into ${fts} (rowid, ${cols}) select id, ${cols} from ${table}`).execute(db);
  await sql.raw(`create trigger ${table}_search_insert after insert on ${table} begin insert into ${fts} (rowid, ${cols}) values (new.id, ${vals("new")}); end`).execute(db);
  await sql.raw(`create trigger ${table}_search_delete after delete on ${table} begin delete from ${fts} where rowid = old.id; end`).execute(db);
  await sql
    .raw(`create trigger ${table}_search_update after update of ${cols} on ${table} begin
      delete from ${fts} where rowid = old.id;
      insert into ${fts} (rowid, ${cols}) values (new.id, ${vals("new")});
    end`)
    .execute(db);
}

/**
 * Migration 020_lookups (issue 33, item 3): a patient's record lists the records that
 * may be the same person (the same phone, e-mail or name: repos/patient-list.ts mergeCandidates).
 * The phone had its B-tree; these are the e-mail's, as the test writes it (`lower(email)`), and
 * the name key's, so that opening a record reads a few index entries instead of every record.
 * And the report's balances by age (repos/reports.ts balancesByAge): the appointments with
 * something due, a partial index, instead of every appointment of the past.
 */
export const m020_lookups = (): Migration => ({
  async up(db: AnyDb) {
    await sql`create index patients_email_lower_idx on patients (lower(email))`.execute(db);
    await db.schema.createIndex("patients_name_key_idx").on("patients").column("name_key").execute();
    await sql`create index appointments_due_idx on appointments (date, prixtotal, prixpay) where status <> 'cancelled' and prixtotal > coalesce(prixpay, 0)`.execute(db);
  },
});
