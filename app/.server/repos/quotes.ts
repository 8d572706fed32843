import { sql, type Kysely } from "kysely";
import { quoteHeadline, quoteTotals } from "~/lib/money";
import type { QuoteLineValue } from "~/lib/quote-schema";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import { nowIso, writeTransaction, type Db } from "../db";
import type { Database, Quote, QuoteEvent, QuoteLine, QuoteStatus } from "../db/types";
import { newQuoteLinkColumns, quoteTokenFromSalt } from "../link-tokens";
import { formatMoneyNumber, takeNumber } from "./money-counters";
import { searchPatterns } from "./search-patterns";

/**
 * Quotes (docs/product.md, "Staff: quotes"; ADR 026): the one module of `quotes`, `quote_lines`
 * and `quote_events` for the staff side. A quote is numbered at its creation ('Devis n° 2026-0042',
 * the year's counter in the same transaction); only a draft changes; proposing it gives it the
 * patient's link; an answered or expired quote is copied into a new draft to make a new version.
 * Every change is a history line with who and when, and an audit entry.
 */
type Trx = Kysely<Database>;

const n = (v: number | null) => (v === null ? null : Number(v));
const toQuote = (q: Quote): Quote => ({ ...q, id: Number(q.id), year: Number(q.year), seq: Number(q.seq), patient_id: n(q.patient_id), discount: Number(q.discount), total: Number(q.total), replaces_id: n(q.replaces_id), created_by: n(q.created_by) });
const toLine = (l: QuoteLine): QuoteLine => ({ ...l, id: Number(l.id), quote_id: Number(l.quote_id), position: Number(l.position), act_id: n(l.act_id), quantity: Number(l.quantity), unit_price: Number(l.unit_price), discount: Number(l.discount), total: Number(l.total) });

async function event(trx: Trx, quoteId: number, actor: Actor | null, action: string, from: QuoteStatus | null, to: QuoteStatus | null, detail: string | null = null) {
  await trx
    .insertInto("quote_events")
    .values({ quote_id: quoteId, action, from_status: from, to_status: to, actor: actor ? (actor.staffUserId === null ? "patient" : "staff") : "system", staff_user_id: actor?.staffUserId ?? null, detail, at: nowIso() })
    .execute();
}

async function writeLines(trx: Trx, quoteId: number, lines: QuoteLineValue[]) {
  await trx.deleteFrom("quote_lines").where("quote_id", "=", quoteId).execute();
  if (lines.length === 0) return;
  await trx
    .insertInto("quote_lines")
    .values(lines.map((l, i) => ({ quote_id: quoteId, position: i + 1, phase: l.phase, option: l.option, act_id: l.actId, label: l.label, teeth: l.teeth, quantity: l.quantity, unit_price: l.unitPrice, discount: l.discount, total: l.total })))
    .execute();
}

export interface NewQuote {
  patientId: number;
  validUntil: string;
  title?: string | null;
  lines?: QuoteLineValue[];
  replacesId?: number | null;
  discount?: number;
  note?: string | null;
  at?: Date;
}

