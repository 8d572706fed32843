import type { ActCategory } from "~/lib/acts";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import { isUniqueViolation, nowIso, writeTransaction, type Db } from "../db";
import type { Act } from "../db/types";

/**
 * The catalogue of acts (docs/product.md, "Staff: acts and prices"; ADR 026): code, label, default
 * price (centimes), category, active; and which act each booking service stands for. Dentists and
 * administrators (`act:manage`); every change audited.
 */
export interface ActInput {
  code: string;
  label: string;
  price: number;
  category: ActCategory;
  active: boolean;
}

const toAct = (r: Act): Act => ({ ...r, id: Number(r.id), price: Number(r.price), active: Number(r.active), demo: Number(r.demo) });

export async function listActs(h: Pick<Db, "db">, opts: { activeOnly?: boolean } = {}): Promise<Act[]> {
  let q = h.db.selectFrom("acts").selectAll().orderBy("category").orderBy("label");
  if (opts.activeOnly) q = q.where("active", "=", 1);
  return (await q.execute()).map(toAct);
}

export type ActWrite = { ok: true; act: Act } | { ok: false; reason: "duplicate_code" | "not_found" };

export async function createAct(h: Db, input: ActInput, actor: Actor): Promise<ActWrite> {
  const at = nowIso();
  try {
    return await writeTransaction(h, async (trx) => {
      const row = await trx
        .insertInto("acts")
        .values({ code: input.code, label: input.label, price: input.price, category: input.category, active: input.active ? 1 : 0, demo: 0, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditStaff(trx, actor, { action: "act.create", targetType: "act", targetId: Number(row.id), detail: input.code });
      return { ok: true as const, act: toAct(row) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: "duplicate_code" };
    throw err;
  }
}

/** A change of an act; it is then the clinic's own price, no longer the demo's. */
export async function updateAct(h: Db, id: number, input: ActInput, actor: Actor): Promise<ActWrite> {
  try {
    return await writeTransaction(h, async (trx) => {
      const row = await trx
        .updateTable("acts")
        .set({ code: input.code, label: input.label, price: input.price, category: input.category, active: input.active ? 1 : 0, demo: 0, updated_at: nowIso() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      if (!row) return { ok: false as const, reason: "not_found" as const };
      await auditStaff(trx, actor, { action: "act.update", targetType: "act", targetId: id, detail: input.code });
      return { ok: true as const, act: toAct(row) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: "duplicate_code" };
    throw err;
  }
}

/** How many acts are still the demo list's (the go-live checklist). */
export async function countDemoActs(h: Pick<Db, "db">): Promise<number> {
  const r = await h.db.selectFrom("acts").select((eb) => eb.fn.countAll<number>().as("n")).where("demo", "=", 1).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The act each booking service stands for (null: none). */
export async function serviceActs(h: Pick<Db, "db">): Promise<Record<string, number | null>> {
  const rows = await h.db.selectFrom("service_settings").select(["service", "act_id"]).execute();
  return Object.fromEntries(rows.map((r) => [r.service, r.act_id === null ? null : Number(r.act_id)]));
}

export async function saveServiceActs(h: Db, map: Record<string, number | null>, actor: Actor): Promise<void> {
  await writeTransaction(h, async (trx) => {
    for (const [service, actId] of Object.entries(map)) {
      await trx.updateTable("service_settings").set({ act_id: actId }).where("service", "=", service).execute();
    }
    await auditStaff(trx, actor, { action: "act.services", targetType: "act", detail: "Actes des services de réservation" });
  });
}

/** The act of the service of a patient's latest appointment (the first line of a new quote), or undefined. */
export async function actOfLatestVisit(h: Pick<Db, "db">, patientId: number): Promise<Act | undefined> {
  const row = await h.db
    .selectFrom("appointments as a")
    .innerJoin("service_settings as s", "s.service", "a.service")
    .innerJoin("acts as x", "x.id", "s.act_id")
    .selectAll("x")
    .where("a.patient_id", "=", patientId)
    .where("x.active", "=", 1)
    .orderBy("a.date", "desc")
    .orderBy("a.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toAct(row) : undefined;
}
