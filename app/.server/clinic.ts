import { z } from "zod";
import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import type { Db } from "./db/connection";
import { getDb } from "./db";

/**
 * The clinic's identity as stored (`clinic_settings.data`, JSON). A stored document is checked
 * field by field against the demo identity: a missing or damaged field falls back to its demo
 * value, so a bad row never breaks a page. Read at every request (one primary-key read); the page
 * cache of issue 15 is told of every save.
 */
const text = z.string();
const diploma = z.object({ year: z.number().int(), title: text, institution: text });
const storedShape = z
  .object({
    name: text,
    shortName: text,
    doctor: z.object({ name: text, title: text, shortName: text }),
    address: z.object({ street: text, district: text, city: text, postalCode: text, country: text, countryCode: text, oneLine: text }),
    phones: z.array(z.object({ label: text, display: text, tel: text })),
    email: text,
    social: z.array(z.object({ name: text, url: text })),
    figures: z.object({
      yearsOfExperience: z.number(),
      patients: z.number(),
      surgeries: z.number(),
      since: z.number(),
      satisfaction: z.number(),
    }),
    timeZone: text,
    map: z.object({ lat: z.number(), lon: z.number(), zoomBox: z.tuple([z.number(), z.number(), z.number(), z.number()]) }),
    diplomas: z.array(diploma),
    legal: z.object({
      registration: text,
      order: text,
      activity: text,
      director: text,
      host: z.object({ name: text, address: text, phone: text, website: text }),
    }),
  })
  .partial();

/** A stored document read over the demo identity, top-level field by field. */
export function parseStoredClinic(json: string | null | undefined): Clinic {
  if (!json) return DEMO_CLINIC;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return DEMO_CLINIC;
  }
  if (!raw || typeof raw !== "object") return DEMO_CLINIC;
  const out: Record<string, unknown> = { ...DEMO_CLINIC };
  const shape = storedShape.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const parsed = shape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as unknown as Clinic;
}

/** The clinic's identity as staff last saved it (the demo identity until then). */
export async function getClinic(h: Db = getDb()): Promise<Clinic> {
  const row = await h.db.selectFrom("clinic_settings").select("data").where("id", "=", 1).executeTakeFirst();
  return parseStoredClinic(row?.data);
}
