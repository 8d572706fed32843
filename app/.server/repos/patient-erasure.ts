import { sql } from "kysely";
import { todayInClinic } from "~/lib/clinic-time";
import type { Db } from "../db";
import { auditStaff } from "../audit";
import { writeTransaction } from "../db";
import type { AppointmentHistoryAction } from "../db/types";
import { errorCode, log } from "../log";
import type { Actor } from "../actor";
import { loadContactSettings } from "./contact-settings";
import { withdrawCasesOfPatients } from "./gallery";
import { anonymiseAccounts, anonymisePayments } from "./payments";
import { addEvent, ERASED_NAME, lockedPatient, RETENTION_ACTOR, stateOf, type PatientChange, type Trx } from "./patients";
import { dropRecalls } from "./recalls";
import { dropEntriesOf, purgeOldEntries } from "./waitlist";

/** Erasure of a record and the retention job (law 18-07): identity removed, accounts kept. */

// ---- erasure and retention (law 18-07) --------------------------------------------------------------

/** History actions whose detail is never typed text (a forced mark, a move, field names, ids). */
const SAFE_HISTORY_DETAILS: AppointmentHistoryAction[] = ["created", "moved", "edited", "merged", "anonymised", "payment"];

/** "%…%" for LIKE with the wildcards of `s` escaped (the queries name the escape character). */
function containsPattern(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Remove the identity of some appointments, in the caller's transaction: name, contacts, typed
 * texts (message, tips, progress, cancel reason), the personal link and the link to the record;
 * the reasons typed in their history; the e-mails about them (by appointment, and the older
 * messages without one that were sent to their address or quote their phone or e-mail).
 * Day, time, service, status, amounts, duration, chair and slot units stay.
 */
async function anonymiseAppointments(
  trx: Trx,
  rows: { id: number; phone: string; email: string | null }[],
  actor: Actor,
  at: string,
  detail: string,
  opts: { messagesBefore?: string; contacts?: { phone: string | null; email: string | null }[] } = {},
) {
  const ids = rows.map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await trx
      .updateTable("appointments")
      .set({
        name: ERASED_NAME,
        email: null,
        phone: "",
        phone_digits: null,
        message: null,
        tips: null,
        progress: null,
        cancel_reason: null,
        link_salt: null,
        link_hash: null,
        patient_id: null,
        anonymised_at: at,
        updated_at: at,
      })
      .where("id", "in", chunk)
      .execute();
    await anonymisePayments(trx, chunk);
    await trx
      .updateTable("appointment_history")
      .set({ detail: null })
      .where("appointment_id", "in", chunk)
      .where("action", "not in", SAFE_HISTORY_DETAILS)
      .execute();
    await trx
      .insertInto("appointment_history")
      .values(
        chunk.map((id) => ({
          appointment_id: id,
          at,
          staff_user_id: actor.staffUserId,
          actor: actor.label,
          action: "anonymised" as const,
          from_status: null,
          to_status: null,
          detail,
        })),
      )
      .execute();
    await trx.deleteFrom("outbox").where("appointment_id", "in", chunk).execute();
  }
  const contacts = [...rows, ...(opts.contacts ?? [])];
  const emails = [...new Set(contacts.map((r) => r.email?.trim().toLowerCase()).filter((e): e is string => Boolean(e)))];
  const phones = [...new Set(contacts.map((r) => (r.phone ?? "").trim()).filter((p) => p.replace(/\D/g, "").length >= 8))];
  if (emails.length === 0 && phones.length === 0) return;
  let q = trx.deleteFrom("outbox").where("appointment_id", "is", null);
  if (opts.messagesBefore) q = q.where("created_at", "<", opts.messagesBefore);
  await q
    .where((eb) =>
      eb.or([
        ...emails.map((e) => sql<boolean>`lower(${eb.ref("to_address")}) = ${e}`),
        ...emails.map((e) => sql<boolean>`lower(${eb.ref("body_text")}) like ${containsPattern(e)} escape '\\'`),
        ...phones.map((p) => sql<boolean>`${eb.ref("body_text")} like ${containsPattern(p)} escape '\\'`),
      ]),
    )
    .execute();
}

/** A record and the records merged into it, at any depth. */
async function withMergedRecords(trx: Trx, id: number): Promise<number[]> {
  const all = [id];
  let frontier = [id];
  while (frontier.length > 0 && all.length < 1000) {
    const next = (await trx.selectFrom("patients").select("id").where("merged_into", "in", frontier).execute())
      .map((r) => Number(r.id))
      .filter((i) => !all.includes(i));
    all.push(...next);
    frontier = next;
  }
  return all;
}

/** The records lose name, contacts, notes and key; they stay as "Patient effacé" with their events. */
async function eraseRecords(trx: Trx, ids: number[], at: string) {
  await trx
    .updateTable("patients")
    .set({ name: ERASED_NAME, phone: null, phone_e164: null, email: null, notes: null, match_key: null, name_key: null, erased_at: at, updated_at: at })
    .where("id", "in", ids)
    .execute();
  // their before/after cases leave the site and their photos go (docs/architecture.md, "Consent")
  await withdrawCasesOfPatients(trx, ids, at);
}

/**
 * Erase a live record on the patient's request, in one transaction: its appointments are
 * anonymised (see anonymiseAppointments), the record and those merged into it become
 * "Patient effacé" without contacts or notes, and the event "erased" says who and when.
 */
