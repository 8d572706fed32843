import type { Locale } from "~/i18n/locale";
import { messageLanguage } from "~/lib/message-language";
import type { Db } from "./db";
import type { Appointment } from "./db/types";
import { patientLanguages } from "./repos/languages";

/**
 * The language of one appointment's messages, its patient record read (the rule is
 * messageLanguage, app/lib/message-language.ts).
 */
export async function appointmentLanguage(h: Pick<Db, "db">, a: Pick<Appointment, "patient_id" | "language">): Promise<Locale> {
  if (a.patient_id === null || a.patient_id === undefined) return messageLanguage(a, null);
  const languages = await patientLanguages(h, [Number(a.patient_id)]);
  const language = languages.get(Number(a.patient_id));
  return messageLanguage(a, language ? { language } : null);
}

/** The language of the messages of several appointments, by appointment id: one query for all. */
export async function appointmentLanguages(h: Pick<Db, "db">, rows: Pick<Appointment, "id" | "patient_id" | "language">[]): Promise<Map<number, Locale>> {
  const ids = rows.map((r) => r.patient_id).filter((id): id is number => id !== null && id !== undefined);
  const languages = await patientLanguages(h, ids);
  const out = new Map<number, Locale>();
  for (const a of rows) {
    const language = a.patient_id !== null && a.patient_id !== undefined ? languages.get(Number(a.patient_id)) : undefined;
    out.set(Number(a.id), messageLanguage(a, language ? { language } : null));
  }
  return out;
}
