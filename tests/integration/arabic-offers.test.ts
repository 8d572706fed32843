import { afterAll, beforeAll, expect, it } from "vitest";
import { PATIENT_ACTOR } from "~/.server/actor";
import type { Db } from "~/.server/db";
import { recallRowView } from "~/.server/recall-links";
import { createAppointment } from "~/.server/repos/appointments";
import { bookAppointment, setAppointmentStatus } from "~/.server/repos/booking";
import { listDueRecalls } from "~/.server/repos/recalls";
import { loadRecallTemplates, saveRecallTemplate } from "~/.server/repos/recall-templates";
import { insertEntry } from "~/.server/repos/waitlist";
import { getClinic } from "~/.server/clinic";
import { recallTokenFromSalt } from "~/.server/link-tokens";
import { claimOffer, findOfferByToken, offerFreedAppointment } from "~/.server/waitlist";
import { waitlistScreen, waitlistStaffAction } from "~/.server/waitlist-staff";
import { staffSession } from "../helpers/staff";
import { todayInClinic } from "~/lib/clinic-time";
import { formatDayFullAr } from "~/lib/format";
import { addDaysYmd, weekdayOf } from "~/lib/schedule";
import { wishOf } from "~/lib/waitlist";
import { describeEachEngine } from "../helpers/db";
import { setAppEnv } from "./public-form";

/**
 * The messages that lead to the waiting-list offer and the recall pages, in the recorded language
 * (issue 32), on both engines: an entry made in Arabic gets the Arabic offer e-mail (right to left,
 * the day in Arabic, the link /ar/offre/<token>) and the Arabic WhatsApp/SMS link, a French one the
 * French; a claim from the Arabic page books in Arabic with the /ar/rdv link; a patient whose
 * record is in Arabic gets the Arabic recall template (the service's Arabic name, /ar/appointment
 * and /ar/rappel/<token>), a French one the French; the Arabic template is stored apart ("ar:").
 */

const ORIGIN = "https://clinique.example";
const NOW = new Date("2026-11-23T08:50:00Z"); // a Monday, 09:50 in Algiers
let DAY = addDaysYmd(todayInClinic(NOW), 1);
while (weekdayOf(DAY) === 5) DAY = addDaysYmd(DAY, 1);
const SERVICE = "Orthodontie" as const;
/** Words of the French messages that an Arabic one must not hold. */
const FRENCH = /Bonjour|créneau|Créneau|rendez-vous|Service|Heure|appelez|liste d'attente|Prendre/;

async function bookAndCancel(h: Db) {
  const booked = await bookAppointment(h, { name: "Mme Partante", email: "partante@exemple.dz", phone: "0550 00 00 01", service: SERVICE, date: DAY, time: "10:00", message: null }, { actor: PATIENT_ACTOR, mode: "staff", now: NOW });
  if (!booked.ok) throw new Error(`booking refused: ${booked.reason}`);
  const cancelled = await setAppointmentStatus(h, Number(booked.appointment.id), "cancelled", { actor: PATIENT_ACTOR, cancelledBy: "patient", reason: "Empêchement" });
  if (!cancelled.ok) throw new Error("cancel refused");
  return cancelled.appointment;
}

async function join(h: Db, name: string, email: string, language: "fr" | "ar", second: number) {
  const { entry } = await insertEntry(
    h,
    { patientId: null, name, phone: `0550 12 34 0${second}`, email, service: SERVICE, wishes: wishOf(DAY, "10:00"), untilDate: addDaysYmd(DAY, 10), source: "online", submissionKey: null, language },
    PATIENT_ACTOR,
    new Date(NOW.getTime() - (10 - second) * 1000).toISOString(),
  );
  return Number(entry.id);
}

