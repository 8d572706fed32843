import type { Db } from "../db";
import type { Language } from "../db/types";

/**
 * The stored language of patient records (migration 018), by id: what app/lib/message-language.ts
 * needs to choose the language of an appointment's messages. A missing id is left out of the map.
 */
export async function patientLanguages(h: Pick<Db, "db">, ids: readonly number[]): Promise<Map<number, Language>> {
  const unique = [...new Set(ids.map(Number))];
  if (unique.length === 0) return new Map();
  const rows = await h.db.selectFrom("patients").select(["id", "language"]).where("id", "in", unique).execute();
  return new Map(rows.map((r) => [Number(r.id), r.language === "ar" ? "ar" : "fr"]));
}
