import type { ParsedMail } from "mailparser";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { appointmentMessage, type AppointmentMailEvent } from "~/.server/appointment-mail";
import { notifyNewBooking } from "~/.server/booking-mail";
import type { Appointment } from "~/.server/db/types";
import { frontDeskIntent, type FrontDeskResult } from "~/.server/front-desk-actions";
import { appointmentLanguage } from "~/.server/message-language";
import { findByToken } from "~/.server/personal-link";
import { reminderLinksOf } from "~/.server/reminder-links";
import { queueDueReminders } from "~/.server/reminders";
import { PATIENT_ACTOR } from "~/.server/actor";
import { bookAppointment } from "~/.server/repos/booking";
import { loadTemplates, saveTemplate } from "~/.server/repos/message-templates";
import { insertStaff } from "~/.server/repos/staff";
import type { StaffSession } from "~/.server/session";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { clinicInstant } from "~/lib/clinic-time";
import { formatDayFullAr } from "~/lib/format";
import { messageLanguage } from "~/lib/message-language";
import { DEMO_CLINIC_AR } from "~/i18n/clinic";
import { offerContactLinks } from "~/.server/waitlist";
import type { WaitlistOffer } from "~/.server/db/types";
import { defaultTemplatesAr } from "~/lib/reminder-template-ar";
import { describeEachEngine } from "../helpers/db";
import { parseMail, startSmtp, waitFor, type TestSmtp } from "./fixtures/smtp";
import { openDayAfter, setAppEnv } from "./public-form";
import { staffSession } from "../helpers/staff";

/**
 * What reaches a patient whose language is Arabic (issue 32, item 6): the e-mails (request
 * received, confirmed, moved, reminder, cancelled) in Arabic, right to left, with Arabic dates and
 * the Arabic personal page's link; the .ics in Arabic; the WhatsApp/SMS reminder from the Arabic
 * template; and the rule: the patient record's language over the appointment's.
 */

const ORIGIN = "https://clinique.example";
const PATIENT = { name: "Yasmine Kaci", email: "yasmine.kaci@exemple.dz", phone: "0661 98 76 54" };
const AR_LINK = /https:\/\/clinique\.example\/ar\/rdv\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
/** Words of the French messages that an Arabic one must not hold. */
const FRENCH = /Bonjour|Rendez-vous|rendez-vous|Service|Heure|Adresse|appelez|Tél\./;

function row(fields: Partial<Appointment> = {}): Appointment {
  return {
    id: 12,
    ...PATIENT,
    service: "Orthodontie",
    date: "2026-12-02",
    time: "14:30",
    message: null,
    prixtotal: null,
    prixpay: null,
    progress: null,
    tips: null,
    submission_key: null,
    created_at: "2026-11-01T10:00:00.000Z",
    phone_digits: null,
    status: "confirmed",
    chair: 1,
    duration_minutes: 30,
    buffer_minutes: 15,
    forced: 0,
    cancelled_by: "clinic",
    cancel_reason: null,
    updated_at: "2026-11-20T10:00:00.000Z",
    patient_id: null,
    link_salt: null,
    link_hash: null,
    patient_confirmed_at: null,
    reminded_at: null,
    mail_reminder_at: null,
    language: "ar",
    anonymised_at: null,
    ...fields,
  };
}

function calendarOf(mail: ParsedMail) {
  expect(mail.attachments).toHaveLength(1);
  const text = mail.attachments[0].content.toString("utf8");
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
  return {
    summary: String(event.getFirstPropertyValue("summary")),
    location: String(event.getFirstPropertyValue("location")),
    description: String(event.getFirstPropertyValue("description")),
    url: String(event.getFirstPropertyValue("url")),
  };
}

describe("the language rule", () => {
  it("the patient record's language when there is one, else the appointment's", () => {
    expect(messageLanguage({ language: "ar" }, null)).toBe("ar");
    expect(messageLanguage({ language: "fr" }, null)).toBe("fr");
    expect(messageLanguage({ language: "ar" }, { language: "fr" })).toBe("fr");
    expect(messageLanguage({ language: "fr" }, { language: "ar" })).toBe("ar");
    expect(messageLanguage({}, undefined)).toBe("fr");
  });
});

