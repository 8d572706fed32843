import type { Kysely } from "kysely";
import { todayInClinic } from "~/lib/clinic-time";
import { addDays } from "~/lib/ymd";
import type { Database } from "../db/types";

/**
 * The entries of `payments` that other writes make in their own transaction (ADR 026), in a leaf
 * module (the appointments' repository and the payments' repository both use it without importing
 * each other).
 */
type Trx = Kysely<Database>;

/**
 * The till an entry written at `at` belongs to: the clinic day, or the next day once that day's
 * cash is closed (a closed day never changes; its corrections land on the next day). Read in the
 * writer's transaction.
 */
export async function tillDay(trx: Trx, at: Date): Promise<string> {
  const today = todayInClinic(at);
  const closed = await trx.selectFrom("cash_closings").select("day").where("day", "=", today).executeTakeFirst();
  return closed ? addDays(today, 1) : today;
}

export const PAID_EDIT_REASON = "Modification du prix payé";
export const PAID_AT_CREATION_REASON = "Prix payé saisi à la création";

/**
 * An adjustment ('Ajustement'): a hand edit of SPEC's 'Prix payé' recorded as the difference it
 * makes, so that prixpay stays the sum of the appointment's entries. Nothing for a difference of 0.
 */
export async function insertPaidAdjustment(
  trx: Trx,
  a: { appointmentId: number; patientId: number | null; difference: number; takenBy: number | null; at: Date; reason: string },
): Promise<void> {
  if (a.difference === 0) return;
  if (!Number.isSafeInteger(a.difference)) throw new RangeError("an adjustment is a whole number of centimes");
  const iso = a.at.toISOString();
  await trx
    .insertInto("payments")
    .values({
      appointment_id: a.appointmentId,
      patient_id: a.patientId,
      kind: "adjustment",
      amount: a.difference,
      mode: "ajustement",
      paid_at: iso,
      paid_day: await tillDay(trx, a.at),
      taken_by: a.takenBy,
      note: null,
      reason: a.reason,
      created_at: iso,
    })
    .execute();
}
