/** The agenda's tests' appointments: a stored row with everything set, then the read model's item of it. */
import type { Appointment } from "~/.server/db/types";
import { defaultSchedule } from "~/lib/schedule";
import { toAgendaItem, type AgendaItem } from "./model";

export const schedule = defaultSchedule();

function row(p: Partial<Appointment>): Appointment {
  return {
    id: 1,
    name: "Amina Belkacem",
    email: null,
    phone: "0551 23 45 67",
    phone_digits: "551234567",
    service: "Orthodontie",
    date: "2026-11-24",
    time: "10:00",
    message: null,
    prixtotal: null,
    prixpay: null,
    progress: null,
    tips: null,
    submission_key: null,
    created_at: "2026-11-20T10:00:00.000Z",
    status: "confirmed",
    chair: 1,
    duration_minutes: 30,
    buffer_minutes: 15,
    forced: 0,
    cancelled_by: null,
    cancel_reason: null,
    updated_at: null,
    patient_id: null,
    link_salt: null,
    link_hash: null,
    patient_confirmed_at: null,
    reminded_at: null,
    mail_reminder_at: null,
    language: "fr",
    anonymised_at: null,
    ...p,
  };
}

export const item = (p: Partial<Appointment>): AgendaItem => toAgendaItem(row(p), schedule);
