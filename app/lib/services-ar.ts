import type { Locale } from "~/i18n/locale";
import { SERVICES, type Service } from "./services";

/** The eight services (./services.ts) as an Arabic message names them. */
export const SERVICES_AR: Record<Service, string> = {
  Implementation: "زراعة الأسنان",
  "Prothèses dentaires": "تركيبات الأسنان",
  "Blanchiment des dents": "تبييض الأسنان",
  Orthodontie: "تقويم الأسنان",
  "Chirurgie dentaire": "جراحة الفم والأسنان",
  "Extraction dentaire": "خلع الأسنان",
  "Soins conservateurs": "العلاج التحفظي للأسنان",
  "Esthétique dentaire": "تجميل الأسنان",
};

/** A stored service (French) in `locale`; one that is not of the list stays as stored. */
export function serviceIn(locale: Locale, service: string): string {
  if (locale !== "ar") return service;
  const known = SERVICES.find((s) => s === service);
  return known ? SERVICES_AR[known] : service;
}
