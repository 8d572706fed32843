import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { bookingMessages, notifyNewBooking } from "~/.server/booking-mail";
import type { Appointment } from "~/.server/db/types";
import { log } from "~/.server/log";
import { flushOutbox } from "~/.server/mail";
import { findByToken } from "~/.server/personal-link";
import { createAppointment } from "~/.server/repos/appointments";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { action as bookingAction } from "~/routes/appointment";
import { describeEachEngine } from "../helpers/db";
import { mailTo, startSmtp, waitFor } from "./fixtures/smtp";
import { openDayAfter, postForm, setAppEnv } from "./public-form";

/** The personal link in a text: /rdv/ and a 43-character token. */
const LINK = /https?:\/\/[^\s/]+\/rdv\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

function inTwoDays() {
  return openDayAfter(2);
}

const PATIENT = { name: "Yasmine Kaci", email: "yasmine.kaci@exemple.dz", phone: "0661 98 76 54" };

function setMailEnv(values: { SMTP_URL?: string; CLINIC_NOTIFY_EMAIL?: string; PUBLIC_URL?: string }) {
  setAppEnv(["SMTP_URL", "CLINIC_NOTIFY_EMAIL", "PUBLIC_URL"], values);
}

/** A booking posted to the appointment page from `ip`: the patient's details and `fields`. */
function postBooking(fields: Record<string, string>, ip: string) {
  return postForm(bookingAction, "http://clinic.test/appointment", { ...PATIENT, service: "Orthodontie", date: inTwoDays(), time: "11:15", consent: "on", ...fields }, ip);
}

