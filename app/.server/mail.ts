import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "./config";
import { getDb, nowIso, type Db } from "./db";
import { log } from "./log";

/**
 * Outgoing mail. Every message is first written to the outbox table (so a failed or
 * unconfigured SMTP never loses it), then sent when SMTP_URL is set. Logs say only that a
 * message was queued or sent, with its id: never an address or a patient's data.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function getTransporter(): Transporter | undefined {
  const url = getConfig().SMTP_URL;
  if (!url) return undefined;
  if (!transporter || transporterUrl !== url) {
    transporter = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as object);
    transporterUrl = url;
  }
  return transporter;
}

export function resetMailTransport() {
  transporter = undefined;
  transporterUrl = undefined;
}

/** Queue messages in the outbox. Call after the business row is committed. */
export async function queueMail(messages: MailMessage[], h: Db = getDb()): Promise<number[]> {
  const ids: number[] = [];
  for (const m of messages) {
    const row = await h.db
      .insertInto("outbox")
      .values({ to_address: m.to, subject: m.subject, body_text: m.text, status: "pending", attempts: 0, last_error: null, created_at: nowIso(), sent_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
    log.info({ event: "mail_queued", outboxId: row.id }, "mail queued");
  }
  return ids;
}

const MAX_ATTEMPTS = 8;

/** Send what waits in the outbox (all pending, or the given ids). Never throws. */
export async function flushOutbox(h: Db = getDb(), ids?: number[]): Promise<{ sent: number; failed: number }> {
  const t = getTransporter();
  if (!t) return { sent: 0, failed: 0 };
  let sent = 0;
  let failed = 0;
  try {
    let q = h.db.selectFrom("outbox").selectAll().where("status", "=", "pending").orderBy("id").limit(50);
    if (ids && ids.length) q = q.where("id", "in", ids);
    const rows = await q.execute();
    for (const row of rows) {
      try {
        await t.sendMail({ from: getConfig().MAIL_FROM, to: row.to_address, subject: row.subject, text: row.body_text });
        await h.db.updateTable("outbox").set({ status: "sent", sent_at: nowIso(), attempts: Number(row.attempts) + 1, last_error: null }).where("id", "=", row.id).execute();
        sent++;
        log.info({ event: "mail_sent", outboxId: row.id }, "mail sent");
      } catch (err) {
        failed++;
        const attempts = Number(row.attempts) + 1;
        const reason = err instanceof Error ? err.message.slice(0, 200) : "unknown";
        await h.db
          .updateTable("outbox")
          .set({ attempts, last_error: reason, status: attempts >= MAX_ATTEMPTS ? "failed" : "pending" })
          .where("id", "=", row.id)
          .execute();
        log.warn({ event: "mail_send_failed", outboxId: row.id, attempts }, "mail send failed, kept in outbox");
      }
    }
  } catch (err) {
    log.error({ event: "outbox_flush_failed", err: err instanceof Error ? err.message : String(err) }, "outbox flush failed");
  }
  return { sent, failed };
}

/**
 * Queue and try to send at once, without making the visitor wait for SMTP: `sending` is
 * returned for tests; request handlers do not await it.
 */
export async function queueAndSend(messages: MailMessage[], h: Db = getDb()): Promise<{ ids: number[]; sending: Promise<{ sent: number; failed: number }> }> {
  const ids = await queueMail(messages, h);
  return { ids, sending: flushOutbox(h, ids) };
}

/** The address that receives the clinic's notifications. */
export function clinicInbox(fallback: string): string {
  return getConfig().CLINIC_NOTIFY_EMAIL ?? fallback;
}
