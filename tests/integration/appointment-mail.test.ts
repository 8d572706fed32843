import { sql } from "kysely";
import type { ParsedMail } from "mailparser";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointmentMessage, notifyAppointment, type AppointmentMailEvent } from "~/.server/appointment-mail";
import type { Appointment } from "~/.server/db/types";
import { frontDeskIntent, type FrontDeskResult } from "~/.server/front-desk-actions";
import { log } from "~/.server/log";
import { flushOutbox } from "~/.server/mail";
import { findByToken } from "~/.server/personal-link";
import { queueDueReminders } from "~/.server/reminders";
import { PATIENT_ACTOR } from "~/.server/actor";
import { bookAppointment } from "~/.server/repos/booking";
import { insertStaff } from "~/.server/repos/staff";
import type { StaffSession } from "~/.server/session";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { clinicInstant } from "~/lib/clinic-time";
import { describeEachEngine } from "../helpers/db";
import { mailTo, parseMail, startSmtp, waitFor, type TestSmtp } from "./fixtures/smtp";
import { openDayAfter, setAppEnv } from "./public-form";
import { staffSession } from "../helpers/staff";

/**
 * The patient's e-mails about an appointment (docs/product.md, "Patient e-mails"): confirmed,
 * cancelled, moved, and the reminder. Their texts (French, text and HTML, the clinic's identity,
 * escaped), and what a patient receives through SMTP when staff change an appointment: the
 * personal link that opens it, the .ics attachment read by ical.js (METHOD:PUBLISH, the same UID
 * across moves, SEQUENCE raised, DTSTART in Algiers time).
 */

const ORIGIN = "https://clinique.example";
const PATIENT = { name: "Yasmine Kaci", email: "yasmine.kaci@exemple.dz", phone: "0661 98 76 54" };
const LINK = /https:\/\/clinique\.example\/rdv\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

function row(fields: Partial<Appointment> = {}): Appointment {
  return {
    id: 12,
    ...PATIENT,
    service: "Orthodontie",
    date: "2026-12-02",
    time: "14:30",
    message: "Douleur à gauche",
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
    cancel_reason: "Le docteur est en congrès",
    updated_at: "2026-11-20T10:00:00.000Z",
    patient_id: null,
    link_salt: null,
    link_hash: null,
    patient_confirmed_at: null,
    reminded_at: null,
    mail_reminder_at: null,
    language: "fr",
    anonymised_at: null,
    ...fields,
  };
}

const A_LINK = `${ORIGIN}/rdv/${"b".repeat(43)}`;
const EVENTS: AppointmentMailEvent[] = ["confirmed", "cancelled", "moved", "reminder"];

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
}

/** The .ics attached to a message, read by ical.js. */
function calendarOf(mail: ParsedMail) {
  expect(mail.attachments).toHaveLength(1);
  const [file] = mail.attachments;
  expect(file.filename).toBe("rendez-vous.ics");
  expect(file.contentType).toBe("text/calendar");
  const text = file.content.toString("utf8");
  const cal = new ICAL.Component(ICAL.parse(text));
  const event = cal.getFirstSubcomponent("vevent")!;
  const start = event.getFirstProperty("dtstart")!;
  return {
    text,
    method: cal.getFirstPropertyValue("method"),
    timezone: cal.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    tzid: start.getParameter("tzid"),
    start: String(start.getFirstValue()),
    end: String(event.getFirstPropertyValue("dtend")),
    summary: String(event.getFirstPropertyValue("summary")),
    url: event.getFirstPropertyValue("url"),
  };
}