/** A stored booking of PATIENT on 2 June 2026 at 14:30, with `fields`. */
function appointmentRow(fields: Partial<Appointment>): Appointment {
  return {
    id: 7,
    ...PATIENT,
    service: "Orthodontie",
    date: "2026-06-02",
    time: "14:30",
    message: null,
    prixtotal: null,
    prixpay: null,
    progress: null,
    tips: null,
    submission_key: null,
    created_at: "2026-05-01T10:00:00.000Z",
    phone_digits: null,
    status: "requested",
    chair: 1,
    duration_minutes: 30,
    buffer_minutes: 15,
    forced: 0,
    cancelled_by: null,
    cancel_reason: null,
    updated_at: null,
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

const ORIGIN = "https://clinique.example";
const A_LINK = `${ORIGIN}/rdv/${"a".repeat(43)}`;

/** The addresses an HTML part links to. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
}

describe("booking e-mail texts", () => {
  it("tells the clinic everything and the patient what happens next, in French, text and HTML", () => {
    const [toClinic, toPatient] = bookingMessages(appointmentRow({ service: "Implementation", message: "Douleur à gauche" }), {
      clinic,
      clinicTo: "accueil@clinique.dz",
      publicUrl: ORIGIN,
      link: A_LINK,
      cancelCutoffHours: 24,
    });
    expect(toClinic.to).toBe("accueil@clinique.dz");
    expect(toClinic.subject).toBe("Nouvelle demande de rendez-vous : Implementation, 02/06/2026 à 14:30");
    for (const part of [`Nom complet : ${PATIENT.name}`, `E-mail : ${PATIENT.email}`, `Téléphone : ${PATIENT.phone}`, "Message : Douleur à gauche", `${ORIGIN}/admin/agenda?jour=2026-06-02`]) {
      expect(toClinic.text).toContain(part);
    }
    expect(toClinic.html).toContain(PATIENT.name);
    expect(toClinic.html).toContain(`href="${ORIGIN}/admin/agenda?jour=2026-06-02"`);
    expect([toClinic.kind, toClinic.appointmentId]).toEqual(["booking_clinic", 7]);
    // the clinic's notification does not carry the patient's personal link
    expect(`${toClinic.text}${toClinic.html}`).not.toContain("/rdv/");

    expect(toPatient.to).toBe(PATIENT.email);
    expect(toPatient.subject).toBe(`Votre demande de rendez-vous — ${clinic.name}`);
    expect([toPatient.kind, toPatient.appointmentId]).toEqual(["booking_received", 7]);
    expect(toPatient.text).toMatch(/^Bonjour,\n/);
    expect(toPatient.text).toContain("Service : Implementation");
    expect(toPatient.text).toContain("Date souhaitée : mardi 2 juin 2026");
    expect(toPatient.text).toContain("Heure souhaitée : 14:30");
    expect(toPatient.text).toContain("n'est pas encore confirmé");
    expect(toPatient.text).toContain(`Suivre, déplacer ou annuler votre demande :\n${A_LINK}`);
    expect(toPatient.text).toContain("jusqu'à 24 h avant le rendez-vous");
    // the clinic's identity closes the message
    for (const part of [clinic.name, clinic.address.oneLine, clinic.phones[0].display, clinic.phones[1].display, clinic.email]) {
      expect(toPatient.text).toContain(part);
      expect(toPatient.html).toContain(part);
    }
    expect(toPatient.html).toMatch(/^<!DOCTYPE html>\n<html lang="fr"/);
    expect(toPatient.html).toContain("max-width:600px");
    expect(toPatient.html).not.toMatch(/<img|<link|<script|url\(/i);
    expect(hrefs(toPatient.html!)).toEqual([A_LINK, A_LINK, ...clinic.phones.map((p) => `tel:${p.tel}`), `mailto:${clinic.email}`]);
    // nothing typed goes to the address typed
    for (const typed of [PATIENT.name, PATIENT.phone, "Douleur à gauche"]) {
      expect(toPatient.text).not.toContain(typed);
      expect(toPatient.html).not.toContain(typed);
    }
  });

  it("the acknowledgement repeats no typed text, only the choices from the lists and the clinic's link", () => {
    const booking = appointmentRow({ name: PHISHING.name, email: "victime@exemple.dz", service: "Orthodontie", message: PHISHING.message });
    const [toClinic, toPatient] = bookingMessages(booking, { clinic, clinicTo: "accueil@clinique.dz", link: A_LINK });
    expectNoTypedText(toPatient, A_LINK);
    expect(toPatient.text).toContain("Service : Orthodontie");
    expect(toPatient.text).toContain("Date souhaitée : mardi 2 juin 2026");
    // the clinic's own inbox keeps every detail, escaped in its HTML part
    expect(toClinic.text).toContain(PHISHING.name);
    expect(toClinic.text).toContain(PHISHING.message);
    expect(toClinic.html).toContain("Cliquez ici &lt;a href=&quot;http://evil.example/login&quot;&gt;www.evil.example&lt;/a&gt; pour confirmer");
    expect(toClinic.html).not.toContain('<a href="http://evil');

    // a value that is not one the lists offer is left out, not repeated
    const [, odd] = bookingMessages({ ...booking, service: "Voir https://evil.example", time: "10:00 https://evil.example" }, { clinic, clinicTo: "accueil@clinique.dz", link: A_LINK });
    expectNoTypedText(odd, A_LINK);
    expect(odd.text).not.toContain("Service :");
    expect(odd.text).toContain("n'est pas encore confirmé");

    // past the cut-off (a request for the next hours) the link follows the request, the phones change it
    const [, late] = bookingMessages(booking, { clinic, clinicTo: "accueil@clinique.dz", link: A_LINK, cancelCutoffHours: 24, changeable: false });
    expectNoTypedText(late, A_LINK);
    expect(late.text).toContain(`Suivre votre demande :\n${A_LINK}`);
    expect(late.text).toContain("Pour annuler ou déplacer ce rendez-vous maintenant, appelez-nous");
    expect(late.text).not.toContain("annulez la demande avec le lien");

    // without a link (an appointment that has none) the message says the rest
    const [, bare] = bookingMessages(booking, { clinic, clinicTo: "accueil@clinique.dz" });
    expectNoTypedText(bare);
    expect(bare.text).not.toContain("/rdv/");
  });
});

/** What a stranger could type to make the clinic's acknowledgement carry a phishing text. */
const PHISHING = {
  name: "Votre dossier est suspendu, réglez 5000 DA sur https://evil.example/paiement",
  message: 'Cliquez ici <a href="http://evil.example/login">www.evil.example</a> pour confirmer',
};

/**
 * No part of the acknowledgement (subject, text, HTML) carries what was typed, escaped or not,
 * and the HTML links only to the personal link and the clinic's phones and e-mail.
 */
function expectNoTypedText(message: { subject: string; text: string; html?: string }, link?: string) {
  expect(message.html).toBeTruthy();
  for (const part of [message.subject, message.text, message.html!]) {
    for (const typed of [PHISHING.name, PHISHING.message, "evil.example", "suspendu", "Cliquez", "http://evil", "5000 DA", "&lt;a", "&quot;"]) {
      expect(part).not.toContain(typed);
    }
  }
  expect(message.text).not.toContain("<a");
  const own = [...clinic.phones.map((p) => `tel:${p.tel}`), `mailto:${clinic.email}`];
  expect(hrefs(message.html!).filter((h) => !own.includes(h))).toEqual(link ? [link, link] : []);
}

describeEachEngine("booking e-mails", { appDb: true }, (t) => {
  afterAll(() => {
    setMailEnv({});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function spyLogs() {
    return (["info", "warn", "error"] as const).map((level) => vi.spyOn(log, level));
  }
  function expectNoPatientDataIn(spies: ReturnType<typeof spyLogs>) {
    const written = JSON.stringify(spies.flatMap((s) => s.mock.calls));
    expect(written.length).toBeGreaterThan(2);
    for (const v of Object.values(PATIENT)) expect(written).not.toContain(v);
  }

  it("sends the clinic notification and the patient acknowledgement through SMTP, text and HTML", async () => {
    const smtp = await startSmtp();
    try {
      setMailEnv({ SMTP_URL: smtp.url, CLINIC_NOTIFY_EMAIL: "accueil@clinique.dz" });
      const logs = spyLogs();
      const { appointment } = await createAppointment(t.h, { ...PATIENT, service: "Orthodontie", date: "2026-06-02", time: "09:00", message: null });
      const { ids, sending } = await notifyNewBooking(appointment, t.h);
      expect(ids).toHaveLength(2);
      expect(await sending).toEqual({ sent: 2, failed: 0 });

      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["accueil@clinique.dz", PATIENT.email]);
      const clinicMail = await mailTo(smtp, "accueil@clinique.dz");
      expect(clinicMail.subject).toBe("Nouvelle demande de rendez-vous : Orthodontie, 02/06/2026 à 09:00");
      expect(clinicMail.text).toContain(`Nom complet : ${PATIENT.name}`);
      expect(clinicMail.text).toContain(`Téléphone : ${PATIENT.phone}`);
      expect(clinicMail.html).toContain(PATIENT.name);
      const patientMail = await mailTo(smtp, PATIENT.email);
      expect(patientMail.subject).toBe(`Votre demande de rendez-vous — ${clinic.name}`);
      expect(patientMail.text).toMatch(/^Bonjour,\n/);
      expect(patientMail.text).toContain("Date souhaitée : mardi 2 juin 2026");
      expect(patientMail.text).toContain("Heure souhaitée : 09:00");
      expect(patientMail.text).not.toContain(PATIENT.name);
      expect(patientMail.html).toContain("Demande de rendez-vous reçue");
      expect(patientMail.html).not.toContain(PATIENT.name);
      expect(patientMail.attachments).toEqual([]);

      const outbox = await t.h.db.selectFrom("outbox").selectAll().orderBy("id").execute();
      expect(outbox.map((o) => [o.status, o.kind, o.appointment_id])).toEqual([
        ["sent", "booking_clinic", appointment.id],
        ["sent", "booking_received", appointment.id],
      ]);
      expectNoPatientDataIn(logs);
    } finally {
      await smtp.close();
    }
  });

  it("a booking posted to the page reaches the SMTP server, and the patient's link opens that appointment", async () => {
    const smtp = await startSmtp();
    try {
      setMailEnv({ SMTP_URL: smtp.url, PUBLIC_URL: "https://clinique.example" });
      const logs = spyLogs();
      const result = await postBooking({ service: "Soins conservateurs", message: "", submission_key: "mail-test-key-1" }, "203.0.113.5");
      expect(result.data.status).toBe("success");
      await waitFor(() => smtp.received.length >= 2);
      // the clinic inbox defaults to the clinic's own address
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([clinic.email, PATIENT.email].sort());
      const [stored] = await t.h.db.selectFrom("appointments").selectAll().execute();
      expect(stored.name).toBe(PATIENT.name);

      const ack = await mailTo(smtp, PATIENT.email);
      const link = LINK.exec(ack.text ?? "");
      expect(link?.[0]).toMatch(/^https:\/\/clinique\.example\/rdv\//);
      expect(ack.html).toContain(`href="${link![0]}"`);
      expect((await findByToken(link![1], t.h))?.id).toBe(stored.id);
      // the token is written nowhere: not in the database, not in a log line
      expect(JSON.stringify(stored)).not.toContain(link![1]);
      expect(JSON.stringify(logs.flatMap((s) => s.mock.calls))).not.toContain(link![1]);
      expectNoPatientDataIn(logs);
    } finally {
      await smtp.close();
    }
  });

  it("a booking typed to phish through the clinic sends the stranger's address no typed text, in any part", async () => {
    const smtp = await startSmtp();
    try {
      setMailEnv({ SMTP_URL: smtp.url, CLINIC_NOTIFY_EMAIL: "accueil@clinique.dz", PUBLIC_URL: "https://clinique.example" });
      const result = await postBooking({ ...PHISHING, email: "victime@exemple.dz", submission_key: "mail-test-phish-1" }, "203.0.113.9");
      expect(result.data.status).toBe("success");
      await waitFor(() => smtp.received.length >= 2);

      const raw = smtp.received.find((m) => m.to[0] === "victime@exemple.dz")!.raw;
      expect(raw).toMatch(/^Content-Type: multipart\/alternative;/im);
      const ack = await mailTo(smtp, "victime@exemple.dz");
      expect(ack.text).toMatch(/^Bonjour,\n/);
      expect(ack.text).toContain("Service : Orthodontie");
      const link = LINK.exec(ack.text ?? "")![0];
      expect(link).toMatch(/^https:\/\/clinique\.example\/rdv\//);
      expectNoTypedText({ subject: ack.subject ?? "", text: ack.text ?? "", html: ack.html || undefined }, link);
      expect(ack.text).not.toContain("https://clinique.example/admin");

      const toClinic = await mailTo(smtp, "accueil@clinique.dz");
      expect(toClinic.text).toContain(`Nom complet : ${PHISHING.name}`);
      expect(toClinic.text).toContain(PHISHING.message);
      // in the clinic's HTML the typed markup is text, not a link
      expect(hrefs(String(toClinic.html))).not.toContain("http://evil.example/login");
      // what the database holds is what was typed; only the acknowledgement leaves it out
      expect(await t.h.db.selectFrom("appointments").select(["name", "message"]).execute()).toEqual([{ name: PHISHING.name, message: PHISHING.message }]);
    } finally {
      await smtp.close();
    }
  });

  it("a refused send keeps the booking and the messages in the outbox for a later try", async () => {
    const smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        callback(new Error("Boîte pleine"));
      },
    });
    try {
      setMailEnv({ SMTP_URL: smtp.url });
      const logs = spyLogs();
      const { appointment } = await createAppointment(t.h, { ...PATIENT, service: "Orthodontie", date: "2026-06-02", time: "09:00", message: null });
      const { sending } = await notifyNewBooking(appointment, t.h);
      expect(await sending).toEqual({ sent: 0, failed: 2 });
      const outbox = await t.h.db.selectFrom("outbox").selectAll().execute();
      expect(outbox).toHaveLength(2);
      for (const o of outbox) {
        expect(o.status).toBe("pending");
        expect(Number(o.attempts)).toBe(1);
        expect(o.last_error).toBeTruthy();
      }
      expect(await t.h.db.selectFrom("appointments").select("id").execute()).toHaveLength(1);
      expectNoPatientDataIn(logs);
    } finally {
      await smtp.close();
    }

    // the server is back: the background flush waits for the backoff (1 minute after a first failure), then sends what waited
    const healthy = await startSmtp();
    try {
      setMailEnv({ SMTP_URL: healthy.url });
      expect(await flushOutbox(t.h)).toEqual({ sent: 0, failed: 0 });
      expect(healthy.received).toHaveLength(0);
      expect(await flushOutbox(t.h, undefined, { now: new Date(Date.now() + 61_000) })).toEqual({ sent: 2, failed: 0 });
      expect(healthy.received).toHaveLength(2);
    } finally {
      await healthy.close();
    }
  });

  it("an unreachable SMTP server never loses the booking", async () => {
    const smtp = await startSmtp();
    const deadUrl = smtp.url;
    await smtp.close();
    setMailEnv({ SMTP_URL: deadUrl });
    const result = await postBooking({ submission_key: "mail-test-key-2" }, "203.0.113.6");
    expect(result.data.status).toBe("success");
    expect(await t.h.db.selectFrom("appointments").select("id").execute()).toHaveLength(1);
    // the send is tried in the background and fails; both messages stay pending
    const rows = await waitFor(async () => {
      const r = await t.h.db.selectFrom("outbox").selectAll().execute();
      return r.length === 2 && r.every((o) => Number(o.attempts) >= 1) ? r : undefined;
    });
    expect(rows.every((r) => r.status === "pending" && r.last_error)).toBe(true);
  });

  it("without SMTP_URL the messages wait in the outbox and the log only says one was queued", async () => {
    setMailEnv({});
    const logs = spyLogs();
    const { appointment } = await createAppointment(t.h, { ...PATIENT, service: "Orthodontie", date: "2026-06-02", time: "09:00", message: null });
    const { ids, sending } = await notifyNewBooking(appointment, t.h);
    expect(await sending).toEqual({ sent: 0, failed: 0 });
    const outbox = await t.h.db.selectFrom("outbox").selectAll().orderBy("id").execute();
    expect(outbox.map((o) => [Number(o.id), o.status, Number(o.attempts)])).toEqual(ids.map((id) => [id, "pending", 0]));
    expect(outbox.map((o) => o.to_address).sort()).toEqual([clinic.email, PATIENT.email].sort());
    const events = logs.flatMap((s) => s.mock.calls).map((c) => (c[0] as unknown as { event?: string }).event);
    expect(events.filter((e) => e === "mail_queued")).toHaveLength(2);
    expectNoPatientDataIn(logs);
  });
});
