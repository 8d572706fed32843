import type { Kysely } from "kysely";
import { addMonthsYmd, DEFAULT_RECALL_MONTHS, endOfMonth, isService, RECALL_CHANNEL_LABELS, type RecallChannel } from "~/lib/recall";
import { SERVICES, type Service } from "~/lib/services";
import { PATIENT_ACTOR, type Actor } from "../actor";
import { auditStaff } from "../audit";
import type { Db } from "../db";
import { nowIso, writeTransaction } from "../db";
import type { Database } from "../db/types";
import { hashToken, newRecallLinkColumns } from "../link-tokens";

/**
 * 'Rappels de suivi' (docs/product.md, "Staff: recalls"; issue 31, item 2): the intervals per
 * booking service, one recall per patient and service, the list of recalls to propose, 'Relancé
 * le …', and the patient's 'Ne plus me rappeler'.
 *
 * A recall follows the appointments: `refreshRecall` recomputes it from the patient's last
 * honoured ('Honoré') visit of the service, in the transaction of the status change that may
 * move it (app/.server/repos/booking.ts setAppointmentStatus), of a merge and of a change of
 * interval. Nothing else writes `visit_date` or `due_date`.
 */

type Trx = Kysely<Database>;

export type RecallIntervals = Record<Service, number | null>;

export async function loadIntervals(h: Pick<Db, "db">): Promise<RecallIntervals> {
  const rows = await h.db.selectFrom("recall_intervals").select(["service", "months"]).execute();
  const by = new Map(rows.map((r) => [r.service, r.months === null ? null : Number(r.months)]));
  return Object.fromEntries(SERVICES.map((s) => [s, by.has(s) ? by.get(s)! : DEFAULT_RECALL_MONTHS[s]])) as RecallIntervals;
}

async function intervalOf(trx: Trx, service: string): Promise<number | null> {
  const row = await trx.selectFrom("recall_intervals").select("months").where("service", "=", service).executeTakeFirst();
  if (!row) return isService(service) ? DEFAULT_RECALL_MONTHS[service] : null;
  return row.months === null ? null : Number(row.months);
}

/**
 * The recall of one patient for one service, from the last honoured visit: set (visit day +
 * interval), moved by a later visit (its 'Relancé le …' then starts again), removed when no
 * honoured visit is left or the service has no interval. Returns the due day, or null.
 */
export async function refreshRecall(trx: Trx, patientId: number, service: string): Promise<string | null> {
  const months = await intervalOf(trx, service);
  const last = await trx
    .selectFrom("appointments")
    .select(["id", "date"])
    .where("patient_id", "=", patientId)
    .where("service", "=", service)
    .where("status", "=", "attended")
    .where("anonymised_at", "is", null)
    .orderBy("date", "desc")
    .orderBy("time", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const existing = await trx.selectFrom("recalls").select(["id", "visit_date", "due_date", "appointment_id"]).where("patient_id", "=", patientId).where("service", "=", service).executeTakeFirst();
  if (months === null || !last) {
    if (existing) await trx.deleteFrom("recalls").where("id", "=", existing.id).execute();
    return null;
  }
  const due = addMonthsYmd(last.date, months);
  const at = nowIso();
  if (existing && existing.visit_date === last.date && existing.due_date === due && Number(existing.appointment_id) === Number(last.id)) return due;
  const newVisit = !existing || existing.visit_date !== last.date;
  const moved = { visit_date: last.date, appointment_id: Number(last.id), due_date: due, updated_at: at };
  const resetSent = newVisit ? { sent_at: null, sent_by: null, sent_channel: null } : {};
  await trx
    .insertInto("recalls")
    .values({ patient_id: patientId, service, ...moved, ...newRecallLinkColumns(), created_at: at })
    .onConflict((oc) => oc.columns(["patient_id", "service"]).doUpdateSet({ ...moved, ...resetSent }))
    .execute();
  return due;
}

/** Every recall of one service again (its interval changed). */
async function rebuildService(trx: Trx, service: string): Promise<void> {
  const visited = await trx.selectFrom("appointments").select("patient_id").distinct().where("service", "=", service).where("status", "=", "attended").where("patient_id", "is not", null).execute();
  const held = await trx.selectFrom("recalls").select("patient_id").where("service", "=", service).execute();
  const ids = new Set([...visited, ...held].map((r) => Number(r.patient_id)));
  for (const id of ids) await refreshRecall(trx, id, service);
}

/** Every recall again (the demo seed, after its records of the past). */
export async function rebuildAllRecalls(trx: Trx): Promise<void> {
  for (const s of SERVICES) await rebuildService(trx, s);
}

/** A merge: the recalls of the record that goes are recomputed on the kept one, with its 'Ne plus me rappeler'. */
export async function mergeRecalls(trx: Trx, keepId: number, goneId: number): Promise<void> {
  await trx.deleteFrom("recalls").where("patient_id", "=", goneId).execute();
  const gone = await trx.selectFrom("patients").select(["recall_opt_out_at", "recall_opt_out_by"]).where("id", "=", goneId).executeTakeFirst();
  if (gone?.recall_opt_out_at) {
    await trx.updateTable("patients").set({ recall_opt_out_at: gone.recall_opt_out_at, recall_opt_out_by: gone.recall_opt_out_by }).where("id", "=", keepId).where("recall_opt_out_at", "is", null).execute();
  }
  for (const s of SERVICES) await refreshRecall(trx, keepId, s);
}

/** An erasure: the records' recalls go with their identity. */
export async function dropRecalls(trx: Trx, patientIds: number[]): Promise<void> {
  if (patientIds.length) await trx.deleteFrom("recalls").where("patient_id", "in", patientIds).execute();
}

/** Save the intervals; the recalls of each service whose interval changed follow, in the same transaction. */
export async function saveIntervals(h: Db, intervals: RecallIntervals, actor: Actor): Promise<{ changed: Service[] }> {
  return writeTransaction(h, async (trx) => {
    const before = await loadIntervals({ db: trx });
    const changed = SERVICES.filter((s) => before[s] !== intervals[s]);
    const at = nowIso();
    for (const s of changed) {
      const res = await trx.updateTable("recall_intervals").set({ months: intervals[s], updated_at: at, updated_by: actor.label }).where("service", "=", s).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) await trx.insertInto("recall_intervals").values({ service: s, months: intervals[s], updated_at: at, updated_by: actor.label }).execute();
      await rebuildService(trx, s);
    }
    if (changed.length) {
      const detail = changed.map((s) => `${s} : ${before[s] ?? "aucun"} → ${intervals[s] ?? "aucun"}`).join(" ; ");
      await auditStaff(trx, actor, { action: "recall.intervals", targetType: "schedule", detail });
    }
    return { changed };
  });
}

