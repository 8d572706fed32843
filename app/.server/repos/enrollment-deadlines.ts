import { paymentReminderMessage, releaseMessage } from "../course-mail";
import { writeTransaction, type Db } from "../db";
import { lockSession } from "./formation-sessions";
import { offerFreedPlaces, queueInTrx, type OfferContext } from "./formation-waitlist";

/**
 * The payment deadline of enrolments in dated sessions (issue 31, item 5). An enrolment is 'En
 * attente de paiement' (pending, paid_at null) until payment_due_at. Past it, first a reminder
 * (once, payment_reminded_at) that keeps the place PAYMENT_GRACE_HOURS more; past that too, the place
 * is released (status 'cancelled', released_at) and offered to the waiting list, in the same
 * transaction. A payment recorded at the same moment (recordEnrollmentPayment) is a conditional
 * update on the same row: exactly one of the two wins.
 */
export const PAYMENT_GRACE_HOURS = 48;

type Queries = Db["db"];

/** The formation's Arabic title ('En arabe'), for the messages of a trainee who enrolled in Arabic. */
async function arabicTitle(trx: Queries, formationId: number): Promise<string | null> {
  return (await trx.selectFrom("formations").select("title_ar").where("id", "=", formationId).executeTakeFirst())?.title_ar ?? null;
}

export interface DeadlineRun {
  reminded: number;
  released: number;
  offered: number;
}

export async function runPaymentDeadlines(h: Db, at: Date, ctx: OfferContext): Promise<DeadlineRun> {
  const now = at.toISOString();
  const graceStart = new Date(at.getTime() - PAYMENT_GRACE_HOURS * 3600_000).toISOString();
  const run: DeadlineRun = { reminded: 0, released: 0, offered: 0 };
  const unpaid = () => h.db.selectFrom("enrollments").select(["id", "session_id"]).where("status", "=", "pending").where("paid_at", "is", null).where("session_id", "is not", null).where("payment_due_at", "<=", now);

  for (const r of await unpaid().where("payment_reminded_at", "is", null).execute()) {
    const done = await writeTransaction(h, async (trx) => {
      const e = await trx
        .updateTable("enrollments")
        .set({ payment_reminded_at: now })
        .where("id", "=", r.id)
        .where("status", "=", "pending")
        .where("paid_at", "is", null)
        .where("payment_reminded_at", "is", null)
        .returning(["email", "session_id", "formation_chosen", "language"])
        .executeTakeFirst();
      if (!e) return false;
      const s = await lockSession(h, trx, Number(e.session_id), at);
      if (!s) return false;
      const lastDay = new Date(at.getTime() + PAYMENT_GRACE_HOURS * 3600_000).toISOString();
      const language = e.language === "ar" ? "ar" : "fr";
      const message = paymentReminderMessage(e.email, e.formation_chosen ?? "", s, lastDay, ctx.clinic, language, language === "ar" ? await arabicTitle(trx, s.formation_id) : null);
      await queueInTrx(trx, message, `course-payment-reminder:${r.id}`, now);
      return true;
    });
    if (done) run.reminded++;
  }

  for (const r of await unpaid().where("payment_reminded_at", "<=", graceStart).execute()) {
    const offered = await writeTransaction(h, async (trx) => {
      // the session's lock first (the lock order of every writer of its places)
      if ((await lockSession(h, trx, Number(r.session_id), at)) === undefined) return -1;
      const e = await trx
        .updateTable("enrollments")
        .set({ status: "cancelled", released_at: now })
        .where("id", "=", r.id)
        .where("status", "=", "pending")
        .where("paid_at", "is", null)
        .where("payment_reminded_at", "<=", graceStart)
        .returning(["email", "formation_chosen", "language"])
        .executeTakeFirst();
      if (!e) return -1;
      const s = (await lockSession(h, trx, Number(r.session_id), at))!;
      const language = e.language === "ar" ? "ar" : "fr";
      const message = releaseMessage(e.email, e.formation_chosen ?? "", s, ctx.clinic, language, language === "ar" ? await arabicTitle(trx, s.formation_id) : null);
      await queueInTrx(trx, message, `course-released:${r.id}`, now);
      return offerFreedPlaces(trx, s, e.formation_chosen ?? "", at, ctx);
    });
    if (offered >= 0) {
      run.released++;
      run.offered += offered;
    }
  }
  return run;
}
