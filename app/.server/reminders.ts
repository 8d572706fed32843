import { clinicInstant, todayInClinic } from "~/lib/clinic-time";
import { buildAppointmentMessage } from "./appointment-mail";
import { getDb, type Db } from "./db";
import type { Appointment } from "./db/types";
import { log } from "./log";
import { queueMail } from "./mail";
import { listReminderCandidates, markReminderQueued } from "./repos/appointments";
import { loadContactSettings } from "./repos/contact-settings";

/**
 * The reminder e-mail (docs/product.md, "Patient e-mails"), queued by a background job
 * (./startup.ts, every few minutes) once an appointment starts within `reminder_hours` (24 by
 * default, on the schedule screen) and is still ahead.
 *
 * Once per appointment and time: the outbox row carries the dedupe key
 * `reminder:<id>:<date>T<time>`, unique in the table, so two servers running the job at once
 * store one row, and a run after a move (another date or time, so another key) queues a new
 * reminder for the new time. The key in the outbox is what decides, not `mail_reminder_at`
 * (which records when the last reminder was queued, for the staff's view): a move does not
 * have to reset anything. Reminder rows must therefore stay in the outbox until their day has
 * passed (nothing deletes outbox rows today; erasure removes those of anonymised appointments,
 * which the job skips).
 */
export function reminderKey(a: Pick<Appointment, "id" | "date" | "time">): string {
  return `reminder:${a.id}:${a.date}T${a.time}`;
}

const HOUR_MS = 60 * 60 * 1000;

/** The appointments whose reminder is due at `now` and not queued yet. */
export async function dueReminders(h: Db, now: Date = new Date()): Promise<Appointment[]> {
  const { reminderHours } = await loadContactSettings(h);
  const horizon = new Date(now.getTime() + reminderHours * HOUR_MS);
  // a first cut by calendar day (indexed), the exact window below
  const rows = await listReminderCandidates(h, todayInClinic(now), todayInClinic(horizon));
  return rows.filter((a) => {
    const start = clinicInstant(a.date, a.time).getTime();
    return start > now.getTime() && start <= horizon.getTime();
  });
}

/**
 * Queue the reminders due at `now` (the outbox worker sends them) and record when on each
 * appointment. Returns the outbox ids this call stored (a reminder another server stored first
 * is skipped). Throws only if the database does; the caller logs.
 */
export async function queueDueReminders(h: Db = getDb(), now: Date = new Date()): Promise<number[]> {
  const queued: number[] = [];
  for (const a of await dueReminders(h, now)) {
    const message = await buildAppointmentMessage(a, "reminder", h, now);
    if (!message) continue;
    const ids = await queueMail([{ ...message, dedupeKey: reminderKey(a) }], h);
    if (!ids.length) continue;
    queued.push(...ids);
    await markReminderQueued(h, a.id);
  }
  if (queued.length) log.info({ event: "reminders_queued", count: queued.length }, "reminder e-mails queued");
  return queued;
}
