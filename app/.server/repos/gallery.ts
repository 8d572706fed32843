import type { Kysely } from "kysely";
import { toMediaRef, scheduleMediaDeletion } from "../media";
import { moveInOrder } from "./ordering";
import { auditStaff } from "../audit";
import { writeTransaction, type Db } from "../db";
import type { Database, GalleryCaseRow } from "../db/types";
import type { Actor } from "../actor";
import type { MediaRef } from "~/lib/media";

/**
 * Before/after cases of /gallery with the patient's consent (docs/product.md, "Staff: gallery and
 * reviews"; docs/architecture.md, "Consent"). A case is public while its consent stands
 * (`withdrawn_at` null) and both its photos are live (not deleted, not due for deletion).
 * Withdrawing consent is one conditional UPDATE that hides the case at once and schedules both
 * photos for deletion `photo_deletion_days` days later (clinic_settings); the media job deletes
 * the files then. Every staff write is audited in its transaction.
 */

export type ConsentScope = GalleryCaseRow["consent_scope"];
export type PhotoWithAlt = MediaRef & { alt: string };

/** A case's texts in Arabic (migration 018): each null until staff write it. */
export interface CaseArabic {
  description: string | null;
  beforeAlt: string | null;
  afterAlt: string | null;
}

/** A case as the staff screen shows it. */
export interface GalleryCase {
  id: number;
  treatment: string;
  description: string;
  before: PhotoWithAlt | null;
  after: PhotoWithAlt | null;
  beforeAlt: string;
  afterAlt: string;
  ar: CaseArabic;
  consentDate: string;
  consentScope: ConsentScope;
  patient: { id: number; name: string; erased: boolean } | null;
  withdrawnAt: string | null;
  /** when the photos of a withdrawn case are (or were) deleted */
  photosDeleteAt: string | null;
  /** the files are gone */
  photosDeleted: boolean;
  position: number;
}

/** A case as the public page shows it: nothing about the patient. */
export interface PublicGalleryCase {
  id: number;
  treatment: string;
  description: string;
  before: PhotoWithAlt;
  after: PhotoWithAlt;
  /** what the Arabic gallery reads */
  ar: CaseArabic;
}

export interface CaseInput {
  treatment: string;
  description: string;
  beforeAlt: string;
  afterAlt: string;
  ar: CaseArabic;
  consentDate: string;
  consentScope: ConsentScope;
  patientId: number | null;
}

export type CaseChange<T = object> = ({ ok: true } & T) | { ok: false; reason: "not_found" | "withdrawn" | "no_patient" };

type Trx = Kysely<Database>;

// ---- settings ------------------------------------------------------------------------------------

export const PHOTO_DELETION_DAYS_DEFAULT = 30;

export async function getPhotoDeletionDays(h: Pick<Db, "db"> | { db: Trx }): Promise<number> {
  const row = await h.db.selectFrom("clinic_settings").select("photo_deletion_days").where("id", "=", 1).executeTakeFirst();
  return row ? Number(row.photo_deletion_days) : PHOTO_DELETION_DAYS_DEFAULT;
}

/** 'Délai avant suppression des photos'; returns false when nothing changed. */
export async function setPhotoDeletionDays(h: Db, actor: Actor, days: number, now: Date = new Date()): Promise<boolean> {
  return writeTransaction(h, async (trx) => {
    const before = await getPhotoDeletionDays({ db: trx });
    if (before === days) return false;
    await trx.updateTable("clinic_settings").set({ photo_deletion_days: days, updated_at: now.toISOString() }).where("id", "=", 1).execute();
    await auditStaff(trx, actor, { action: "gallery.settings", targetType: "gallery_case", detail: `Délai avant suppression des photos : ${before} → ${days} jour(s)` });
    return true;
  });
}

/** `at` plus whole days. */
export function addDaysTo(at: Date, days: number): Date {
  return new Date(at.getTime() + days * 24 * 60 * 60 * 1000);
}

// ---- reads ---------------------------------------------------------------------------------------

function baseCases(db: Trx) {
  return db
    .selectFrom("gallery_cases as c")
    .leftJoin("media as b", "b.id", "c.before_media_id")
    .leftJoin("media as a", "a.id", "c.after_media_id")
    .select([
      "c.id",
      "c.treatment",
      "c.description",
      "c.before_alt",
      "c.after_alt",
      "c.description_ar",
      "c.before_alt_ar",
      "c.after_alt_ar",
      "c.consent_date",
      "c.consent_scope",
      "c.patient_id",
      "c.withdrawn_at",
      "c.position",
      "b.id as b_id",
      "b.width as b_width",
      "b.height as b_height",
      "b.widths as b_widths",
      "b.delete_after as b_delete_after",
      "b.deleted_at as b_deleted_at",
      "a.id as a_id",
      "a.width as a_width",
      "a.height as a_height",
      "a.widths as a_widths",
      "a.delete_after as a_delete_after",
      "a.deleted_at as a_deleted_at",
    ]);
}

