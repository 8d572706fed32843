import type { Clinic } from "~/lib/clinic";
import type { Locale } from "~/i18n/locale";
import { defaultTemplates, TEMPLATE_KEYS, type TemplateKey } from "~/lib/reminder-template";
import { defaultTemplatesAr, templateRowKey } from "~/lib/reminder-template-ar";
import type { Db } from "../db";
import { nowIso } from "../db";

/**
 * The WhatsApp and SMS reminder templates staff edit on 'Rappels à envoyer' (table
 * `message_templates`, one row per key). A key without a row reads as its default
 * (~/lib/reminder-template), so a fresh database needs no seed and a default that improves in
 * the code reaches the clinics that never changed it. The Arabic templates are rows under
 * "ar:" + key (~/lib/reminder-template-ar), their defaults in Arabic.
 */

export interface MessageTemplate {
  key: TemplateKey;
  body: string;
  /** null while the default is used */
  updatedAt: string | null;
  updatedBy: string | null;
  isDefault: boolean;
}

export type MessageTemplates = Record<TemplateKey, MessageTemplate>;

/** `clinic`: the stored identity (getClinic()), which the default templates name; `locale`: the templates' language. */
export async function loadTemplates(h: Pick<Db, "db">, clinic: Clinic, locale: Locale = "fr"): Promise<MessageTemplates> {
  const defaults = locale === "ar" ? defaultTemplatesAr(clinic) : defaultTemplates(clinic);
  const rows = await h.db
    .selectFrom("message_templates")
    .selectAll()
    .where("key", "in", TEMPLATE_KEYS.map((k) => templateRowKey(locale, k)))
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out = {} as MessageTemplates;
  for (const key of TEMPLATE_KEYS) {
    const row = byKey.get(templateRowKey(locale, key));
    out[key] = row
      ? { key, body: row.body, updatedAt: row.updated_at, updatedBy: row.updated_by, isDefault: false }
      : { key, body: defaults[key], updatedAt: null, updatedBy: null, isDefault: true };
  }
  return out;
}

/** Store a template (already validated by ~/lib/reminder-template's schema); `by` is the staff e-mail. */
export async function saveTemplate(h: Pick<Db, "db">, key: TemplateKey, body: string, by: string, at: string = nowIso(), locale: Locale = "fr"): Promise<void> {
  await h.db
    .insertInto("message_templates")
    .values({ key: templateRowKey(locale, key), body, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column("key").doUpdateSet({ body, updated_at: at, updated_by: by }))
    .execute();
}
