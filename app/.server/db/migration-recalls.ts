import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { Engine } from "./connection";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Migration 014_recalls (issue 31, item 2, 'Rappels de suivi'): the recall interval of each
 * booking service (`recall_intervals`, in months; null: no recall), one recall per patient and
 * service (`recalls`: the last honoured visit, the day the next one is due, the personal link
 * 'Ne plus me rappeler' as /rdv's — a salt and the SHA-256 of the token — and the last
 * 'Relancé le …'), and the patient's refusal of recalls (`patients.recall_opt_out_at`/`_by`).
 */

/** The intervals a fresh clinic starts with (months): check-ups 6, implants, prostheses, whitening and aesthetics 12. */
export const DEFAULT_RECALL_MONTHS: Record<string, number | null> = {
  Implementation: 12,
  "Prothèses dentaires": 12,
  "Blanchiment des dents": 12,
  Orthodontie: 6,
  "Chirurgie dentaire": null,
  "Extraction dentaire": null,
  "Soins conservateurs": 6,
  "Esthétique dentaire": 12,
};

export const m014_recalls = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    const id = engine === "postgres" ? "serial" : "integer";
    const autoId = (c: ColumnDefinitionBuilder) => (engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
    const now = new Date().toISOString();

    await db.schema
      .createTable("recall_intervals")
      .addColumn("service", "text", (c) => c.primaryKey())
      .addColumn("months", "integer", (c) => c.check(sql`months between 1 and 60`))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text")
      .execute();
    await db
      .insertInto("recall_intervals")
      .values(Object.entries(DEFAULT_RECALL_MONTHS).map(([service, months]) => ({ service, months, updated_at: now, updated_by: null })))
      .execute();

    await db.schema
      .createTable("recalls")
      .addColumn("id", id, autoId)
      .addColumn("patient_id", "integer", (c) => c.notNull().references("patients.id").onDelete("cascade"))
      .addColumn("service", "text", (c) => c.notNull())
      // the last honoured visit of that service, and the day the next one is due
      .addColumn("visit_date", "text", (c) => c.notNull())
      .addColumn("appointment_id", "integer", (c) => c.references("appointments.id").onDelete("set null"))
      .addColumn("due_date", "text", (c) => c.notNull())
      // the link 'Ne plus me rappeler' (/rappel/<token>): the salt and the SHA-256 of the token
      .addColumn("link_salt", "text", (c) => c.notNull())
      .addColumn("link_hash", "text", (c) => c.notNull().unique())
      // 'Relancé le …': the last message sent or call marked for this due date
      .addColumn("sent_at", "text")
      .addColumn("sent_by", "text")
      .addColumn("sent_channel", "text", (c) => c.check(sql`sent_channel in ('whatsapp', 'sms', 'appel')`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("recalls_patient_service", ["patient_id", "service"])
      .execute();
    await db.schema.createIndex("recalls_due").on("recalls").column("due_date").execute();

    await db.schema.alterTable("patients").addColumn("recall_opt_out_at", "text").execute();
    await db.schema.alterTable("patients").addColumn("recall_opt_out_by", "text").execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("recalls").ifExists().execute();
    await db.schema.dropTable("recall_intervals").ifExists().execute();
    await db.schema.alterTable("patients").dropColumn("recall_opt_out_by").execute();
    await db.schema.alterTable("patients").dropColumn("recall_opt_out_at").execute();
  },
});