describeEachEngine("Arabic offers and recalls", { appDb: true }, (t) => {
  beforeAll(() => setAppEnv(["SMTP_URL", "WAITLIST_OFFER_HOURS", "WAITLIST_OFFER_BATCH", "PUBLIC_URL"], { PUBLIC_URL: ORIGIN }));
  afterAll(() => setAppEnv(["PUBLIC_URL"]));

  it("an entry in Arabic gets the Arabic offer e-mail and WhatsApp/SMS with /ar/offre; a French one the French; a claim from /ar books in Arabic", async () => {
    const h = t.h;
    const freed = await bookAndCancel(h);
    const arId = await join(h, "Yasmine Kaci", "yasmine@exemple.dz", "ar", 1);
    const frId = await join(h, "Karim Mansouri", "karim@exemple.dz", "fr", 2);
    const offers = await offerFreedAppointment(h, freed, PATIENT_ACTOR, NOW);
    expect(offers).toHaveLength(2);

    const mails = await h.db.selectFrom("outbox").select(["to_address", "subject", "body_text", "body_html"]).where("kind", "=", "waitlist_offer").orderBy("id").execute();
    const ar = mails.find((m) => m.to_address === "yasmine@exemple.dz")!;
    const fr = mails.find((m) => m.to_address === "karim@exemple.dz")!;
    // the Arabic one: Arabic subject and text, right to left, the day in Arabic, the time isolated, the /ar/offre link
    expect(ar.subject).toContain(`تحرّر موعد يوم ${formatDayFullAr(DAY)} على الساعة \u206610:00\u2069`);
    expect(ar.body_text).toMatch(/^مرحبًا،\n\n/);
    expect(ar.body_text).toContain("الخدمة: تقويم الأسنان");
    expect(ar.body_html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar.body_html).toContain('<bdi dir="ltr">10:00</bdi>');
    const arLink = ar.body_text.match(/https:\/\/clinique\.example\/ar\/offre\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/);
    expect(arLink).not.toBeNull();
    for (const part of [ar.subject, ar.body_text, ar.body_html ?? ""]) expect(part).not.toMatch(FRENCH);
    // the French one as it was: French texts, the /offre link
    expect(fr.subject).toMatch(/^Un créneau s'est libéré le /);
    expect(fr.body_text).toMatch(/https:\/\/clinique\.example\/offre\/[A-Za-z0-9_-]{43}/);
    expect(fr.body_text).not.toContain("/ar/");
    expect(fr.body_html).toMatch(/<html lang="fr" dir="ltr">/);

    // the Arabic link opens the Arabic entry's offer
    const arOffer = await findOfferByToken(h, arLink![1]);
    expect(Number(arOffer!.entry_id)).toBe(arId);

    // staff's WhatsApp/SMS buttons: the Arabic template with the /ar/offre link, the French with /offre
    await h.db.updateTable("waitlist_offers").set({ expires_at: "2100-01-01T00:00:00.000Z" }).execute();
    const rows = (await waitlistScreen(h, null)).rows;
    const whatsappOf = (id: number) => new URL(rows.find((r) => r.id === id)!.offers[0].whatsapp!).searchParams.get("text")!;
    const smsOf = (id: number) => new URL(rows.find((r) => r.id === id)!.offers[0].sms!).searchParams.get("body")!;
    expect(whatsappOf(arId)).toMatch(/^مرحبًا Yasmine،/);
    expect(whatsappOf(arId)).toContain(`${ORIGIN}/ar/offre/${arLink![1]}`);
    expect(smsOf(arId)).toContain(`${ORIGIN}/ar/offre/${arLink![1]}`);
    expect(whatsappOf(frId)).toMatch(/^Bonjour Karim,/);
    expect(whatsappOf(frId)).toMatch(/https:\/\/clinique\.example\/offre\/[A-Za-z0-9_-]{43}/);
    expect(smsOf(frId)).not.toContain("/ar/");

    // claimed from /ar/offre: the appointment is booked in Arabic, its personal link is /ar/rdv
    const fresh = (await findOfferByToken(h, arLink![1]))!;
    const outcome = await claimOffer(h, fresh, NOW, "ar");
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.link).toMatch(/^https:\/\/clinique\.example\/ar\/rdv\/[A-Za-z0-9_-]{43}$/);
    const stored = await h.db.selectFrom("appointments").select(["language", "status", "name"]).where("id", "=", outcome.appointment.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ language: "ar", status: "confirmed", name: "Yasmine Kaci" });
    // its confirmation e-mail is the Arabic one
    const confirmation = await h.db.selectFrom("outbox").select(["subject", "body_text"]).where("appointment_id", "=", Number(outcome.appointment.id)).where("kind", "=", "appointment_confirmed").executeTakeFirstOrThrow();
    expect(confirmation.subject).toMatch(/^تأكيد موعدك/);
    expect(confirmation.body_text).toContain(outcome.link!);
  });

  it("staff add a patient whose record is in Arabic: the entry is in Arabic (its offers will be)", async () => {
    const h = t.h;
    const { appointment } = await createAppointment(h, { name: "Salima Haddad", email: null, phone: "0771 22 33 44", service: SERVICE, date: "2030-05-15", time: "10:00" });
    const patientId = Number(appointment.patient_id);
    await h.db.updateTable("patients").set({ language: "ar" }).where("id", "=", patientId).execute();
    const until = addDaysYmd(todayInClinic(), 20);
    const form = new URLSearchParams([["intent", "waitlist-add"], ["patient_id", String(patientId)], ["service", SERVICE], ["wishes", "1am"], ["until", until], ["name", "Salima Haddad"], ["phone", "0771 22 33 44"]]);
    const request = new Request("https://clinique.example/admin/liste-attente", { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const res = (await waitlistStaffAction(request, staffSession({ userId: 1, email: "admin@clinique.dz", role: "admin", idHash: "h" }))) as unknown as { data: { ok: boolean } };
    expect(res.data.ok).toBe(true);
    expect(await h.db.selectFrom("waitlist_entries").select(["language", "source"]).where("patient_id", "=", patientId).execute()).toEqual([{ language: "ar", source: "staff" }]);
  });

  it("a recall: the Arabic template and /ar links for a record in Arabic, the French for a French one; the Arabic template is stored apart", async () => {
    const h = t.h;
    const actor = { staffUserId: null, label: "Démo" };
    const visit = async (name: string, phone: string) => {
      const { appointment } = await createAppointment(h, { name, email: null, phone, service: "Soins conservateurs", date: "2030-05-15", time: "10:00" });
      expect((await setAppointmentStatus(h, Number(appointment.id), "confirmed", { actor })).ok).toBe(true);
      expect((await setAppointmentStatus(h, Number(appointment.id), "attended", { actor })).ok).toBe(true);
      return Number(appointment.patient_id);
    };
    const arPatient = await visit("Amina Benali", "0550 12 34 56");
    const frPatient = await visit("Nadia Cherif", "0662 10 20 30");
    await h.db.updateTable("patients").set({ language: "ar" }).where("id", "=", arPatient).execute();

    const clinic = await getClinic(h);
    const views = async () => {
      const templates = { fr: await loadRecallTemplates(h, clinic), ar: await loadRecallTemplates(h, clinic, "ar") };
      return (await listDueRecalls(h, "2030-11-20")).map((r) => ({ r, view: recallRowView(r, templates, ORIGIN) }));
    };
    const text = (href: string | null, param: string) => new URL(href!).searchParams.get(param)!;
    const rows = await views();
    const ar = rows.find((x) => x.r.patientId === arPatient)!;
    const fr = rows.find((x) => x.r.patientId === frPatient)!;
    const arToken = recallTokenFromSalt(ar.r.linkSalt);
    expect(ar.view.language).toBe("ar");
    const arWhatsapp = text(ar.view.whatsapp, "text");
    expect(arWhatsapp).toMatch(/^مرحبًا Amina،/);
    expect(arWhatsapp).toContain("«العلاج التحفظي للأسنان»");
    expect(arWhatsapp).toContain(`${ORIGIN}/ar/appointment?service=Soins+conservateurs`);
    expect(arWhatsapp).toContain(`${ORIGIN}/ar/rappel/${arToken}`);
    expect(arWhatsapp).not.toMatch(FRENCH);
    expect(text(ar.view.sms, "body")).toContain(`${ORIGIN}/ar/rappel/${arToken}`);
    expect(fr.view.language).toBe("fr");
    const frWhatsapp = text(fr.view.whatsapp, "text");
    expect(frWhatsapp).toMatch(/^Bonjour Nadia,/);
    expect(frWhatsapp).toContain(`${ORIGIN}/appointment?service=Soins+conservateurs`);
    expect(frWhatsapp).toContain(`${ORIGIN}/rappel/${recallTokenFromSalt(fr.r.linkSalt)}`);
    expect(frWhatsapp).not.toContain("/ar/");

    // staff write the Arabic SMS: stored under "ar:recall-sms", the French one untouched
    await saveRecallTemplate(h, "recall-sms", "{prénom}: {soin} {lien} {stop}", "admin@clinique.dz", undefined, "ar");
    expect((await h.db.selectFrom("message_templates").select("key").where("key", "like", "%recall%").execute()).map((r) => r.key)).toEqual(["ar:recall-sms"]);
    const after = await views();
    expect(text(after.find((x) => x.r.patientId === arPatient)!.view.sms, "body")).toBe(`Amina: العلاج التحفظي للأسنان ${ORIGIN}/ar/appointment?service=Soins+conservateurs ${ORIGIN}/ar/rappel/${arToken}`);
    expect(text(after.find((x) => x.r.patientId === frPatient)!.view.sms, "body")).toMatch(/^.+ : votre suivi \(Soins conservateurs\) est à prévoir\. RDV : /);
  });
});
