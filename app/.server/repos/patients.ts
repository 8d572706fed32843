import { type ExpressionBuilder, type Kysely } from "kysely";
import { toE164 } from "~/lib/phone";
import type { Db } from "../db";
import { auditStaff } from "../audit";
import { nowIso, writeTransaction } from "../db";
import { nameKey, patientMatchKey } from "~/lib/name-key";
import type { Database, Language, PatientEventAction } from "../db/types";
import type { Actor } from "../actor";
import { mergeRecalls } from "./recalls";

/**
 * Patient records (docs/product.md, "Staff: patients" and "Personal data";
 * docs/decisions/009-patients-and-links.md).
 *
 * An appointment is linked to the live record with the same canonical phone (E.164) and the same
 * name (accents, case, titles, word order and the Arabic spellings of ~/lib/name-key ignored:
 * فاطمة, فاطمه and فاطِمة are one name): a parent who books for a child with the
 * same phone gets two records, a patient who types "0550…" then "+213 550…" gets one. The unique
 * index on match_key makes two first bookings at once create one record. A record merged into
 * another loses its key; a later booking under its phone and name goes to the record it was
 * merged into.
 *
 * Law 18-07: every export, merge and erasure is written in `patient_events` (who, when, ids and
 * counts only, never the data). Erasure and the retention job keep each appointment's day, time,
 * service, status and amounts for the accounts and remove everything that identifies the person.
 */


/** A write transaction (or the handle) of the patient modules. */
export type Trx = Kysely<Database>;

/** The actor of the retention job in the histories. */
export const RETENTION_ACTOR: Actor = { staffUserId: null, label: "Système (conservation)" };
/** What an erased record and its appointments are called. */
export const ERASED_NAME = "Patient effacé";

/** A record's id and contacts as the list and the record screen show them. */
export const contactsOf = (r: { id: number; name: string; phone: string | null; phone_e164: string | null; email: string | null }) => ({
  id: Number(r.id),
  name: r.name,
  phone: r.phone,
  phoneE164: r.phone_e164,
  email: r.email,
});

/** A record neither merged away nor erased. */
export const isLive = (eb: ExpressionBuilder<Database, "patients">) => eb.and([eb("patients.merged_into", "is", null), eb("patients.erased_at", "is", null)]);

// ---- linking --------------------------------------------------------------------------------------

/** The live record a merged record now stands for (following merges), or null when none is left. */
async function liveTargetOf(trx: Trx, mergedInto: number): Promise<{ id: number; email: string | null } | null> {
  let id: number | null = mergedInto;
  for (let hops = 0; id !== null && hops < 20; hops++) {
    const row = await trx.selectFrom("patients").select(["id", "email", "merged_into", "erased_at"]).where("id", "=", id).executeTakeFirst();
    if (!row || row.erased_at) return null;
    if (row.merged_into === null) return { id: Number(row.id), email: row.email };
    id = Number(row.merged_into);
  }
  return null;
}

/** A record merged away whose phone and name give `key`: the live record it was merged into. */
async function mergedAlias(trx: Trx, key: string, e164: string | null) {
  const candidates = await trx
    .selectFrom("patients")
    .select(["name", "phone", "phone_e164", "merged_into"])
    .where("merged_into", "is not", null)
    .where("erased_at", "is", null)
    .where((eb) => (e164 ? eb("phone_e164", "=", e164) : eb("phone_e164", "is", null)))
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  for (const c of candidates) {
    if (patientMatchKey(c.phone_e164, c.phone ?? "", c.name) !== key) continue;
    const target = await liveTargetOf(trx, Number(c.merged_into));
    if (target) return target;
  }
  return null;
}

/**
 * The record of the person who books, created when new; called in the booking's transaction.
 * Returns null when the phone or the name gives no key (no digits, no letters).
 *
 * The record's language (issue 32, the messages it is sent): a new record takes the booking's;
 * an existing one follows its latest booking's, unless staff set it by hand on the record (a
 * 'language' event in its history): then staff's choice stays.
 */
