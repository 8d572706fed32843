import { createHash } from "node:crypto";
import { z } from "~/lib/zod";
import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import { readClinicData, readClinicDataForUpdate, writeClinicData } from "./repos/clinic-settings";
import { auditStaff } from "./audit";
import type { Db } from "./db/connection";
import { getDb, nowIso, writeTransaction } from "./db";
import type { Actor } from "./actor";

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
    map: z.object({ lat: z.number(), lon: z.number(), zoomBox: z.tuple([z.number(), z.number(), z.number(), z.number()]) }),
    diplomas: z.array(diploma),
    legal: z.object({
      registration: text,
      order: text,
      activity: text,
      director: text,
      host: z.object({ name: text, address: text, phone: text, website: text }),
    }),
    arabic: z.object({ name: text, shortName: text, doctorName: text, doctorTitle: text, street: text, district: text, city: text }).partial(),
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
export async function getClinic(h: Pick<Db, "db"> = getDb()): Promise<Clinic> {
  return parseStoredClinic(await readClinicData(h));
}

/** The version of a stored document, as the form carries it: a change since the form was shown is refused. */
export function clinicVersion(data: string | null | undefined): string {
  return createHash("sha256")
    .update(data ?? "")
    .digest("hex")
    .slice(0, 16);
}

/** The identity and its version, for the staff screen. */
export async function getClinicForEdit(h: Pick<Db, "db"> = getDb()): Promise<{ clinic: Clinic; version: string }> {
  const data = await readClinicData(h);
  return { clinic: parseStoredClinic(data), version: clinicVersion(data) };
}

/** The top-level parts of the identity that differ (named in the audit entry, never their values). */
export function changedParts(before: Clinic, after: Clinic): string[] {
  return (Object.keys(after) as (keyof Clinic)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

export type SaveClinicResult = { ok: true; changed: string[] } | { ok: false; reason: "stale" };

/**
 * Store the identity (docs/product.md, "Staff: clinic identity") and its audit entry in one
 * transaction. With `version` (the one the form was shown with), a document changed meanwhile by
 * someone else is not overwritten: the row is read under the write lock (SQLite's `begin
 * immediate`, PostgreSQL's `for update`), so two saves never both pass the check.
 */
export async function saveClinic(h: Db, clinic: Clinic, actor: Actor, opts: { version?: string } = {}): Promise<SaveClinicResult> {
  const data = JSON.stringify(clinic);
  return writeTransaction(h, async (trx) => {
    const row = await readClinicDataForUpdate(trx, h.engine);
    if (opts.version !== undefined && opts.version !== clinicVersion(row.data)) return { ok: false as const, reason: "stale" as const };
    const changed = changedParts(parseStoredClinic(row.data), clinic);
    await writeClinicData(trx, data, row.found, nowIso());
    await auditStaff(trx, actor, { action: "clinic.update", targetType: "clinic", targetId: 1, detail: changed.length ? changed.join(", ") : "aucun changement" });
    return { ok: true as const, changed };
  });
}
