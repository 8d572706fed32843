import { useLocation } from "react-router";
import { localeOf, localizedPath, pageLabel, t, type Locale, type MessageKey } from "~/i18n";
import { clinicWords } from "~/i18n/clinic";
import type { NavLink } from "~/content/navigation";
import { useClinic } from "./use-clinic";

/** The language of the page being shown, from its URL (/ar/… is Arabic); works on error pages too. */
export function useLocale(): Locale {
  return localeOf(useLocation().pathname);
}

/**
 * What a shared component needs to speak the page's language: its texts (`t`), where a link to a
 * French path goes (`href`: the Arabic page when it exists), a menu link's label, and the
 * clinic's identity as this language writes it.
 */
export function useI18n() {
  const locale = useLocale();
  const clinic = useClinic();
  return {
    locale,
    t: (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params),
    href: (path: string) => localizedPath(locale, path),
    label: (link: NavLink) => pageLabel(locale, link.to) ?? link.label,
    words: clinicWords(clinic, locale),
  };
}
