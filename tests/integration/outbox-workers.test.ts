import { sql } from "kysely";
import { afterAll, afterEach, beforeEach, expect, it, vi } from "vitest";
import type { Db } from "~/.server/db";
import { openDb } from "~/.server/db/connection";
import { log } from "~/.server/log";
import { claimDue, flushOutbox, MAX_ATTEMPTS, queueMail } from "~/.server/mail";
import { queueDueReminders, reminderKey } from "~/.server/reminders";
import { PATIENT_ACTOR } from "~/.server/actor";
import { bookAppointment, moveAppointment, setAppointmentStatus } from "~/.server/repos/booking";
import { saveContactSettings } from "~/.server/repos/contact-settings";
import { startBackgroundJobs, stopBackgroundJobs } from "~/.server/startup";
import type { AppointmentStatus } from "~/lib/appointment-status";
import { clinicNow } from "~/lib/clinic-time";
import { DEFAULT_CONTACT_SETTINGS } from "~/lib/contact-settings";
import { describeEachEngine, TEST_DATABASE_URL } from "../helpers/db";
import { parseMail, startSmtp, waitFor, type TestSmtp } from "./fixtures/smtp";
import { setAppEnv } from "./public-form";

/**
 * The outbox's workers (docs/architecture.md, "Outbox"), on both engines, with TWO database
 * handles (two pools on PostgreSQL, two connections on SQLite) as two app servers on one database:
 * - sending: 40 queued messages flushed by four workers at once reach the SMTP server exactly once;
 *   a row leased by a dead worker is taken over, one leased by a live worker is left alone;
 *   a failure waits 1, 2, 4 … minutes and the row is 'failed' after MAX_ATTEMPTS, its last error
 *   without the recipient's address;
 * - reminders: queued once, inside the window (not too early, not after the start), never for a
 *   cancelled, erased or address-less appointment, once even when two servers run the job at
 *   once, and again after a move.
 */