type CaseRow = Awaited<ReturnType<ReturnType<typeof baseCases>["execute"]>>[number];

function photoOf(id: string | null, width: number | null, height: number | null, widths: string | null, deletedAt: string | null, alt: string): PhotoWithAlt | null {
  if (!id || width === null || height === null || widths === null || deletedAt) return null;
  return { ...toMediaRef({ id, width: Number(width), height: Number(height), widths }), alt };
}

function toCase(r: CaseRow, patients: Map<number, { name: string; erased: boolean }>): GalleryCase {
  const pid = r.patient_id === null ? null : Number(r.patient_id);
  const p = pid === null ? undefined : patients.get(pid);
  const deleteAt = [r.b_delete_after, r.a_delete_after].filter((x): x is string => Boolean(x)).sort()[0] ?? null;
  return {
    id: Number(r.id),
    treatment: r.treatment,
    description: r.description,
    before: photoOf(r.b_id, r.b_width, r.b_height, r.b_widths, r.b_deleted_at, r.before_alt),
    after: photoOf(r.a_id, r.a_width, r.a_height, r.a_widths, r.a_deleted_at, r.after_alt),
    beforeAlt: r.before_alt,
    afterAlt: r.after_alt,
    ar: { description: r.description_ar ?? null, beforeAlt: r.before_alt_ar ?? null, afterAlt: r.after_alt_ar ?? null },
    consentDate: r.consent_date,
    consentScope: r.consent_scope,
    patient: pid !== null && p ? { id: pid, ...p } : null,
    withdrawnAt: r.withdrawn_at,
    photosDeleteAt: r.withdrawn_at ? deleteAt : null,
    photosDeleted: Boolean(r.b_deleted_at) && Boolean(r.a_deleted_at),
    position: Number(r.position),
  };
}

async function patientsOf(db: Trx, ids: number[]) {
  const out = new Map<number, { name: string; erased: boolean }>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom("patients").select(["id", "name", "erased_at"]).where("id", "in", ids).execute();
  for (const r of rows) out.set(Number(r.id), { name: r.name, erased: r.erased_at !== null });
  return out;
}

/** Every case for the staff screen: those on the site first (in their order), then the withdrawn ones, latest first. */
export async function listCases(h: Pick<Db, "db">): Promise<GalleryCase[]> {
  const rows = await baseCases(h.db).orderBy("c.position").orderBy("c.id").execute();
  const patients = await patientsOf(h.db, [...new Set(rows.map((r) => r.patient_id).filter((x): x is number => x !== null).map(Number))]);
  const all = rows.map((r) => toCase(r, patients));
  const live = all.filter((c) => !c.withdrawnAt);
  const withdrawn = all.filter((c) => c.withdrawnAt).sort((x, y) => (y.withdrawnAt! < x.withdrawnAt! ? -1 : y.withdrawnAt! > x.withdrawnAt! ? 1 : y.id - x.id));
  return [...live, ...withdrawn];
}

export async function getCase(h: Pick<Db, "db">, id: number): Promise<GalleryCase | undefined> {
  const row = await baseCases(h.db).where("c.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return toCase(row, await patientsOf(h.db, row.patient_id === null ? [] : [Number(row.patient_id)]));
}

/** The cases linked to a patient record (the record's 'Galerie avant/après' block). */
export async function casesOfPatient(h: Pick<Db, "db">, patientId: number): Promise<GalleryCase[]> {
  const rows = await baseCases(h.db).where("c.patient_id", "=", patientId).orderBy("c.id", "desc").execute();
  return rows.map((r) => toCase(r, new Map()));
}

/**
 * The cases /gallery shows, in the staff's order: consent standing, both photos live (neither
 * deleted nor due for deletion).
 */
export async function listPublicCases(h: Pick<Db, "db">): Promise<PublicGalleryCase[]> {
  const rows = await baseCases(h.db)
    .where("c.withdrawn_at", "is", null)
    .where("b.id", "is not", null)
    .where("a.id", "is not", null)
    .where("b.deleted_at", "is", null)
    .where("a.deleted_at", "is", null)
    .where("b.delete_after", "is", null)
    .where("a.delete_after", "is", null)
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
  return rows.flatMap((r) => {
    const c = toCase(r, new Map());
    return c.before && c.after ? [{ id: c.id, treatment: c.treatment, description: c.description, before: c.before, after: c.after, ar: c.ar }] : [];
  });
}

/** A record a case may link to (live: neither erased nor merged), for the case form. */
export async function linkablePatient(h: Pick<Db, "db">, id: number): Promise<{ id: number; name: string } | undefined> {
  const row = await h.db.selectFrom("patients").select(["id", "name"]).where("id", "=", id).where("erased_at", "is", null).where("merged_into", "is", null).executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name } : undefined;
}