/** A new draft with its number, in one transaction; audited. Undefined when the patient's record is gone or erased. */
export async function createQuote(h: Db, q: NewQuote, actor: Actor): Promise<Quote | undefined> {
  const at = (q.at ?? new Date()).toISOString();
  const year = Number(at.slice(0, 4));
  return writeTransaction(h, async (trx) => {
    const patient = await trx.selectFrom("patients").select("id").where("id", "=", q.patientId).where("erased_at", "is", null).where("merged_into", "is", null).executeTakeFirst();
    if (!patient) return undefined;
    const seq = await takeNumber(trx, "quote", year);
    const lines = q.lines ?? [];
    const total = quoteHeadline(quoteTotals(lines, q.discount ?? 0));
    const row = await trx
      .insertInto("quotes")
      .values({ year, seq, number: formatMoneyNumber("quote", year, seq), patient_id: q.patientId, title: q.title ?? null, status: "draft", valid_until: q.validUntil, note: q.note ?? null, discount: q.discount ?? 0, total, replaces_id: q.replacesId ?? null, created_by: actor.staffUserId, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeLines(trx, Number(row.id), lines);
    await event(trx, Number(row.id), actor, q.replacesId ? "new_version" : "created", null, "draft");
    await auditStaff(trx, actor, { action: "quote.create", targetType: "quote", targetId: Number(row.id), detail: `Devis n° ${row.number}` });
    return toQuote(row);
  });
}

export interface DraftChange {
  title: string | null;
  validUntil: string;
  note: string | null;
  discount: number;
  lines: QuoteLineValue[];
}

export type QuoteChange = { ok: true; quote: Quote } | { ok: false; reason: "not_found" | "not_draft" | "no_line" | "validity_past" };

/** Save a draft's fields and lines; a quote that is no longer a draft is refused (the database row is the judge). */
export async function saveDraft(h: Db, id: number, c: DraftChange, actor: Actor): Promise<QuoteChange> {
  return writeTransaction(h, async (trx): Promise<QuoteChange> => {
    const total = quoteHeadline(quoteTotals(c.lines, c.discount));
    const row = await trx
      .updateTable("quotes")
      .set({ title: c.title, valid_until: c.validUntil, note: c.note, discount: c.discount, total, updated_at: nowIso() })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returningAll()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: (await exists(trx, id)) ? "not_draft" : "not_found" };
    await writeLines(trx, id, c.lines);
    await event(trx, id, actor, "edited", "draft", "draft");
    await auditStaff(trx, actor, { action: "quote.update", targetType: "quote", targetId: id, detail: `Devis n° ${row.number}` });
    return { ok: true, quote: toQuote(row) };
  });
}

async function exists(trx: Trx, id: number) {
  return Boolean(await trx.selectFrom("quotes").select("id").where("id", "=", id).executeTakeFirst());
}

/** Brouillon → Proposé: at least one line and a validity not past; the quote gets the patient's link. */
export async function proposeQuote(h: Db, id: number, today: string, actor: Actor): Promise<QuoteChange> {
  return writeTransaction(h, async (trx): Promise<QuoteChange> => {
    const current = await trx.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
    if (!current) return { ok: false, reason: "not_found" };
    if (current.status !== "draft") return { ok: false, reason: "not_draft" };
    const lines = await trx.selectFrom("quote_lines").select("id").where("quote_id", "=", id).execute();
    if (lines.length === 0) return { ok: false, reason: "no_line" };
    if (current.valid_until < today) return { ok: false, reason: "validity_past" };
    const at = nowIso();
    const row = await trx
      .updateTable("quotes")
      .set({ status: "proposed", proposed_at: at, updated_at: at, ...newQuoteLinkColumns() })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returningAll()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "not_draft" };
    await event(trx, id, actor, "proposed", "draft", "proposed");
    await auditStaff(trx, actor, { action: "quote.propose", targetType: "quote", targetId: id, detail: `Devis n° ${row.number}` });
    return { ok: true, quote: toQuote(row) };
  });
}

/** A new version: the quote's lines copied into a new draft that names it. */
export async function newVersion(h: Db, id: number, validUntil: string, actor: Actor): Promise<Quote | undefined> {
  const q = await quoteDetail(h, id);
  if (!q || q.quote.patient_id === null) return undefined;
  const lines: QuoteLineValue[] = q.lines.map((l) => ({ actId: l.act_id, label: l.label, teeth: l.teeth, quantity: l.quantity, unitPrice: l.unit_price, discount: l.discount, total: l.total, phase: l.phase, option: l.option }));
  return createQuote(h, { patientId: q.quote.patient_id, validUntil, title: q.quote.title, note: q.quote.note, discount: q.quote.discount, lines, replacesId: id }, actor);
}

/** The expiry job: every proposed quote whose validity day is past becomes 'Expiré', with its history line. */
export async function expireQuotes(h: Db, today: string): Promise<number> {
  return writeTransaction(h, async (trx) => {
    const rows = await trx.updateTable("quotes").set({ status: "expired", updated_at: nowIso() }).where("status", "=", "proposed").where("valid_until", "<", today).returning("id").execute();
    for (const r of rows) await event(trx, Number(r.id), null, "expired", "proposed", "expired", `Validité dépassée`);
    return rows.length;
  });
}