export async function linkPatient(
  trx: Kysely<Database>,
  who: { name: string; phone: string; email: string | null; language?: Language },
  at: string = nowIso(),
): Promise<number | null> {
  const e164 = toE164(who.phone);
  const key = patientMatchKey(e164, who.phone, who.name);
  if (!key) return null;
  const byKey = () => trx.selectFrom("patients").select(["id", "email", "phone"]).where("match_key", "=", key).executeTakeFirst();
  let row = await byKey();
  if (!row) {
    const alias = await mergedAlias(trx, key, e164);
    if (alias) {
      if (who.email && who.email !== alias.email)
        await trx.updateTable("patients").set({ email: who.email, updated_at: at }).where("id", "=", alias.id).execute();
      await followBookingLanguage(trx, alias.id, who.language, at);
      return alias.id;
    }
    await trx
      .insertInto("patients")
      .values({
        name: who.name,
        phone: who.phone,
        phone_e164: e164,
        email: who.email,
        notes: null,
        match_key: key,
        name_key: nameKey(who.name) || null,
        language: who.language ?? "fr",
        created_at: at,
        updated_at: at,
        merged_into: null,
        erased_at: null,
      })
      .onConflict((oc) => oc.column("match_key").where("match_key", "is not", null).doNothing())
      .execute();
    row = await byKey();
    if (!row) throw new Error("patient record not found after insert");
  }
  // the latest contacts typed for that person (a booking without e-mail keeps the known one)
  if ((who.email && who.email !== row.email) || who.phone !== row.phone) {
    await trx
      .updateTable("patients")
      .set({ email: who.email ?? row.email, phone: who.phone, updated_at: at })
      .where("id", "=", row.id)
      .execute();
  }
  await followBookingLanguage(trx, Number(row.id), who.language, at);
  return Number(row.id);
}

/** An existing record takes the booking's language, unless staff chose one on the record ('language' event). */
async function followBookingLanguage(trx: Kysely<Database>, id: number, language: Language | undefined, at: string) {
  if (!language) return;
  const current = await trx.selectFrom("patients").select("language").where("id", "=", id).executeTakeFirst();
  if (!current || current.language === language) return;
  const byStaff = await trx.selectFrom("patient_events").select("id").where("patient_id", "=", id).where("action", "=", "language").limit(1).executeTakeFirst();
  if (byStaff) return;
  await trx.updateTable("patients").set({ language, updated_at: at }).where("id", "=", id).execute();
}


// ---- events ----------------------------------------------------------------------------------------

/** An entry in the record's history (who, when, ids and counts only). */
export async function addEvent(trx: Trx, patientId: number, actor: Actor, action: PatientEventAction, detail: string | null, at: string) {
  await trx.insertInto("patient_events").values({ patient_id: patientId, at, staff_user_id: actor.staffUserId, actor: actor.label, action, detail }).execute();
}

/** The live record, locked for the transaction on PostgreSQL (SQLite's BEGIN IMMEDIATE already is). */
export async function lockedPatient(trx: Trx, engine: Db["engine"], id: number) {
  let q = trx.selectFrom("patients").selectAll().where("id", "=", id);
  if (engine === "postgres") q = q.forUpdate();
  return q.executeTakeFirst();
}

export type PatientChange<T = object> = ({ ok: true } & T) | { ok: false; reason: "not_found" | "merged" | "erased" | "same" };

export function stateOf(row: { merged_into: number | null; erased_at: string | null } | undefined): "not_found" | "merged" | "erased" | null {
  if (!row) return "not_found";
  if (row.erased_at) return "erased";
  if (row.merged_into !== null) return "merged";
  return null;
}

/** The staff notes of a live record; the event says that they changed, never what they say. */
export async function saveNotes(h: Db, id: number, notes: string | null, actor: Actor): Promise<PatientChange> {
  return writeTransaction(h, async (trx) => {
    const row = await lockedPatient(trx, h.engine, id);
    const refused = stateOf(row);
    if (refused) return { ok: false, reason: refused };
    const at = nowIso();
    await trx
      .updateTable("patients")
      .set({ notes: notes?.trim() ? notes.trim() : null, updated_at: at })
      .where("id", "=", id)
      .execute();
    await addEvent(trx, id, actor, "notes", null, at);
    return { ok: true };
  });
}

