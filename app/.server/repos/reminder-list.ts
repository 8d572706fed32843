import { REMINDER_CHANNEL_LABELS, type ReminderChannel } from "~/lib/reminder-template";
import type { Db } from "../db";
import { nowIso, writeTransaction } from "../db";
import type { Appointment } from "../db/types";
import type { Actor } from "../actor";
import { insertHistory } from "./appointments";

/**
 * 'Rappels à envoyer' (docs/product.md, "Reminders"): the patients of a day to remind by
 * WhatsApp, SMS or phone, and the mark that a reminder went (appointments.reminded_at, and a
 * "reminded" line of the history with who and how).
 *
 * A patient stays on the list until both are true: staff reminded them, and they confirmed
 * their presence through their personal link. Only appointments that still hold their slot and
 * wait for the patient (requested, confirmed) count; an erased one never does.
 */

const WAITING = ["requested", "confirmed"] as const;

function toRemind(h: Pick<Db, "db">, day: string) {
  return h.db
    .selectFrom("appointments")
    .where("date", "=", day)
    .where("status", "in", [...WAITING])
    .where("anonymised_at", "is", null)
    .where((eb) => eb.or([eb("reminded_at", "is", null), eb("patient_confirmed_at", "is", null)]));
}

/** The day's appointments still to remind or to hear from, in time order. */
export async function listRemindersToSend(h: Pick<Db, "db">, day: string): Promise<Appointment[]> {
  return toRemind(h, day).selectAll().orderBy("time").orderBy("id").execute();
}

export async function countRemindersToSend(h: Pick<Db, "db">, day: string): Promise<number> {
  const row = await toRemind(h, day)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The last reminder of each appointment: when, by whom (the staff e-mail) and how. */
export async function lastReminders(h: Pick<Db, "db">, ids: number[]): Promise<Map<number, { at: string; by: string; channel: string | null }>> {
  const out = new Map<number, { at: string; by: string; channel: string | null }>();
  if (ids.length === 0) return out;
  const rows = await h.db
    .selectFrom("appointment_history")
    .select(["appointment_id", "at", "actor", "detail"])
    .where("appointment_id", "in", ids)
    .where("action", "=", "reminded")
    .orderBy("id")
    .execute();
  for (const r of rows) out.set(Number(r.appointment_id), { at: r.at, by: r.actor, channel: r.detail });
  return out;
}

export type MarkRemindedResult = { ok: true; appointment: Appointment } | { ok: false; reason: "not_found" | "not_waiting" };

/**
 * Record that a patient was reminded: `reminded_at` and a "reminded" history line (who, when,
 * "WhatsApp" / "SMS" / "Appel téléphonique"), in one transaction. Refused for an appointment
 * that no longer waits for its patient (attended, absent, cancelled, erased). Marking again
 * (a second tap, another channel) moves `reminded_at` and adds a line.
 */
export async function markReminded(h: Db, id: number, channel: ReminderChannel, actor: Actor, at: string = nowIso()): Promise<MarkRemindedResult> {
  return writeTransaction(h, async (trx) => {
    const row = await trx
      .updateTable("appointments")
      .set({ reminded_at: at })
      .where("id", "=", id)
      .where("status", "in", [...WAITING])
      .where("anonymised_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom("appointments").select("id").where("id", "=", id).executeTakeFirst();
      return { ok: false as const, reason: exists ? ("not_waiting" as const) : ("not_found" as const) };
    }
    await insertHistory(trx, id, actor, "reminded", { detail: REMINDER_CHANNEL_LABELS[channel], at });
    return { ok: true as const, appointment: row };
  });
}