export interface QuoteDetail {
  quote: Quote;
  lines: QuoteLine[];
  events: (QuoteEvent & { staffEmail: string | null })[];
  patient: { id: number; name: string; phone: string | null; phoneE164: string | null; email: string | null } | null;
  /** the patient's link /devis/<token>, once proposed */
  token: string | null;
}

export async function quoteDetail(h: Pick<Db, "db">, id: number): Promise<QuoteDetail | undefined> {
  const row = await h.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const quote = toQuote(row);
  const [lines, events, patient] = await Promise.all([
    h.db.selectFrom("quote_lines").selectAll().where("quote_id", "=", id).orderBy("position").execute(),
    h.db.selectFrom("quote_events as e").leftJoin("staff_users as s", "s.id", "e.staff_user_id").selectAll("e").select("s.email as staffEmail").where("e.quote_id", "=", id).orderBy("e.id").execute(),
    quote.patient_id === null ? undefined : h.db.selectFrom("patients").select(["id", "name", "phone", "phone_e164", "email"]).where("id", "=", quote.patient_id).executeTakeFirst(),
  ]);
  return {
    quote,
    lines: lines.map(toLine),
    events: events.map((e) => ({ ...e, id: Number(e.id), quote_id: Number(e.quote_id), staffEmail: e.staffEmail ?? null })),
    patient: patient ? { id: Number(patient.id), name: patient.name ?? "", phone: patient.phone, phoneE164: patient.phone_e164, email: patient.email } : null,
    token: quote.link_salt ? quoteTokenFromSalt(quote.link_salt) : null,
  };
}

export interface QuoteListRow {
  id: number;
  number: string;
  title: string | null;
  status: QuoteStatus;
  total: number;
  patientId: number | null;
  patientName: string | null;
  createdAt: string;
  proposedAt: string | null;
  validUntil: string;
}

/** The list of /admin/devis: newest first, by status and patient (name or phone), a page at a time. */
export async function listQuotes(h: Pick<Db, "db">, f: { status?: QuoteStatus; q?: string; patientId?: number; limit?: number; offset?: number } = {}): Promise<{ rows: QuoteListRow[]; total: number }> {
  let base = h.db.selectFrom("quotes as q").leftJoin("patients as p", "p.id", "q.patient_id");
  if (f.status) base = base.where("q.status", "=", f.status);
  if (f.patientId) base = base.where("q.patient_id", "=", f.patientId);
  const q = f.q?.trim();
  if (q) {
    // the patients first (a few thousand records), then their quotes by the patient index
    const digits = q.replace(/\D/g, "").replace(/^0/, "");
    const patients = h.db
      .selectFrom("patients")
      .select("id")
      .where((eb) => eb.or([...searchPatterns(q).map((like) => sql<boolean>`lower(${eb.ref("name")}) like ${like} escape '\\'`), ...(digits.length >= 3 ? [eb("phone_e164", "like", `%${digits}%`)] : [])]));
    // a quote's number is looked for only when what was typed can be one ('2026-0042', '42')
    const number = /^[\d-]+$/.test(q) ? q : null;
    base = base.where((eb) => (number ? eb.or([eb("q.patient_id", "in", patients), eb("q.number", "like", `%${number}%`)]) : eb("q.patient_id", "in", patients)));
  }
  const [rows, count] = await Promise.all([
    base
      .select(["q.id", "q.number", "q.title", "q.status", "q.total", "q.patient_id", "p.name as patient_name", "q.created_at", "q.proposed_at", "q.valid_until"])
      .orderBy("q.created_at", "desc")
      .orderBy("q.id", "desc")
      .limit(f.limit ?? 50)
      .offset(f.offset ?? 0)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ id: Number(r.id), number: r.number, title: r.title, status: r.status, total: Number(r.total), patientId: n(r.patient_id), patientName: r.patient_name ?? null, createdAt: r.created_at, proposedAt: r.proposed_at, validUntil: r.valid_until })),
    total: Number(count.n),
  };
}

/** 'Devis en attente de réponse': proposed quotes, the oldest first. */
export async function pendingQuotes(h: Pick<Db, "db">, limit = 10): Promise<QuoteListRow[]> {
  return (await listQuotes(h, { status: "proposed", limit: 500 })).rows.sort((a, b) => (a.proposedAt ?? "").localeCompare(b.proposedAt ?? "")).slice(0, limit);
}
