import type { Kysely } from "kysely";
import { clinicInstant, todayInClinic } from "~/lib/clinic-time";
import type { Clinic } from "~/lib/clinic";
import { isBookable, placesLeft, type FormationSession } from "~/lib/formation-session";
import { offerMessage } from "../course-mail";
import type { Actor } from "../actor";
import { auditStaff } from "../audit";
import { isUniqueViolation, writeTransaction, type Db } from "../db";
import type { Database, Enrollment, FormationWaitlistRow, Language } from "../db/types";
import { formationOfferTokenFromSalt, hashToken, newFormationOfferLinkColumns } from "../link-tokens";
import type { MailMessage } from "../mail";
import { insertEnrollment, paymentDeadline } from "./enrollment-rows";
import { getSession, lockSession } from "./formation-sessions";
import { insertOutboxMessage } from "./outbox";

/**
 * The waiting list of a full session (issue 31, item 4). A person waits ('waiting'); when a place
 * frees, the next ones get an offer ('offered') with a personal link valid `offer_hours` (never past
 * the session's first hour); a live offer holds its place (it counts as taken for everyone else).
 * The claim turns the offer into an enrolment in ONE write transaction under the session's lock,
 * with a conditional update ('offered' and not expired): of concurrent claims, at most the free
 * places succeed. An unclaimed offer expires and its place goes to the next person.
 */

type Trx = Kysely<Database>;

export interface WaitlistPerson {
  user_name: string;
  user_surname: string;
  email: string;
  phone: string;
  /** the page's language (migration 018): the offer's e-mail and page follow it */
  language?: Language;
}

export type JoinResult =
  | { ok: true; entry: FormationWaitlistRow; duplicate: boolean }
  | { ok: false; reason: "unavailable" | "not_full" };