describe("appointment e-mail texts", () => {
  it("each event has its French subject, its kind and its appointment, text and HTML with the clinic's identity", () => {
    const subjects = {
      confirmed: `Rendez-vous confirmé le mercredi 2 décembre 2026 à 14:30 — ${clinic.name}`,
      cancelled: `Rendez-vous annulé : mercredi 2 décembre 2026 à 14:30 — ${clinic.name}`,
      moved: `Rendez-vous déplacé au mercredi 2 décembre 2026 à 14:30 — ${clinic.name}`,
      reminder: `Rappel : rendez-vous le mercredi 2 décembre 2026 à 14:30 — ${clinic.name}`,
    };
    const kinds = { confirmed: "appointment_confirmed", cancelled: "appointment_cancelled", moved: "appointment_moved", reminder: "reminder" };
    for (const event of EVENTS) {
      const m = appointmentMessage(row(), event, { clinic, link: A_LINK, origin: ORIGIN, sequence: 1, cancelCutoffHours: 24 })!;
      expect(m.to).toBe(PATIENT.email);
      expect(m.subject).toBe(subjects[event]);
      expect([m.kind, m.appointmentId]).toEqual([kinds[event], 12]);
      expect(m.text).toMatch(/^Bonjour,\n\n/);
      for (const part of ["Service : Orthodontie", "Date : mercredi 2 décembre 2026", "Heure : 14:30", clinic.address.oneLine, clinic.phones[0].display, clinic.phones[1].display, clinic.email]) {
        expect(m.text).toContain(part);
      }
      expect(m.html).toMatch(/^<!DOCTYPE html>\n<html lang="fr"/);
      for (const part of [clinic.name, clinic.address.oneLine, clinic.phones[0].display, clinic.email, "Orthodontie", "mercredi 2 décembre 2026"]) expect(m.html).toContain(part);
      // nothing the patient typed, nor the staff's reason
      for (const typed of [PATIENT.name, PATIENT.phone, "Douleur", "congrès"]) {
        expect(m.text).not.toContain(typed);
        expect(m.html).not.toContain(typed);
      }
      // no external image, stylesheet or script: nothing loads from a server
      expect(m.html).not.toMatch(/<img|<link|<script|url\(/i);
    }
  });

  it("the personal link is in every message but the cancellation; the calendar file goes with the confirmation and a confirmed move", () => {
    const m = (event: AppointmentMailEvent, fields: Partial<Appointment> = {}) => appointmentMessage(row(fields), event, { clinic, link: A_LINK, origin: ORIGIN, sequence: 3 })!;
    for (const event of ["confirmed", "moved", "reminder"] as const) {
      expect(m(event).text).toContain(`Confirmer votre présence, annuler ou déplacer le rendez-vous :\n${A_LINK}`);
      expect(hrefs(m(event).html!)).toContain(A_LINK);
    }
    const cancelled = m("cancelled");
    expect(`${cancelled.text}${cancelled.html}`).not.toContain("/rdv/");
    expect(cancelled.text).toContain(`Prendre un nouveau rendez-vous en ligne :\n${ORIGIN}/appointment`);
    expect(cancelled.text).toContain("Nous vous informons que ce rendez-vous est annulé");
    expect(m("cancelled", { cancelled_by: "patient" }).text).toContain("Comme vous l'avez demandé, ce rendez-vous est annulé");

    const ics = (event: AppointmentMailEvent, fields: Partial<Appointment> = {}) => m(event, fields).attachments ?? [];
    expect(ics("confirmed").map((a) => [a.filename, a.contentType])).toEqual([["rendez-vous.ics", "text/calendar; charset=utf-8; method=PUBLISH"]]);
    expect(ics("confirmed")[0].content).toContain("SEQUENCE:3");
    expect(ics("moved")).toHaveLength(1);
    // a request not confirmed yet: no calendar file, and the message says it is still to be confirmed
    expect(ics("moved", { status: "requested" })).toEqual([]);
    expect(m("moved", { status: "requested" }).text).toContain("n'est pas encore confirmé");
    expect(m("reminder", { status: "requested" }).text).toContain("demande de rendez-vous");
    expect(ics("cancelled")).toEqual([]);
    expect(ics("reminder")).toEqual([]);
  });

  it("past the cut-off the link is offered to confirm presence, and the phones to cancel or move", () => {
    const open = appointmentMessage(row(), "reminder", { clinic, link: A_LINK, origin: ORIGIN, cancelCutoffHours: 24, changeable: true })!;
    expect(open.text).toContain("jusqu'à 24 h avant le rendez-vous");
    const late = appointmentMessage(row(), "reminder", { clinic, link: A_LINK, origin: ORIGIN, cancelCutoffHours: 24, changeable: false })!;
    expect(late.text).toContain(`Confirmer votre présence :\n${A_LINK}`);
    expect(late.text).toContain(`Pour annuler ou déplacer ce rendez-vous maintenant, appelez-nous au ${clinic.phones[0].display}`);
    expect(late.text).not.toContain("annuler ou déplacer le rendez-vous :");
    expect(late.html).toContain("Confirmer ma présence");
  });

  it("escapes every value in the HTML part", () => {
    const m = appointmentMessage(row({ service: `Soins <img src=x onerror="alert(1)"> & "détartrage"` }), "confirmed", { clinic, link: A_LINK, origin: ORIGIN })!;
    expect(m.html).toContain("Soins &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;détartrage&quot;");
    expect(m.html).not.toContain("<img");
    expect(m.text).toContain(`Service : Soins <img src=x onerror="alert(1)"> & "détartrage"`);
    // a link that is not http(s) is never written as a link
    const odd = appointmentMessage(row(), "confirmed", { clinic, link: "javascript:alert(1)", origin: ORIGIN })!;
    expect(hrefs(odd.html!).some((h) => h.startsWith("javascript"))).toBe(false);
  });

  it("no address, or an erased identity: no message", () => {
    for (const event of EVENTS) {
      expect(appointmentMessage(row({ email: null }), event, { clinic })).toBeNull();
      expect(appointmentMessage(row({ anonymised_at: "2026-11-20T10:00:00.000Z" }), event, { clinic })).toBeNull();
    }
  });
});

describeEachEngine("appointment e-mails", { appDb: true }, (t) => {
  let smtp: TestSmtp;
  let staff: StaffSession;
  const DAY = openDayAfter(3);
  const LATER = openDayAfter(5);
  let logs: ReturnType<typeof vi.spyOn>[] = [];

  beforeEach(async () => {
    smtp = await startSmtp();
    setAppEnv(["SMTP_URL", "PUBLIC_URL", "CLINIC_NOTIFY_EMAIL"], { SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN });
    const user = await insertStaff(t.h, "accueil@clinique.dz", "x");
    staff = staffSession({ userId: Number(user.id), email: user.email, role: user.role, idHash: "h" });
    logs = (["info", "warn", "error"] as const).map((level) => vi.spyOn(log, level));
  });
  afterEach(async () => {
    // whatever was logged, no patient data
    const written = JSON.stringify(logs.flatMap((s) => s.mock.calls));
    for (const v of Object.values(PATIENT)) expect(written).not.toContain(v);
    expect(written).not.toMatch(/\/rdv\/[A-Za-z0-9_-]{43}/);
    vi.restoreAllMocks();
    await smtp.close();
  });
  afterAll(() => setAppEnv(["SMTP_URL", "PUBLIC_URL", "CLINIC_NOTIFY_EMAIL"]));

  async function requested(over: { date?: string; time?: string; email?: string | null } = {}) {
    const r = await bookAppointment(t.h, { ...PATIENT, service: "Orthodontie", date: DAY, time: "10:30", message: "Douleur à gauche", ...over }, { actor: PATIENT_ACTOR, mode: "public" });
    if (!r.ok) throw new Error(`booking refused: ${r.reason}`);
    return r.appointment;
  }
  async function act(intent: "status" | "move" | "book", fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = (await frontDeskIntent(intent, form, staff, "agenda")) as unknown as { data: FrontDeskResult; init: { status?: number } | null };
    return { ok: res.data.ok, status: res.init?.status ?? 200, body: res.data };
  }
  const outbox = () => t.h.db.selectFrom("outbox").select(["id", "kind", "appointment_id", "status", "to_address"]).orderBy("id").execute();
  async function received(n: number) {
    await waitFor(() => smtp.received.length >= n);
    return Promise.all(smtp.received.map(parseMail));
  }

  it("staff confirm a request: the patient receives the confirmation with the link and the .ics", async () => {
    const a = await requested();
    expect(await act("status", { id: String(a.id), to: "confirmed" })).toMatchObject({ ok: true, status: 200 });
    const [mail] = await received(1);
    expect(smtp.received[0].to).toEqual([PATIENT.email]);
    expect(mail.subject).toMatch(/^Rendez-vous confirmé le .+ à 10:30 — Clinique Dentaire Hamdi$/);
    expect(mail.text).toMatch(/^Bonjour,\n/);
    expect(mail.text).toContain("Nous avons le plaisir de vous confirmer votre rendez-vous");
    expect(mail.html).toContain("Votre rendez-vous est confirmé");
    // the link in the message opens this appointment
    const token = LINK.exec(mail.text ?? "")![1];
    expect((await findByToken(token, t.h))?.id).toBe(a.id);
    expect(hrefs(String(mail.html))).toContain(`${ORIGIN}/rdv/${token}`);

    const raw = smtp.received[0].raw;
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    const cal = calendarOf(mail);
    expect(cal.method).toBe("PUBLISH");
    expect(cal.uid).toBe(`rdv-${a.id}@clinique.example`);
    expect(cal.tzid).toBe("Africa/Algiers");
    expect(cal.timezone).toBe("Africa/Algiers");
    expect(cal.start).toBe(`${DAY}T10:30:00`);
    expect(cal.end).toBe(`${DAY}T11:00:00`);
    expect(cal.text).toMatch(new RegExp(`DTSTART;TZID=Africa/Algiers:${DAY.replaceAll("-", "")}T103000`));
    expect(cal.sequence).toBe(1);
    expect(cal.summary).toBe(`Orthodontie — ${clinic.name}`);
    expect(cal.url).toBe(`${ORIGIN}/rdv/${token}`);
    expect(cal.text).not.toContain(PATIENT.name);

    expect((await outbox()).map((o) => [o.kind, o.appointment_id, o.status])).toEqual([["appointment_confirmed", a.id, "sent"]]);
  });

  it("a move, forced or not, sends the new time and an .ics with the same UID and a higher SEQUENCE", async () => {
    const a = await requested();
    await act("status", { id: String(a.id), to: "confirmed" });
    expect(await act("move", { id: String(a.id), date: LATER, time: "14:15" })).toMatchObject({ ok: true });
    // forced: over the schedule's rules (17:30 is after closing), the patient must know all the same
    expect(await act("move", { id: String(a.id), date: LATER, time: "17:30", forced: "on" })).toMatchObject({ ok: true });
    const mails = await received(3);
    // sent in the background: identified by subject, not by arrival order
    const confirmed = mails.find((m) => m.subject?.startsWith("Rendez-vous confirmé"))!;
    const [moved, forced] = mails.filter((m) => m.subject?.startsWith("Rendez-vous déplacé"));
    const byKind = await outbox();
    expect(byKind.map((o) => o.kind)).toEqual(["appointment_confirmed", "appointment_moved", "appointment_moved"]);
    const first = calendarOf(confirmed);
    const sorted = [moved, forced].map(calendarOf).sort((x, y) => x.sequence - y.sequence);
    expect(sorted.map((c) => [c.uid, c.sequence, c.start])).toEqual([
      [first.uid, 2, `${LATER}T14:15:00`],
      [first.uid, 3, `${LATER}T17:30:00`],
    ]);
    for (const m of [moved, forced]) {
      expect(m.subject).toMatch(/^Rendez-vous déplacé au /);
      expect(m.text).toContain("Voici le nouvel horaire");
      expect(LINK.test(m.text ?? "")).toBe(true);
    }
  });

  it("a cancellation by staff: no link, no calendar file, not the staff's reason", async () => {
    const a = await requested();
    expect(await act("status", { id: String(a.id), to: "cancelled", reason: "Le docteur est en congrès", cancelled_by: "clinic" })).toMatchObject({ ok: true });
    const [mail] = await received(1);
    expect(mail.subject).toMatch(/^Rendez-vous annulé : .+ à 10:30 — Clinique Dentaire Hamdi$/);
    expect(mail.text).toContain("Nous vous informons que ce rendez-vous est annulé");
    expect(`${mail.text}${mail.html}`).not.toContain("/rdv/");
    expect(`${mail.text}${mail.html}`).not.toContain("congrès");
    expect(mail.attachments).toEqual([]);
    expect((await outbox()).map((o) => [o.kind, o.appointment_id])).toEqual([["appointment_cancelled", a.id]]);
  });

  it("a booking taken by staff with an e-mail is confirmed by mail; without one, nothing is queued", async () => {
    const base = { name: PATIENT.name, phone: PATIENT.phone, service: "Orthodontie", date: DAY, message: "" };
    expect(await act("book", { ...base, email: PATIENT.email, time: "09:00", submission_key: "11111111-1111-4111-8111-111111111111" })).toMatchObject({ ok: true });
    expect(await act("book", { ...base, email: "", time: "11:15", submission_key: "22222222-2222-4222-8222-222222222222" })).toMatchObject({ ok: true });
    const [mail] = await received(1);
    expect(mail.subject).toMatch(/^Rendez-vous confirmé le .+ à 09:00/);
    expect(calendarOf(mail).sequence).toBe(0);
    expect((await outbox()).map((o) => o.kind)).toEqual(["appointment_confirmed"]);
  });

  it("no e-mail for the undo of a wrong 'Honoré', nor for an appointment already past", async () => {
    const a = await requested();
    await act("status", { id: String(a.id), to: "confirmed" });
    await received(1);
    await act("status", { id: String(a.id), to: "attended" });
    expect(await act("status", { id: String(a.id), to: "confirmed" })).toMatchObject({ ok: true });
    // a confirmed appointment whose start has passed
    const fresh = (await t.h.db.selectFrom("appointments").selectAll().where("id", "=", a.id).executeTakeFirstOrThrow()) as Appointment;
    const after = new Date(clinicInstant(fresh.date, fresh.time).getTime() + 60_000);
    expect((await notifyAppointment(fresh, "moved", t.h, { now: after })).ids).toEqual([]);
    await flushOutbox(t.h);
    expect((await outbox()).map((o) => o.kind)).toEqual(["appointment_confirmed"]);
    expect(smtp.received).toHaveLength(1);
  });

  it("a mail that cannot be queued never fails the staff's change", async () => {
    const a = await requested();
    await sql`alter table outbox rename to outbox_off`.execute(t.h.db);
    try {
      expect(await act("status", { id: String(a.id), to: "confirmed" })).toMatchObject({ ok: true, status: 200 });
      expect(await act("move", { id: String(a.id), date: LATER, time: "14:15" })).toMatchObject({ ok: true, status: 200 });
    } finally {
      await sql`alter table outbox_off rename to outbox`.execute(t.h.db);
    }
    const stored = await t.h.db.selectFrom("appointments").select(["status", "date", "time"]).where("id", "=", a.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "confirmed", date: LATER, time: "14:15" });
    const failures = (logs[2].mock.calls as unknown[][]).map((c) => (c[0] as { event?: string }).event);
    expect(failures.filter((e) => e === "appointment_mail_queue_failed")).toHaveLength(2);
  });

  it("the reminder reaches the patient with the link, once", async () => {
    const a = await requested();
    await act("status", { id: String(a.id), to: "confirmed" });
    await received(1);
    const start = clinicInstant(a.date, a.time).getTime();
    const now = new Date(start - 23 * 3600_000);
    const ids = await queueDueReminders(t.h, now);
    expect(ids).toHaveLength(1);
    expect(await queueDueReminders(t.h, now)).toEqual([]);
    expect(await flushOutbox(t.h)).toEqual({ sent: 1, failed: 0 });
    const reminder = await mailTo({ ...smtp, received: smtp.received.slice(1) }, PATIENT.email);
    expect(reminder.subject).toMatch(/^Rappel : rendez-vous le .+ à 10:30 — Clinique Dentaire Hamdi$/);
    expect(reminder.text).toContain("Nous vous rappelons votre rendez-vous");
    // 23 hours before, the 24-hour cut-off has passed: the link confirms presence, the phones do the rest
    expect(reminder.text).toContain("Confirmer votre présence :\nhttps://clinique.example/rdv/");
    expect(reminder.text).toContain("Pour annuler ou déplacer ce rendez-vous maintenant, appelez-nous");
    expect((await findByToken(LINK.exec(reminder.text ?? "")![1], t.h))?.id).toBe(a.id);
    expect(reminder.attachments).toEqual([]);
  });
});
