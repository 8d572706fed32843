import { bookingPath, recallValues, renderRecall, type RecallRowView } from "~/lib/recall";
import { publicOrigin } from "./config";
import { recallTokenFromSalt } from "./link-tokens";
import { smsHref, whatsappHref } from "./reminder-links";
import type { DueRecall } from "./repos/recalls";
import type { RecallTemplate } from "./repos/recall-templates";
import type { RecallTemplateKey } from "~/lib/recall";

/**
 * The one-tap messages of 'Suivis à proposer' (issue 31, item 2): wa.me and sms: links (as the
 * reminders', app/.server/reminder-links.ts) whose text is the staff's template filled with the
 * booking page's address with the service chosen (/appointment?service=…) and the patient's link
 * 'Ne plus me rappeler' (/rappel/<token>, from the recall's salt; only the token's hash is stored).
 * A recall whose last visit is a demo appointment gets no message (app/.server/demo.ts).
 */

export function optOutLink(salt: string, origin: string = publicOrigin()): string {
  return `${origin}/rappel/${recallTokenFromSalt(salt)}`;
}

export function recallRowView(r: DueRecall, templates: Record<RecallTemplateKey, RecallTemplate>, origin: string = publicOrigin()): RecallRowView {
  const phone = r.phoneE164 ?? r.phone ?? "";
  let whatsapp: string | null = null;
  let sms: string | null = null;
  if (!r.demo && phone) {
    const values = recallValues(r, `${origin}${bookingPath(r.service)}`, optOutLink(r.linkSalt, origin));
    whatsapp = whatsappHref(phone, renderRecall(templates["recall-whatsapp"].body, values));
    sms = smsHref(phone, renderRecall(templates["recall-sms"].body, values));
  }
  return {
    id: r.id,
    patientId: r.patientId,
    name: r.name,
    phone: r.phone,
    service: r.service,
    visitDate: r.visitDate,
    due: r.due,
    demo: r.demo,
    whatsapp,
    sms,
    sent: r.sentAt ? { at: r.sentAt, by: r.sentBy, channel: r.sentChannel } : null,
  };
}