/** Join the waiting list of a full session (one row per submission key, one waiting row per e-mail). */
export async function joinWaitlist(h: Db, sessionId: number, p: WaitlistPerson, opts: { submissionKey?: string | null; at?: Date } = {}): Promise<JoinResult> {
  const at = opts.at ?? new Date();
  const key = opts.submissionKey || null;
  const existingFor = (db: Trx) =>
    db
      .selectFrom("formation_waitlist")
      .selectAll()
      .where((eb) => (key ? eb.or([eb("submission_key", "=", key), eb.and([eb("session_id", "=", sessionId), eb("email", "=", p.email), eb("status", "in", ["waiting", "offered"])])]) : eb.and([eb("session_id", "=", sessionId), eb("email", "=", p.email), eb("status", "in", ["waiting", "offered"])])))
      .executeTakeFirst();
  try {
    return await writeTransaction(h, async (trx): Promise<JoinResult> => {
      const s = await lockSession(h, trx, sessionId, at);
      const existing = await existingFor(trx);
      if (existing) return { ok: true, entry: existing, duplicate: true };
      if (!s || !isBookable(s, todayInClinic(at))) return { ok: false, reason: "unavailable" };
      const active = await trx.selectFrom("formations").select("is_active").where("id", "=", s.formation_id).executeTakeFirst();
      if (!active || Number(active.is_active) !== 1) return { ok: false, reason: "unavailable" };
      if (placesLeft(s) > 0) return { ok: false, reason: "not_full" };
      const entry = await trx
        .insertInto("formation_waitlist")
        .values({ session_id: sessionId, ...p, status: "waiting", submission_key: key, created_at: at.toISOString(), link_salt: null, link_hash: null, offered_at: null, offer_expires_at: null, claimed_at: null, enrollment_id: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ok: true, entry, duplicate: false };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const existing = await existingFor(h.db);
      if (existing) return { ok: true, entry: existing, duplicate: true };
    }
    throw err;
  }
}

/** When an offer made at `at` expires: offer_hours later, never past the session's first hour. */
export function offerExpiry(s: Pick<FormationSession, "offer_hours" | "start_date" | "day_start">, at: Date): Date {
  const byHours = at.getTime() + s.offer_hours * 3600_000;
  return new Date(Math.min(byHours, clinicInstant(s.start_date, s.day_start).getTime()));
}

export interface OfferContext {
  clinic: Clinic;
  /** the public origin of the links (https://…) */
  origin: string;
}

/** The offer's personal link; an Arabic entry's goes to the Arabic page (/ar/offre-formation/<token>, issue 32). */
export function offerLink(origin: string, salt: string, language: Language = "fr"): string {
  return `${origin.replace(/\/$/, "")}${language === "ar" ? "/ar" : ""}/offre-formation/${formationOfferTokenFromSalt(salt)}`;
}

/**
 * Inside a write transaction that holds the session's lock (`lockSession`): the offers past their
 * time expire, then each free place is offered to the next person waiting, whose e-mail (the link)
 * is queued in the outbox in the same transaction. Returns the number of offers made.
 */
export async function offerFreedPlaces(trx: Trx, sessionLocked: FormationSession, title: string, at: Date, ctx: OfferContext): Promise<number> {
  const now = at.toISOString();
  await trx.updateTable("formation_waitlist").set({ status: "expired" }).where("session_id", "=", sessionLocked.id).where("status", "=", "offered").where("offer_expires_at", "<=", now).execute();
  if (!isBookable(sessionLocked, todayInClinic(at))) return 0;
  const expiry = offerExpiry(sessionLocked, at);
  if (expiry.getTime() <= at.getTime()) return 0;
  // held counted by lockSession already excludes the offers that have just expired (offer_expires_at > now)
  const free = placesLeft(sessionLocked);
  if (free <= 0) return 0;
  const next = await trx.selectFrom("formation_waitlist").selectAll().where("session_id", "=", sessionLocked.id).where("status", "=", "waiting").orderBy("id").limit(free).execute();
  // the formation's Arabic title, read once if an entry's messages are in Arabic
  let titleAr: string | null | undefined;
  for (const w of next) {
    const language: Language = w.language === "ar" ? "ar" : "fr";
    if (language === "ar" && titleAr === undefined) titleAr = (await trx.selectFrom("formations").select("title_ar").where("id", "=", sessionLocked.formation_id).executeTakeFirst())?.title_ar ?? null;
    const link = newFormationOfferLinkColumns();
    await trx
      .updateTable("formation_waitlist")
      .set({ status: "offered", ...link, offered_at: now, offer_expires_at: expiry.toISOString() })
      .where("id", "=", w.id)
      .where("status", "=", "waiting")
      .execute();
    const message = offerMessage(w.email, title, sessionLocked, offerLink(ctx.origin, link.link_salt, language), expiry.toISOString(), ctx.clinic, language, titleAr ?? null);
    await queueInTrx(trx, message, `course-offer:${w.id}:${now}`, now);
  }
  return next.length;
}

export async function queueInTrx(trx: Trx, m: MailMessage, dedupeKey: string, now: string): Promise<void> {
  await insertOutboxMessage({ db: trx }, {
    to_address: m.to,
    subject: m.subject,
    body_text: m.text,
    body_html: null,
    attachments: null,
    kind: m.kind ?? null,
    appointment_id: null,
    dedupe_key: dedupeKey,
    status: "pending",
    attempts: 0,
    last_error: null,
    created_at: now,
    sent_at: null,
    next_attempt_at: null,
    lease_owner: null,
    lease_until: null,
  });
}

/** Lock a session and offer its free places (after a cancellation, a release, a capacity raise). */
export async function offerPlacesOf(h: Db, sessionId: number, at: Date, ctx: OfferContext): Promise<number> {
  return writeTransaction(h, async (trx) => {
    const s = await lockSession(h, trx, sessionId, at);
    if (!s) return 0;
    const f = await trx.selectFrom("formations").select("title").where("id", "=", s.formation_id).executeTakeFirstOrThrow();
    return offerFreedPlaces(trx, s, f.title, at, ctx);
  });
}

/**
 * The job (every few minutes, and tests with a fake clock): every session with an offer past its
 * time gets its places offered again, to the next person waiting. Returns the offers made.
 */
export async function passExpiredOffers(h: Db, at: Date, ctx: OfferContext): Promise<number> {
  const rows = await h.db
    .selectFrom("formation_waitlist")
    .select("session_id")
    .distinct()
    .where("status", "=", "offered")
    .where("offer_expires_at", "<=", at.toISOString())
    .execute();
  let made = 0;
  for (const r of rows) made += await offerPlacesOf(h, Number(r.session_id), at, ctx);
  return made;
}

export interface OfferView {
  entry: FormationWaitlistRow;
  session: FormationSession;
  title: string;
  /** the formation's Arabic title ('En arabe'), for the Arabic page and e-mail */
  title_ar: string | null;
}

/** The offer a token opens (any status: the page says which), or null for an unknown token. */
export async function findOffer(h: Db, token: string, at: Date = new Date()): Promise<OfferView | null> {
  const entry = await h.db.selectFrom("formation_waitlist").selectAll().where("link_hash", "=", hashToken(token)).executeTakeFirst();
  if (!entry) return null;
  const session = await getSession(h, Number(entry.session_id), at);
  if (!session) return null;
  const f = await h.db.selectFrom("formations").select(["title", "title_ar"]).where("id", "=", session.formation_id).executeTakeFirstOrThrow();
  return { entry, session, title: f.title, title_ar: f.title_ar ?? null };
}

export type ClaimResult = { ok: true; enrollment: Enrollment; duplicate: boolean } | { ok: false; reason: "gone" | "expired" | "full" | "unavailable" };

class Refused extends Error {
  constructor(readonly reason: "full" | "unavailable") {
    super(reason);
  }
}

/**
 * Claim an offer: under the session's lock, the offer turns 'claimed' only if it is still 'offered'
 * and not expired (a conditional update: one claim per offer), and the enrolment is written only if
 * the places taken by the others leave one (its own place was held by the offer). Anything else rolls back.
 */
export async function claimOffer(h: Db, entryId: number, at: Date = new Date()): Promise<ClaimResult> {
  const now = at.toISOString();
  try {
    return await writeTransaction(h, async (trx): Promise<ClaimResult> => {
      const first = await trx.selectFrom("formation_waitlist").select("session_id").where("id", "=", entryId).executeTakeFirst();
      if (!first) return { ok: false, reason: "gone" };
      const s = await lockSession(h, trx, Number(first.session_id), at);
      if (!s) return { ok: false, reason: "unavailable" };
      const claimed = await trx
        .updateTable("formation_waitlist")
        .set({ status: "claimed", claimed_at: now })
        .where("id", "=", entryId)
        .where("status", "=", "offered")
        .where("offer_expires_at", ">", now)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) {
        const seen = await trx.selectFrom("formation_waitlist").select(["status", "enrollment_id", "offer_expires_at"]).where("id", "=", entryId).executeTakeFirstOrThrow();
        if (seen.status === "claimed" && seen.enrollment_id !== null) {
          const e = await trx.selectFrom("enrollments").selectAll().where("id", "=", seen.enrollment_id).executeTakeFirst();
          if (e) return { ok: true, enrollment: e, duplicate: true };
        }
        return { ok: false, reason: seen.status === "offered" || seen.status === "expired" ? "expired" : "gone" };
      }
      if (!isBookable(s, todayInClinic(at))) throw new Refused("unavailable");
      // s.held counted this offer (live before the update): the others leave capacity - taken - (held - 1)
      if (s.capacity - s.taken - (s.held - 1) <= 0) throw new Refused("full");
      const f = await trx.selectFrom("formations").select("title").where("id", "=", s.formation_id).executeTakeFirstOrThrow();
      const enrollment = await insertEnrollment(trx, claimed, { formationId: s.formation_id, sessionId: s.id, title: f.title, key: `offer-${entryId}`, at: now, dueAt: paymentDeadline(now, s.payment_days) });
      await trx.updateTable("formation_waitlist").set({ enrollment_id: enrollment.id }).where("id", "=", entryId).execute();
      return { ok: true, enrollment, duplicate: false };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.reason };
    throw err;
  }
}

/** The waiting list of a session, in order (staff). */
export async function listWaitlist(h: Pick<Db, "db">, sessionId: number): Promise<FormationWaitlistRow[]> {
  return h.db.selectFrom("formation_waitlist").selectAll().where("session_id", "=", sessionId).orderBy("id").execute();
}

export type WithdrawResult = "withdrawn" | "not_found" | "closed";

/**
 * 'Retirer' (staff): a person still waiting, or with an offer, leaves the session's list (status
 * 'withdrawn'); a live offer's held place goes to the next person at once, in the same transaction
 * under the session's lock. An offer already accepted or expired stays as it is ('closed'). Audited.
 */
export async function withdrawFromWaitlist(h: Db, sessionId: number, entryId: number, actor: Actor, ctx: OfferContext, at: Date = new Date()): Promise<WithdrawResult> {
  return writeTransaction(h, async (trx): Promise<WithdrawResult> => {
    const s = await lockSession(h, trx, sessionId, at);
    if (!s) return "not_found";
    const row = await trx
      .updateTable("formation_waitlist")
      .set({ status: "withdrawn" })
      .where("id", "=", entryId)
      .where("session_id", "=", sessionId)
      .where("status", "in", ["waiting", "offered"])
      .returning(["status", "user_surname", "user_name"])
      .executeTakeFirst();
    if (!row) {
      const seen = await trx.selectFrom("formation_waitlist").select("id").where("id", "=", entryId).where("session_id", "=", sessionId).executeTakeFirst();
      return seen ? "closed" : "not_found";
    }
    await auditStaff(trx, actor, { action: "formation.waitlist.remove", targetType: "formation_session", targetId: sessionId, detail: `Entrée n° ${entryId}` });
    const f = await trx.selectFrom("formations").select("title").where("id", "=", s.formation_id).executeTakeFirstOrThrow();
    await offerFreedPlaces(trx, (await lockSession(h, trx, sessionId, at))!, f.title, at, ctx);
    return "withdrawn";
  });
}

/**
 * The waiting lists of a formation's sessions for staff, in each session's order with its position
 * (1 for the first to join); those withdrawn by staff are left out.
 */
export async function listWaitlistOfFormation(h: Pick<Db, "db">, formationId: number): Promise<(FormationWaitlistRow & { position: number })[]> {
  const rows = await h.db
    .selectFrom("formation_waitlist as w")
    .innerJoin("formation_sessions as s", "s.id", "w.session_id")
    .selectAll("w")
    .where("s.formation_id", "=", formationId)
    .where("w.status", "!=", "withdrawn")
    .orderBy("w.session_id")
    .orderBy("w.id")
    .execute();
  const seen = new Map<number, number>();
  return rows.map((r) => {
    const position = (seen.get(Number(r.session_id)) ?? 0) + 1;
    seen.set(Number(r.session_id), position);
    return { ...r, position };
  });
}
