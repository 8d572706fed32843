import { CATALOGUES, type Locale } from "~/i18n";
import type { BookingTexts } from "./booking-answer";
import { serviceNames } from "./service-names";

/** The booking island's texts in `locale` (server side: the island's props carry them). */
export function bookingTexts(locale: Locale): BookingTexts {
  const c = CATALOGUES[locale];
  return { ...c.booking, optional: c.forms.optional, close: c.forms.close, honeypot: c.forms.honeypot, services: serviceNames(locale) };
}
