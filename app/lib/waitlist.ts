import { z } from "~/lib/zod";
import { addDays, calendarDay, consent, EMAIL_MAX, KEYED_RULE_MESSAGES, personName, phone, requiredText } from "./rules";
import { SERVICES } from "./services";

/**
 * The appointment waiting list ('Liste d'attente', issue 31 item 1): what a patient wishes (a
 * service, the half-days of the week that suit them, until a day) and how a freed slot is matched
 * against it. Pure: the join form (public and staff) and the server share it.
 *
 * A wish is an ISO weekday (1 = lundi … 7 = dimanche) and a half-day: "am" ('Matin', a start
 * before 13:00) or "pm" ('Après-midi'). Stored as "1am,1pm,3am".
 */

export const HALF_DAY_SPLIT = "13:00";
export const HALF_DAYS = [
  { key: "am", label: "Matin" },
  { key: "pm", label: "Après-midi" },
] as const;
export type HalfDay = (typeof HALF_DAYS)[number]["key"];

/** The week as the clinic lives it (samedi first, Algeria). */
export const WEEKDAYS = [
  { n: 6, label: "Samedi", short: "Sam." },
  { n: 7, label: "Dimanche", short: "Dim." },
  { n: 1, label: "Lundi", short: "Lun." },
  { n: 2, label: "Mardi", short: "Mar." },
  { n: 3, label: "Mercredi", short: "Mer." },
  { n: 4, label: "Jeudi", short: "Jeu." },
  { n: 5, label: "Vendredi", short: "Ven." },
] as const;