describe("a waiting-list offer to an entry in Arabic", () => {
  it("the WhatsApp text is the Arabic offer template, the date in Arabic", () => {
    const ar = defaultTemplatesAr(clinic);
    const offer = { link_salt: "c".repeat(22), date: "2026-12-02", time: "09:00" } as unknown as WaitlistOffer;
    const links = offerContactLinks(offer, { name: "Amina Benali", phone: "0550 12 34 56" }, clinic, { whatsapp: ar["offer-whatsapp"], sms: ar["offer-sms"] }, "ar");
    const text = decodeURIComponent(new URL(links.whatsapp!).searchParams.get("text") ?? "");
    expect(text).toMatch(/^مرحبًا Amina،/);
    expect(text).toContain("تحرّر موعد يوم الأربعاء، 2 ديسمبر على الساعة 09:00");
    expect(text).not.toMatch(FRENCH);
  });
});

describe("Arabic appointment e-mails: texts", () => {
  const LINK = `${ORIGIN}/ar/rdv/${"b".repeat(43)}`;
  const EVENTS: AppointmentMailEvent[] = ["confirmed", "cancelled", "moved", "reminder"];
  const subjects: Record<AppointmentMailEvent, string> = {
    confirmed: "تأكيد موعدك",
    cancelled: "إلغاء موعدك",
    moved: "تغيير موعدك",
    reminder: "تذكير بموعدك",
  };

  it("each event: Arabic subject, text and right-to-left HTML, the Arabic date, the time left to right, the clinic's Arabic name", () => {
    for (const event of EVENTS) {
      const m = appointmentMessage(row(), event, { clinic, link: LINK, origin: ORIGIN, sequence: 1, cancelCutoffHours: 24, locale: "ar" })!;
      expect(m.subject.startsWith(subjects[event])).toBe(true);
      expect(m.subject).toContain(formatDayFullAr("2026-12-02"));
      expect(m.subject).toContain(DEMO_CLINIC_AR.name);
      expect(m.text).toMatch(/^مرحبًا،\n\n/);
      expect(m.text).toContain("الخدمة: تقويم الأسنان");
      expect(m.text).toContain("الساعة: \u206614:30\u2069");
      expect(m.html).toMatch(/^<!DOCTYPE html>\n<html lang="ar" dir="rtl">/);
      expect(m.html).toContain('<bdi dir="ltr">14:30</bdi>');
      expect(m.html).toContain(`<bdi dir="ltr">${clinic.phones[0].display}</bdi>`);
      expect(m.html).toContain(DEMO_CLINIC_AR.oneLine);
      for (const part of [m.subject, m.text, m.html]) expect(part).not.toMatch(FRENCH);
      if (event === "cancelled") expect(`${m.text}${m.html}`).not.toContain("/rdv/");
      else expect(m.text).toContain(LINK);
    }
  });

  it("the .ics of the confirmation names the service, the clinic and the day in Arabic", () => {
    const m = appointmentMessage(row(), "confirmed", { clinic, link: LINK, origin: ORIGIN, sequence: 1, locale: "ar" })!;
    const ics = String(m.attachments![0].content);
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("summary")).toBe(`تقويم الأسنان — ${DEMO_CLINIC_AR.name}`);
    expect(String(event.getFirstPropertyValue("description"))).toMatch(/^موعد: تقويم الأسنان، يوم الأربعاء، 2 ديسمبر 2026 على الساعة 14:30\.\nهاتف العيادة: /);
    expect(String(event.getFirstPropertyValue("location"))).toBe(`${DEMO_CLINIC_AR.name}، ${DEMO_CLINIC_AR.oneLine}`);
    expect(ics.replace(/^PRODID:.*$/m, "")).not.toMatch(/Rendez-vous|Téléphone/);
  });

  it("the French message is unchanged when the language is French", () => {
    const m = appointmentMessage(row({ language: "fr" }), "confirmed", { clinic, link: LINK, origin: ORIGIN, sequence: 1 })!;
    expect(m.text).toMatch(/^Bonjour,\n/);
    expect(m.html).toMatch(/<html lang="fr" dir="ltr">/);
  });
});

