import { getDb } from "~/.server/db";
import { freeTimes } from "~/.server/repos/booking";
import { loadServiceSettings, loadSettings } from "~/.server/repos/schedule";
import { todayInClinic } from "~/lib/clinic-time";
import { SERVICES, type Service } from "~/lib/services";
import { toSlotsView, type SlotsView } from "~/lib/slots-view";
import { slotsMessageAr } from "~/lib/slots-view-ar";
import type { Locale } from "~/i18n";

/**
 * Server side of the booking form's free times (docs/product.md, "Booking"): the public rules
 * (hours, closures, minimum notice, horizon, bookable online) through the booking repo.
 */

/** The free start times of one day for one service, as the public form shows them. */
export async function loadDaySlots(
  service: Service,
  date: string,
  locale: Locale = "fr",
): Promise<{ view: SlotsView; settings: Awaited<ReturnType<typeof freeTimes>>["settings"] }> {
  const free = await freeTimes(getDb(), service, date, { mode: "public" });
  const today = todayInClinic();
  const view = toSlotsView(service, free, today);
  // the status line in the page's language (/ar/appointment, issue 32)
  if (locale === "ar") view.message = slotsMessageAr(view, free.settings.horizonDays, today);
  return { view, settings: free.settings };
}

/** What the page needs before any day is chosen: the horizon and the services booked by phone only. */
export async function loadBookingRules(): Promise<{ horizonDays: number; offline: Service[] }> {
  const [settings, services] = await Promise.all([loadSettings(getDb()), loadServiceSettings(getDb())]);
  return { horizonDays: settings.horizonDays, offline: SERVICES.filter((s) => !services[s].online) };
}
