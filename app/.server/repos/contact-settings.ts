import { DEFAULT_CONTACT_SETTINGS, type ContactSettings } from "~/lib/contact-settings";
import { auditStaff } from "../audit";
import type { Actor } from "../actor";
import type { Db } from "../db";
import { nowIso, writeTransaction } from "../db";

/** The patient-contact settings (~/lib/contact-settings), in the schedule settings row. */
export async function loadContactSettings(h: Db): Promise<ContactSettings> {
  const row = await h.db
    .selectFrom("schedule_settings")
    .select(["cancel_cutoff_hours", "reminder_hours", "retention_months"])
    .where("id", "=", 1)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_CONTACT_SETTINGS };
  return { cancelCutoffHours: Number(row.cancel_cutoff_hours), reminderHours: Number(row.reminder_hours), retentionMonths: Number(row.retention_months) };
}

export async function saveContactSettings(h: Db, s: ContactSettings, actor?: Actor): Promise<void> {
  const values = { cancel_cutoff_hours: s.cancelCutoffHours, reminder_hours: s.reminderHours, retention_months: s.retentionMonths, updated_at: nowIso() };
  await writeTransaction(h, async (trx) => {
    if (actor) await auditStaff(trx, actor, { action: "schedule.change", targetType: "schedule", detail: "Annulation, rappels et conservation des données" });
    const res = await trx.updateTable("schedule_settings").set(values).where("id", "=", 1).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      await trx.insertInto("schedule_settings").values({ id: 1, min_notice_minutes: 120, horizon_days: 60, chairs: 1, ...values }).execute();
    }
  });
}
