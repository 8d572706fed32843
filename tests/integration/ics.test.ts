import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { Appointment } from "~/.server/db/types";
import { personalLink } from "~/.server/personal-link";
import { cancelByPatient, moveByPatient } from "~/.server/rdv-actions";
import { PATIENT_ACTOR } from "~/.server/actor";
import { bookAppointment } from "~/.server/repos/booking";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { createLoadContext } from "~/context";
import { loader as icsLoader } from "~/routes/rdv.$token_.calendrier[.]ics";
import { describeEachEngine } from "../helpers/db";
import { setAppEnv } from "./public-form";

/*
 * The appointment's calendar file, /rdv/<token>/calendrier.ics (app/.server/ics.ts through the
 * page's resource route), read back with ical.js as a calendar application would: METHOD:PUBLISH,
 * one stable UID across a move with a higher SEQUENCE, the start in the clinic's local time with
 * TZID=Africa/Algiers and its VTIMEZONE (09:30 there is 08:30 UTC), the service and no patient.
 *
 * The clinic's clock: Tuesday 24 November 2026, 09:00 in Algiers.
 */
const NOW = new Date("2026-11-24T08:00:00Z");
const THURSDAY = "2026-11-26";
const SATURDAY = "2026-11-28";
const ORIGIN = "http://clinic.test";
const PATIENT = { name: "Nadia Ferhat", email: "nadia.ferhat@exemple.dz", phone: "0770 11 22 33", message: "Allergie à la pénicilline" };