// ---- the list -------------------------------------------------------------------------------------

export interface DueRecall {
  id: number;
  patientId: number;
  name: string;
  phone: string | null;
  phoneE164: string | null;
  service: string;
  visitDate: string;
  due: string;
  linkSalt: string;
  sentAt: string | null;
  sentBy: string | null;
  sentChannel: RecallChannel | null;
  /** the last visit is a demo appointment (submission key 'demo-'): no message */
  demo: boolean;
  /** the patient record's language (patients.language, issue 32): its messages' */
  language: string | null;
}

/**
 * 'Suivis à proposer': the recalls due by the end of `today`'s month, of live records that did not
 * ask to stop, without a booked appointment (requested or confirmed, today or later) of the same
 * service. Oldest first.
 */
export async function listDueRecalls(h: Pick<Db, "db">, today: string): Promise<DueRecall[]> {
  const rows = await h.db
    .selectFrom("recalls as r")
    .innerJoin("patients as p", "p.id", "r.patient_id")
    .leftJoin("appointments as a", "a.id", "r.appointment_id")
    .select(["r.id", "r.patient_id", "r.service", "r.visit_date", "r.due_date", "r.link_salt", "r.sent_at", "r.sent_by", "r.sent_channel", "p.name", "p.phone", "p.phone_e164", "p.language", "a.submission_key"])
    .where("r.due_date", "<=", endOfMonth(today))
    .where("p.erased_at", "is", null)
    .where("p.merged_into", "is", null)
    .where("p.recall_opt_out_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("appointments as f")
            .select("f.id")
            .whereRef("f.patient_id", "=", "r.patient_id")
            .whereRef("f.service", "=", "r.service")
            .where("f.status", "in", ["requested", "confirmed"])
            .where("f.date", ">=", today),
        ),
      ),
    )
    .orderBy("r.due_date")
    .orderBy("r.id")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    patientId: Number(r.patient_id),
    name: r.name,
    phone: r.phone,
    phoneE164: r.phone_e164,
    service: r.service,
    visitDate: r.visit_date,
    due: r.due_date,
    linkSalt: r.link_salt,
    sentAt: r.sent_at,
    sentBy: r.sent_by,
    sentChannel: r.sent_channel,
    demo: r.submission_key?.startsWith("demo-") ?? false,
    language: r.language,
  }));
}

/** How many recalls the list shows (the staff home's line). */
export async function countDueRecalls(h: Pick<Db, "db">, today: string): Promise<number> {
  return (await listDueRecalls(h, today)).length;
}

export type MarkRecallResult = { ok: true; patientId: number } | { ok: false; reason: "not_found" | "opted_out" | "demo" };

