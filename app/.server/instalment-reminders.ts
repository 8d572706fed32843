import type { Clinic } from "~/lib/clinic";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";
import type { Db } from "./db";
import { smsHref, whatsappHref } from "./reminder-links";
import { lateInstalments } from "./repos/plans";

/**
 * 'Échéances en retard' on the reminders' screen (docs/product.md, "Reminders"; issue 29): each
 * late instalment with one-tap WhatsApp and SMS links carrying a fixed French message ('Votre
 * échéance du … de … DA …'). The message is not editable yet (the reminders' templates are).
 */
export interface LateReminder {
  quoteId: number;
  quoteNumber: string;
  patientId: number | null;
  patientName: string | null;
  dueDay: string;
  due: number;
  whatsapp: string | null;
  sms: string | null;
}

export function lateMessage(clinic: Clinic, name: string | null, dueDay: string, due: number, quoteNumber: string): string {
  const phone = clinic.phones[0]?.display ?? "";
  return `Bonjour${name ? ` ${name}` : ""}. Votre échéance du ${formatCalendarDate(dueDay)} de ${formatDA(due)} (devis n° ${quoteNumber}) n'est pas encore réglée. Vous pouvez la régler à la clinique ; pour toute question, appelez-nous${phone ? ` au ${phone}` : ""}. ${clinic.name}`;
}

export async function lateReminders(h: Pick<Db, "db">, clinic: Clinic, today: string): Promise<LateReminder[]> {
  return (await lateInstalments(h, today)).map((l) => {
    const text = lateMessage(clinic, l.patientName, l.dueDay, l.due, l.quoteNumber);
    return { quoteId: l.quoteId, quoteNumber: l.quoteNumber, patientId: l.patientId, patientName: l.patientName, dueDay: l.dueDay, due: l.due, whatsapp: l.phone ? whatsappHref(l.phone, text) : null, sms: l.phone ? smsHref(l.phone, text) : null };
  });
}
