import { allocatePayments, allocationOverflow, sumCentimes, type AllocatedInstalment } from "~/lib/money";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import { nowIso, writeTransaction, type Db } from "../db";

/**
 * Payment plans (docs/product.md, "Staff: payment plans"; ADR 026): an accepted quote's down
 * payment (position 0) and instalments with their due days, summing to the quote's total to the
 * centime. What is paid of each is never stored: the entries tied to the quote are summed and
 * placed oldest first when read (money.ts allocatePayments).
 */
export interface PlanLine {
  dueDay: string;
  amount: number;
}

export type PlanWrite = { ok: true } | { ok: false; reason: "not_found" | "not_accepted" | "sum" | "empty" };

/** Create or replace the plan of an accepted quote, in one transaction; audited. */
export async function savePlan(h: Db, quoteId: number, lines: PlanLine[], actor: Actor): Promise<PlanWrite> {
  if (lines.length === 0) return { ok: false, reason: "empty" };
  return writeTransaction(h, async (trx): Promise<PlanWrite> => {
    const quote = await trx.selectFrom("quotes").select(["status", "total", "patient_id", "number"]).where("id", "=", quoteId).executeTakeFirst();
    if (!quote) return { ok: false, reason: "not_found" };
    if (quote.status !== "accepted") return { ok: false, reason: "not_accepted" };
    if (sumCentimes(lines.map((l) => l.amount)) !== Number(quote.total)) return { ok: false, reason: "sum" };
    const at = nowIso();
    const existing = await trx.selectFrom("payment_plans").select("id").where("quote_id", "=", quoteId).executeTakeFirst();
    let planId: number;
    if (existing) {
      planId = Number(existing.id);
      await trx.updateTable("payment_plans").set({ total: Number(quote.total), updated_at: at }).where("id", "=", planId).execute();
      await trx.deleteFrom("plan_instalments").where("plan_id", "=", planId).execute();
    } else {
      const row = await trx.insertInto("payment_plans").values({ quote_id: quoteId, patient_id: quote.patient_id, total: Number(quote.total), created_by: actor.staffUserId, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
      planId = Number(row.id);
    }
    await trx
      .insertInto("plan_instalments")
      .values(lines.map((l, i) => ({ plan_id: planId, position: i, due_day: l.dueDay, amount: l.amount })))
      .execute();
    await auditStaff(trx, actor, { action: "plan.save", targetType: "quote", targetId: quoteId, detail: `Échéancier du devis n° ${quote.number} (${lines.length} échéance(s))` });
    return { ok: true };
  });
}

export interface PlanView {
  total: number;
  paid: number;
  overflow: number;
  instalments: AllocatedInstalment[];
}

/** The plan of a quote with what its payments cover, or null without a plan. */
export async function planOf(h: Pick<Db, "db">, quoteId: number, today: string): Promise<PlanView | null> {
  const plan = await h.db.selectFrom("payment_plans").select(["id", "total"]).where("quote_id", "=", quoteId).executeTakeFirst();
  if (!plan) return null;
  const [rows, paid] = await Promise.all([
    h.db.selectFrom("plan_instalments").select(["due_day", "amount"]).where("plan_id", "=", plan.id).orderBy("position").execute(),
    h.db.selectFrom("payments").select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("s")).where("quote_id", "=", quoteId).executeTakeFirstOrThrow(),
  ]);
  const instalments = rows.map((r) => ({ dueDay: r.due_day, amount: Number(r.amount) }));
  const total = Number(paid.s);
  return { total: Number(plan.total), paid: total, overflow: allocationOverflow(instalments, total), instalments: allocatePayments(instalments, total, today) };
}

/** The patient's next instalment not yet covered (any of their plans), or null. */
export async function nextInstalmentOf(h: Pick<Db, "db">, patientId: number, today: string): Promise<{ day: string; amount: number } | null> {
  const plans = await h.db.selectFrom("payment_plans").select("quote_id").where("patient_id", "=", patientId).execute();
  let next: { day: string; amount: number } | null = null;
  for (const p of plans) {
    const view = await planOf(h, Number(p.quote_id), today);
    for (const i of view?.instalments ?? []) {
      if (i.state === "paid") continue;
      if (!next || i.dueDay < next.day) next = { day: i.dueDay, amount: i.amount - i.paid };
    }
  }
  return next;
}

export interface LateInstalment {
  quoteId: number;
  quoteNumber: string;
  patientId: number | null;
  patientName: string | null;
  phone: string | null;
  dueDay: string;
  /** what is still due on it */
  due: number;
}

/** Every instalment past its day and not covered: the staff home and 'Rappels'. */
export async function lateInstalments(h: Pick<Db, "db">, today: string): Promise<LateInstalment[]> {
  const plans = await h.db
    .selectFrom("payment_plans as pp")
    .innerJoin("quotes as q", "q.id", "pp.quote_id")
    .leftJoin("patients as p", "p.id", "pp.patient_id")
    .innerJoin("plan_instalments as i", "i.plan_id", "pp.id")
    .select(["pp.quote_id", "q.number", "pp.patient_id", "p.name", "p.phone_e164", "p.phone"])
    .where("i.due_day", "<", today)
    .groupBy(["pp.quote_id", "q.number", "pp.patient_id", "p.name", "p.phone_e164", "p.phone"])
    .execute();
  const out: LateInstalment[] = [];
  for (const p of plans) {
    const view = await planOf(h, Number(p.quote_id), today);
    for (const i of view?.instalments ?? []) {
      if (i.state === "late") out.push({ quoteId: Number(p.quote_id), quoteNumber: p.number, patientId: p.patient_id === null ? null : Number(p.patient_id), patientName: p.name ?? null, phone: p.phone_e164 ?? p.phone ?? null, dueDay: i.dueDay, due: i.amount - i.paid });
    }
  }
  return out.sort((a, b) => a.dueDay.localeCompare(b.dueDay));
}
