import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { bookingMessages, notifyNewBooking } from "~/.server/booking-mail";
import type { Appointment } from "~/.server/db/types";
import { log } from "~/.server/log";
import { flushOutbox } from "~/.server/mail";
import { createAppointment } from "~/.server/repos/appointments";
import { clinic } from "~/content/clinic";
import { action as bookingAction } from "~/routes/appointment";
import { describeEachEngine } from "../helpers/db";
import { openDayAfter, postForm, setAppEnv } from "./public-form";

interface Received {
  to: string[];
  raw: string;
}

/** Decode what nodemailer wrote: quoted-printable body and RFC 2047 headers. */
function decodeMail(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subjectRaw = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? "";
  const subject = subjectRaw.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : qp(data.replace(/_/g, " ")),
  );
  const body = rest.join("\n\n");
  const text = /Content-Transfer-Encoding: quoted-printable/i.test(head) ? qp(body) : body;
  return { subject, text: text.replace(/\r\n/g, "\n") };
}

function qp(s: string): string {
  const soft = s.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

async function startSmtp(extra: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (c: string) => (raw += c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
    ...extra,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

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

async function waitFor<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
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
    anonymised_at: null,
    ...fields,
  };
}

describe("booking e-mail texts", () => {
  it("tells the clinic everything and the patient what happens next, in French", () => {
    const [toClinic, toPatient] = bookingMessages(appointmentRow({ service: "Implementation", message: "Douleur à gauche" }), {
      clinicTo: "accueil@clinique.dz",
      publicUrl: "https://clinique.example",
    });
    expect(toClinic.to).toBe("accueil@clinique.dz");
    expect(toClinic.subject).toBe("Nouvelle demande de rendez-vous : Implementation, 02/06/2026 à 14:30");
    for (const part of [PATIENT.name, PATIENT.email, PATIENT.phone, "Douleur à gauche", "https://clinique.example/admin/agenda?jour=2026-06-02"]) {
      expect(toClinic.text).toContain(part);
    }
    expect(toPatient.to).toBe(PATIENT.email);
    expect(toPatient.subject).toBe(`Votre demande de rendez-vous — ${clinic.name}`);
    expect(toPatient.text).toMatch(/^Bonjour,\n/);
    expect(toPatient.text).toContain("Service : Implementation");
    expect(toPatient.text).toContain("02/06/2026 à 14:30");
    expect(toPatient.text).toContain("n'est pas encore confirmé");
    expect(toPatient.text).toContain(clinic.phones[0].display);
    // nothing typed goes to the address typed
    for (const typed of [PATIENT.name, PATIENT.phone, "Douleur à gauche"]) expect(toPatient.text).not.toContain(typed);
  });

  it("the acknowledgement repeats no typed text, only the choices from the lists", () => {
    const booking = appointmentRow({ name: PHISHING.name, email: "victime@exemple.dz", service: "Orthodontie", message: PHISHING.message });
    const [toClinic, toPatient] = bookingMessages(booking, { clinicTo: "accueil@clinique.dz" });
    expectNoTypedText(toPatient);
    expect(toPatient.text).toContain("Service : Orthodontie");
    expect(toPatient.text).toContain("Date souhaitée : 02/06/2026 à 14:30");
    // the clinic's own inbox keeps every detail
    expect(toClinic.text).toContain(PHISHING.name);
    expect(toClinic.text).toContain(PHISHING.message);

    // a value that is not one the lists offer is left out, not repeated
    const [, odd] = bookingMessages({ ...booking, service: "Voir https://evil.example", time: "10:00 https://evil.example" }, { clinicTo: "accueil@clinique.dz" });
    expectNoTypedText(odd);
    expect(odd.text).not.toContain("Service :");
    expect(odd.text).toContain("n'est pas encore confirmé");
  });
});

/** What a stranger could type to make the clinic's acknowledgement carry a phishing text. */
const PHISHING = {
  name: "Votre dossier est suspendu, réglez 5000 DA sur https://evil.example/paiement",
  message: 'Cliquez ici <a href="http://evil.example/login">www.evil.example</a> pour confirmer',
};

/** No part of the acknowledgement (subject, text, an HTML part if one ever exists) carries what was typed. */
function expectNoTypedText(message: object) {
  const parts = Object.values(message).filter((v): v is string => typeof v === "string");
  expect(parts.length).toBeGreaterThanOrEqual(3);
  for (const part of parts) {
    for (const typed of [PHISHING.name, PHISHING.message, "evil.example", "suspendu", "Cliquez", "<a", "http://evil", "5000 DA"]) {
      expect(part).not.toContain(typed);
    }
  }
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

  it("sends the clinic notification and the patient confirmation through SMTP", async () => {
    const smtp = await startSmtp();
    try {
      setMailEnv({ SMTP_URL: smtp.url, CLINIC_NOTIFY_EMAIL: "accueil@clinique.dz" });
      const logs = spyLogs();
      const { appointment } = await createAppointment(t.h, { ...PATIENT, service: "Orthodontie", date: "2026-06-02", time: "09:00", message: null });
      const { ids, sending } = await notifyNewBooking(appointment, t.h);
      expect(ids).toHaveLength(2);
      expect(await sending).toEqual({ sent: 2, failed: 0 });

      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["accueil@clinique.dz", PATIENT.email]);
      const clinicMail = decodeMail(smtp.received.find((m) => m.to[0] === "accueil@clinique.dz")!.raw);
      expect(clinicMail.subject).toBe("Nouvelle demande de rendez-vous : Orthodontie, 02/06/2026 à 09:00");
      expect(clinicMail.text).toContain(`Nom complet : ${PATIENT.name}`);
      expect(clinicMail.text).toContain(`Téléphone : ${PATIENT.phone}`);
      const patientMail = decodeMail(smtp.received.find((m) => m.to[0] === PATIENT.email)!.raw);
      expect(patientMail.subject).toBe(`Votre demande de rendez-vous — ${clinic.name}`);
      expect(patientMail.text).toMatch(/^Bonjour,\n/);
      expect(patientMail.text).toContain("Date souhaitée : 02/06/2026 à 09:00");
      expect(patientMail.text).not.toContain(PATIENT.name);

      const outbox = await t.h.db.selectFrom("outbox").selectAll().orderBy("id").execute();
      expect(outbox.map((o) => o.status)).toEqual(["sent", "sent"]);
      expectNoPatientDataIn(logs);
    } finally {
      await smtp.close();
    }
  });

  it("a booking posted to the page reaches the SMTP server, clinic inbox defaulting to the clinic's address", async () => {
    const smtp = await startSmtp();
    try {
      setMailEnv({ SMTP_URL: smtp.url });
      const logs = spyLogs();
      const result = await postBooking({ service: "Soins conservateurs", message: "", submission_key: "mail-test-key-1" }, "203.0.113.5");
      expect(result.data.status).toBe("success");
      await waitFor(() => smtp.received.length >= 2);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([clinic.email, PATIENT.email].sort());
      expect(await t.h.db.selectFrom("appointments").select("name").execute()).toEqual([{ name: PATIENT.name }]);
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
      const [head] = raw.split(/\r?\n\r?\n/);
      expect(head).toMatch(/^Content-Type: text\/plain; charset=utf-8$/im);
      expect(raw).not.toMatch(/text\/html/i);
      const ack = decodeMail(raw);
      expect(ack.text).toMatch(/^Bonjour,\n/);
      expect(ack.text).toContain("Service : Orthodontie");
      expectNoTypedText({ to: "victime@exemple.dz", ...ack });
      expect(ack.text).not.toContain("https://clinique.example/admin");

      const toClinic = decodeMail(smtp.received.find((m) => m.to[0] === "accueil@clinique.dz")!.raw);
      expect(toClinic.text).toContain(`Nom complet : ${PHISHING.name}`);
      expect(toClinic.text).toContain(PHISHING.message);
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