// ---- writes --------------------------------------------------------------------------------------

async function livePatient(trx: Trx, id: number | null): Promise<boolean> {
  if (id === null) return true;
  const row = await trx.selectFrom("patients").select(["id"]).where("id", "=", id).where("erased_at", "is", null).where("merged_into", "is", null).executeTakeFirst();
  return Boolean(row);
}

function caseValues(input: CaseInput) {
  return {
    treatment: input.treatment,
    description: input.description,
    before_alt: input.beforeAlt,
    after_alt: input.afterAlt,
    description_ar: input.ar.description,
    before_alt_ar: input.ar.beforeAlt,
    after_alt_ar: input.ar.afterAlt,
    consent_date: input.consentDate,
    consent_scope: input.consentScope,
    patient_id: input.patientId,
  };
}

/** A new case, last of the list, with its two photos already stored (saveMedia). */
export async function createCase(h: Db, actor: Actor, input: CaseInput, photos: { before: MediaRef; after: MediaRef }, now: Date = new Date()): Promise<CaseChange<{ id: number }>> {
  return writeTransaction(h, async (trx) => {
    if (!(await livePatient(trx, input.patientId))) return { ok: false, reason: "no_patient" } as const;
    const last = await trx.selectFrom("gallery_cases").select((eb) => eb.fn.max("position").as("p")).executeTakeFirst();
    const at = now.toISOString();
    const row = await trx
      .insertInto("gallery_cases")
      .values({
        ...caseValues(input),
        before_media_id: photos.before.id,
        after_media_id: photos.after.id,
        withdrawn_at: null,
        position: Number(last?.p ?? 0) + 1,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await auditStaff(trx, actor, { action: "gallery.case.create", targetType: "gallery_case", targetId: id, detail: `${input.treatment} · consentement du ${input.consentDate} (${input.consentScope === "site" ? "site" : "site et réseaux sociaux"})` });
    return { ok: true, id };
  });
}

/**
 * Change a case's texts, consent or patient link, and replace either photo: a replaced photo is
 * scheduled for deletion now. A withdrawn case is not edited (its photos are on their way out).
 */
export async function updateCase(
  h: Db,
  actor: Actor,
  id: number,
  input: CaseInput,
  photos: { before?: MediaRef; after?: MediaRef },
  now: Date = new Date(),
): Promise<CaseChange> {
  return writeTransaction(h, async (trx) => {
    let q = trx.selectFrom("gallery_cases").select(["id", "withdrawn_at", "before_media_id", "after_media_id"]).where("id", "=", id);
    if (h.engine === "postgres") q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) return { ok: false, reason: "not_found" } as const;
    if (row.withdrawn_at) return { ok: false, reason: "withdrawn" } as const;
    if (!(await livePatient(trx, input.patientId))) return { ok: false, reason: "no_patient" } as const;
    await trx
      .updateTable("gallery_cases")
      .set({
        ...caseValues(input),
        ...(photos.before ? { before_media_id: photos.before.id } : {}),
        ...(photos.after ? { after_media_id: photos.after.id } : {}),
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .execute();
    const replaced = [photos.before ? row.before_media_id : null, photos.after ? row.after_media_id : null];
    await scheduleMediaDeletion(trx, replaced, now);
    const changed = [photos.before && "photo avant remplacée", photos.after && "photo après remplacée"].filter(Boolean).join(", ");
    await auditStaff(trx, actor, { action: "gallery.case.update", targetType: "gallery_case", targetId: id, detail: changed || null });
    return { ok: true };
  });
}

/**
 * Withdraw the patient's consent: one conditional UPDATE (two requests at once: one wins, the
 * other finds it done) hides the case at once; both photos are deleted `photo_deletion_days`
 * days later by the media job.
 */
export async function withdrawConsent(h: Db, actor: Actor, id: number, now: Date = new Date()): Promise<CaseChange<{ deleteAt: string }> | { ok: false; reason: "already" }> {
  return writeTransaction(h, async (trx) => {
    const at = now.toISOString();
    const done = await trx
      .updateTable("gallery_cases")
      .set({ withdrawn_at: at, updated_at: at })
      .where("id", "=", id)
      .where("withdrawn_at", "is", null)
      .returning(["before_media_id", "after_media_id"])
      .executeTakeFirst();
    if (!done) {
      const exists = await trx.selectFrom("gallery_cases").select("id").where("id", "=", id).executeTakeFirst();
      return { ok: false, reason: exists ? "already" : "not_found" } as const;
    }
    const days = await getPhotoDeletionDays({ db: trx });
    const deleteAt = addDaysTo(now, days);
    await scheduleMediaDeletion(trx, [done.before_media_id, done.after_media_id], deleteAt);
    await auditStaff(trx, actor, { action: "gallery.case.withdraw", targetType: "gallery_case", targetId: id, detail: `Photos supprimées le ${deleteAt.toISOString().slice(0, 10)} (${days} jour(s))` });
    return { ok: true, deleteAt: deleteAt.toISOString() };
  });
}

/**
 * The cases of patient records being erased (app/.server/repos/patient-erasure.ts, erasure and
 * retention), inside that transaction: consent can no longer be tied to a person, and the
 * photos are the person's data, so the cases leave the site and their photos are deleted now
 * (not after the withdrawal delay). Returns how many cases were withdrawn.
 */
export async function withdrawCasesOfPatients(trx: Trx, patientIds: number[], at: string): Promise<number> {
  if (patientIds.length === 0) return 0;
  const rows = await trx
    .updateTable("gallery_cases")
    .set({ withdrawn_at: at, updated_at: at })
    .where("patient_id", "in", patientIds)
    .where("withdrawn_at", "is", null)
    .returning(["before_media_id", "after_media_id"])
    .execute();
  // withdrawn earlier too: their photos may still wait for the delay; erasure deletes them now
  const all = await trx.selectFrom("gallery_cases").select(["before_media_id", "after_media_id"]).where("patient_id", "in", patientIds).execute();
  await scheduleMediaDeletion(trx, all.flatMap((r) => [r.before_media_id, r.after_media_id]), new Date(at));
  return rows.length;
}

/** Delete a case; its photos are deleted now (by the media job's next run). */
export async function deleteCase(h: Db, actor: Actor, id: number, now: Date = new Date()): Promise<CaseChange> {
  return writeTransaction(h, async (trx) => {
    const row = await trx.deleteFrom("gallery_cases").where("id", "=", id).returning(["treatment", "before_media_id", "after_media_id"]).executeTakeFirst();
    if (!row) return { ok: false, reason: "not_found" } as const;
    await scheduleMediaDeletion(trx, [row.before_media_id, row.after_media_id], now);
    await auditStaff(trx, actor, { action: "gallery.case.delete", targetType: "gallery_case", targetId: id, detail: row.treatment.slice(0, 200) });
    return { ok: true };
  });
}

/**
 * Move a published case one place up or down among the published ones: the order is written
 * again as 1..n in one transaction (rows locked on PostgreSQL), so two moves at once never leave
 * two cases on one place.
 */
export async function moveCase(h: Db, actor: Actor, id: number, direction: "up" | "down"): Promise<CaseChange<{ moved: boolean }>> {
  return writeTransaction(h, async (trx) => {
    let q = trx.selectFrom("gallery_cases").select(["id", "position"]).where("withdrawn_at", "is", null).orderBy("position").orderBy("id");
    if (h.engine === "postgres") q = q.forUpdate();
    const move = moveInOrder((await q.execute()).map((r) => Number(r.id)), id, direction);
    if (!move) return { ok: false, reason: "not_found" } as const;
    if (!move.order) return { ok: true, moved: false };
    for (const [k, cid] of move.order.entries()) await trx.updateTable("gallery_cases").set({ position: k + 1 }).where("id", "=", cid).execute();
    await auditStaff(trx, actor, { action: "gallery.case.move", targetType: "gallery_case", targetId: id, detail: `Place ${move.from + 1} → ${move.to + 1}` });
    return { ok: true, moved: true };
  });
}

/** How many cases keep their consent (withdrawn ones left out). */
export async function countConsentedCases(h: Pick<Db, "db">): Promise<number> {
  const row = await h.db.selectFrom("gallery_cases").select((eb) => eb.fn.countAll<number>().as("n")).where("withdrawn_at", "is", null).executeTakeFirst();
  return Number(row?.n ?? 0);
}
