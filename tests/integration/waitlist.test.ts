import { afterAll, beforeAll, expect, it } from "vitest";
import { PATIENT_ACTOR, type Actor } from "~/.server/actor";
import type { Db } from "~/.server/db";
import { bookAppointment, setAppointmentStatus } from "~/.server/repos/booking";
import { anonymiseExpiredRequests, erasePatient } from "~/.server/repos/patient-erasure";
import { getClinic } from "~/.server/clinic";
import { saveTemplate } from "~/.server/repos/message-templates";
import { addException, removeException } from "~/.server/repos/schedule";
import { insertEntry, listEntries } from "~/.server/repos/waitlist";
import { offerOpenedDays } from "~/.server/waitlist-days";
import { waitlistScreen } from "~/.server/waitlist-staff";
import { formatDayLong } from "~/.server/appointment-mail";
import { templateSchema } from "~/lib/reminder-template";
import { claimOffer, expireAndHandOver, findOfferByToken, offerFreedAppointment, offerFreedSlot, offerLink, type ClaimOutcome } from "~/.server/waitlist";
import { todayInClinic } from "~/lib/clinic-time";
import { addDaysYmd, weekdayOf } from "~/lib/schedule";
import { wishOf } from "~/lib/waitlist";
import { describeEachEngine } from "../helpers/db";
import { openDayAfter, setAppEnv } from "./public-form";
import { scheduleAction } from "~/.server/schedule-actions";
import { staffSession } from "../helpers/staff";

/**
 * The appointment waiting list (issue 31, item 1), on both engines, with a fake clock (`now`
 * injected everywhere): a freed slot offered to the matching entries, 20 claims of one slot at
 * once (one booking, 19 polite refusals, by the slot units' key), expiry of the offers and the
 * hand-over of the slot to the next entries, the history and the journal.
 */

const NOW = new Date("2026-11-23T08:50:00Z"); // a Monday, 09:50 in Algiers
const TODAY = todayInClinic(NOW);
let DAY = addDaysYmd(TODAY, 1);
while (weekdayOf(DAY) === 5) DAY = addDaysYmd(DAY, 1);
const SERVICE = "Orthodontie" as const;
const STAFF: Actor = { staffUserId: null, label: "Système" };
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

async function bookAndCancel(h: Db, time = "10:00", date = DAY) {
  const booked = await bookAppointment(h, { name: "Mme Partante", email: "partante@exemple.dz", phone: "0550 00 00 01", service: SERVICE, date, time, message: null }, { actor: PATIENT_ACTOR, mode: "staff", now: NOW });
  if (!booked.ok) throw new Error(`booking refused: ${booked.reason}`);
  const cancelled = await setAppointmentStatus(h, Number(booked.appointment.id), "cancelled", { actor: PATIENT_ACTOR, cancelledBy: "patient", reason: "Empêchement" });
  if (!cancelled.ok) throw new Error("cancel refused");
  return cancelled.appointment;
}

async function join(h: Db, n: number, opts: { wishes?: string; service?: string; until?: string } = {}) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { entry } = await insertEntry(
      h,
      { patientId: null, name: `Patient ${i + 1}`, phone: `0550 12 34 ${String(i).padStart(2, "0")}`, email: `p${i + 1}@exemple.dz`, service: opts.service ?? SERVICE, wishes: opts.wishes ?? wishOf(DAY, "10:00"), untilDate: opts.until ?? addDaysYmd(DAY, 10), source: "online", submissionKey: null },
      PATIENT_ACTOR,
      new Date(NOW.getTime() - (n - i) * 1000).toISOString(),
    );
    ids.push(Number(entry.id));
  }
  return ids;
}

const statuses = async (h: Db, table: "waitlist_offers" | "waitlist_entries") => (await h.db.selectFrom(table).select("status").orderBy("id").execute()).map((r) => r.status);
const auditCount = async (h: Db, action: string) => (await h.db.selectFrom("audit_log").select("id").where("action", "=", action).execute()).length;

