import type { Kysely } from "kysely";
import { formatTime } from "~/lib/format";
import { toE164 } from "~/lib/phone";
import type { Actor } from "../actor";
import { audit } from "../audit";
import { isUniqueViolation, nowIso, writeTransaction, type Db } from "../db";
import type { Database, Language, WaitlistEntry, WaitlistOffer } from "../db/types";
import { newOfferLinkColumns } from "../link-tokens";
import { insertHistory } from "./appointments";

/**
 * The waiting list's rows (issue 31, item 1; the rules: app/.server/waitlist.ts). Every offer,
 * claim and expiry writes a line in the freed or the new appointment's history and an entry of the
 * audit log (group 'Liste d'attente'), in the same transaction as the change.
 */

export interface NewEntry {
  patientId: number | null;
  name: string;
  phone: string;
  email: string | null;
  service: string;
  wishes: string;
  untilDate: string;
  source: "online" | "staff";
  submissionKey: string | null;
  /** the language of the page it was made on (issue 32); French when not said */
  language?: Language;
}

function auditActor(actor: Actor) {
  return { userId: actor.staffUserId, email: actor.label, ip: actor.ip ?? null };
}

/** Store an entry (once per submission key: a resent post returns the first row). */
export async function insertEntry(h: Db, e: NewEntry, actor: Actor, at: string = nowIso()): Promise<{ entry: WaitlistEntry; duplicate: boolean }> {
  const byKey = () => (e.submissionKey ? h.db.selectFrom("waitlist_entries").selectAll().where("submission_key", "=", e.submissionKey).executeTakeFirst() : undefined);
  const existing = await byKey();
  if (existing) return { entry: existing, duplicate: true };
  try {
    const entry = await writeTransaction(h, async (trx) => {
      const row = await trx
        .insertInto("waitlist_entries")
        .values({
          patient_id: e.patientId,
          name: e.name,
          phone: e.phone,
          email: e.email,
          service: e.service,
          wishes: e.wishes,
          until_date: e.untilDate,
          status: "waiting",
          source: e.source,
          appointment_id: null,
          submission_key: e.submissionKey,
          language: e.language ?? "fr",
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // the journal names the service and the source, never the patient
      await audit(trx, auditActor(actor), { action: "waitlist.joined", targetType: "waitlist", targetId: Number(row.id), detail: `${e.service} (${e.source === "online" ? "en ligne" : "par l'équipe"})` });
      return row;
    });
    return { entry, duplicate: false };
  } catch (err) {
    const again = isUniqueViolation(err) ? await byKey() : undefined;
    if (again) return { entry: again, duplicate: true };
    throw err;
  }
}

export async function getEntry(h: Pick<Db, "db">, id: number): Promise<WaitlistEntry | undefined> {
  return h.db.selectFrom("waitlist_entries").selectAll().where("id", "=", id).executeTakeFirst();
}

/** 'Retirer': an entry still waiting or offered leaves the list; its open offers are withdrawn. */
export async function removeEntry(h: Db, id: number, actor: Actor, at: string = nowIso()): Promise<boolean> {
  return writeTransaction(h, async (trx) => {
    const row = await trx
      .updateTable("waitlist_entries")
      .set({ status: "removed", updated_at: at })
      .where("id", "=", id)
      .where("status", "in", ["waiting", "offered", "expired"])
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await trx.updateTable("waitlist_offers").set({ status: "withdrawn", closed_at: at }).where("entry_id", "=", id).where("status", "=", "open").execute();
    await audit(trx, auditActor(actor), { action: "waitlist.removed", targetType: "waitlist", targetId: id });
    return true;
  });
}

/** Entries whose wish ran out (their last day is before `today`) are marked 'Expiré'. */
export async function expireEntries(h: Db, today: string, at: string = nowIso()): Promise<number> {
  const rows = await h.db
    .updateTable("waitlist_entries")
    .set({ status: "expired", updated_at: at })
    .where("status", "=", "waiting")
    .where("until_date", "<", today)
    .returning("id")
    .execute();
  return rows.length;
}

/** The entries waiting on `date` (until that day at least), oldest first: the order of the list. */
export async function waitingEntries(h: Pick<Db, "db">, date: string): Promise<WaitlistEntry[]> {
  return h.db.selectFrom("waitlist_entries").selectAll().where("status", "=", "waiting").where("until_date", ">=", date).orderBy("created_at").orderBy("id").execute();
}

/** The entries already offered this slot (any outcome): a slot is offered once per entry. */
export async function entriesOfferedSlot(h: Pick<Db, "db">, slot: { date: string; time: string; chair: number }): Promise<Set<number>> {
  const rows = await h.db.selectFrom("waitlist_offers").select("entry_id").where("date", "=", slot.date).where("time", "=", slot.time).where("chair", "=", slot.chair).execute();
  return new Set(rows.map((r) => Number(r.entry_id)));
}

/** Whether the slot was already claimed through an offer. */
export async function slotClaimed(h: Pick<Db, "db">, slot: { date: string; time: string; chair: number }): Promise<boolean> {
  const row = await h.db.selectFrom("waitlist_offers").select("id").where("date", "=", slot.date).where("time", "=", slot.time).where("chair", "=", slot.chair).where("status", "=", "claimed").executeTakeFirst();
  return Boolean(row);
}

export interface FreedSlot {
  service: string;
  date: string;
  time: string;
  chair: number;
  freedAppointmentId: number | null;
}

/**
 * One offer per entry for a freed slot, in one transaction: the offers (salt and hash of each
 * link), the entries 'Proposé', a history line on the freed appointment, a journal entry per offer.
 * An entry no longer waiting (offered meanwhile, removed) is left out by the conditional update.
 */
export async function createOffers(h: Db, slot: FreedSlot, entryIds: number[], expiresAt: Date, actor: Actor, at: Date = new Date()): Promise<WaitlistOffer[]> {
  if (entryIds.length === 0) return [];
  const iso = at.toISOString();
  return writeTransaction(h, async (trx) => {
    const out: WaitlistOffer[] = [];
    for (const entryId of entryIds) {
      const taken = await trx.updateTable("waitlist_entries").set({ status: "offered", updated_at: iso }).where("id", "=", entryId).where("status", "=", "waiting").returning("id").executeTakeFirst();
      if (!taken) continue;
      const offer = await trx
        .insertInto("waitlist_offers")
        .values({
          entry_id: entryId,
          freed_appointment_id: slot.freedAppointmentId,
          service: slot.service,
          date: slot.date,
          time: slot.time,
          chair: slot.chair,
          status: "open",
          ...newOfferLinkColumns(),
          expires_at: expiresAt.toISOString(),
          appointment_id: null,
          created_at: iso,
          closed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, auditActor(actor), { action: "waitlist.offered", targetType: "waitlist", targetId: entryId, detail: `${slot.date} ${slot.time}, offre n° ${offer.id}` });
      out.push(offer);
    }
    if (out.length && slot.freedAppointmentId !== null) {
      const detail = `Créneau proposé à ${out.length} patient${out.length > 1 ? "s" : ""} de la liste d'attente (offre valable jusqu'à ${formatTime(clinicHhmm(expiresAt))})`;
      await insertHistory(trx, slot.freedAppointmentId, actor, "waitlist", { detail, at: iso });
    }
    return out;
  });
}

/** "14:05": an instant's wall-clock time at the clinic. */
function clinicHhmm(at: Date): string {
  return new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Africa/Algiers" }).format(at);
}

export async function findOfferByHash(h: Pick<Db, "db">, hash: string): Promise<WaitlistOffer | undefined> {
  return h.db.selectFrom("waitlist_offers").selectAll().where("link_hash", "=", hash).executeTakeFirst();
}

export async function getOffer(h: Pick<Db, "db">, id: number): Promise<WaitlistOffer | undefined> {
  return h.db.selectFrom("waitlist_offers").selectAll().where("id", "=", id).executeTakeFirst();
}

export class OfferClosedError extends Error {
  constructor() {
    super("offer closed");
    this.name = "OfferClosedError";
  }
}

/**
 * The claim's writes, inside the booking's transaction (after its slot units are in): the offer
 * 'Pris' (only if still open and not expired: else the whole booking rolls back), the entry 'A
 * obtenu un rendez-vous', the other open offers of the slot 'Pris par un autre patient', history
 * lines on the new and the freed appointment, the journal entry.
 */
export async function markClaimed(trx: Kysely<Database>, offer: WaitlistOffer, appointmentId: number, actor: Actor, now: Date): Promise<void> {
  const iso = now.toISOString();
  const won = await trx
    .updateTable("waitlist_offers")
    .set({ status: "claimed", appointment_id: appointmentId, closed_at: iso })
    .where("id", "=", offer.id)
    .where("status", "=", "open")
    .where("expires_at", ">", iso)
    .returning("id")
    .executeTakeFirst();
  if (!won) throw new OfferClosedError();
  await trx.updateTable("waitlist_entries").set({ status: "booked", appointment_id: appointmentId, updated_at: iso }).where("id", "=", offer.entry_id).execute();
  const others = await trx
    .updateTable("waitlist_offers")
    .set({ status: "taken", closed_at: iso })
    .where("date", "=", offer.date)
    .where("time", "=", offer.time)
    .where("chair", "=", offer.chair)
    .where("status", "=", "open")
    .returning("entry_id")
    .execute();
  for (const o of others) await backToWaiting(trx, Number(o.entry_id), iso);
  await insertHistory(trx, appointmentId, actor, "waitlist", { detail: `Pris depuis la liste d'attente (offre n° ${offer.id})`, at: iso });
  if (offer.freed_appointment_id !== null) await insertHistory(trx, Number(offer.freed_appointment_id), actor, "waitlist", { detail: `Créneau repris par un patient de la liste d'attente (offre n° ${offer.id})`, at: iso });
  await audit(trx, auditActor(actor), { action: "waitlist.claimed", targetType: "waitlist", targetId: Number(offer.entry_id), detail: `${offer.date} ${offer.time}, offre n° ${offer.id}, rendez-vous n° ${appointmentId}` });
}

/** An entry whose offer closed without a booking waits again (unless it holds another open offer). */
async function backToWaiting(trx: Kysely<Database>, entryId: number, iso: string) {
  const open = await trx.selectFrom("waitlist_offers").select("id").where("entry_id", "=", entryId).where("status", "=", "open").executeTakeFirst();
  if (open) return;
  await trx.updateTable("waitlist_entries").set({ status: "waiting", updated_at: iso }).where("id", "=", entryId).where("status", "=", "offered").execute();
}

/**
 * The open offers past their time become 'Expiré' (each with its history line and journal entry),
 * their entries wait again; returns the slots they were for, so that the slot passes to the next.
 */
export async function expireDueOffers(h: Db, now: Date, actor: Actor): Promise<FreedSlot[]> {
  const iso = now.toISOString();
  const due = await h.db.selectFrom("waitlist_offers").selectAll().where("status", "=", "open").where("expires_at", "<=", iso).orderBy("id").execute();
  const slots = new Map<string, FreedSlot>();
  for (const offer of due) {
    const done = await writeTransaction(h, async (trx) => {
      const row = await trx.updateTable("waitlist_offers").set({ status: "expired", closed_at: iso }).where("id", "=", offer.id).where("status", "=", "open").returning("id").executeTakeFirst();
      if (!row) return false;
      await backToWaiting(trx, Number(offer.entry_id), iso);
      if (offer.freed_appointment_id !== null) await insertHistory(trx, Number(offer.freed_appointment_id), actor, "waitlist", { detail: `Offre n° ${offer.id} expirée sans réponse`, at: iso });
      await audit(trx, auditActor(actor), { action: "waitlist.expired", targetType: "waitlist", targetId: Number(offer.entry_id), detail: `${offer.date} ${offer.time}, offre n° ${offer.id}` });
      return true;
    });
    if (done) slots.set(`${offer.date} ${offer.time} ${offer.chair}`, { service: offer.service, date: offer.date, time: offer.time, chair: Number(offer.chair), freedAppointmentId: offer.freed_appointment_id === null ? null : Number(offer.freed_appointment_id) });
  }
  return [...slots.values()];
}

// ---- the staff screen ----------------------------------------------------------------------------

export interface EntryWithOffers extends WaitlistEntry {
  offers: WaitlistOffer[];
}

/** Every entry still of interest (waiting, offered; booked, expired or removed in the last 30 days), newest first, with its offers. */
export async function listEntries(h: Pick<Db, "db">, since: string): Promise<EntryWithOffers[]> {
  const entries = await h.db
    .selectFrom("waitlist_entries")
    .selectAll()
    .where((eb) => eb.or([eb("status", "in", ["waiting", "offered"]), eb("updated_at", ">=", since)]))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(500)
    .execute();
  if (entries.length === 0) return [];
  const offers = await h.db
    .selectFrom("waitlist_offers")
    .selectAll()
    .where("entry_id", "in", entries.map((e) => Number(e.id)))
    .orderBy("id", "desc")
    .execute();
  const byEntry = new Map<number, WaitlistOffer[]>();
  for (const o of offers) byEntry.set(Number(o.entry_id), [...(byEntry.get(Number(o.entry_id)) ?? []), o]);
  return entries.map((e) => ({ ...e, offers: byEntry.get(Number(e.id)) ?? [] }));
}

/** A live patient record's identity, to prefill 'Ajouter un patient' from the record. */
export async function patientForWaitlist(h: Pick<Db, "db">, id: number): Promise<{ id: number; name: string; phone: string | null; email: string | null; language: Language } | undefined> {
  return h.db.selectFrom("patients").select(["id", "name", "phone", "email", "language"]).where("id", "=", id).where("erased_at", "is", null).where("merged_into", "is", null).executeTakeFirst();
}

/**
 * The entries of erased records (law 18-07), in the erasure's transaction: those linked to one of
 * `patientIds`, and those typed on the public form (no record) with one of the records' or their
 * appointments' phones (compared in E.164) or e-mails. Their offers go with them (ON DELETE
 * CASCADE); the appointments' history keeps only offer numbers. Returns how many were removed.
 */
export async function dropEntriesOf(
  trx: Kysely<Database>,
  patientIds: number[],
  contacts: { phone: string | null; email: string | null }[],
): Promise<number> {
  const phones = new Set(contacts.map((c) => toE164(c.phone)).filter((p): p is string => p !== null));
  const emails = new Set(contacts.map((c) => c.email?.trim().toLowerCase()).filter((e): e is string => Boolean(e)));
  const rows = await trx.selectFrom("waitlist_entries").select(["id", "patient_id", "phone", "email"]).execute();
  const ids = rows
    .filter(
      (r) =>
        (r.patient_id !== null && patientIds.includes(Number(r.patient_id))) ||
        phones.has(toE164(r.phone) ?? "") ||
        (r.email !== null && emails.has(r.email.trim().toLowerCase())),
    )
    .map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) await trx.deleteFrom("waitlist_entries").where("id", "in", ids.slice(i, i + 500)).execute();
  return ids.length;
}

/**
 * Retention: an entry that no longer waits ('Expiré', 'Retiré', 'A obtenu un rendez-vous') is deleted once its last
 * change is older than `before` (the retention period of never-confirmed requests); a waiting
 * entry past its last day is expired first by `expireEntries`. Returns how many were deleted.
 */
export async function purgeOldEntries(h: Db, before: string): Promise<number> {
  const rows = await h.db.deleteFrom("waitlist_entries").where("status", "in", ["booked", "removed", "expired"]).where("updated_at", "<", before).returning("id").execute();
  return rows.length;
}
