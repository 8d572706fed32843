import type { ReminderLinks } from "~/lib/front-desk-contact";
import type { Db } from "./db/connection";
import { numberOrNull } from "./db";
import type { Appointment, AppointmentHistoryEntry } from "./db/types";
import { reminderLinksOf } from "./reminder-links";
import { historyFor } from "./repos/appointments";

/**
 * What the staff screens receive of an appointment (the list's lines and card, the agenda's card):
 * shapes written here, on the server; the components import them as types
 * (components/admin/appointments/types.ts, components/admin/front-desk/types.ts).
 */

/** One line of an appointment's history, as the screens receive it. */
export type HistoryEntryView = Pick<AppointmentHistoryEntry, "id" | "at" | "actor" | "action" | "from_status" | "to_status" | "detail">;

/** A stored history line as the screens receive it (nothing else of the row). */
export const toHistoryView = ({ id, at, actor, action, from_status, to_status, detail }: HistoryEntryView): HistoryEntryView => ({ id, at, actor, action, from_status, to_status, detail });

/**
 * An appointment as the admin screen receives it: the stored row without its internal keys
 * (the submission key, the phone's digits, and the personal link's salt and hash, which never
 * reach a browser).
 */
export type AppointmentView = Omit<Appointment, "submission_key" | "phone_digits" | "link_salt" | "link_hash">;

/**
 * A line of the list: what shows before 'Détails' opens its card (issue 33: the list's page carries
 * 24 lines, and the whole card of the one opened).
 */
export type AppointmentLine = Pick<AppointmentView, "id" | "name" | "service" | "language" | "status" | "forced" | "date" | "time" | "prixtotal" | "prixpay" | "patient_confirmed_at">;

/** The card 'Détails' opens: the row, its history (oldest first), and its WhatsApp/SMS links (they carry the personal link). */
export type AppointmentListItem = AppointmentView & { history: HistoryEntryView[]; reminder: ReminderLinks | null };

/**
 * The row without its internal keys (the personal link's salt and hash never reach a browser: the
 * links are written here, in `reminder`); numbers as numbers whatever the driver returned.
 */
export function toAppointmentView({ submission_key: _key, phone_digits: _digits, link_salt: _salt, link_hash: _hash, ...a }: Appointment): AppointmentView {
  return { ...a, id: Number(a.id), prixtotal: numberOrNull(a.prixtotal), prixpay: numberOrNull(a.prixpay), chair: numberOrNull(a.chair), forced: Number(a.forced) };
}

/**
 * A line of the list (docs/product.md, "Staff: appointments"; issue 33): what the line shows
 * before 'Détails' opens the card: the name and service, the badges, the day and time, the prices
 * (paid of total, 'Reste à payer').
 */
export function toAppointmentLine(a: Appointment): AppointmentLine {
  return {
    id: Number(a.id),
    name: a.name,
    service: a.service,
    language: a.language,
    status: a.status,
    forced: Number(a.forced),
    date: a.date,
    time: a.time,
    prixtotal: numberOrNull(a.prixtotal),
    prixpay: numberOrNull(a.prixpay),
    patient_confirmed_at: a.patient_confirmed_at,
  };
}

/**
 * The card 'Détails' opens: the whole appointment, its WhatsApp and SMS links with the personal
 * link written here (the server holds the secret), and its history.
 */
export async function appointmentCard(h: Db, row: Appointment, today: string): Promise<AppointmentListItem> {
  const id = Number(row.id);
  const [history, links] = await Promise.all([historyFor(h, [id]), reminderLinksOf(h, [row], today)]);
  return {
    ...toAppointmentView(row),
    history: (history.get(id) ?? []).map(toHistoryView),
    reminder: links.get(id) ?? null,
  };
}
