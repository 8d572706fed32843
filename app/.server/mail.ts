import crypto from "node:crypto";
import os from "node:os";
import nodemailer, { type Transporter } from "nodemailer";
import { cleanText, oneLine } from "~/lib/control-characters";
import { getConfig } from "./config";
import { getDb, isUniqueViolation, nowIso, type Db } from "./db";
import { log } from "./log";
import { claimOutboxRows, insertOutboxMessage, settleOutboxRow, type OutboxRow } from "./repos/outbox";

/**
 * Outgoing mail (docs/architecture.md, "Outbox"). Every message is first written to the outbox
 * table (so a failed or unconfigured SMTP never loses it), then sent when SMTP_URL is set.
 *
 * Sending: a worker claims due rows with a lease (lease_owner, lease_until) in one UPDATE, on
 * PostgreSQL with FOR UPDATE SKIP LOCKED, so that several app servers on one database never claim
 * the same row; it sends, then marks the row sent only while it still holds the lease. A failure
 * is retried with an exponential backoff (1 min, 2, 4 … capped at 6 h) up to MAX_ATTEMPTS.
 * A message that must go once (a reminder) carries a dedupe key, unique in the table.
 * Logs say only that a message was queued or sent, with its id and kind: never an address,
 * a subject or a patient's data.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** text content (an .ics file), or base64 with `encoding` (a PDF) */
  content: string;
  encoding?: "base64";
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** what the message is ("booking_received", "reminder"…), for the logs and the staff outbox */
  kind?: string;
  /** the appointment a patient message is about (erasure removes its messages) */
  appointmentId?: number;
  /** a message queued twice with the same key is stored once */
  dedupeKey?: string;
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

/** Queue messages in the outbox. Call after the business row is committed. A duplicate dedupe key is skipped. */
export async function queueMail(messages: MailMessage[], h: Db = getDb()): Promise<number[]> {
  const ids: number[] = [];
  for (const m of messages) {
    try {
      const id = await insertOutboxMessage(h, {
        to_address: m.to,
        subject: m.subject,
        body_text: m.text,
        body_html: m.html ?? null,
        attachments: m.attachments?.length ? JSON.stringify(m.attachments) : null,
        kind: m.kind ?? null,
        appointment_id: m.appointmentId ?? null,
        dedupe_key: m.dedupeKey ?? null,
        status: "pending",
        attempts: 0,
        last_error: null,
        created_at: nowIso(),
        sent_at: null,
        next_attempt_at: null,
        lease_owner: null,
        lease_until: null,
      });
      ids.push(id);
      log.info({ event: "mail_queued", outboxId: id, kind: m.kind }, "mail queued");
    } catch (err) {
      if (m.dedupeKey && isUniqueViolation(err)) continue; // already queued, by this server or another
      throw err;
    }
  }
  return ids;
}

export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 6 * 60 * 60 * 1000;

/** When a message that failed `attempts` times is tried again. */
export function nextAttemptAt(attempts: number, now: Date = new Date()): string {
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + delay).toISOString();
}

/** This process's name in lease_owner: host, pid and a random part (two workers in one process differ). */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
}

const defaultWorker = newWorkerId();

/**
 * Claim up to `limit` due messages for `worker` until now + lease: pending, due (next_attempt_at
 * passed) and not leased by a live worker. One statement; on PostgreSQL the rows are locked with
 * SKIP LOCKED so that a concurrent claim takes other rows, on SQLite writes are serialised.
 */
export async function claimDue(h: Db, worker: string, opts: { limit?: number; ids?: number[]; now?: Date; leaseMs?: number } = {}): Promise<OutboxRow[]> {
  const now = opts.now ?? new Date();
  const nowS = now.toISOString();
  const until = new Date(now.getTime() + (opts.leaseMs ?? getConfig().OUTBOX_LEASE_MS)).toISOString();
  const rows = await claimOutboxRows(h, worker, { now: nowS, until, limit: opts.limit ?? 20, ids: opts.ids });
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * The one address of a row: control characters removed, and only its first word. Given to
 * nodemailer as an address object, which it never reads as a list or a group ("Bcc: x@y;"), so that
 * a line break or a second address stored with it (before the forms refused them) adds no recipient.
 */
export function recipientOf(stored: string): { name: string; address: string } {
  return { name: "", address: cleanText(stored).trim().split(/\s+/)[0] ?? "" };
}

/**
 * The message as nodemailer sends it. The headers are written from what the outbox holds, which
 * may carry control characters saved before the forms refused them (subjects name the clinic or a
 * formation): the subject is one line (app/lib/control-characters.ts), the recipient one address.
 */
function mailOf(row: OutboxRow) {
  const attachments = row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : [];
  return {
    from: oneLine(getConfig().MAIL_FROM),
    to: recipientOf(row.to_address),
    subject: oneLine(row.subject),
    text: row.body_text,
    ...(row.body_html ? { html: row.body_html } : {}),
    ...(attachments.length
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            ...(a.encoding ? { encoding: a.encoding } : {}),
            // an .ics as a calendar part, so that mail clients offer "add to calendar"
            contentType: a.contentType,
          })),
        }
      : {}),
  };
}

/**
 * Send what is due in the outbox (all due rows, or the given ids) as `worker`. Never throws.
 * Returns the counts, for tests and the log.
 */
export async function flushOutbox(h: Db = getDb(), ids?: number[], opts: { worker?: string; now?: Date } = {}): Promise<{ sent: number; failed: number }> {
  const t = getTransporter();
  if (!t) return { sent: 0, failed: 0 };
  const worker = opts.worker ?? defaultWorker;
  let sent = 0;
  let failed = 0;
  try {
    for (;;) {
      const rows = await claimDue(h, worker, { ids, now: opts.now });
      if (!rows.length) break;
      for (const row of rows) {
        try {
          await t.sendMail(mailOf(row));
          await settleOutboxRow(h, Number(row.id), worker, { status: "sent", sent_at: nowIso(), attempts: Number(row.attempts) + 1 });
          sent++;
          log.info({ event: "mail_sent", outboxId: row.id, kind: row.kind }, "mail sent");
        } catch (err) {
          failed++;
          const attempts = Number(row.attempts) + 1;
          // the SMTP server's reply, without the message's addresses
          const reason = (err instanceof Error ? err.message : "unknown").replaceAll(row.to_address, "<destinataire>").slice(0, 200);
          await settleOutboxRow(h, Number(row.id), worker, {
            attempts,
            last_error: reason,
            status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
            next_attempt_at: nextAttemptAt(attempts, opts.now),
          });
          log.warn({ event: "mail_send_failed", outboxId: row.id, kind: row.kind, attempts }, "mail send failed, kept in outbox");
        }
      }
      if (ids) break;
    }
  } catch (err) {
    log.error({ event: "outbox_flush_failed", err: err instanceof Error ? err.name : "unknown" }, "outbox flush failed");
  }
  return { sent, failed };
}

/**
 * Queue and try to send at once, without making the visitor wait for SMTP: `sending` is
 * returned for tests; request handlers do not await it.
 */
export async function queueAndSend(messages: MailMessage[], h: Db = getDb()): Promise<{ ids: number[]; sending: Promise<{ sent: number; failed: number }> }> {
  const ids = await queueMail(messages, h);
  return { ids, sending: ids.length ? flushOutbox(h, ids) : Promise.resolve({ sent: 0, failed: 0 }) };
}

/** The address that receives the clinic's notifications. */
export function clinicInbox(fallback: string): string {
  return getConfig().CLINIC_NOTIFY_EMAIL ?? fallback;
}
