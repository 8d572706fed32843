/**
 * The agenda's read model: what a screen of the agenda receives for each appointment and each
 * day, built from the stored rows and the schedule in the loader (pure functions, no I/O), and
 * the free stretches of a day shown between the appointments.
 */
import type { Appointment } from "~/.server/db/types";
import type { ReminderLinks } from "~/lib/front-desk-contact";
import { holdsSlot, type AppointmentStatus, type CancelledBy } from "~/lib/appointment-status";
import { balanceDue } from "~/lib/money";
import { isValidYmd } from "~/lib/rules";
import { addDaysYmd, dayHours, fromMinutes, roundUpToUnit, toMinutes, UNIT_MINUTES, weekdayOf, type Schedule, type TimeRange } from "~/lib/schedule";
import type { ClinicNow } from "~/lib/clinic-time";
import type { StoredPaymentMode } from "~/lib/payment-schema";
import type { HistoryEntryView } from "~/components/admin/front-desk/types";

export type AgendaView = "jour" | "semaine";

export interface AgendaItem {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  service: string;
  date: string;
  time: string;
  /** end of the appointment itself (HH:MM) */
  end: string;
  /** minutes after midnight until which its chair is held (the buffer included) */
  busyUntil: number;
  chair: number;
  status: AppointmentStatus;
  forced: boolean;
  message: string | null;
  prixtotal: number | null;
  prixpay: number | null;
  /** 'Reste à payer' (null: nothing billed yet, or cancelled) */
  due: number | null;
  cancelledBy: CancelledBy | null;
  cancelReason: string | null;
  /** the WhatsApp and SMS links and the reminder state (day view; added by the loader, which holds the secret) */
  links?: ReminderLinks | null;
}

/**
 * What the agenda's grid, lines, week and printed day show of an appointment. The rest of an
 * AgendaItem (e-mail, prices, who cancelled and why, the reminder links) and its history are the
 * card's, loaded when a card opens (GET /admin/agenda/rdv/:id): a day of 40 appointments does not
 * carry 40 cards' data (issue 33, item 4).
 */
export type AgendaEntry = Pick<AgendaItem, "id" | "name" | "phone" | "service" | "date" | "time" | "end" | "busyUntil" | "chair" | "status" | "forced" | "message" | "due">;

/** GET /admin/agenda/rdv/:id: an appointment's card (its whole item, its reminder links written, its history), or why not. */
export type AgendaCardAnswer = { ok: true; item: AgendaItem; history: HistoryEntryView[] } | { ok: false; message: string };

export function toAgendaEntry({ id, name, phone, service, date, time, end, busyUntil, chair, status, forced, message, due }: AgendaItem): AgendaEntry {
  return { id, name, phone, service, date, time, end, busyUntil, chair, status, forced, message, due };
}

export interface AgendaDay {
  date: string;
  ranges: TimeRange[];
  /** the label of a closure or of special hours */
  label?: string;
  closed: boolean;
  /** special hours (an exception with ranges) */
  special: boolean;
}

export interface AgendaCounts {
  requested: number;
  confirmed: number;
  attended: number;
  no_show: number;
  cancelled: number;
  /** 'Reste à payer' in centimes; null when no appointment of the days has a price ('—') */
  due: number | null;
  /** 'Encaissé aujourd'hui': what was collected on the days, by mode; null when nothing was collected and nothing is priced ('—') */
  collected: Collected | null;
}

/** What was collected over the days (app/.server/repos/payments.ts, collectedTotals). */
export interface Collected {
  total: number;
  byMode: { mode: StoredPaymentMode; amount: number }[];
}

/** ?jour=YYYY-MM-DD&vue=jour|semaine, today and the day view by default. */
export function parseAgendaQuery(params: URLSearchParams, today: string): { day: string; view: AgendaView } {
  const jour = params.get("jour") ?? "";
  return { day: isValidYmd(jour) ? jour : today, view: params.get("vue") === "semaine" ? "semaine" : "jour" };
}

export function agendaHref(day: string, view: AgendaView, hash = ""): string {
  return `/admin/agenda?jour=${day}${view === "semaine" ? "&vue=semaine" : ""}${hash}`;
}

/** The Saturday that starts the clinic's week of a day (Algeria's week: Saturday → Friday). */
export function weekStart(day: string): string {
  return addDaysYmd(day, -((weekdayOf(day) + 1) % 7));
}

