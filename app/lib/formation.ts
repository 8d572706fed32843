import { formatTimeRange } from "./format";
import type { PublicSession } from "./formation-session";
import type { Syllabus } from "./syllabus";

/** The hours of a session day, written as the site writes every time ("09:00 – 17:00"). */
export const FORMATION_HOURS = formatTimeRange("09:00", "17:00");

/**
 * A training course for dentists ("formation" in the code and the UI; see the glossary in
 * docs/glossary.md). One domain type, made from the stored row in one place
 * (toFormation in app/.server/repos/formations.ts), and one read model per screen, derived from it.
 */
export interface Formation {
  id: number;
  title: string;
  description: string;
  duration_months: number;
  max_participants: number;
  /** where the sessions take place, as the public card, the staff card and the e-mails say it */
  place: string;
  /** centimes, or null when the price is on request */
  price: number | null;
  is_active: boolean;
  syllabus: Syllabus | null;
  /**
   * The Arabic version staff wrote (migration 018; null until they do): the title, the
   * description and the syllabus in Arabic (its objectives and its modules' titles). A formation
   * without `title_ar` shows its French title on the Arabic pages, isolated, with a note.
   */
  title_ar?: string | null;
  description_ar?: string | null;
  syllabus_ar?: Syllabus | null;
  created_at: string;
  updated_at: string;
}

/** A formation with the places taken (pending + confirmed enrolments). */
export interface FormationWithCount extends Formation {
  taken: number;
}

/** What the staff editor writes. */
export type FormationInput = Omit<Formation, "id" | "created_at" | "updated_at" | "place" | "title_ar" | "description_ar" | "syllabus_ar"> & {
  /** left out: the database's default on a new one (DEFAULT_FORMATION_PLACE), unchanged on an update */
  place?: string;
  /** the Arabic version; left out: none on a new one, unchanged on an update */
  title_ar?: string | null;
  description_ar?: string | null;
  syllabus_ar?: Syllabus | null;
};

/** `?inscriptions=sans-session` and the CSV of the enrolments attached to no formation. */
export const UNASSIGNED = "sans-session";

// ---- read models: what each screen receives ----------------------------------------------------

/**
 * /syllabus and /syllabus/:id; on /formation, the featured formation (the newest active one),
 * whose syllabus fills the page's sections.
 */
export type FormationSyllabusItem = Omit<FormationWithCount, "is_active" | "created_at" | "updated_at"> & {
  /** its dated sessions open to enrolment or full (not cancelled, not over), earliest first */
  sessions: PublicSession[];
};

/** /formation: one card of the list of formations open to enrolment (no syllabus). */
export type FormationLandingItem = Omit<FormationSyllabusItem, "syllabus" | "syllabus_ar">;

/** /admin/formations: everything the list and the editor show. */
export type FormationAdminItem = Omit<FormationWithCount, "updated_at">;

/** The few fields the enrolment form's choice of formation needs. */
export type FormationOption = Pick<FormationWithCount, "id" | "title" | "taken" | "max_participants"> & { sessions: PublicSession[] };

/**
 * No place left: with dated sessions, none of them has a place; without, enrolments (pending and
 * confirmed) reach the formation's capacity.
 */
export function isFull(f: Pick<FormationWithCount, "taken" | "max_participants"> & { sessions?: PublicSession[] }): boolean {
  if (f.sessions && f.sessions.length > 0) return f.sessions.every((s) => s.left === 0);
  return f.taken >= f.max_participants;
}

/** The session an enrol link of this formation preselects: its only one with a place left. */
export function onlyOpenSession(f: { sessions: PublicSession[] } | undefined): PublicSession | undefined {
  const open = f?.sessions.filter((s) => s.left > 0) ?? [];
  return open.length === 1 ? open[0] : undefined;
}

/** Whether the enrolment form asks for a session (some formation offered has dated sessions). */
export function asksForSession(options: { sessions: PublicSession[] }[]): boolean {
  return options.some((o) => o.sessions.length > 0);
}