/** 'Relancé le …': when, by whom, how; and the audit log's entry, in one transaction. */
export async function markRecallSent(h: Db, id: number, channel: RecallChannel, actor: Actor, at: string = nowIso()): Promise<MarkRecallResult> {
  return writeTransaction(h, async (trx) => {
    const row = await trx
      .selectFrom("recalls as r")
      .innerJoin("patients as p", "p.id", "r.patient_id")
      .leftJoin("appointments as a", "a.id", "r.appointment_id")
      .select(["r.patient_id", "p.recall_opt_out_at", "p.erased_at", "a.submission_key"])
      .where("r.id", "=", id)
      .executeTakeFirst();
    if (!row || row.erased_at) return { ok: false as const, reason: "not_found" as const };
    if (row.recall_opt_out_at) return { ok: false as const, reason: "opted_out" as const };
    if (row.submission_key?.startsWith("demo-")) return { ok: false as const, reason: "demo" as const };
    await trx.updateTable("recalls").set({ sent_at: at, sent_by: actor.label, sent_channel: channel }).where("id", "=", id).execute();
    await auditStaff(trx, actor, { action: "recall.sent", targetType: "patient", targetId: Number(row.patient_id), detail: `Relance : ${RECALL_CHANNEL_LABELS[channel]}` });
    return { ok: true as const, patientId: Number(row.patient_id) };
  });
}

// ---- 'Ne plus me rappeler' -------------------------------------------------------------------------

export const RECALL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The record a link /rappel/<token> opens (a live one), or null: malformed, unknown and gone look the same. */
export async function recallByToken(h: Pick<Db, "db">, token: string): Promise<{ patientId: number; optedOut: boolean } | null> {
  if (!RECALL_TOKEN_PATTERN.test(token)) return null;
  const row = await h.db
    .selectFrom("recalls as r")
    .innerJoin("patients as p", "p.id", "r.patient_id")
    .select(["r.patient_id", "p.recall_opt_out_at"])
    .where("r.link_hash", "=", hashToken(token))
    .where("p.erased_at", "is", null)
    .where("p.merged_into", "is", null)
    .executeTakeFirst();
  return row ? { patientId: Number(row.patient_id), optedOut: row.recall_opt_out_at !== null } : null;
}

/**
 * Set or lift 'Ne plus me rappeler' on a record: the patient from the link (`PATIENT_ACTOR`) or
 * staff on the record (their change also in the audit log). A line of the record's journal either
 * way. Returns false when nothing changed (already so, or no live record).
 */
export async function setRecallOptOut(h: Db, patientId: number, optOut: boolean, actor: Actor, at: string = nowIso()): Promise<boolean> {
  return writeTransaction(h, async (trx) => {
    const res = await trx
      .updateTable("patients")
      .set(optOut ? { recall_opt_out_at: at, recall_opt_out_by: actor.label } : { recall_opt_out_at: null, recall_opt_out_by: null })
      .where("id", "=", patientId)
      .where("erased_at", "is", null)
      .where("merged_into", "is", null)
      .where("recall_opt_out_at", optOut ? "is" : "is not", null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await trx
      .insertInto("patient_events")
      .values({ patient_id: patientId, at, staff_user_id: actor.staffUserId, actor: actor.label, action: optOut ? "recall_opt_out" : "recall_opt_in", detail: null })
      .execute();
    await auditStaff(trx, actor, { action: optOut ? "recall.optout" : "recall.optin", targetType: "patient", targetId: patientId });
    return true;
  });
}

/** The patient's own 'Ne plus me rappeler', from the link. */
export async function optOutByToken(h: Db, token: string): Promise<boolean | null> {
  const found = await recallByToken(h, token);
  if (!found) return null;
  await setRecallOptOut(h, found.patientId, true, PATIENT_ACTOR);
  return true;
}

// ---- the patient's record ----------------------------------------------------------------------------

export interface PatientRecalls {
  optOutAt: string | null;
  optOutBy: string | null;
  recalls: { service: string; visitDate: string; due: string; sentAt: string | null; sentBy: string | null }[];
}

export async function patientRecalls(h: Pick<Db, "db">, patientId: number): Promise<PatientRecalls> {
  const [p, rows] = await Promise.all([
    h.db.selectFrom("patients").select(["recall_opt_out_at", "recall_opt_out_by"]).where("id", "=", patientId).executeTakeFirst(),
    h.db.selectFrom("recalls").select(["service", "visit_date", "due_date", "sent_at", "sent_by"]).where("patient_id", "=", patientId).orderBy("due_date").execute(),
  ]);
  return {
    optOutAt: p?.recall_opt_out_at ?? null,
    optOutBy: p?.recall_opt_out_by ?? null,
    recalls: rows.map((r) => ({ service: r.service, visitDate: r.visit_date, due: r.due_date, sentAt: r.sent_at, sentBy: r.sent_by })),
  };
}
