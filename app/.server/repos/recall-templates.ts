import type { Clinic } from "~/lib/clinic";
import type { Locale } from "~/i18n/locale";
import { RECALL_TEMPLATE_KEYS, type RecallTemplateKey } from "~/lib/recall";
import { defaultRecallTemplatesIn } from "~/lib/recall-ar";
import { templateRowKey } from "~/lib/reminder-template-ar";
import type { Db } from "../db";
import { nowIso } from "../db";

/**
 * The WhatsApp and SMS templates of 'Suivis à proposer' (/admin/suivis): rows of
 * `message_templates` under their own keys ("recall-whatsapp", "recall-sms"); a key without a row
 * reads as its default (~/lib/recall), as the reminders' templates do. The Arabic twins are rows
 * under "ar:" + key ("ar:recall-whatsapp"), their defaults in Arabic (~/lib/recall-ar).
 */
export interface RecallTemplate {
  key: RecallTemplateKey;
  body: string;
  updatedAt: string | null;
  updatedBy: string | null;
  isDefault: boolean;
  /** the template's language: French unless "ar" */
  language: Locale;
}

/** `locale`: the templates' language (French by default). */
export async function loadRecallTemplates(h: Pick<Db, "db">, clinic: Clinic, locale: Locale = "fr"): Promise<Record<RecallTemplateKey, RecallTemplate>> {
  const defaults = defaultRecallTemplatesIn(locale, clinic);
  const rows = await h.db
    .selectFrom("message_templates")
    .selectAll()
    .where("key", "in", RECALL_TEMPLATE_KEYS.map((k) => templateRowKey(locale, k)))
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out = {} as Record<RecallTemplateKey, RecallTemplate>;
  for (const key of RECALL_TEMPLATE_KEYS) {
    const row = byKey.get(templateRowKey(locale, key));
    out[key] = row
      ? { key, body: row.body, updatedAt: row.updated_at, updatedBy: row.updated_by, isDefault: false, language: locale }
      : { key, body: defaults[key], updatedAt: null, updatedBy: null, isDefault: true, language: locale };
  }
  return out;
}

export async function saveRecallTemplate(h: Pick<Db, "db">, key: RecallTemplateKey, body: string, by: string, at: string = nowIso(), locale: Locale = "fr"): Promise<void> {
  await h.db
    .insertInto("message_templates")
    .values({ key: templateRowKey(locale, key), body, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column("key").doUpdateSet({ body, updated_at: at, updated_by: by }))
    .execute();
}