/** A second handle on the same database: another app server. */
async function secondHandle(h: Db): Promise<Db> {
  if (h.engine === "postgres") {
    const name = (await sql<{ n: string }>`select current_database() as n`.execute(h.db)).rows[0].n;
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return openDb({ kind: "postgres", url: url.toString() });
  }
  const list = await sql<{ name: string; file: string }>`pragma database_list`.execute(h.db);
  return openDb({ kind: "sqlite", path: list.rows.find((r) => r.name === "main")!.file });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describeEachEngine("outbox workers", { appDb: true }, (t) => {
  let other: Db;
  let smtp: TestSmtp | undefined;
  let logs: ReturnType<typeof vi.spyOn>[] = [];

  beforeEach(async () => {
    other ??= await secondHandle(t.h);
    logs = (["info", "warn", "error"] as const).map((level) => vi.spyOn(log, level));
  });
  afterEach(async () => {
    // the logs name outbox ids and kinds, never an address or a subject
    const written = JSON.stringify(logs.flatMap((s) => s.mock.calls));
    expect(written).not.toMatch(/@exemple\.dz|Message \d|Rappel/);
    vi.restoreAllMocks();
    await smtp?.close();
    smtp = undefined;
    setAppEnv(["SMTP_URL", "PUBLIC_URL"]);
  });
  afterAll(async () => {
    await other?.close();
  });

  async function useSmtp(options: Parameters<typeof startSmtp>[0] = {}) {
    smtp = await startSmtp(options);
    setAppEnv(["SMTP_URL", "PUBLIC_URL"], { SMTP_URL: smtp.url, PUBLIC_URL: "https://clinique.example" });
    return smtp;
  }
  const rows = () => t.h.db.selectFrom("outbox").selectAll().orderBy("id").execute();
  const message = (i: number) => ({ to: `p${i}@exemple.dz`, subject: `Message ${String(i).padStart(2, "0")}`, text: `Texte ${i}`, kind: "test" });

  it("two servers, four workers, 40 messages: each one is sent exactly once", async () => {
    // a slow server, so that the workers' claims and sends overlap
    const server = await useSmtp({
      onData(stream, session, callback) {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (c: string) => (raw += c));
        stream.on("end", () => {
          server.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          setTimeout(callback, 15);
        });
      },
    });
    const subjects = Array.from({ length: 40 }, (_, i) => message(i + 1).subject);
    expect(await queueMail(subjects.map((_, i) => message(i + 1)), t.h)).toHaveLength(40);

    const results = await Promise.all([
      flushOutbox(t.h, undefined, { worker: "server-a:1" }),
      flushOutbox(other, undefined, { worker: "server-b:1" }),
      flushOutbox(t.h, undefined, { worker: "server-a:2" }),
      flushOutbox(other, undefined, { worker: "server-b:2" }),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(40);
    expect(results.reduce((n, r) => n + r.failed, 0)).toBe(0);
    // the work was shared, not done by one worker while the others waited
    expect(results.filter((r) => r.sent > 0).length).toBeGreaterThanOrEqual(2);

    const got = (await Promise.all(server.received.map(parseMail))).map((m) => m.subject).sort();
    expect(got).toEqual(subjects);
    const stored = await rows();
    expect(stored.map((r) => [r.status, Number(r.attempts), r.lease_owner])).toEqual(subjects.map(() => ["sent", 1, null]));
  });

  it("a row leased by a dead worker is taken over; one leased by a live worker is left alone until its lease ends", async () => {
    const server = await useSmtp();
    const now = new Date();
    const [dead, live] = await queueMail([message(1), message(2)], t.h);
    // the dead worker claimed row 1 six minutes ago (lease: 5 minutes) and never came back
    expect((await claimDue(t.h, "dead-worker", { ids: [dead], now: new Date(now.getTime() - 6 * MINUTE) })).map((r) => Number(r.id))).toEqual([dead]);
    // the live worker claimed row 2 a minute ago, on the other server, and is still sending it
    expect((await claimDue(other, "live-worker", { ids: [live], now: new Date(now.getTime() - MINUTE) })).map((r) => Number(r.id))).toEqual([live]);

    expect(await flushOutbox(t.h, undefined, { worker: "server-a", now })).toEqual({ sent: 1, failed: 0 });
    expect((await Promise.all(server.received.map(parseMail))).map((m) => m.subject)).toEqual(["Message 01"]);
    const [first, second] = await rows();
    expect([first.status, first.lease_owner]).toEqual(["sent", null]);
    expect([second.status, second.lease_owner]).toEqual(["pending", "live-worker"]);

    // the dead worker wakes up late: its lease is gone, it can no longer claim the row
    expect(await claimDue(t.h, "dead-worker", { ids: [dead], now })).toEqual([]);
    // the live worker's lease ends without its having finished: another worker takes the row
    expect(await flushOutbox(other, undefined, { worker: "server-b", now: new Date(now.getTime() + 5 * MINUTE) })).toEqual({ sent: 1, failed: 0 });
    expect((await rows()).map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(server.received).toHaveLength(2);
  });

  it("a refused message waits 1, 2, 4 … minutes between tries, then is 'failed', its error without the address", async () => {
    const server = await useSmtp({
      onRcptTo(address, _session, callback) {
        // a server that quotes the address in its answer, as many do
        callback(Object.assign(new Error(`Boîte ${address.address} pleine`), { responseCode: 452 }));
      },
    });
    const [id] = await queueMail([message(7)], t.h);
    let now = new Date();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await flushOutbox(t.h, undefined, { now })).toEqual({ sent: 0, failed: 1 });
      const [row] = await rows();
      expect(Number(row.attempts)).toBe(attempt);
      expect(row.lease_owner).toBeNull();
      expect(row.last_error).toContain("452");
      expect(row.last_error).toContain("<destinataire>");
      expect(row.last_error).not.toContain("p7@exemple.dz");
      if (attempt === MAX_ATTEMPTS) {
        expect(row.status).toBe("failed");
        break;
      }
      expect(row.status).toBe("pending");
      const next = new Date(row.next_attempt_at!);
      delays.push((next.getTime() - now.getTime()) / MINUTE);
      // not before its time, on either server
      expect(await flushOutbox(other, undefined, { now: new Date(next.getTime() - 1000) })).toEqual({ sent: 0, failed: 0 });
      now = next;
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64]);
    // failed for good: no more tries
    expect(await flushOutbox(t.h, [id], { now: new Date(now.getTime() + 24 * HOUR) })).toEqual({ sent: 0, failed: 0 });
    expect(server.received).toHaveLength(0);
  });

  // ---- reminders ---------------------------------------------------------------------------

  /** Monday 7 December 2026, 09:00 in Algiers. */
  const NOW = new Date("2026-12-07T08:00:00Z");

  async function appointment(date: string, time: string, opts: { status?: AppointmentStatus; email?: string | null; tag?: string } = {}) {
    const r = await bookAppointment(
      t.h,
      { name: `Patient ${opts.tag ?? time}`, email: opts.email === undefined ? `${opts.tag ?? time.replace(":", "h")}@exemple.dz` : opts.email, phone: "0550 12 34 56", service: "Orthodontie", date, time, message: null },
      // forced: any day and time (only a free chair is needed), the rules are not what is tested here
      { actor: PATIENT_ACTOR, mode: "forced", now: NOW, status: opts.status === "cancelled" ? "confirmed" : (opts.status ?? "confirmed") },
    );
    if (!r.ok) throw new Error(`booking refused: ${r.reason}`);
    if (opts.status === "cancelled") await setAppointmentStatus(t.h, r.appointment.id, "cancelled", { actor: PATIENT_ACTOR, cancelledBy: "patient" });
    return r.appointment;
  }
  const reminderRows = async () =>
    (await t.h.db.selectFrom("outbox").select(["appointment_id", "dedupe_key", "kind", "to_address"]).where("kind", "=", "reminder").orderBy("id").execute()).map((r) => r.dedupe_key);

  it("a reminder is queued once the appointment is within the reminder hours, never too early, never after its start", async () => {
    const tomorrow = await appointment("2026-12-08", "10:00"); // starts 25 h after NOW
    const today = await appointment("2026-12-07", "15:00", { status: "requested" }); // 6 h after
    const soon = await appointment("2026-12-07", "09:30"); // 30 minutes after
    await appointment("2026-12-07", "08:30"); // already started
    await appointment("2026-12-07", "16:00", { status: "cancelled" });
    await appointment("2026-12-07", "17:00", { email: null });
    await appointment("2026-12-07", "12:00", { status: "attended" });
    const erased = await appointment("2026-12-07", "13:00");
    await t.h.db.updateTable("appointments").set({ anonymised_at: NOW.toISOString() }).where("id", "=", erased.id).execute();
    await appointment("2026-12-10", "10:00"); // three days ahead

    expect(await queueDueReminders(t.h, NOW)).toHaveLength(2);
    expect(await reminderRows()).toEqual([reminderKey(soon), reminderKey(today)]);
    const marked = await t.h.db.selectFrom("appointments").select(["id", "mail_reminder_at"]).where("mail_reminder_at", "is not", null).orderBy("id").execute();
    expect(marked.map((m) => m.id)).toEqual([today.id, soon.id]);

    // 59 minutes later tomorrow's appointment is still 24 h 01 min away; at 60 minutes it is due
    expect(await queueDueReminders(t.h, new Date(NOW.getTime() + 59 * MINUTE))).toEqual([]);
    expect(await queueDueReminders(t.h, new Date(NOW.getTime() + 60 * MINUTE))).toHaveLength(1);
    expect(await reminderRows()).toEqual([reminderKey(soon), reminderKey(today), reminderKey(tomorrow)]);
    // and never again
    expect(await queueDueReminders(t.h, new Date(NOW.getTime() + 2 * HOUR))).toEqual([]);

    const stored = await t.h.db.selectFrom("outbox").select(["to_address", "appointment_id", "kind", "subject"]).where("kind", "=", "reminder").orderBy("id").execute();
    expect(stored.map((r) => [r.to_address, r.appointment_id])).toEqual([
      ["09h30@exemple.dz", soon.id],
      ["15h00@exemple.dz", today.id],
      ["10h00@exemple.dz", tomorrow.id],
    ]);
    expect(stored[0].subject).toMatch(/^Rappel : rendez-vous le lundi 7 décembre 2026 à 09:30/);
  });

  it("the reminder hours come from the settings", async () => {
    const inTwoDays = await appointment("2026-12-09", "08:00"); // 47 h after NOW
    expect(await queueDueReminders(t.h, NOW)).toEqual([]);
    await saveContactSettings(t.h, { ...DEFAULT_CONTACT_SETTINGS, reminderHours: 48 });
    expect(await queueDueReminders(t.h, NOW)).toHaveLength(1);
    expect(await reminderRows()).toEqual([reminderKey(inTwoDays)]);
  });

  it("two servers running the job at once queue each reminder once", async () => {
    const due = await Promise.all(["09:15", "10:00", "11:00", "13:30", "14:15"].map((time) => appointment("2026-12-07", time)));
    const runs = await Promise.all([t.h, other, t.h, other, t.h, other].map((h) => queueDueReminders(h, NOW)));
    // each reminder stored by exactly one of the runs
    expect(runs.flat().sort((a, b) => a - b)).toEqual((await t.h.db.selectFrom("outbox").select("id").orderBy("id").execute()).map((r) => Number(r.id)));
    expect((await reminderRows()).sort()).toEqual(due.map(reminderKey).sort());
  });

  it("a moved appointment gets a new reminder for its new time", async () => {
    const a = await appointment("2026-12-07", "15:00");
    expect(await queueDueReminders(t.h, NOW)).toHaveLength(1);
    const moved = await moveAppointment(t.h, a.id, { date: "2026-12-07", time: "16:30" }, { actor: PATIENT_ACTOR, mode: "forced", now: NOW });
    expect(moved.ok).toBe(true);
    expect(await queueDueReminders(other, NOW)).toHaveLength(1);
    expect(await queueDueReminders(t.h, NOW)).toEqual([]);
    expect(await reminderRows()).toEqual([`reminder:${a.id}:2026-12-07T15:00`, `reminder:${a.id}:2026-12-07T16:30`]);
    const last = await t.h.db.selectFrom("outbox").select("subject").where("dedupe_key", "=", `reminder:${a.id}:2026-12-07T16:30`).executeTakeFirstOrThrow();
    expect(last.subject).toContain("à 16:30");
  });

  // ---- the server's timers -----------------------------------------------------------------

  it("a started server queues the due reminders at once and sends the outbox every OUTBOX_POLL_MS", async () => {
    const server = await useSmtp();
    setAppEnv(["SMTP_URL", "PUBLIC_URL", "OUTBOX_POLL_MS"], { SMTP_URL: server.url, PUBLIC_URL: "https://clinique.example", OUTBOX_POLL_MS: "200" });
    // an appointment three hours from now (on the 15-minute grid)
    const at = clinicNow(new Date(Date.now() + 3 * HOUR));
    const time = `${String(Math.floor(at.minutes / 60)).padStart(2, "0")}:${String(at.minutes % 60 - (at.minutes % 15)).padStart(2, "0")}`;
    const a = await appointment(at.date, time, { tag: "demain" });
    startBackgroundJobs(t.h);
    try {
      await waitFor(() => server.received.length >= 1, 5000);
      const [reminder] = await Promise.all(server.received.map(parseMail));
      expect(reminder.subject).toMatch(/^Rappel : /);
      expect(await reminderRows()).toEqual([reminderKey(a)]);
      // a message queued later goes at the next poll, without anyone asking
      await queueMail([message(3)], t.h);
      await waitFor(() => server.received.length >= 2, 3000);
      // the row is marked once the SMTP server has answered, a moment after it received the message
      await waitFor(async () => (await rows()).every((r) => r.status === "sent"), 3000);
      expect((await rows()).map((r) => r.status)).toEqual(["sent", "sent"]);
    } finally {
      stopBackgroundJobs();
      setAppEnv(["OUTBOX_POLL_MS"]);
    }
  });
});
