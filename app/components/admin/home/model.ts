/**
 * The staff home's read model ('Aujourd'hui', docs/product.md, "Staff: home"): from the day's
 * agenda items (app/components/admin/agenda/model.ts, built by the agenda's own query), the
 * patients still expected and what today's appointments still owe. Pure functions, no I/O.
 */
import type { AgendaItem } from "~/components/admin/agenda/model";
import { formatDA } from "~/lib/money";
import type { AppointmentStatus } from "~/lib/appointment-status";

export interface NextPatient {
  id: number;
  time: string;
  name: string;
  service: string;
  status: AppointmentStatus;
  /** 'Reste à payer' (null: no price yet); left out for a role that may not see prices */
  due?: number | null;
}

/** How many patients the home lists before 'et N autres' sends to the agenda. */
export const NEXT_PATIENTS_SHOWN = 6;

/**
 * The patients still expected today: a request or a confirmed visit not yet marked 'Honoré' or
 * 'Absent', in time order (one whose time has passed is still awaited until staff mark it).
 */
export function nextPatients(items: readonly AgendaItem[], { withMoney, shown = NEXT_PATIENTS_SHOWN }: { withMoney: boolean; shown?: number }): { list: NextPatient[]; more: number } {
  const waiting = items
    .filter((i) => i.status === "requested" || i.status === "confirmed")
    .sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id)
    .map(({ id, time, name, service, status, due }): NextPatient => (withMoney ? { id, time, name, service, status, due } : { id, time, name, service, status }));
  return { list: waiting.slice(0, shown), more: Math.max(0, waiting.length - shown) };
}

export interface OwingPatient {
  id: number;
  time: string;
  name: string;
  /** centimes */
  due: number;
}

export interface TodayMoney {
  /** 'Reste à payer' of the day's appointments in centimes; null while none of them has a price */
  due: number | null;
  /** the appointments that still owe something, in time order */
  owing: OwingPatient[];
  /** the day's appointments (cancelled ones aside) without a price yet */
  unpriced: number;
}

/** What today's appointments still owe, by the appointment's own rule (`balanceDue`: cancelled ones owe nothing). */
export function todayMoney(items: readonly AgendaItem[]): TodayMoney {
  const live = items.filter((i) => i.status !== "cancelled");
  const priced = live.filter((i) => i.prixtotal !== null);
  const owing = priced
    .filter((i) => (i.due ?? 0) > 0)
    .sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id)
    .map(({ id, time, name, due }) => ({ id, time, name, due: due ?? 0 }));
  return {
    due: priced.length === 0 ? null : owing.reduce((sum, o) => sum + o.due, 0),
    owing,
    unpriced: live.length - priced.length,
  };
}

/** 'Reste à payer' as shown: '—' while no price is set, never '0 DA' ('Tout est réglé' for the day, 'Réglé' for one patient). */
export function dueText(due: number | null, one = false): string {
  if (due === null) return "—";
  if (due === 0) return one ? "Réglé" : "Tout est réglé";
  return formatDA(due);
}
