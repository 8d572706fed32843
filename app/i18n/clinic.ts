import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import type { Locale } from "./locale";

/** The clinic's identity as a page in one language writes it. */
export interface ClinicWords {
  name: string;
  shortName: string;
  doctorName: string;
  doctorTitle: string;
  street: string;
  district: string;
  city: string;
  country: string;
  oneLine: string;
}

/**
 * The demo clinic's identity in Arabic. A part staff left empty in 'Clinique' (its Arabic
 * fields) shows this while the stored French part is still the demo's, and the stored (Latin)
 * spelling once staff have changed it: never a demo name beside a real clinic's.
 */
export const DEMO_CLINIC_AR: ClinicWords = {
  name: "عيادة حمدي لطب الأسنان",
  shortName: "عيادة حمدي",
  doctorName: "الدكتور نذير حمدي",
  doctorTitle: "جرّاح أسنان، مختص في زراعة الأسنان وتجميلها",
  street: "12، شارع الإخوة بوعدو",
  district: "القبة",
  city: "الجزائر العاصمة",
  country: "الجزائر",
  oneLine: "12، شارع الإخوة بوعدو، القبة، الجزائر العاصمة",
};

export function clinicWords(clinic: Clinic, locale: Locale): ClinicWords {
  const french: ClinicWords = {
    name: clinic.name,
    shortName: clinic.shortName,
    doctorName: clinic.doctor.name,
    doctorTitle: clinic.doctor.title,
    street: clinic.address.street,
    district: clinic.address.district,
    city: clinic.address.city,
    country: clinic.address.country,
    oneLine: clinic.address.oneLine,
  };
  if (locale === "fr") return french;
  const d = DEMO_CLINIC;
  const a = DEMO_CLINIC_AR;
  const typed = clinic.arabic ?? {};
  // each part as staff wrote it in Arabic ('Clinique'), else in Arabic while it is the demo's, else as stored
  const part = (key: keyof typeof typed & keyof ClinicWords, stored: string, demo: string) => typed[key] || (stored === demo ? a[key] : stored);
  const street = part("street", clinic.address.street, d.address.street);
  const district = part("district", clinic.address.district, d.address.district);
  const city = part("city", clinic.address.city, d.address.city);
  return {
    name: part("name", clinic.name, d.name),
    shortName: part("shortName", clinic.shortName, d.shortName),
    doctorName: part("doctorName", clinic.doctor.name, d.doctor.name),
    doctorTitle: part("doctorTitle", clinic.doctor.title, d.doctor.title),
    street,
    district,
    city,
    country: clinic.address.country === d.address.country ? a.country : french.country,
    oneLine: [street, district, city].filter(Boolean).join("، "),
  };
}

/** The usual labels of the clinic's phones, in Arabic; any other label as staff wrote it. */
const PHONE_LABELS_AR: Record<string, string> = { Cabinet: "العيادة", Mobile: "الجوّال", Fixe: "الهاتف الثابت", Portable: "الجوّال", Urgences: "الطوارئ" };

export function phoneLabel(label: string, locale: Locale): string {
  return locale === "ar" ? (PHONE_LABELS_AR[label] ?? label) : label;
}
