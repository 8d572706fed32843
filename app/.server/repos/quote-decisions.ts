import { quoteHeadline, quoteTotals } from "~/lib/money";
import { numberOrNull, writeTransaction, type Db } from "../db";
import type { Quote, QuoteLine } from "../db/types";
import { hashToken, quoteTokenFromSalt } from "../link-tokens";
import { quoteContentHash } from "../quote-hash";

/**
 * The patient's answer to a quote from its link /devis/<token> (docs/product.md, "Patients:
 * answering a quote"; ADR 026). The token opens one quote (its SHA-256 is stored, never the
 * token). Accepting or refusing is one conditional UPDATE — still proposed, still valid — so a
 * double tap or two phones give one answer; the acceptance records the option, the name typed,
 * the time, the address and the hash of the content, and a history line (actor 'patient').
 */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface PatientQuote {
  quote: Quote;
  lines: QuoteLine[];
  patientName: string;
}

export async function quoteByToken(h: Pick<Db, "db">, token: string): Promise<PatientQuote | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const row = await h.db.selectFrom("quotes").selectAll().where("link_hash", "=", hashToken(token)).executeTakeFirst();
  if (!row || row.status === "draft") return undefined;
  const [lines, patient] = await Promise.all([
    h.db.selectFrom("quote_lines").selectAll().where("quote_id", "=", row.id).orderBy("position").execute(),
    row.patient_id === null ? undefined : h.db.selectFrom("patients").select("name").where("id", "=", row.patient_id).executeTakeFirst(),
  ]);
  return {
    quote: { ...row, id: Number(row.id), discount: Number(row.discount), total: Number(row.total), patient_id: numberOrNull(row.patient_id) },
    lines: lines.map((l) => ({ ...l, id: Number(l.id), position: Number(l.position), quantity: Number(l.quantity), unit_price: Number(l.unit_price), discount: Number(l.discount), total: Number(l.total), act_id: numberOrNull(l.act_id) })),
    patientName: patient?.name ?? "",
  };
}

export type DecisionRefusal = "not_found" | "answered" | "expired" | "bad_option";
export type DecisionResult = { ok: true; status: "accepted" | "refused"; at: string } | { ok: false; reason: DecisionRefusal; status?: string };

export async function acceptQuote(h: Db, a: { token: string; option: string | null; name: string; ip: string | null; today: string; at?: Date }): Promise<DecisionResult> {
  const found = await quoteByToken(h, a.token);
  if (!found) return { ok: false, reason: "not_found" };
  const options = [...new Set(found.lines.map((l) => l.option).filter((o): o is string => o !== null))];
  if (options.length > 0 ? !a.option || !options.includes(a.option) : a.option) return { ok: false, reason: "bad_option" };
  const at = (a.at ?? new Date()).toISOString();
  const hash = quoteContentHash(found.quote, found.lines);
  // the quote now stands for the option accepted (money.ts)
  const total = quoteHeadline(quoteTotals(found.lines, found.quote.discount), options.length ? a.option : null);
  return writeTransaction(h, async (trx): Promise<DecisionResult> => {
    const row = await trx
      .updateTable("quotes")
      .set({ status: "accepted", decided_at: at, updated_at: at, accepted_option: options.length ? a.option : null, accepted_name: a.name.trim().slice(0, 120), accepted_ip: a.ip, accepted_hash: hash, total })
      .where("id", "=", found.quote.id)
      .where("status", "=", "proposed")
      .where("valid_until", ">=", a.today)
      .returning("id")
      .executeTakeFirst();
    if (!row) return why(trx, found.quote.id, a.today);
    await trx
      .insertInto("quote_events")
      .values({ quote_id: found.quote.id, action: "accepted", from_status: "proposed", to_status: "accepted", actor: "patient", staff_user_id: null, detail: options.length ? a.option : null, at })
      .execute();
    return { ok: true, status: "accepted", at };
  });
}

export async function refuseQuote(h: Db, a: { token: string; reason: string | null; today: string; at?: Date }): Promise<DecisionResult> {
  const found = await quoteByToken(h, a.token);
  if (!found) return { ok: false, reason: "not_found" };
  const at = (a.at ?? new Date()).toISOString();
  return writeTransaction(h, async (trx): Promise<DecisionResult> => {
    const row = await trx
      .updateTable("quotes")
      .set({ status: "refused", decided_at: at, updated_at: at, refusal_reason: a.reason?.trim().slice(0, 500) || null })
      .where("id", "=", found.quote.id)
      .where("status", "=", "proposed")
      .where("valid_until", ">=", a.today)
      .returning("id")
      .executeTakeFirst();
    if (!row) return why(trx, found.quote.id, a.today);
    await trx.insertInto("quote_events").values({ quote_id: found.quote.id, action: "refused", from_status: "proposed", to_status: "refused", actor: "patient", staff_user_id: null, detail: null, at }).execute();
    return { ok: true, status: "refused", at };
  });
}

async function why(trx: Parameters<Parameters<typeof writeTransaction>[1]>[0], id: number, today: string): Promise<DecisionResult> {
  const q = await trx.selectFrom("quotes").select(["status", "valid_until"]).where("id", "=", id).executeTakeFirst();
  if (!q) return { ok: false, reason: "not_found" };
  if (q.status === "proposed" && q.valid_until < today) return { ok: false, reason: "expired" };
  if (q.status === "expired") return { ok: false, reason: "expired" };
  return { ok: false, reason: "answered", status: q.status };
}

/** The quotes of a patient to show on their /rdv page: proposed ones and those answered in the last 90 days, with their links. */
export async function quotesForPatientPage(h: Pick<Db, "db">, patientId: number | null): Promise<{ number: string; total: number; status: string; validUntil: string; href: string }[]> {
  if (patientId === null) return [];
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString();
  const rows = await h.db
    .selectFrom("quotes")
    .select(["number", "total", "status", "valid_until", "link_salt", "decided_at"])
    .where("patient_id", "=", patientId)
    .where("link_salt", "is not", null)
    .where((eb) => eb.or([eb("status", "=", "proposed"), eb("decided_at", ">=", since)]))
    .orderBy("id", "desc")
    .limit(5)
    .execute();
  return rows.map((r) => ({ number: r.number, total: Number(r.total), status: r.status, validUntil: r.valid_until, href: `/devis/${quoteTokenFromSalt(r.link_salt!)}` }));
}