describeEachEngine("waiting list", { appDb: true }, (t) => {
  beforeAll(() => setAppEnv(["SMTP_URL", "WAITLIST_OFFER_HOURS", "WAITLIST_OFFER_BATCH", "PUBLIC_URL"], { PUBLIC_URL: "https://clinique.example" }));
  afterAll(() => setAppEnv(["PUBLIC_URL"]));

  it("20 patients claim one freed slot at once: exactly one booking, 19 polite refusals", async () => {
    const h = t.h;
    const freed = await bookAndCancel(h);
    await join(h, 20);
    const offers = await offerFreedSlot(h, { date: DAY, time: "10:00", chair: Number(freed.chair), freedAppointmentId: Number(freed.id) }, { actor: STAFF, now: NOW, batch: 20 });
    expect(offers).toHaveLength(20);
    // each link opens its own offer
    const tokens = offers.map((o) => offerLink(o)!.split("/offre/")[1]);
    const opened = await Promise.all(tokens.map((tok) => findOfferByToken(h, tok)));
    expect(opened.map((o) => o?.id)).toEqual(offers.map((o) => o.id));

    const outcomes: ClaimOutcome[] = await Promise.all(opened.map((o) => claimOffer(h, o!, at(10))));
    const wins = outcomes.filter((o) => o.ok);
    const refusals = outcomes.filter((o) => !o.ok);
    console.info(`[${t.engine}] waiting-list race: ${outcomes.length} claims, ${wins.length} booking, ${refusals.length} refusals (${[...new Set(refusals.map((r) => (r.ok ? "" : r.reason)))].join(", ")})`);
    expect(wins).toHaveLength(1);
    expect(refusals).toHaveLength(19);
    for (const r of refusals) expect(r).toEqual({ ok: false, reason: "taken" });

    const atSlot = await h.db.selectFrom("appointments").select(["id", "status", "name"]).where("date", "=", DAY).where("time", "=", "10:00").orderBy("id").execute();
    expect(atSlot.map((a) => a.status)).toEqual(["cancelled", "confirmed"]);
    const winner = wins[0] as Extract<ClaimOutcome, { ok: true }>;
    expect(winner.link).toMatch(/^https:\/\/clinique\.example\/rdv\/[A-Za-z0-9_-]{43}$/);
    const units = await h.db.selectFrom("appointment_slots").select(["appointment_id"]).execute();
    expect(new Set(units.map((u) => Number(u.appointment_id)))).toEqual(new Set([Number(winner.appointment.id)]));
    expect((await statuses(h, "waitlist_offers")).sort()).toEqual(["claimed", ...Array(19).fill("taken")].sort());
    expect((await statuses(h, "waitlist_entries")).filter((s) => s === "booked")).toHaveLength(1);
    expect((await statuses(h, "waitlist_entries")).filter((s) => s === "waiting")).toHaveLength(19);
    expect(await auditCount(h, "waitlist.offered")).toBe(20);
    expect(await auditCount(h, "waitlist.claimed")).toBe(1);
    const history = await h.db.selectFrom("appointment_history").select(["appointment_id", "action", "detail"]).where("action", "=", "waitlist").orderBy("id").execute();
    expect(history.map((e) => Number(e.appointment_id))).toEqual([Number(freed.id), Number(winner.appointment.id), Number(freed.id)]);
    expect(history[0].detail).toMatch(/Créneau proposé à 20 patients/);
    // the same claim sent again: the same booking, not another
    const again = await claimOffer(h, (await findOfferByToken(h, tokens[outcomes.indexOf(winner)]))!, at(11));
    expect(again).toMatchObject({ ok: true, already: true, appointment: { id: winner.appointment.id } });
    // one e-mail per offer with an address, through the outbox
    expect((await h.db.selectFrom("outbox").select("id").where("kind", "=", "waitlist_offer").execute()).length).toBe(20);
  });

  it("an offer expires after 2 hours (fake clock), and the slot passes to the next entries", async () => {
    const h = t.h;
    const ids = await join(h, 7);
    const freed = await bookAndCancel(h);
    const first = await offerFreedAppointment(h, freed, PATIENT_ACTOR, NOW);
    // the default batch: the first five in the order they joined
    expect(first.map((o) => Number(o.entry_id))).toEqual(ids.slice(0, 5));
    expect(first[0].expires_at).toBe(at(120).toISOString());

    expect(await expireAndHandOver(h, at(119))).toEqual({ expired: 0, handedOver: 0 });
    expect(await statuses(h, "waitlist_offers")).toEqual(Array(5).fill("open"));

    expect(await expireAndHandOver(h, at(121))).toEqual({ expired: 1, handedOver: 2 });
    const offers = await h.db.selectFrom("waitlist_offers").select(["entry_id", "status"]).orderBy("id").execute();
    expect(offers.map((o) => [Number(o.entry_id), o.status])).toEqual([...ids.slice(0, 5).map((id) => [id, "expired"]), [ids[5], "open"], [ids[6], "open"]]);
    expect(await statuses(h, "waitlist_entries")).toEqual(["waiting", "waiting", "waiting", "waiting", "waiting", "offered", "offered"]);
    expect(await auditCount(h, "waitlist.expired")).toBe(5);
    const expiredLines = await h.db.selectFrom("appointment_history").select("detail").where("appointment_id", "=", Number(freed.id)).where("action", "=", "waitlist").execute();
    expect(expiredLines.filter((l) => /expirée sans réponse/.test(l.detail ?? ""))).toHaveLength(5);

    // an expired offer cannot be claimed; the next one can; the last one reads 'taken'
    const expired = await h.db.selectFrom("waitlist_offers").selectAll().where("entry_id", "=", ids[0]).executeTakeFirstOrThrow();
    expect(await claimOffer(h, expired, at(125))).toEqual({ ok: false, reason: "expired" });
    const [sixth, seventh] = await h.db.selectFrom("waitlist_offers").selectAll().where("status", "=", "open").orderBy("id").execute();
    expect(await claimOffer(h, sixth, at(130))).toMatchObject({ ok: true, already: false });
    expect(await claimOffer(h, (await h.db.selectFrom("waitlist_offers").selectAll().where("id", "=", seventh.id).executeTakeFirstOrThrow()), at(131))).toEqual({ ok: false, reason: "taken" });
    // a stale copy of the offer read before the claim: refused by the database too
    expect(await claimOffer(h, seventh, at(131))).toEqual({ ok: false, reason: "taken" });
    const list = await listEntries(h, NOW.toISOString());
    expect(list.find((e) => Number(e.id) === ids[5])).toMatchObject({ status: "booked" });
  });

  it("an offer never runs past the slot's start minus the notice; too close, no offer; wishes and services are matched", async () => {
    const h = t.h;
    // today 13:30 (now 09:50, notice 2 h): the offer holds until 11:30 (Algiers) only, not 11:50
    const soon = await bookAndCancel(h, "13:30", TODAY);
    await join(h, 1, { wishes: wishOf(TODAY, "13:30"), until: TODAY });
    const [offer] = await offerFreedAppointment(h, soon, PATIENT_ACTOR, NOW);
    expect(offer.expires_at).toBe(new Date("2026-11-23T10:30:00Z").toISOString());
    // today 11:00: 11:00 − 2 h is past: nothing offered
    const tooClose = await bookAndCancel(h, "11:00", TODAY);
    await join(h, 1, { wishes: wishOf(TODAY, "11:00"), until: TODAY });
    expect(await offerFreedAppointment(h, tooClose, PATIENT_ACTOR, NOW)).toEqual([]);
  });

  it("only the entries whose half-day, dates and service fit are offered", async () => {
    const h = t.h;
    const freed = await bookAndCancel(h);
    const [fits] = await join(h, 1);
    await join(h, 1, { wishes: wishOf(DAY, "15:00") }); // the afternoon only
    await join(h, 1, { until: TODAY }); // gives up before the day
    // Implantology (60 min + buffer) does not fit in the 45 freed minutes before the next booking
    const next = await bookAppointment(h, { name: "Suivant", email: null, phone: "0550 00 00 02", service: SERVICE, date: DAY, time: "10:45", message: null }, { actor: PATIENT_ACTOR, mode: "staff", now: NOW });
    expect(next.ok).toBe(true);
    await join(h, 1, { service: "Implementation" });
    const offers = await offerFreedAppointment(h, freed, PATIENT_ACTOR, NOW);
    expect(offers.map((o) => Number(o.entry_id))).toEqual([fits]);
  });

  it("erasing a record removes its waiting-list entries and their offers; retention deletes old closed entries", async () => {
    const h = t.h;
    const booked = await bookAppointment(h, { name: "Mme Effacée", email: "Effacee@Exemple.dz", phone: "0550 99 88 77", service: SERVICE, date: DAY, time: "11:00", message: null }, { actor: PATIENT_ACTOR, mode: "staff", now: NOW });
    if (!booked.ok) throw new Error("booking refused");
    const patientId = Number(booked.appointment.patient_id);
    const entry = (who: Partial<{ patientId: number; name: string; phone: string; email: string | null }>, key: string) =>
      insertEntry(h, { patientId: who.patientId ?? null, name: who.name ?? "Mme Effacée", phone: who.phone ?? "0550 99 88 77", email: who.email ?? null, service: SERVICE, wishes: wishOf(DAY, "10:00"), untilDate: addDaysYmd(DAY, 10), source: who.patientId ? "staff" : "online", submissionKey: key }, STAFF, NOW.toISOString());
    await entry({ patientId }, "k1"); // added by staff from the record
    await entry({ phone: "+213 550 998 877" }, "k2"); // typed on the public form, the same phone written otherwise
    await entry({ phone: "0661 00 00 00", email: "effacee@exemple.dz" }, "k3"); // another phone, the same e-mail
    await entry({ name: "M. Reste", phone: "0770 11 22 33", email: "reste@exemple.dz" }, "k4");
    const freed = await bookAndCancel(h);
    expect(await offerFreedSlot(h, { date: DAY, time: "10:00", chair: Number(freed.chair), freedAppointmentId: Number(freed.id) }, { actor: STAFF, now: NOW, batch: 10 })).toHaveLength(4);

    expect(await erasePatient(h, patientId, STAFF, NOW)).toMatchObject({ ok: true });
    const left = await h.db.selectFrom("waitlist_entries").select(["name", "phone", "email"]).execute();
    expect(left).toEqual([{ name: "M. Reste", phone: "0770 11 22 33", email: "reste@exemple.dz" }]);
    expect(await h.db.selectFrom("waitlist_offers").select("id").execute()).toHaveLength(1);

    // retention (12 months by default): a closed entry last changed 13 months ago goes, a waiting one stays
    const later = new Date(NOW.getTime() + 400 * 86_400_000);
    await h.db.updateTable("waitlist_entries").set({ status: "expired" }).execute();
    await entry({ name: "Mme Attend", phone: "0550 44 44 44" }, "k5");
    await h.db.updateTable("waitlist_entries").set({ status: "waiting", until_date: addDaysYmd(todayInClinic(later), 5) }).where("submission_key", "=", "k5").execute();
    await anonymiseExpiredRequests(h, later);
    expect((await h.db.selectFrom("waitlist_entries").select("name").execute()).map((e) => e.name)).toEqual(["Mme Attend"]);
  });

  it("a closure lifted: the day's free starts are offered to the entries waiting for it, with their e-mails", async () => {
    const h = t.h;
    const closure = await addException(h, { startDate: DAY, endDate: DAY, label: "Fermeture exceptionnelle", ranges: [] });
    const ids = await join(h, 7);
    await join(h, 1, { wishes: wishOf(DAY, "15:00") }); // the afternoon: other starts
    await join(h, 1, { until: TODAY }); // gives up before the day: nothing
    // closed: nothing to offer
    expect(await offerOpenedDays(h, { startDate: DAY, endDate: DAY }, STAFF, NOW)).toEqual([]);
    const period = await removeException(h, Number(closure.id));
    expect(period).toEqual({ startDate: DAY, endDate: DAY });
    const offers = await offerOpenedDays(h, period!, STAFF, NOW);
    const offered = new Set(offers.map((o) => Number(o.entry_id)));
    // the seven morning entries and the afternoon one, not the one who gave up
    expect(offers).toHaveLength(8);
    expect(offered).toEqual(new Set([...ids, ids[6] + 1]));
    for (const o of offers) {
      expect(o).toMatchObject({ status: "open", date: DAY, freed_appointment_id: null, service: SERVICE });
      expect(o.time < "13:00").toBe(Number(o.entry_id) !== ids[6] + 1);
    }
    // the first five (default batch) share the first free start; the next ones another chair or a later start
    expect(offers.slice(0, 5).map((o) => `${o.time} ${o.chair}`)).toEqual(Array(5).fill(`09:00 ${offers[0].chair}`));
    const places = new Set(offers.map((o) => `${o.time} ${o.chair}`));
    expect(places.size).toBe(3);
    // e-mails through the outbox, one per offer; each claimable
    expect((await h.db.selectFrom("outbox").select("id").where("kind", "=", "waitlist_offer").execute()).length).toBe(8);
    expect(await auditCount(h, "waitlist.offered")).toBe(8);
    expect(await claimOffer(h, offers[5], at(10))).toMatchObject({ ok: true, already: false });
    // the other entry offered that start waits again: run again, it gets a start still free, never the one taken
    const again = await offerOpenedDays(h, period!, STAFF, NOW);
    expect(again.map((o) => Number(o.entry_id))).toEqual([Number(offers[6].entry_id)]);
    expect(`${again[0].time} ${again[0].chair}`).not.toBe(`${offers[5].time} ${offers[5].chair}`);
    // nothing left waiting that day: nothing more
    expect(await offerOpenedDays(h, period!, STAFF, NOW)).toEqual([]);
  });

  it("the offer's WhatsApp and SMS buttons use the templates of 'Rappels' (the former fixed texts by default)", async () => {
    const h = t.h;
    const freed = await bookAndCancel(h);
    const [id] = await join(h, 1);
    const [offer] = await offerFreedAppointment(h, freed, PATIENT_ACTOR, NOW);
    // open at the real clock of the screen
    await h.db.updateTable("waitlist_offers").set({ expires_at: "2100-01-01T00:00:00.000Z" }).where("id", "=", offer.id).execute();
    const buttons = async () => (await waitlistScreen(h, null)).rows.find((r) => r.id === id)!.offers[0];
    const text = (href: string | null, param: string) => new URL(href!).searchParams.get(param);
    const clinic = await getClinic(h);
    const link = offerLink(offer)!;
    const when = `${formatDayLong(DAY)} à 10:00`;
    // a fresh database: the texts that were fixed in the code, word for word
    const fresh = await buttons();
    expect(text(fresh.whatsapp, "text")).toBe(
      `Bonjour Patient,\n\nUn créneau vient de se libérer le ${when}. Pour le prendre, touchez ce lien (le premier qui confirme l'obtient)\u202f: ${link}\n\nÀ bientôt,\n${clinic.name}`,
    );
    expect(text(fresh.sms, "body")).toBe(`Créneau libéré le ${when}. Pour le prendre : ${link}`);
    // edited in 'Rappels' (the editor's rules: {lien} required, placeholders known)
    expect(templateSchema.safeParse({ key: "offer-sms", body: "Créneau le {date}" }).error?.issues.map((i) => i.message.replace(/\s/g, " "))).toEqual([
      "Le message doit contenir {lien} : c'est le lien qui permet au patient de prendre le créneau proposé.",
    ]);
    const body = templateSchema.parse({ key: "offer-sms", body: "{Prénom}, place libre {date} {heure} : {lien}" }).body;
    await saveTemplate(h, "offer-sms", body, "admin@exemple.dz");
    await saveTemplate(h, "offer-whatsapp", "Salam {prénom} ! {date}, {heure} : {lien}", "admin@exemple.dz");
    const edited = await buttons();
    expect(text(edited.sms, "body")).toBe(`Patient, place libre ${formatDayLong(DAY)} 10:00 : ${link}`);
    expect(text(edited.whatsapp, "text")).toBe(`Salam Patient ! ${formatDayLong(DAY)}, 10:00 : ${link}`);
    // the reminders' own templates are untouched
    expect(await h.db.selectFrom("message_templates").select("key").orderBy("key").execute()).toEqual([{ key: "offer-sms" }, { key: "offer-whatsapp" }]);
  });

  it("'Supprimer' on a closure in 'Horaires et fermetures' offers its day (the action, at the real clock)", async () => {
    const h = t.h;
    const day = openDayAfter(3);
    const closure = await addException(h, { startDate: day, endDate: day, label: "Congé", ranges: [] });
    const [id] = await join(h, 1, { wishes: wishOf(day, "10:00"), until: addDaysYmd(day, 5) });
    const form = new URLSearchParams({ intent: "exception-delete", id: String(closure.id) });
    const request = new Request("https://clinique.example/admin/horaires", { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const res = (await scheduleAction(request, staffSession({ userId: 1, email: "admin@clinique.dz", role: "admin", idHash: "h" }))) as unknown as { data: { ok: boolean } };
    expect(res.data.ok).toBe(true);
    const offers = await h.db.selectFrom("waitlist_offers").selectAll().execute();
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ entry_id: id, date: day, time: "09:00", status: "open", freed_appointment_id: null });
    expect((await h.db.selectFrom("outbox").select("id").where("kind", "=", "waitlist_offer").execute()).length).toBe(1);
  });
});
