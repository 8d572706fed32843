import { type AppointmentStatus, type CancelledBy } from "~/lib/appointment-status";
import { balanceDue } from "~/lib/money";
import { todayInClinic } from "~/lib/clinic-time";
import { numberOrNull, type Db } from "../db";
import type { AppointmentHistoryAction, Language, PatientEventAction } from "../db/types";
import type { PatientCounts } from "./patient-list";
import { contactsOf } from "./patients";
import { patientRecalls, type PatientRecalls } from "./recalls";

/** One patient record as the staff screen shows it: contacts, appointments, history, money across visits. */

// ---- the record -------------------------------------------------------------------------------------

export interface PatientView {
  id: number;
  name: string;
  phone: string | null;
  phoneE164: string | null;
  email: string | null;
  notes: string | null;
  /** the language of the messages it is sent (issue 32): its latest booking's, or as staff set it */
  language: Language;
  createdAt: string;
  updatedAt: string;
  mergedInto: number | null;
  erasedAt: string | null;
}

export interface PatientHistoryEntry {
  id: number;
  at: string;
  actor: string;
  action: AppointmentHistoryAction;
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus | null;
  detail: string | null;
}

export interface PatientAppointment {
  id: number;
  date: string;
  time: string;
  service: string;
  status: AppointmentStatus;
  forced: number;
  /** as typed for that appointment (a record gathers several spellings) */
  name: string;
  phone: string;
  email: string | null;
  prixtotal: number | null;
  prixpay: number | null;
  /** balanceDue: null when no total is set or it was cancelled */
  due: number | null;
  progress: string | null;
  cancelledBy: CancelledBy | null;
  cancelReason: string | null;
  /** the language of the page it was booked on (issue 32) */
  language: Language;
  anonymisedAt: string | null;
  history: PatientHistoryEntry[];
}

export interface PatientEventView {
  id: number;
  at: string;
  actor: string;
  action: PatientEventAction;
  detail: string | null;
}

export interface MoneyAcrossVisits {
  /** totals set, cancelled appointments left out (centimes) */
  billed: number;
  paid: number;
  due: number;
}

export interface PatientRecord {
  patient: PatientView;
  appointments: PatientAppointment[];
  counts: PatientCounts & { upcoming: number };
  totals: MoneyAcrossVisits;
  events: PatientEventView[];
  /** records merged into this one */
  merged: { id: number; name: string }[];
  /** 'Rappels de suivi' (issue 31): the due days and 'Ne plus me rappeler' */
  recalls: PatientRecalls;
}

function patientView(r: {
  id: number;
  name: string;
  phone: string | null;
  phone_e164: string | null;
  email: string | null;
  notes: string | null;
  language: Language;
  created_at: string;
  updated_at: string;
  merged_into: number | null;
  erased_at: string | null;
}): PatientView {
  return {
    ...contactsOf(r),
    notes: r.notes,
    language: r.language,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    mergedInto: r.merged_into === null ? null : Number(r.merged_into),
    erasedAt: r.erased_at,
  };
}

/** Billed, paid and still due across appointments, by the rule of balanceDue (cancelled left out). */
export function moneyAcrossVisits(rows: { prixtotal: number | null; prixpay: number | null; status: AppointmentStatus }[]): MoneyAcrossVisits {
  let billed = 0;
  let paid = 0;
  let due = 0;
  for (const a of rows) {
    if (a.status === "cancelled") continue;
    billed += a.prixtotal ?? 0;
    paid += a.prixpay ?? 0;
    due += balanceDue(a) ?? 0;
  }
  return { billed, paid, due };
}

/**
 * One record as the record screen shows it: contacts, every appointment (latest first) with its
 * history, the counts, the money across visits, the staff notes and who did what to the record.
 * Undefined when the id is unknown. A merged or erased record comes back as such (the screen
 * sends a merged one to the record it went into).
 */
export async function getPatientRecord(h: Pick<Db, "db">, id: number, now: Date = new Date()): Promise<PatientRecord | undefined> {
  const row = await h.db.selectFrom("patients").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [appointments, events, merged] = await Promise.all([
    h.db.selectFrom("appointments").selectAll().where("patient_id", "=", id).orderBy("date", "desc").orderBy("time", "desc").orderBy("id", "desc").execute(),
    h.db.selectFrom("patient_events").selectAll().where("patient_id", "=", id).orderBy("id", "desc").execute(),
    h.db.selectFrom("patients").select(["id", "name"]).where("merged_into", "=", id).orderBy("id").execute(),
  ]);
  const ids = appointments.map((a) => Number(a.id));
  const history = ids.length
    ? await h.db.selectFrom("appointment_history").selectAll().where("appointment_id", "in", ids).orderBy("appointment_id").orderBy("id").execute()
    : [];
  const byAppointment = new Map<number, PatientHistoryEntry[]>();
  for (const e of history) {
    const list = byAppointment.get(Number(e.appointment_id)) ?? [];
    list.push({ id: Number(e.id), at: e.at, actor: e.actor, action: e.action, from_status: e.from_status, to_status: e.to_status, detail: e.detail });
    byAppointment.set(Number(e.appointment_id), list);
  }
  const items: PatientAppointment[] = appointments.map((a) => {
    const amounts = { prixtotal: numberOrNull(a.prixtotal), prixpay: numberOrNull(a.prixpay), status: a.status };
    return {
      id: Number(a.id),
      date: a.date,
      time: a.time,
      service: a.service,
      forced: Number(a.forced),
      name: a.name,
      phone: a.phone,
      email: a.email,
      ...amounts,
      due: balanceDue(amounts),
      progress: a.progress,
      cancelledBy: a.cancelled_by,
      cancelReason: a.cancel_reason,
      language: a.language,
      anonymisedAt: a.anonymised_at,
      history: byAppointment.get(Number(a.id)) ?? [],
    };
  });
  const today = todayInClinic(now);
  return {
    patient: patientView(row),
    appointments: items,
    counts: {
      appointments: items.length,
      attended: items.filter((a) => a.status === "attended").length,
      noShows: items.filter((a) => a.status === "no_show").length,
      cancelled: items.filter((a) => a.status === "cancelled").length,
      upcoming: items.filter((a) => a.date >= today && (a.status === "requested" || a.status === "confirmed")).length,
    },
    totals: moneyAcrossVisits(items),
    events: events.map((e) => ({ id: Number(e.id), at: e.at, actor: e.actor, action: e.action, detail: e.detail })),
    merged: merged.map((m) => ({ id: Number(m.id), name: m.name })),
    recalls: await patientRecalls(h, id),
  };
}
