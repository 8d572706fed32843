import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { Engine } from "./connection";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Migration 011_money (issue 29, ADR 026): acts and their prices, quotes with their lines and
 * history, the counters that number receipts and quotes without gaps, payment plans and their
 * instalments, the day's cash closings, and the payments table rebuilt for signed entries,
 * receipts and cancellations. Existing data migrates on both engines: for every appointment whose
 * 'Prix payé' differs from the sum of its payment rows, one 'ajustement' entry of the difference
 * is written (taken_by null: the migration), so that from now on prixpay is always that sum.
 */

const CATEGORY_CHECK = sql`category in ('consultation', 'implantologie', 'prothese', 'esthetique', 'soins', 'chirurgie', 'orthodontie')`;
const QUOTE_STATUS_CHECK = sql`status in ('draft', 'proposed', 'accepted', 'refused', 'expired')`;
const MODE_CHECK = sql`mode in ('especes', 'cib', 'edahabia', 'cheque', 'virement', 'ajustement')`;
// a payment collects (> 0), a cancellation reverses one receipt (< 0), an adjustment corrects 'Prix payé' either way
const KIND_CHECK = sql`(kind = 'payment' and amount > 0 and mode <> 'ajustement') or (kind = 'cancellation' and amount < 0) or (kind = 'adjustment' and amount <> 0 and mode = 'ajustement')`;

const PAYMENT_COLUMNS = ["id", "appointment_id", "patient_id", "amount", "mode", "paid_at", "paid_day", "taken_by", "note", "created_at"];