export function toAgendaItem(a: Appointment, schedule: Pick<Schedule, "services">): AgendaItem {
  const setting = (schedule.services as Record<string, { durationMinutes: number; bufferMinutes: number } | undefined>)[a.service];
  const duration = a.duration_minutes === null ? (setting?.durationMinutes ?? 30) : Number(a.duration_minutes);
  const buffer = a.buffer_minutes === null ? (setting?.bufferMinutes ?? 0) : Number(a.buffer_minutes);
  const start = toMinutes(a.time);
  const amount = (v: number | null) => (v === null ? null : Number(v));
  const row = { prixtotal: amount(a.prixtotal), prixpay: amount(a.prixpay), status: a.status };
  return {
    id: Number(a.id),
    name: a.name,
    phone: a.phone,
    email: a.email,
    service: a.service,
    date: a.date,
    time: a.time,
    end: fromMinutes(Math.min(start + duration, 24 * 60 - 1)),
    busyUntil: start + roundUpToUnit(duration) + roundUpToUnit(buffer),
    chair: a.chair === null ? 1 : Number(a.chair),
    status: a.status,
    forced: Number(a.forced) === 1,
    message: a.message,
    prixtotal: row.prixtotal,
    prixpay: row.prixpay,
    due: balanceDue(row),
    cancelledBy: a.cancelled_by,
    cancelReason: a.cancel_reason,
  };
}

export function toAgendaDay(schedule: Pick<Schedule, "weekly" | "exceptions">, date: string): AgendaDay {
  const { ranges, exception } = dayHours(schedule, date);
  return { date, ranges, label: exception?.label, closed: ranges.length === 0, special: Boolean(exception && ranges.length > 0) };
}

/**
 * The tiles' figures (docs/product.md, "Staff: agenda"): the statuses counted, and the money
 * shown only when it means something: with no price set on any (not cancelled) appointment of
 * the days, 'Reste à payer' is '—', and so is 'Encaissé' unless something was collected anyway.
 */
export function countItems(items: Pick<AgendaItem, "status" | "prixtotal">[], due: number, collected: Collected = { total: 0, byMode: [] }): AgendaCounts {
  const priced = items.some((i) => i.status !== "cancelled" && i.prixtotal !== null);
  const counts: AgendaCounts = {
    requested: 0,
    confirmed: 0,
    attended: 0,
    no_show: 0,
    cancelled: 0,
    due: priced ? due : null,
    collected: priced || collected.total > 0 ? collected : null,
  };
  for (const i of items) counts[i.status] += 1;
  return counts;
}

export interface FreeGap {
  chair: number;
  /** HH:MM */
  from: string;
  to: string;
  minutes: number;
}

/**
 * The free stretches of a day on each chair: the opening ranges minus what the appointments
 * holding a slot occupy (buffer included), from now on for today, 30 minutes long at least
 * (the shortest service).
 */
export function freeGaps(day: AgendaDay, items: AgendaEntry[], chairs: number, now: ClinicNow, minMinutes = 30): FreeGap[] {
  if (day.closed || day.date < now.date) return [];
  const floor = day.date === now.date ? Math.ceil(now.minutes / UNIT_MINUTES) * UNIT_MINUTES : 0;
  const gaps: FreeGap[] = [];
  for (let chair = 1; chair <= chairs; chair++) {
    const busy = items
      .filter((i) => i.chair === chair && holdsSlot(i.status))
      .map((i) => [toMinutes(i.time), i.busyUntil] as const)
      .sort((a, b) => a[0] - b[0]);
    for (const r of day.ranges) {
      let cursor = Math.max(toMinutes(r.opens), floor);
      const closes = toMinutes(r.closes);
      const push = (to: number) => {
        if (to - cursor >= minMinutes) gaps.push({ chair, from: fromMinutes(cursor), to: fromMinutes(to), minutes: to - cursor });
      };
      for (const [s, e] of busy) {
        if (e <= cursor || s >= closes) continue;
        if (s > cursor) push(Math.min(s, closes));
        cursor = Math.max(cursor, e);
        if (cursor >= closes) break;
      }
      if (cursor < closes) push(closes);
    }
  }
  return gaps.sort((a, b) => a.from.localeCompare(b.from) || a.chair - b.chair);
}