describeEachEngine("appointment .ics", { appDb: true }, (t) => {
  beforeAll(() =>
    setAppEnv(["SMTP_URL", "SESSION_SECRET", "PUBLIC_URL"], { SESSION_SECRET: "une-cle-de-test-assez-longue-pour-les-liens-0123456789", PUBLIC_URL: ORIGIN }),
  );
  afterAll(() => setAppEnv(["SESSION_SECRET", "PUBLIC_URL"]));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  async function book(): Promise<Appointment> {
    const r = await bookAppointment(t.h, { ...PATIENT, service: "Orthodontie", date: THURSDAY, time: "09:30" }, { actor: PATIENT_ACTOR, mode: "public" });
    if (!r.ok) throw new Error(`not booked: ${r.reason}`);
    return r.appointment;
  }
  const row = (id: number) => t.h.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** GET /rdv/<token>/calendrier.ics through the route, as the browser downloads it. */
  async function download(a: Appointment) {
    const token = personalLink(a, ORIGIN)!.split("/rdv/")[1];
    const request = new Request(`${ORIGIN}/rdv/${token}/calendrier.ics`);
    const res = (await icsLoader({ request, url: new URL(request.url), params: { token }, context: createLoadContext({ nonce: "", clientIp: "198.51.100.30" }) } as never)) as Response;
    const text = await res.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vtimezone = calendar.getFirstSubcomponent("vtimezone");
    if (vtimezone) ICAL.TimezoneService.register(vtimezone);
    const vevent = calendar.getFirstSubcomponent("vevent")!;
    return { res, text, calendar, vtimezone, vevent, event: new ICAL.Event(vevent), token };
  }

  it("is a download of a PUBLISH calendar, private and never stored", async () => {
    const a = await book();
    const { res, calendar } = await download(a);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="rendez-vous-${THURSDAY}.ics"`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  });

  it("starts at 09:30 in Africa/Algiers with its VTIMEZONE, which is 08:30 UTC, and lasts the service's duration", async () => {
    const a = await book();
    const { vtimezone, vevent, event } = await download(a);
    expect(vtimezone?.getFirstPropertyValue("tzid")).toBe("Africa/Algiers");
    const dtstart = vevent.getFirstProperty("dtstart")!;
    expect(dtstart.getParameter("tzid")).toBe("Africa/Algiers");
    expect(event.startDate.toString()).toBe(`${THURSDAY}T09:30:00`);
    expect(event.startDate.zone?.tzid).toBe("Africa/Algiers");
    expect(event.startDate.toJSDate().toISOString()).toBe(`${THURSDAY}T08:30:00.000Z`);
    expect(event.endDate.toJSDate().toISOString()).toBe(`${THURSDAY}T09:00:00.000Z`);
  });

  it("names the service and the clinic, links back to the page, and says nothing about the patient", async () => {
    const a = await book();
    const { text, event, vevent, token } = await download(a);
    expect(event.summary).toBe(`Orthodontie — ${clinic.name}`);
    expect(event.location).toContain(clinic.address.oneLine);
    expect(event.description).toContain(clinic.phones[0].display);
    expect(event.description).toContain(`${ORIGIN}/rdv/${token}`);
    expect(vevent.getFirstPropertyValue("url")).toBe(`${ORIGIN}/rdv/${token}`);
    for (const secret of ["Nadia", "Ferhat", "0770", PATIENT.email, "pénicilline"]) expect(text).not.toContain(secret);
  });

  it("keeps its UID across a move, with a higher SEQUENCE and the new time", async () => {
    const a = await book();
    const before = await download(a);
    expect(before.event.uid).toBe(`rdv-${a.id}@clinic.test`);
    const moved = await moveByPatient(t.h, a, { date: SATURDAY, time: "11:15" });
    expect(moved.ok).toBe(true);
    const after = await download(await row(a.id));
    // the same link, the same event: a calendar updates it instead of adding a second one
    expect(after.token).toBe(before.token);
    expect(after.event.uid).toBe(before.event.uid);
    expect(after.event.sequence).toBeGreaterThan(before.event.sequence);
    expect(after.event.startDate.toString()).toBe(`${SATURDAY}T11:15:00`);
    expect(after.event.startDate.toJSDate().toISOString()).toBe(`${SATURDAY}T10:15:00.000Z`);
    // a request the clinic has not confirmed yet
    expect(after.vevent.getFirstPropertyValue("status")).toBe("TENTATIVE");
  });

  it("stamps DTSTAMP in UTC whatever the server's time zone, and says CONFIRMED once the clinic confirmed", async () => {
    const previousTz = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
    try {
      const a = await book();
      await t.h.db.updateTable("appointments").set({ status: "confirmed" }).where("id", "=", a.id).execute();
      const { text, vevent } = await download(await row(a.id));
      expect(text).toMatch(/^DTSTAMP:20261124T080000Z\r$/m);
      expect(vevent.getFirstPropertyValue("dtstamp")!.toString()).toBe("2026-11-24T08:00:00Z");
      expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    } finally {
      if (previousTz === undefined) delete process.env.TZ;
      else process.env.TZ = previousTz;
    }
  });

  it("stays one calendar with one event when the stored identity holds CR/LF (saved before the forms refused it)", async () => {
    // the attack of hardening issue 26, item 4, written straight to the database
    const payload = "K\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:PWNED";
    const data = JSON.stringify({ shortName: payload, name: `Clinique ${payload}\u0000\u2028`, address: { ...clinic.address, oneLine: `Kouba ${payload}` } });
    await t.h.db
      .insertInto("clinic_settings")
      .values({ id: 1, data, updated_at: NOW.toISOString() })
      .onConflict((oc) => oc.column("id").doUpdateSet({ data }))
      .execute();
    const a = await book();
    const { text, calendar, event } = await download(a);
    expect(text.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(1);
    expect(text.match(/^BEGIN:VCALENDAR\r$/gm)).toHaveLength(1);
    expect(text).not.toMatch(/^SUMMARY:PWNED/m);
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(1);
    expect(event.summary).toBe("Orthodontie — Clinique K END:VCALENDAR BEGIN:VEVENT SUMMARY:PWNED");
    expect(event.location).toBe("Clinique K END:VCALENDAR BEGIN:VEVENT SUMMARY:PWNED, Kouba K END:VCALENDAR BEGIN:VEVENT SUMMARY:PWNED");
  });

  it("says CANCELLED once the patient cancelled, with the same UID", async () => {
    const a = await book();
    const before = await download(a);
    expect((await cancelByPatient(t.h, a, "Empêchement")).ok).toBe(true);
    const after = await download(await row(a.id));
    expect(after.event.uid).toBe(before.event.uid);
    expect(after.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(after.event.sequence).toBeGreaterThan(before.event.sequence);
    expect(after.text).not.toContain("Empêchement");
  });
});
