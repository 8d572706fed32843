import { renderRecall, type RecallRowView } from "~/lib/recall";
import { bookingPathIn, recallValuesIn } from "~/lib/recall-ar";
import { messageLanguage } from "~/lib/message-language";
import type { Locale } from "~/i18n/locale";
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
 *
 * In the patient's language (issue 32): a record in Arabic (patients.language, the rule of
 * ~/lib/message-language) gets the Arabic templates ("ar:recall-…"), the service's Arabic name and
 * the Arabic pages (/ar/appointment?service=…, /ar/rappel/<token>).
 */

export function optOutLink(salt: string, origin: string = publicOrigin(), locale: Locale = "fr"): string {
  return `${origin}${locale === "ar" ? "/ar" : ""}/rappel/${recallTokenFromSalt(salt)}`;
}

export type RecallTemplatesByLanguage = Record<Locale, Record<RecallTemplateKey, RecallTemplate>>;

export function recallRowView(r: DueRecall, templates: RecallTemplatesByLanguage, origin: string = publicOrigin()): RecallRowView {
  const phone = r.phoneE164 ?? r.phone ?? "";
  const language = messageLanguage({}, { language: r.language });
  let whatsapp: string | null = null;
  let sms: string | null = null;
  if (!r.demo && phone) {
    const values = recallValuesIn(language, r, `${origin}${bookingPathIn(language, r.service)}`, optOutLink(r.linkSalt, origin, language));
    whatsapp = whatsappHref(phone, renderRecall(templates[language]["recall-whatsapp"].body, values));
    sms = smsHref(phone, renderRecall(templates[language]["recall-sms"].body, values));
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
    language,
    whatsapp,
    sms,
    sent: r.sentAt ? { at: r.sentAt, by: r.sentBy, channel: r.sentChannel } : null,
  };
}
