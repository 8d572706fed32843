import { todayInClinic } from "~/lib/clinic-time";
import { addDaysYmd, daysBetween, roundUpToUnit, toMinutes } from "~/lib/schedule";
import type { Service } from "~/lib/services";
import { SERVICES } from "~/lib/services";
import { isoWeekday, parseWishes, wishOf } from "~/lib/waitlist";
import type { Actor } from "./actor";
import type { Db } from "./db";
import type { WaitlistEntry, WaitlistOffer } from "./db/types";
import { errorCode, log } from "./log";
import { chairFreeFor, freeTimes } from "./repos/booking";
import { loadServiceSettings, loadSettings } from "./repos/schedule";
import { waitingEntries } from "./repos/waitlist";
import { offerFreedSlot } from "./waitlist";

/**
 * Days that open again (issue 31, item 1): when staff delete a closure or special hours
 * ('Horaires et fermetures'), the starts that become free on those days are offered to the waiting
 * list as a cancellation's slot is (`offerFreedSlot`, no freed appointment). Only the days from
 * today to the booking horizon, only the half-days someone still waits for, and on each chair the
 * starts one after the other (an offered start holds its service's duration and buffer, so two
 * offers on one chair never overlap). Each entry holds one offer at a time: the first free start
 * goes to the first entries of the list, the next one to the next entries, until no one waits.
 */

function isService(s: string): s is Service {
  return (SERVICES as readonly string[]).includes(s);
}

/** The entries waiting on `date` who wished for one of its half-days. */
async function waitingFor(h: Db, date: string): Promise<WaitlistEntry[]> {
  const weekday = String(isoWeekday(date));
  return (await waitingEntries(h, date)).filter((e) => isService(e.service) && parseWishes(e.wishes).some((w) => w.startsWith(weekday)));
}

async function offerDay(h: Db, date: string, actor: Actor, now: Date): Promise<WaitlistOffer[]> {
  const out: WaitlistOffer[] = [];
  let waiting = await waitingFor(h, date);
  if (waiting.length === 0) return out;
  const settings = await loadSettings(h);
  const services = await loadServiceSettings(h);
  /** per chair, the minutes already offered: [start, end) */
  const held = new Map<number, [number, number][]>();
  const overlaps = (chair: number, start: number, end: number) => (held.get(chair) ?? []).some(([s, e]) => start < e && s < end);
  for (const service of SERVICES) {
    if (!waiting.some((e) => e.service === service)) continue;
    const length = roundUpToUnit(services[service].durationMinutes + services[service].bufferMinutes);
    const { day } = await freeTimes(h, service, date, { mode: "staff", now });
    for (const time of day.times) {
      const wish = wishOf(date, time);
      if (!waiting.some((e) => e.service === service && parseWishes(e.wishes).includes(wish))) continue;
      const start = toMinutes(time);
      for (let chair = 1; chair <= settings.chairs; chair++) {
        if (overlaps(chair, start, start + length)) continue;
        if (!(await chairFreeFor(h, service, { date, time }, chair, { now }))) continue;
        const offers = await offerFreedSlot(h, { date, time, chair, freedAppointmentId: null }, { actor, now });
        if (offers.length === 0) continue;
        out.push(...offers);
        held.set(chair, [...(held.get(chair) ?? []), [start, start + length]]);
        waiting = await waitingFor(h, date);
        if (waiting.length === 0) return out;
        break;
      }
    }
  }
  return out;
}

/**
 * Offer the free starts of the days of a period that opened again (call after the change is
 * committed). Never throws: the schedule's change is stored whatever happens here.
 */
export async function offerOpenedDays(h: Db, period: { startDate: string; endDate: string }, actor: Actor, now: Date = new Date()): Promise<WaitlistOffer[]> {
  try {
    const today = todayInClinic(now);
    const horizonEnd = addDaysYmd(today, (await loadSettings(h)).horizonDays);
    const from = period.startDate > today ? period.startDate : today;
    const to = period.endDate < horizonEnd ? period.endDate : horizonEnd;
    const out: WaitlistOffer[] = [];
    for (let d = from; daysBetween(d, to) >= 0; d = addDaysYmd(d, 1)) out.push(...(await offerDay(h, d, actor, now)));
    if (out.length) log.info({ event: "waitlist_opened_days_offered", offers: out.length }, "days opened again offered to the waiting list");
    return out;
  } catch (err) {
    log.error({ event: "waitlist_opened_days_failed", ...errorCode(err) }, "days opened again not offered");
    return [];
  }
}
