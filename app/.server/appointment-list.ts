import type { Db } from "./db/connection";
import type { Appointment } from "./db/types";
import { reminderLinksOf } from "./reminder-links";
import { historyFor } from "./repos/appointments";
import type { AppointmentLine, AppointmentListItem, AppointmentView } from "~/components/admin/appointments/types";
import { toHistoryView } from "~/components/admin/front-desk/types";

/**
 * The row without its internal keys (the personal link's salt and hash never reach a browser: the
 * links are written here, in `reminder`); numbers as numbers whatever the driver returned.
 */
export function toAppointmentView({ submission_key: _key, phone_digits: _digits, link_salt: _salt, link_hash: _hash, ...a }: Appointment): AppointmentView {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return { ...a, id: Number(a.id), prixtotal: num(a.prixtotal), prixpay: num(a.prixpay), chair: num(a.chair), forced: Number(a.forced) };
}

/**
 * A line of the list (docs/product.md, "Staff: appointments"; issue 33): what the line shows
 * before 'Détails' opens the card: the name and service, the badges, the day and time, the prices
 * (paid of total, 'Reste à payer').
 */
export function toAppointmentLine(a: Appointment): AppointmentLine {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(a.id),
    name: a.name,
    service: a.service,
    language: a.language,
    status: a.status,
    forced: Number(a.forced),
    date: a.date,
    time: a.time,
    prixtotal: num(a.prixtotal),
    prixpay: num(a.prixpay),
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