export async function erasePatient(h: Db, id: number, actor: Actor, now: Date = new Date()): Promise<PatientChange<{ appointments: number }>> {
  return writeTransaction(h, async (trx) => {
    const row = await lockedPatient(trx, h.engine, id);
    const refused = stateOf(row);
    if (refused) return { ok: false, reason: refused };
    const at = now.toISOString();
    const records = await withMergedRecords(trx, id);
    const appointments = await trx.selectFrom("appointments").select(["id", "phone", "email"]).where("patient_id", "in", records).execute();
    // the records' own contacts too, for the older messages that carry no appointment id
    const contacts = await trx.selectFrom("patients").select(["phone", "email"]).where("id", "in", records).execute();
    await anonymiseAppointments(
      trx,
      appointments.map((a) => ({ id: Number(a.id), phone: a.phone, email: a.email })),
      actor,
      at,
      "Effacement à la demande du patient (loi 18-07)",
      { contacts },
    );
    await anonymiseAccounts(trx, records);
    await eraseRecords(trx, records, at);
    await dropRecalls(trx, records);
    await dropEntriesOf(trx, records, [...contacts, ...appointments]);
    await addEvent(trx, id, actor, "erased", `${appointments.length} rendez-vous anonymisé(s)`, at);
    await auditStaff(trx, actor, { action: "patient.erase", targetType: "patient", targetId: id, detail: `${appointments.length} rendez-vous anonymisé(s)` });
    return { ok: true, appointments: appointments.length };
  });
}

/** "2026-11-23" minus 12 months → "2025-11-23" (the last day of a shorter month when needed). */
export function monthsBefore(ymd: string, months: number): string {
  const [y, m, d] = ymd.split("-").map(Number);
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(Math.min(d, last))}`;
}

const RETENTION_BATCH = 200;

/**
 * The retention rule (docs/product.md, "Personal data"): a request never confirmed ('Demande
 * reçue', or 'Annulé' without any 'Confirmé' in its history) whose day is more than
 * `retentionMonths` months ago (schedule setting, 12 by default) loses its identity, as an erased
 * appointment does. A record left with no appointment that still has its identity (so no visit
 * either) is erased too. Written by "Système (conservation)". Runs in batches, each its own
 * transaction; several servers running it at once anonymise each request once. Waiting-list
 * entries that no longer wait and were last changed before the period are deleted. Returns the
 * number of appointments anonymised.
 */
export async function anonymiseExpiredRequests(h: Db, now: Date = new Date(), retentionMonths?: number): Promise<number> {
  const months = retentionMonths ?? (await loadContactSettings(h)).retentionMonths;
  const cutoff = monthsBefore(todayInClinic(now), months);
  const at = now.toISOString();
  const detail = `Demande jamais confirmée : identité effacée après ${months} mois (conservation)`;
  let total = 0;
  for (;;) {
    const done = await writeTransaction(h, async (trx) => {
      let q = trx
        .selectFrom("appointments")
        .select(["id", "phone", "email", "patient_id"])
        .where("anonymised_at", "is", null)
        .where("date", "<", cutoff)
        .where("status", "in", ["requested", "cancelled"])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("appointment_history")
                .select(sql`1`.as("one"))
                .whereRef("appointment_history.appointment_id", "=", "appointments.id")
                .where("appointment_history.to_status", "=", "confirmed"),
            ),
          ),
        )
        .orderBy("id")
        .limit(RETENTION_BATCH);
      if (h.engine === "postgres") q = q.forUpdate().skipLocked();
      const rows = await q.execute();
      if (rows.length === 0) return 0;
      await anonymiseAppointments(
        trx,
        rows.map((r) => ({ id: Number(r.id), phone: r.phone, email: r.email })),
        RETENTION_ACTOR,
        at,
        detail,
        // only messages older than the period: a newer one may be about a kept appointment
        { messagesBefore: `${cutoff}T00:00:00.000Z` },
      );
      const byPatient = new Map<number, number>();
      for (const r of rows) if (r.patient_id !== null) byPatient.set(Number(r.patient_id), (byPatient.get(Number(r.patient_id)) ?? 0) + 1);
      for (const [patientId, n] of byPatient) {
        const patient = await lockedPatient(trx, h.engine, patientId);
        if (stateOf(patient)) continue;
        const identified = await trx
          .selectFrom("appointments")
          .select("id")
          .where("patient_id", "=", patientId)
          .where("anonymised_at", "is", null)
          .limit(1)
          .executeTakeFirst();
        if (identified) {
          await addEvent(trx, patientId, RETENTION_ACTOR, "anonymised", `${n} demande(s) jamais confirmée(s) anonymisée(s) après ${months} mois`, at);
        } else {
          await eraseRecords(trx, await withMergedRecords(trx, patientId), at);
          await addEvent(trx, patientId, RETENTION_ACTOR, "erased", `Aucune visite ni rendez-vous en cours : dossier effacé après ${months} mois`, at);
        }
      }
      return rows.length;
    });
    total += done;
    if (done < RETENTION_BATCH) break;
  }
  // the waiting list's entries that no longer wait go after the same period
  await purgeOldEntries(h, `${cutoff}T00:00:00.000Z`);
  return total;
}

/** The retention job of the background loop: never throws; logs counts only. */
export async function runRetention(h: Db, now: Date = new Date()): Promise<number> {
  try {
    const n = await anonymiseExpiredRequests(h, now);
    if (n > 0) log.info({ event: "retention_anonymised", count: n }, "requests never confirmed anonymised");
    return n;
  } catch (err) {
    log.error({ event: "retention_failed", ...errorCode(err) }, "retention job failed");
    return 0;
  }
}