export const WISH_KEYS: readonly string[] = WEEKDAYS.flatMap((d) => HALF_DAYS.map((h) => `${d.n}${h.key}`));

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar day. */
export function isoWeekday(ymd: string): number {
  const d = new Date(`${ymd}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The wish a start time falls in: "6am" for a Saturday at 09:30. */
export function wishOf(date: string, time: string): string {
  return `${isoWeekday(date)}${time < HALF_DAY_SPLIT ? "am" : "pm"}`;
}

export function parseWishes(stored: string): string[] {
  return stored.split(",").filter((w) => WISH_KEYS.includes(w));
}

/** The wishes as stored: known keys only, each once, in the week's order. */
export function storeWishes(wishes: readonly string[]): string {
  const set = new Set(wishes);
  return WISH_KEYS.filter((k) => set.has(k)).join(",");
}

/** "Samedi matin, Lundi matin et après-midi" */
export function wishesText(stored: string): string {
  const set = new Set(parseWishes(stored));
  const parts: string[] = [];
  for (const d of WEEKDAYS) {
    const halves = HALF_DAYS.filter((h) => set.has(`${d.n}${h.key}`));
    if (halves.length === 2) parts.push(`${d.label} matin et après-midi`);
    else if (halves.length === 1) parts.push(`${d.label} ${halves[0].label.toLowerCase()}`);
  }
  return parts.join(", ") || "—";
}

export interface WishHolder {
  service: string;
  wishes: string;
  until_date: string;
  status: string;
}

/**
 * Whether a freed slot (a day, a start time) suits an entry still waiting: a half-day it wished
 * for, within its dates. Whether the entry's service fits in the slot is the schedule's to say.
 */
export function matchesWish(entry: WishHolder, slot: { date: string; time: string }, today: string): boolean {
  if (entry.status !== "waiting") return false;
  if (entry.until_date < slot.date || entry.until_date < today || slot.date < today) return false;
  return parseWishes(entry.wishes).includes(wishOf(slot.date, slot.time));
}

/**
 * When an offer stops holding: `hours` after it is made, and never past the slot's start minus the
 * booking notice (a patient must still be able to come). Null when that leaves less than
 * `minUsefulMinutes`: the slot is too close to be offered at all.
 */
export function offerExpiry(now: Date, slotStart: Date, opts: { hours: number; noticeMinutes: number; minUsefulMinutes?: number }): Date | null {
  const byHours = now.getTime() + opts.hours * 3_600_000;
  const byStart = slotStart.getTime() - opts.noticeMinutes * 60_000;
  const at = Math.min(byHours, byStart);
  if (at - now.getTime() < (opts.minUsefulMinutes ?? 30) * 60_000) return null;
  return new Date(at);
}

// ---- statuses ------------------------------------------------------------------------------------

export const ENTRY_STATUS_LABELS: Record<string, string> = {
  waiting: "En attente",
  offered: "Proposé",
  booked: "A obtenu un rendez-vous",
  expired: "Expiré",
  removed: "Retiré",
};

export const OFFER_STATUS_LABELS: Record<string, string> = {
  open: "Proposé",
  claimed: "Pris",
  taken: "Pris par un autre patient",
  expired: "Expiré",
  withdrawn: "Retiré",
};

// ---- the join form -------------------------------------------------------------------------------

export const WAITLIST_MESSAGES = {
  service: "Veuillez choisir un service.",
  wishes: "Cochez au moins une demi-journée qui vous convient.",
  until: "Veuillez indiquer jusqu'à quand vous attendez.",
  untilPast: "La date ne peut pas être dans le passé.",
  untilFar: (days: number) => `La liste d'attente vaut au plus ${days} jours : choisissez une date plus proche.`,
  name: "Veuillez indiquer le nom complet.",
  phone: "Veuillez indiquer un numéro de téléphone.",
  emailInvalid: "Adresse e-mail invalide (exemple : nom@exemple.com).",
  consent: "Veuillez accepter la politique de confidentialité pour vous inscrire.",
} as const;

/** How far ahead a wish may run (days from today). */
export const WAITLIST_MAX_DAYS = 180;

/** The join form's messages as catalogue keys (the public form: shown in its page's language, issue 32). */
const KEYED: typeof WAITLIST_MESSAGES = {
  service: "waitlistJoin.errService",
  wishes: "waitlistJoin.errWishes",
  until: "waitlistJoin.errUntil",
  untilPast: "waitlistJoin.errUntilPast",
  untilFar: (days: number) => `waitlistJoin.errUntilFar?days=${days}`,
  name: "waitlistJoin.errName",
  phone: "waitlistJoin.errPhone",
  emailInvalid: "waitlistJoin.errEmailInvalid",
  consent: "waitlistJoin.errConsent",
} as unknown as typeof WAITLIST_MESSAGES;

/** The fields; `keyed`: the messages as keys (the public form), else the French sentences (staff's). */
function waitlistFields(today: string, keyed = false) {
  const M = keyed ? KEYED : WAITLIST_MESSAGES;
  const R = keyed ? KEYED_RULE_MESSAGES : undefined;
  return {
    service: z.enum(SERVICES, { error: M.service }),
    wishes: z.array(z.string().refine((w) => WISH_KEYS.includes(w), { error: M.wishes }), { error: M.wishes }).min(1, { error: M.wishes }).max(WISH_KEYS.length),
    until: calendarDay({ missing: M.until, messages: R }).pipe(
      z
        .string()
        .refine((v) => v >= today, { error: M.untilPast, abort: true })
        .refine((v) => v <= addDays(today, WAITLIST_MAX_DAYS), { error: M.untilFar(WAITLIST_MAX_DAYS) }),
    ),
    name: personName({ missing: M.name, messages: R }),
    phone: phone({ missing: M.phone, messages: R }),
    email: requiredText({ missing: M.emailInvalid, max: EMAIL_MAX, tooLong: R?.emailTooLong ?? "L'adresse e-mail est trop longue.", messages: R })
      .pipe(z.email({ error: M.emailInvalid }))
      .optional()
      .transform((v) => v ?? null),
  };
}

/** The public form ('Rejoindre la liste d'attente', /liste-attente). */
export function waitlistJoinSchema(today: string) {
  return z.object({ ...waitlistFields(today, true), consent: consent(KEYED.consent) });
}

/** Staff add a patient (/admin/liste-attente): no consent box, the patient record optional. */
export function waitlistStaffSchema(today: string) {
  return z.object({ ...waitlistFields(today), patient_id: z.coerce.number().int().positive().optional() });
}

export const waitlistRemoveSchema = z.object({ id: z.coerce.number().int().positive() });