/**
 * Staff set the language of the record's messages by hand (issue 32): stored, with a 'language'
 * event (detail "fr" or "ar") in its history; from then on a booking no longer changes it.
 */
export async function saveLanguage(h: Db, id: number, language: Language, actor: Actor): Promise<PatientChange> {
  return writeTransaction(h, async (trx) => {
    const row = await lockedPatient(trx, h.engine, id);
    const refused = stateOf(row);
    if (refused) return { ok: false, reason: refused };
    if (row?.language === language) return { ok: false, reason: "same" };
    const at = nowIso();
    await trx.updateTable("patients").set({ language, updated_at: at }).where("id", "=", id).execute();
    await addEvent(trx, id, actor, "language", language, at);
    return { ok: true };
  });
}

// ---- merge -------------------------------------------------------------------------------------------

/**
 * Merge `goneId` into `keepId`, in one transaction: its appointments move to the kept record
 * (each with a line "Dossier #gone fusionné dans #keep" in its history), its notes are added
 * after the kept ones, the kept record takes its e-mail when it has none; the gone record keeps
 * `merged_into` and loses its key (a later booking under its phone and name is linked to the
 * kept record, see linkPatient). Both records get an event naming the other by its id.
 */
export async function mergePatients(h: Db, keepId: number, goneId: number, actor: Actor): Promise<PatientChange<{ moved: number }>> {
  if (keepId === goneId) return { ok: false, reason: "same" };
  return writeTransaction(h, async (trx) => {
    // lock in id order: two merges of the same pair at once cannot deadlock
    const [first, second] = keepId < goneId ? [keepId, goneId] : [goneId, keepId];
    const a = await lockedPatient(trx, h.engine, first);
    const b = await lockedPatient(trx, h.engine, second);
    const keep = keepId === first ? a : b;
    const gone = keepId === first ? b : a;
    const refused = stateOf(keep) ?? stateOf(gone);
    if (refused || !keep || !gone) return { ok: false, reason: refused ?? "not_found" };
    const at = nowIso();
    const moved = await trx.updateTable("appointments").set({ patient_id: keepId, updated_at: at }).where("patient_id", "=", goneId).returning("id").execute();
    // the before/after cases and their consent follow the kept record
    await trx.updateTable("gallery_cases").set({ patient_id: keepId, updated_at: at }).where("patient_id", "=", goneId).execute();
    // and so do their payments (ADR 021)
    await trx.updateTable("payments").set({ patient_id: keepId }).where("patient_id", "=", goneId).execute();
    // and the recalls, recomputed on the kept record (issue 31)
    await mergeRecalls(trx, keepId, goneId);
    const detail = `Dossier #${goneId} fusionné dans #${keepId}`;
    if (moved.length > 0) {
      await trx
        .insertInto("appointment_history")
        .values(
          moved.map((m) => ({
            appointment_id: Number(m.id),
            at,
            staff_user_id: actor.staffUserId,
            actor: actor.label,
            action: "merged" as const,
            from_status: null,
            to_status: null,
            detail,
          })),
        )
        .execute();
    }
    const notes = [keep.notes?.trim(), gone.notes?.trim()].filter(Boolean).join("\n\n") || null;
    await trx
      .updateTable("patients")
      .set({ notes, email: keep.email ?? gone.email, updated_at: at })
      .where("id", "=", keepId)
      .execute();
    await trx.updateTable("patients").set({ merged_into: keepId, match_key: null, notes: null, updated_at: at }).where("id", "=", goneId).execute();
    // records merged into the gone one earlier now point at the kept one
    await trx.updateTable("patients").set({ merged_into: keepId, updated_at: at }).where("merged_into", "=", goneId).execute();
    await addEvent(trx, keepId, actor, "merged", `#${goneId}`, at);
    await addEvent(trx, goneId, actor, "merged_into", `#${keepId}`, at);
    await auditStaff(trx, actor, { action: "patient.merge", targetType: "patient", targetId: keepId, detail: `Dossier #${goneId} fusionné dans #${keepId}` });
    return { ok: true, moved: moved.length };
  });
}
