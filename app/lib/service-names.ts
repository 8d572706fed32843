import { CATALOGUES, type Locale } from "~/i18n";

/**
 * A service as a page in `locale` names it (catalogue group `serviceNames`, keyed by the stored
 * French name: the stored value stays the French name, app/lib/services.ts). An unknown name is
 * shown as stored.
 */
export function serviceName(locale: Locale, stored: string): string {
  return (CATALOGUES[locale].serviceNames as Record<string, string>)[stored] ?? stored;
}

/** The label of each service in `locale`, by its stored name (the booking island's props). */
export function serviceNames(locale: Locale): Record<string, string> {
  return { ...CATALOGUES[locale].serviceNames };
}