export const m011_money = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    const id = engine === "postgres" ? "serial" : "integer";
    const autoId = (c: ColumnDefinitionBuilder) => (engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

    await db.schema
      .createTable("acts")
      .addColumn("id", id, autoId)
      .addColumn("code", "text", (c) => c.notNull().unique().check(sql`length(code) between 1 and 20`))
      .addColumn("label", "text", (c) => c.notNull().check(sql`length(label) between 1 and 160`))
      .addColumn("price", "bigint", (c) => c.notNull().check(sql`price >= 0`))
      .addColumn("category", "text", (c) => c.notNull().check(CATEGORY_CHECK))
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      // 1 for the seeded demo list: the go-live checklist asks for the clinic's own prices
      .addColumn("demo", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    // the act a booking service stands for (where it makes sense), for a quote's first line
    await db.schema.alterTable("service_settings").addColumn("act_id", "integer", (c) => c.references("acts.id").onDelete("set null")).execute();

    // one row per (kind, year): the last number given; taken in the transaction of what it numbers
    await db.schema
      .createTable("money_counters")
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('receipt', 'quote')`))
      .addColumn("year", "integer", (c) => c.notNull())
      .addColumn("last", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("money_counters_pk", ["kind", "year"])
      .execute();

    await db.schema
      .createTable("quotes")
      .addColumn("id", id, autoId)
      .addColumn("year", "integer", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      // 'Devis n° 2026-0042'
      .addColumn("number", "text", (c) => c.notNull().unique())
      .addColumn("patient_id", "integer", (c) => c.references("patients.id").onDelete("set null"))
      .addColumn("title", "text", (c) => c.check(sql`length(title) <= 120`))
      .addColumn("status", "text", (c) => c.notNull().defaultTo("draft").check(QUOTE_STATUS_CHECK))
      .addColumn("valid_until", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.check(sql`length(note) <= 2000`))
      // the overall discount, in centimes (a line's own discount is on the line)
      .addColumn("discount", "bigint", (c) => c.notNull().defaultTo(0).check(sql`discount >= 0`))
      // the total of the accepted option, else of the first (app/lib/money.ts quoteTotals), kept for lists
      .addColumn("total", "bigint", (c) => c.notNull().defaultTo(0).check(sql`total >= 0`))
      // the patient's link /devis/<token> (as /rdv: a salt, the SHA-256 of the token)
      .addColumn("link_salt", "text")
      .addColumn("link_hash", "text", (c) => c.unique())
      // a new version of a quote the patient answered is a new quote
      .addColumn("replaces_id", "integer", (c) => c.references("quotes.id"))
      .addColumn("created_by", "integer", (c) => c.references("staff_users.id"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("proposed_at", "text")
      .addColumn("decided_at", "text")
      // the acceptance: the option chosen, the name typed, the address and the hash of the content
      .addColumn("accepted_option", "text")
      .addColumn("accepted_name", "text", (c) => c.check(sql`length(accepted_name) <= 120`))
      .addColumn("accepted_ip", "text")
      .addColumn("accepted_hash", "text")
      .addColumn("refusal_reason", "text", (c) => c.check(sql`length(refusal_reason) <= 500`))
      .addUniqueConstraint("quotes_year_seq_unique", ["year", "seq"])
      .execute();
    await db.schema.createIndex("quotes_status_idx").on("quotes").columns(["status", "created_at"]).execute();
    await db.schema.createIndex("quotes_patient_idx").on("quotes").column("patient_id").execute();
    await db.schema.createIndex("quotes_created_idx").on("quotes").column("created_at").execute();

    await db.schema
      .createTable("quote_lines")
      .addColumn("id", id, autoId)
      .addColumn("quote_id", "integer", (c) => c.notNull().references("quotes.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      // 'Phase 1 : chirurgie'; null: no phase
      .addColumn("phase", "text", (c) => c.check(sql`length(phase) <= 80`))
      // 'Option A : bridge'; null: the line belongs to every option
      .addColumn("option", "text", (c) => c.check(sql`length(option) <= 80`))
      .addColumn("act_id", "integer", (c) => c.references("acts.id").onDelete("set null"))
      .addColumn("label", "text", (c) => c.notNull().check(sql`length(label) between 1 and 200`))
      // FDI teeth '11,12,21', or 'arcade-sup', 'arcade-inf', 'bouche'; null: none
      .addColumn("teeth", "text", (c) => c.check(sql`length(teeth) <= 200`))
      .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity between 1 and 99`))
      .addColumn("unit_price", "bigint", (c) => c.notNull().check(sql`unit_price >= 0`))
      .addColumn("discount", "bigint", (c) => c.notNull().defaultTo(0).check(sql`discount >= 0`))
      .addColumn("total", "bigint", (c) => c.notNull().check(sql`total >= 0`))
      .execute();
    await db.schema.createIndex("quote_lines_quote_idx").on("quote_lines").columns(["quote_id", "position"]).execute();

    await db.schema
      .createTable("quote_events")
      .addColumn("id", id, autoId)
      .addColumn("quote_id", "integer", (c) => c.notNull().references("quotes.id").onDelete("cascade"))
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("from_status", "text")
      .addColumn("to_status", "text")
      .addColumn("actor", "text", (c) => c.notNull().check(sql`actor in ('staff', 'patient', 'system')`))
      .addColumn("staff_user_id", "integer", (c) => c.references("staff_users.id"))
      .addColumn("detail", "text", (c) => c.check(sql`length(detail) <= 500`))
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("quote_events_quote_idx").on("quote_events").columns(["quote_id", "id"]).execute();

    await db.schema
      .createTable("payment_plans")
      .addColumn("id", id, autoId)
      .addColumn("quote_id", "integer", (c) => c.notNull().unique().references("quotes.id"))
      .addColumn("patient_id", "integer", (c) => c.references("patients.id").onDelete("set null"))
      .addColumn("total", "bigint", (c) => c.notNull().check(sql`total > 0`))
      .addColumn("created_by", "integer", (c) => c.references("staff_users.id"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("plan_instalments")
      .addColumn("id", id, autoId)
      .addColumn("plan_id", "integer", (c) => c.notNull().references("payment_plans.id").onDelete("cascade"))
      // 0: the down payment ('Acompte'), then 1..N
      .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 0`))
      .addColumn("due_day", "text", (c) => c.notNull())
      .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
      .addUniqueConstraint("plan_instalments_position_unique", ["plan_id", "position"])
      .execute();
    await db.schema.createIndex("plan_instalments_due_idx").on("plan_instalments").columns(["due_day", "plan_id"]).execute();

    await db.schema
      .createTable("cash_closings")
      .addColumn("day", "text", (c) => c.primaryKey())
      // what the payments say the drawer holds in cash, what was counted, and the difference
      .addColumn("expected_cash", "bigint", (c) => c.notNull())
      .addColumn("counted_cash", "bigint", (c) => c.notNull().check(sql`counted_cash >= 0`))
      .addColumn("difference", "bigint", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.check(sql`length(note) <= 500`))
      .addColumn("closed_by", "integer", (c) => c.notNull().references("staff_users.id"))
      .addColumn("closed_at", "text", (c) => c.notNull())
      .execute();

    // payments: rebuilt with signed amounts (kind), receipts, cancellations, cheque numbers and links
    await db.schema
      .createTable("payments_next")
      .addColumn("id", id, autoId)
      .addColumn("appointment_id", "integer", (c) => c.references("appointments.id"))
      .addColumn("patient_id", "integer", (c) => c.references("patients.id").onDelete("set null"))
      .addColumn("quote_id", "integer", (c) => c.references("quotes.id"))
      .addColumn("kind", "text", (c) => c.notNull().defaultTo("payment"))
      .addColumn("amount", "bigint", (c) => c.notNull())
      .addColumn("mode", "text", (c) => c.notNull().check(MODE_CHECK))
      .addColumn("cheque_number", "text", (c) => c.check(sql`length(cheque_number) <= 40`))
      .addColumn("paid_at", "text", (c) => c.notNull())
      .addColumn("paid_day", "text", (c) => c.notNull())
      // null only for the entries written by this migration
      .addColumn("taken_by", "integer", (c) => c.references("staff_users.id"))
      .addColumn("note", "text", (c) => c.check(sql`length(note) <= 200`))
      // 'Reçu n° 2026-000123': a payment's receipt, numbered per year without gaps (money_counters)
      .addColumn("receipt_year", "integer")
      .addColumn("receipt_seq", "integer")
      .addColumn("receipt_no", "text", (c) => c.unique())
      // a cancelling entry names the receipt it reverses, once
      // (its foreign key is added after the rename: on PostgreSQL "payments" is still the old table here)
      .addColumn("cancels_payment_id", "integer", (c) => (engine === "sqlite" ? c.unique().references("payments.id") : c.unique()))
      .addColumn("reason", "text", (c) => c.check(sql`length(reason) <= 200`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addCheckConstraint("payments_kind_check", KIND_CHECK)
      .addUniqueConstraint("payments_receipt_unique", ["receipt_year", "receipt_seq"])
      .execute();
    const cols = sql.join(PAYMENT_COLUMNS.map((c) => sql.ref(c)));
    await sql`insert into payments_next (${cols}, kind) select ${cols}, case when mode = 'ajustement' then 'adjustment' else 'payment' end from payments`.execute(db);
    await db.schema.dropTable("payments").execute();
    await sql`alter table payments_next rename to payments`.execute(db);
    if (engine === "postgres") {
      await sql`select setval(pg_get_serial_sequence('payments', 'id'), coalesce((select max(id) from payments), 0) + 1, false)`.execute(db);
      await sql`alter table payments add constraint payments_cancels_fk foreign key (cancels_payment_id) references payments (id)`.execute(db);
    }
    await db.schema.createIndex("payments_day_amount_idx").on("payments").columns(["paid_day", "mode", "amount"]).execute();
    await db.schema.createIndex("payments_appointment_idx").on("payments").column("appointment_id").execute();
    await db.schema.createIndex("payments_patient_idx").on("payments").columns(["patient_id", "paid_at"]).execute();
    await db.schema.createIndex("payments_quote_idx").on("payments").column("quote_id").execute();

    // SPEC's 'Prix payé' becomes the sum of the appointment's entries: the difference of the past is one adjustment
    const now = new Date().toISOString();
    await sql`
      insert into payments (appointment_id, patient_id, kind, amount, mode, paid_at, paid_day, taken_by, note, created_at)
      select a.id, a.patient_id, 'adjustment', coalesce(a.prixpay, 0) - coalesce(p.paid, 0), 'ajustement', ${now}, a.date, null,
             'Reprise du prix payé enregistré avant les reçus', ${now}
      from appointments a
      left join (select appointment_id, sum(amount) as paid from payments where appointment_id is not null group by appointment_id) p
        on p.appointment_id = a.id
      where coalesce(a.prixpay, 0) <> coalesce(p.paid, 0)
    `.execute(db);
  },
  async down(db: AnyDb) {
    // the payments table keeps its new columns on the way down (the code before 011 never reads
    // them); its entries other than payments go, and so do their links to quotes
    await sql`delete from payments where kind <> 'payment'`.execute(db);
    await sql`update payments set quote_id = null`.execute(db);
    const cascade = engine === "postgres" ? sql` cascade` : sql``;
    await sql`update service_settings set act_id = null`.execute(db);
    for (const t of ["cash_closings", "plan_instalments", "payment_plans", "quote_events", "quote_lines", "quotes", "money_counters", "acts"]) {
      await sql`drop table if exists ${sql.table(t)}${cascade}`.execute(db);
    }
  },
});
