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
 * The demo clinic's identity in Arabic. Until 'Clinique' has Arabic fields (issue 32, item 1),
 * the Arabic pages use these while the stored identity is still the demo's, and the stored
 * (Latin) spelling once staff have changed it: never a demo name beside a real clinic's.
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
  // each part in Arabic while it is the demo's, else as stored
  return {
    name: clinic.name === d.name ? a.name : french.name,
    shortName: clinic.shortName === d.shortName ? a.shortName : french.shortName,
    doctorName: clinic.doctor.name === d.doctor.name ? a.doctorName : french.doctorName,
    doctorTitle: clinic.doctor.title === d.doctor.title ? a.doctorTitle : french.doctorTitle,
    street: clinic.address.street === d.address.street ? a.street : french.street,
    district: clinic.address.district === d.address.district ? a.district : french.district,
    city: clinic.address.city === d.address.city ? a.city : french.city,
    country: clinic.address.country === d.address.country ? a.country : french.country,
    oneLine: clinic.address.oneLine === d.address.oneLine ? a.oneLine : french.oneLine,
  };
}

/** The usual labels of the clinic's phones, in Arabic; any other label as staff wrote it. */
const PHONE_LABELS_AR: Record<string, string> = { Cabinet: "العيادة", Mobile: "الجوّال", Fixe: "الهاتف الثابت", Portable: "الجوّال", Urgences: "الطوارئ" };

export function phoneLabel(label: string, locale: Locale): string {
  return locale === "ar" ? (PHONE_LABELS_AR[label] ?? label) : label;
}
