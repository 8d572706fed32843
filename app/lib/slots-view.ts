import { farDateMessage, type DaySlots, type DayState, type ScheduleSettings, type SlotChoice } from "~/lib/schedule";
import { isValidYmd } from "~/lib/ymd";
import { SERVICES, type Service } from "~/lib/services";

/**
 * The free times of one day as the booking form shows them (docs/product.md, "Booking"): what
 * /appointment/creneaux answers, what the page's loader and action give for a post without
 * JavaScript, and the French status line of the day. Pure: shared by the server and the browser.
 */

/** The day's state, or "not_online" for a service booked by phone only. */
export type SlotsState = DayState | "not_online";

export interface SlotsView {
  service: Service;
  date: string;
  state: SlotsState;
  /** free start times HH:MM, in order */
  times: string[];
  /** the label of a closure or special hours on that day */
  label: string | null;
  /** the first later day with a free time, when this one has none */
  next: string | null;
  /** the status line: "12 horaires libres le mardi 24 novembre", "Complet ce jour-là"… */
  message: string;
}

const dayLong = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const dayLongYear = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * "2026-11-24" → "mardi 24 novembre" (with the year when it is not today's year); in Arabic
 * "الثلاثاء 24 نوفمبر" (ar-DZ, Western digits).
 */
export function formatDayLong(ymd: string, today?: string, locale: "fr" | "ar" = "fr"): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return ymd;
  const withYear = Boolean(today && today.slice(0, 4) !== ymd.slice(0, 4));
  if (locale === "ar") {
    const o: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" };
    return new Intl.DateTimeFormat("ar-DZ-u-nu-latn", withYear ? { ...o, year: "numeric" } : o).format(d).replace("،", "");
  }
  return (withYear ? dayLongYear : dayLong).format(d);
}

/** "mardi 24 novembre à 10:30" */
export function formatSlot(slot: SlotChoice, today?: string): string {
  return `${formatDayLong(slot.date, today)} à ${slot.time}`;
}

export const NOT_ONLINE_MESSAGE = "Ce soin ne se réserve pas en ligne : appelez-nous pour convenir d'un rendez-vous.";

/** The status line of a day. */
export function slotsMessage(view: Pick<SlotsView, "state" | "times" | "date" | "label">, settings: Pick<ScheduleSettings, "horizonDays">, today?: string): string {
  const label = view.label ? ` (${view.label})` : "";
  switch (view.state) {
    case "open": {
      const n = view.times.length;
      return `${n} horaire${n > 1 ? "s" : ""} libre${n > 1 ? "s" : ""} le ${formatDayLong(view.date, today)}${label}`;
    }
    case "full":
      return "Complet ce jour-là";
    case "closed":
      return `La clinique est fermée ce jour-là${label}`;
    case "past":
      return "Cette date est passée : choisissez un jour à venir.";
    case "beyond":
      return farDateMessage(settings.horizonDays);
    case "not_online":
      return NOT_ONLINE_MESSAGE;
  }
}

/** The view of `freeTimes` (app/.server/repos/booking.ts) for the public form. */
export function toSlotsView(
  service: Service,
  free: { day: DaySlots; next?: DaySlots; settings: ScheduleSettings; online: boolean },
  today?: string,
): SlotsView {
  const base = free.online
    ? { state: free.day.state as SlotsState, times: free.day.times, label: free.day.label ?? null, next: free.next?.date ?? null }
    : { state: "not_online" as const, times: [], label: null, next: null };
  const view = { service, date: free.day.date, ...base };
  return { ...view, message: slotsMessage(view, free.settings, today) };
}

/** `?service=…&date=…` (or a posted form's fields) when both are valid, else null. */
export function parseDayQuery(get: (name: string) => unknown): { service: Service; date: string } | null {
  const service = get("service");
  const date = get("date");
  if (typeof service !== "string" || !(SERVICES as readonly string[]).includes(service)) return null;
  if (typeof date !== "string" || !isValidYmd(date)) return null;
  return { service: service as Service, date };
}

/** The free times' address; `lang=ar` for the Arabic page (its status line in Arabic). */
export function freeTimesUrl(service: string, date: string, locale: "fr" | "ar" = "fr"): string {
  return `/appointment/creneaux?${new URLSearchParams(locale === "ar" ? { service, date, lang: "ar" } : { service, date }).toString()}`;
}

/**
 * The buttons of the form, by their `intent` value: 'Envoyer ma demande' books; without
 * JavaScript, 'Voir les horaires libres' ("slots"), 'Prochain jour libre' ("day:YYYY-MM-DD") and a
 * nearest free time ("slot:YYYY-MM-DDTHH:MM") post the form to have the free times rendered.
 */
export type BookingIntent = { kind: "book" } | { kind: "slots" } | { kind: "day"; date: string } | { kind: "slot"; date: string; time: string };

export function dayIntent(date: string): string {
  return `day:${date}`;
}

export function slotIntent(slot: SlotChoice): string {
  return `slot:${slot.date}T${slot.time}`;
}

export function parseBookingIntent(v: unknown): BookingIntent {
  if (v === "slots") return { kind: "slots" };
  if (typeof v !== "string") return { kind: "book" };
  const day = /^day:(\d{4}-\d{2}-\d{2})$/.exec(v);
  if (day && isValidYmd(day[1])) return { kind: "day", date: day[1] };
  const slot = /^slot:(\d{4}-\d{2}-\d{2})T(([01]\d|2[0-3]):[0-5]\d)$/.exec(v);
  if (slot && isValidYmd(slot[1])) return { kind: "slot", date: slot[1], time: slot[2] };
  return { kind: "book" };
}
