import { auditStaff } from "../audit";
import type { Actor } from "../actor";
import { sql } from "kysely";
import type { Db } from "../db";
import { nowIso, writeTransaction } from "../db";
import type { FormationRow } from "../db/types";
import { lockCapacity } from "./enrollments";
import { parseSyllabus } from "~/lib/syllabus";
import type { Formation, FormationInput, FormationWithCount } from "~/lib/formation";

export type { Formation, FormationInput, FormationWithCount } from "~/lib/formation";

/** The one place where stored rows become typed formations (0/1 -> boolean, JSON -> object). */
export function toFormation(row: FormationRow): Formation {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    duration_months: Number(row.duration_months),
    max_participants: Number(row.max_participants),
    place: row.place,
    price: row.price === null ? null : Number(row.price),
    is_active: Number(row.is_active) === 1,
    syllabus: parseSyllabus(row.syllabus),
    title_ar: row.title_ar ?? null,
    description_ar: row.description_ar ?? null,
    syllabus_ar: parseSyllabus(row.syllabus_ar),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toRow(input: FormationInput) {
  return {
    title: input.title,
    description: input.description,
    duration_months: input.duration_months,
    max_participants: input.max_participants,
    ...(input.place === undefined ? {} : { place: input.place }),
    price: input.price,
    is_active: input.is_active ? 1 : 0,
    syllabus: input.syllabus ? JSON.stringify(input.syllabus) : null,
    ...(input.title_ar === undefined ? {} : { title_ar: input.title_ar }),
    ...(input.description_ar === undefined ? {} : { description_ar: input.description_ar }),
    ...(input.syllabus_ar === undefined ? {} : { syllabus_ar: input.syllabus_ar ? JSON.stringify(input.syllabus_ar) : null }),
  };
}

const takenSubquery = sql<number>`(select count(*) from enrollments e where e.formation_id = formations.id and e.status in ('pending', 'confirmed'))`;

/** Formations with the places taken (pending + confirmed enrolments), newest first. */
function selectWithCount(h: Db) {
  return h.db.selectFrom("formations").selectAll().select(takenSubquery.as("taken")).orderBy("created_at", "desc").orderBy("id", "desc");
}

function toFormationWithCount(row: FormationRow & { taken: number | string | bigint }): FormationWithCount {
  return { ...toFormation(row), taken: Number(row.taken) };
}

/** All formations, newest first, with the places taken. */
export async function listFormations(h: Db): Promise<FormationWithCount[]> {
  const rows = await selectWithCount(h).execute();
  return rows.map(toFormationWithCount);
}

/** Active formations, newest first (the first is the featured one). */
export async function listActiveFormations(h: Db): Promise<FormationWithCount[]> {
  const rows = await selectWithCount(h).where("is_active", "=", 1).execute();
  return rows.map(toFormationWithCount);
}

export async function getFormation(h: Db, id: number): Promise<FormationWithCount | undefined> {
  const row = await selectWithCount(h).where("id", "=", id).executeTakeFirst();
  return row ? toFormationWithCount(row) : undefined;
}

export async function createFormation(h: Db, input: FormationInput, createdAt: string = nowIso()): Promise<Formation> {
  const row = await h.db
    .insertInto("formations")
    .values({ ...toRow(input), created_at: createdAt, updated_at: createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toFormation(row);
}

export type UpdateFormationResult = { ok: true; formation: Formation } | { ok: false; reason: "not_found" } | { ok: false; reason: "below_taken"; taken: number };

/**
 * Save a formation. max_participants may not go down below the places taken (pending and
 * confirmed enrolments): the check and the write run in one write transaction (`lockCapacity`), so
 * a concurrent enrolment or status change cannot slip in between. On a formation already past its
 * capacity, other changes are saved as long as max_participants does not go down.
 */
export async function updateFormation(h: Db, id: number, input: FormationInput): Promise<UpdateFormationResult> {
  return writeTransaction(h, async (trx): Promise<UpdateFormationResult> => {
    const capacity = await lockCapacity(h, trx, id);
    if (!capacity) return { ok: false, reason: "not_found" };
    if (input.max_participants < capacity.taken && input.max_participants < capacity.max) return { ok: false, reason: "below_taken", taken: capacity.taken };
    const row = await trx
      .updateTable("formations")
      .set({ ...toRow(input), updated_at: nowIso() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, formation: toFormation(row) };
  });
}

/**
 * Enrolments keep their rows: formation_id becomes null (ON DELETE SET NULL). The deletion and
 * its audit entry commit together.
 */
export async function deleteFormation(h: Db, id: number, actor?: Actor): Promise<boolean> {
  return writeTransaction(h, async (trx) => {
    const r = await trx.deleteFrom("formations").where("id", "=", id).returning(["id", "title"]).executeTakeFirst();
    if (!r) return false;
    if (actor) await auditStaff(trx, actor, { action: "formation.delete", targetType: "formation", targetId: id, detail: r.title.slice(0, 200) });
    return true;
  });
}

export async function formationStats(h: Db): Promise<{ total: number; active: number; enrollments: number }> {
  const f = await h.db
    .selectFrom("formations")
    .select((eb) => [eb.fn.countAll<number>().as("total"), sql<number>`coalesce(sum(is_active), 0)`.as("active")])
    .executeTakeFirstOrThrow();
  const e = await h.db
    .selectFrom("enrollments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "in", ["pending", "confirmed"])
    .executeTakeFirstOrThrow();
  return { total: Number(f.total), active: Number(f.active), enrollments: Number(e.n) };
}

/** The database keep-alive (docs/product.md, "Errors and failures"): select id from formations limit 1. */
export async function heartbeat(h: Db): Promise<void> {
  await h.db.selectFrom("formations").select("id").limit(1).execute();
}

/** An active formation by id (public pages): undefined when unknown or inactive. */
export async function getActiveFormation(h: Db, id: number): Promise<FormationWithCount | undefined> {
  const f = await getFormation(h, id);
  return f && f.is_active ? f : undefined;
}