describeEachEngine("Arabic messages of a booking made in Arabic", { appDb: true }, (t) => {
  let smtp: TestSmtp;
  let staff: StaffSession;
  const DAY = openDayAfter(3);
  const LATER = openDayAfter(5);

  beforeEach(async () => {
    smtp = await startSmtp();
    setAppEnv(["SMTP_URL", "PUBLIC_URL", "CLINIC_NOTIFY_EMAIL"], { SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN, CLINIC_NOTIFY_EMAIL: "accueil@clinique.dz" });
    const user = await insertStaff(t.h, "accueil@clinique.dz", "x");
    staff = staffSession({ userId: Number(user.id), email: user.email, role: user.role, idHash: "h" });
  });
  afterEach(async () => {
    await smtp.close();
  });
  afterAll(() => setAppEnv(["SMTP_URL", "PUBLIC_URL", "CLINIC_NOTIFY_EMAIL"]));

  /** A booking as the Arabic form stores it: the appointment and its new patient record in Arabic. */
  async function bookedInArabic(patientLanguage: "fr" | "ar" = "ar", appointmentLanguageValue: "fr" | "ar" = "ar", time = "10:30") {
    const r = await bookAppointment(t.h, { ...PATIENT, service: "Orthodontie", date: DAY, time, message: "" }, { actor: PATIENT_ACTOR, mode: "public" });
    if (!r.ok) throw new Error(`booking refused: ${r.reason}`);
    await t.h.db.updateTable("appointments").set({ language: appointmentLanguageValue }).where("id", "=", r.appointment.id).execute();
    await t.h.db.updateTable("patients").set({ language: patientLanguage }).where("id", "=", Number(r.appointment.patient_id)).execute();
    return (await t.h.db.selectFrom("appointments").selectAll().where("id", "=", r.appointment.id).executeTakeFirstOrThrow()) as Appointment;
  }
  async function act(intent: "status" | "move", fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = (await frontDeskIntent(intent, form, staff, "agenda")) as unknown as { data: FrontDeskResult };
    return res.data.ok;
  }
  async function mailWith(prefix: string): Promise<ParsedMail> {
    return waitFor(async () => (await Promise.all(smtp.received.map(parseMail))).find((m) => m.subject?.startsWith(prefix)));
  }

  it("request received, confirmed (.ics), moved, reminder and cancelled: each in Arabic, the link to the Arabic personal page", async () => {
    const a = await bookedInArabic();
    expect(await appointmentLanguage(t.h, a)).toBe("ar");

    await (await notifyNewBooking(a, t.h)).sending;
    const received = await mailWith("طلب موعدك");
    expect(received.text).toContain("استلمنا طلب موعد");
    expect(String(received.html)).toMatch(/<html lang="ar" dir="rtl">/);
    const token = AR_LINK.exec(received.text ?? "")![1];
    expect((await findByToken(token, t.h))?.id).toBe(a.id);
    // the clinic's own notification stays French
    const clinicMail = await mailWith("Nouvelle demande de rendez-vous");
    expect(clinicMail.text).toMatch(/Nom complet\s?: Yasmine Kaci/);

    expect(await act("status", { id: String(a.id), to: "confirmed" })).toBe(true);
    const confirmed = await mailWith("تأكيد موعدك");
    expect(confirmed.text).toContain("يسعدنا أن نؤكّد لك موعدك");
    expect(confirmed.text).toContain(formatDayFullAr(DAY));
    expect(AR_LINK.exec(confirmed.text ?? "")?.[1]).toBe(token);
    const cal = calendarOf(confirmed);
    expect(cal.summary).toBe(`تقويم الأسنان — ${DEMO_CLINIC_AR.name}`);
    expect(cal.location).toContain(DEMO_CLINIC_AR.oneLine);
    expect(cal.description).toContain(`يوم ${formatDayFullAr(DAY)} على الساعة 10:30`);
    expect(cal.url).toBe(`${ORIGIN}/ar/rdv/${token}`);

    expect(await act("move", { id: String(a.id), date: LATER, time: "14:15" })).toBe(true);
    const moved = await mailWith("تغيير موعدك");
    expect(moved.text).toContain("إليك الوقت الجديد");
    expect(moved.text).toContain(formatDayFullAr(LATER));
    expect(calendarOf(moved).summary).toContain("تقويم الأسنان");

    const current = (await t.h.db.selectFrom("appointments").selectAll().where("id", "=", a.id).executeTakeFirstOrThrow()) as Appointment;
    const now = new Date(clinicInstant(current.date, current.time).getTime() - 2 * 3_600_000);
    expect(await queueDueReminders(t.h, now)).toHaveLength(1);
    const { flushOutbox } = await import("~/.server/mail");
    await flushOutbox(t.h);
    const reminder = await mailWith("تذكير بموعدك");
    expect(reminder.text).toContain("نذكّرك بموعدك");
    expect(String(reminder.html)).toContain('<bdi dir="ltr">14:15</bdi>');

    expect(await act("status", { id: String(a.id), to: "cancelled", reason: "Le docteur est absent", cancelled_by: "clinic" })).toBe(true);
    const cancelled = await mailWith("إلغاء موعدك");
    expect(cancelled.text).toContain("نُعلمك بأنّ هذا الموعد قد أُلغي");
    expect(`${cancelled.text}${cancelled.html}`).not.toContain("/rdv/");

    for (const m of [received, confirmed, moved, reminder, cancelled]) {
      expect(m.text).not.toMatch(FRENCH);
      expect(m.text).not.toContain(PATIENT.name);
    }
  });

  it("the patient record's language overrides the appointment's, both ways", async () => {
    const frenchRecord = await bookedInArabic("fr", "ar");
    expect(await appointmentLanguage(t.h, frenchRecord)).toBe("fr");
    await (await notifyNewBooking(frenchRecord, t.h)).sending;
    const fr = await mailWith("Votre demande de rendez-vous");
    expect(fr.text).toMatch(/^Bonjour,/);
    expect(fr.text).toMatch(/https:\/\/clinique\.example\/rdv\//);

    await t.h.db.deleteFrom("outbox").execute();
    smtp.received.length = 0;
    const arabicRecord = await bookedInArabic("ar", "fr", "14:15");
    expect(arabicRecord.patient_id).toBe(frenchRecord.patient_id);
    expect(await appointmentLanguage(t.h, arabicRecord)).toBe("ar");
    await (await notifyNewBooking(arabicRecord, t.h)).sending;
    expect((await mailWith("طلب موعدك")).text).toMatch(AR_LINK);
  });

  it("the WhatsApp and SMS reminder buttons fill the Arabic template, staff's own Arabic text once saved", async () => {
    const a = await bookedInArabic();
    const today = openDayAfter(0);
    const decode = (href: string | null, param: string) => decodeURIComponent(new URL(href!).searchParams.get(param) ?? "");
    let links = (await reminderLinksOf(t.h, [a], today)).get(Number(a.id))!;
    const wa = decode(links.whatsapp, "text");
    expect(wa).toMatch(/^مرحبًا Yasmine،/);
    expect(wa).toContain(`نذكّرك بموعدك في ${DEMO_CLINIC_AR.name}`);
    expect(wa).toContain("على الساعة 10:30");
    expect(wa).toMatch(AR_LINK);
    expect(wa).not.toMatch(FRENCH);
    const sms = links.sms!.slice(links.sms!.indexOf("?body=") + 6);
    expect(decodeURIComponent(sms)).toContain("موعدك يوم");

    await saveTemplate(t.h, "whatsapp", "أهلًا {prénom}، موعدك {date} على الساعة {heure}: {lien}", "accueil@clinique.dz", undefined, "ar");
    expect((await loadTemplates(t.h, clinic, "ar")).whatsapp.isDefault).toBe(false);
    // the French template is untouched
    expect((await loadTemplates(t.h, clinic)).whatsapp.isDefault).toBe(true);
    expect(await t.h.db.selectFrom("message_templates").select("key").execute()).toEqual([{ key: "ar:whatsapp" }]);
    links = (await reminderLinksOf(t.h, [a], today)).get(Number(a.id))!;
    expect(decode(links.whatsapp, "text")).toMatch(/^أهلًا Yasmine، موعدك .+ على الساعة 10:30: https:\/\/clinique\.example\/ar\/rdv\//);
  });
});
