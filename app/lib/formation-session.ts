import { formatDayFull, formatTimeRange } from "./format";

/**
 * A dated session of a formation (issue 31, item 3; migration 015). The stored status is what staff
 * decide ('open', 'cancelled'); 'full' and 'finished' are derived when read, from the places and the
 * calendar, so they never disagree with the enrolments.
 */
export interface FormationSession {
  id: number;
  formation_id: number;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string;
  /** HH:MM */
  day_start: string;
  day_end: string;
  place: string;
  capacity: number;
  /** centimes, null: on request */
  price: number | null;
  /** what staff decide (stored): open or cancelled */
  stored_status: "open" | "cancelled";
  payment_days: number;
  offer_hours: number;
  /** pending + confirmed enrolments of the session */
  taken: number;
  /** waiting-list offers still valid: each holds a place for its person */
  held: number;
  /** people on the waiting list (not yet offered) */
  waiting: number;
}

export type SessionStatus = "open" | "full" | "finished" | "cancelled";

export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  open: "Inscriptions ouvertes",
  full: "Complet",
  finished: "Terminée",
  cancelled: "Annulée",
};

/** Places still free for a new enrolment: capacity minus enrolments and live offers. */
export function placesLeft(s: Pick<FormationSession, "capacity" | "taken" | "held">): number {
  return Math.max(0, s.capacity - s.taken - s.held);
}

/** The status shown: cancelled, else finished once its last day is past, else full, else open. */
export function sessionStatus(s: Pick<FormationSession, "stored_status" | "end_date" | "capacity" | "taken" | "held">, today: string): SessionStatus {
  if (s.stored_status === "cancelled") return "cancelled";
  if (s.end_date < today) return "finished";
  return placesLeft(s) === 0 ? "full" : "open";
}

/** A session one can enrol in or wait for: not cancelled and not over. */
export function isBookable(s: Pick<FormationSession, "stored_status" | "end_date">, today: string): boolean {
  return s.stored_status === "open" && s.end_date >= today;
}

/** "du lundi 15 février 2027 au mercredi 17 février 2027, 09:00 – 17:00" (one day: "le …"). */
export function sessionDates(s: Pick<FormationSession, "start_date" | "end_date" | "day_start" | "day_end">): string {
  return `${sessionDays(s)}, ${formatTimeRange(s.day_start, s.day_end)}`;
}

/** "du lundi 15 février 2027 au mercredi 17 février 2027" or "le lundi 15 février 2027". */
export function sessionDays(s: Pick<FormationSession, "start_date" | "end_date">): string {
  return s.start_date === s.end_date ? `le ${formatDayFull(s.start_date)}` : `du ${formatDayFull(s.start_date)} au ${formatDayFull(s.end_date)}`;
}

/** A session as the public pages and the enrolment form show it. */
export interface PublicSession {
  id: number;
  start_date: string;
  end_date: string;
  day_start: string;
  day_end: string;
  place: string;
  price: number | null;
  capacity: number;
  left: number;
  status: SessionStatus;
}

export function toPublicSession(s: FormationSession, today: string): PublicSession {
  const { id, start_date, end_date, day_start, day_end, place, price, capacity } = s;
  return { id, start_date, end_date, day_start, day_end, place, price, capacity, left: placesLeft(s), status: sessionStatus(s, today) };
}

/** The choices of 'Session choisie': each session with its formation's title and its days; a full one is marked and disabled. */
export function sessionChoices(options: { title: string; sessions: PublicSession[] }[]): { value: string; label: string; disabled: boolean }[] {
  return options.flatMap((o) =>
    o.sessions.map((s) => {
      const label = `${o.title} — ${sessionDays(s)}`;
      return { value: String(s.id), label: s.left === 0 ? `${label} (Complet)` : label, disabled: s.left === 0 };
    }),
  );
}
