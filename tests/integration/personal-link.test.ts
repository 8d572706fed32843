import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loggedPath, createApp } from "../../server/app.js";
import { getDb } from "~/.server/db";
import type { Appointment } from "~/.server/db/types";
import { findByToken, hashToken, newLinkColumns, newLinkSalt, personalLink, tokenFromSalt } from "~/.server/personal-link";
import { cancelByPatient, confirmPresence, moveByPatient, patientWindow } from "~/.server/rdv-actions";
import { createAppointment, type AppointmentInput } from "~/.server/repos/appointments";
import { PATIENT_ACTOR } from "~/.server/actor";
import { bookAppointment, freeTimes } from "~/.server/repos/booking";
import { saveContactSettings } from "~/.server/repos/contact-settings";
import type { BookingReply } from "~/lib/booking-answer";
import { RDV_TEXTS, type RdvReply, type RdvView } from "~/lib/rdv-schema";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { createLoadContext } from "~/context";
import { DEFAULT_CONTACT_SETTINGS } from "~/lib/contact-settings";
import type { Service } from "~/lib/services";
import { action as bookingAction } from "~/routes/appointment";
import { action as rdvAction, headers as rdvHeaders, loader as rdvLoader } from "~/routes/rdv.$token";
import { loader as icsLoader } from "~/routes/rdv.$token_.calendrier[.]ics";
import { describeEachEngine } from "../helpers/db";
import { postForm, setAppEnv } from "./public-form";

/*
 * The personal link /rdv/<token> (docs/product.md, "Personal link"): the token's security (hashed
 * at rest, unguessable, one appointment each, expired after the day, the same 404 for every
 * miss, guessing limited per address), the cut-off, and the patient's confirm, cancel and move
 * through the page's own loader and action, on both engines.
 *
 * The clinic's clock is set: Tuesday 24 November 2026, 09:00 in Algiers (08:00 UTC). The default
 * schedule: Saturday to Thursday 09:00–12:30 and 13:30–17:00, Friday closed, two hours' notice,
 * 60 days ahead, one chair; Orthodontie lasts 30 min + 15 min of sterilisation.
 */
const NOW = new Date("2026-11-24T08:00:00Z");
const TODAY = "2026-11-24";
const THURSDAY = "2026-11-26";
const FRIDAY = "2026-11-27";
const SATURDAY = "2026-11-28";
const ORIGIN = "http://clinic.test";
const IP = "198.51.100.20";
const SECRET = "une-cle-de-test-assez-longue-pour-les-liens-0123456789";
const MISS_MAX = 5;

function patient(over: Partial<AppointmentInput> = {}): AppointmentInput & { service: Service } {
  return {
    name: "Nadia Ferhat",
    email: "nadia.ferhat@exemple.dz",
    phone: "0770 11 22 33",
    service: "Orthodontie",
    date: THURSDAY,
    time: "10:00",
    message: "Premier rendez-vous, merci",
    ...over,
  } as AppointmentInput & { service: Service };
}

const tokenOf = (a: Pick<Appointment, "link_salt">) => personalLink(a, ORIGIN)!.split("/rdv/")[1];

type Thrown = { type: string; data: unknown; init: { status: number; headers: Record<string, string> } };
type LoaderData = { appointment: RdvView; icsHref: string };

function args(token: string, ip = IP, request?: Request) {
  return { request: request ?? new Request(`${ORIGIN}/rdv/${token}`), params: { token }, context: createLoadContext({ nonce: "", clientIp: ip }) } as never;
}

/** The page's loader: its data, or what it threw (a 404 or 429 with its headers). */
async function openPage(token: string, ip = IP): Promise<{ ok: true; data: LoaderData } | { ok: false; thrown: Thrown }> {
  try {
    const r = (await rdvLoader(args(token, ip))) as unknown as { data: LoaderData };
    return { ok: true, data: r.data };
  } catch (err) {
    return { ok: false, thrown: err as Thrown };
  }
}

/** Posts the page's form as the browser does. */
async function post(token: string, fields: Record<string, string>, ip = IP) {
  const request = new Request(`${ORIGIN}/rdv/${token}`, { method: "POST", body: new URLSearchParams(fields) });
  const r = (await rdvAction(args(token, ip, request))) as unknown as { data: RdvReply; init: { status?: number; headers?: Record<string, string> } | null };
  return { data: r.data, status: r.init?.status ?? 200 };
}

const fieldError = (r: { data: RdvReply }, name: string) => r.data.result.error?.[name]?.[0];

describeEachEngine("personal link", { appDb: true }, (t) => {
  beforeAll(() => setAppEnv(["SMTP_URL", "RDV_LINK_MISS_MAX", "SESSION_SECRET", "PUBLIC_URL"], { SESSION_SECRET: SECRET, RDV_LINK_MISS_MAX: String(MISS_MAX), PUBLIC_URL: ORIGIN }));
  afterAll(() => setAppEnv(["RDV_LINK_MISS_MAX", "SESSION_SECRET", "PUBLIC_URL"]));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  async function book(over: Partial<AppointmentInput> = {}): Promise<Appointment> {
    const r = await bookAppointment(t.h, patient(over), { actor: PATIENT_ACTOR, mode: "public" });
    if (!r.ok) throw new Error(`not booked: ${r.reason}`);
    return r.appointment;
  }
  const row = (id: number) => t.h.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const units = async (id: number) =>
    (await t.h.db.selectFrom("appointment_slots").select("unit_start").where("appointment_id", "=", id).orderBy("unit_start").execute()).map((u) => u.unit_start);
  const history = (id: number) => t.h.db.selectFrom("appointment_history").selectAll().where("appointment_id", "=", id).orderBy("id").execute();
  const outbox = () => t.h.db.selectFrom("outbox").select(["kind", "to_address", "appointment_id"]).orderBy("id").execute();

  describe("the token", () => {
    it("is 256 bits from 128 random bits; the database holds the salt and the token's SHA-256, never the token", async () => {
      const a = await book();
      const token = tokenOf(a);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(Buffer.from(a.link_salt!, "base64url")).toHaveLength(16);
      const stored = await row(a.id);
      expect(stored.link_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
      expect(stored.link_hash).toBe(hashToken(token));
      // nowhere in the database: not in the appointment, its history, the patient, the counters
      for (const table of ["appointments", "appointment_history", "patients", "patient_events", "rate_limits"] as const) {
        const rows = await t.h.db.selectFrom(table).selectAll().execute();
        expect(JSON.stringify(rows), table).not.toContain(token);
      }
      expect((await findByToken(token, t.h))?.id).toBe(a.id);
    });

    it("differs for every appointment, and opens its own appointment only", async () => {
      const a = await book();
      const b = await book({ time: "11:00", name: "Karim Saidi", phone: "0661 22 33 44", email: "karim@exemple.dz" });
      expect(tokenOf(a)).not.toBe(tokenOf(b));
      expect(a.link_salt).not.toBe(b.link_salt);
      expect((await findByToken(tokenOf(a), t.h))?.id).toBe(a.id);
      expect((await findByToken(tokenOf(b), t.h))?.id).toBe(b.id);
      // one character off, or the same salt under another secret, opens nothing
      const token = tokenOf(a);
      const oneOff = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
      expect(await findByToken(oneOff, t.h)).toBeNull();
      const otherSecret = crypto.createHmac("sha256", "un-autre-secret-de-serveur-tout-aussi-long").update(`rdv-link:${a.link_salt}`).digest("base64url");
      expect(await findByToken(otherSecret, t.h)).toBeNull();
      // the salt itself, or its hash, is no token
      expect(await findByToken(a.link_salt!, t.h)).toBeNull();
      expect(await findByToken(a.link_hash!, t.h)).toBeNull();
      // many fresh links: all different, each from 16 random bytes
      const salts = Array.from({ length: 500 }, () => newLinkSalt());
      expect(new Set(salts).size).toBe(500);
      for (const s of salts.slice(0, 20)) expect(Buffer.from(s, "base64url")).toHaveLength(16);
      const hashes = Array.from({ length: 200 }, () => newLinkColumns().link_hash);
      expect(new Set(hashes).size).toBe(200);
      expect(tokenFromSalt(salts[0])).not.toBe(tokenFromSalt(salts[1]));
    });

    it("works until the end of the appointment's day (clinic time), then opens nothing", async () => {
      const a = await book();
      const token = tokenOf(a);
      vi.setSystemTime(new Date(`${THURSDAY}T22:59:00Z`)); // 23:59 in Algiers, the same day
      expect((await findByToken(token, t.h))?.id).toBe(a.id);
      expect((await openPage(token)).ok).toBe(true);
      vi.setSystemTime(new Date(`${THURSDAY}T23:00:00Z`)); // midnight in Algiers: the next day
      expect(await findByToken(token, t.h)).toBeNull();
      const page = await openPage(token);
      expect(page.ok).toBe(false);
    });

    it("answers a wrong, a malformed and an expired token with the same 404, body and headers", async () => {
      const a = await book();
      const past = await createAppointment(t.h, patient({ date: "2026-11-20", time: "10:00" }));
      const misses = [
        crypto.randomBytes(32).toString("base64url"), // well formed, unknown
        "pas-un-lien", // malformed
        "%2e%2e%2f".repeat(40), // malformed, long
        tokenOf(past.appointment), // expired (its day is over)
      ];
      const answers: Thrown[] = [];
      for (const token of misses) {
        const page = await openPage(token);
        if (page.ok) throw new Error("opened");
        answers.push(page.thrown);
      }
      for (const thrown of answers) {
        expect(thrown.init.status).toBe(404);
        expect(thrown).toEqual(answers[0]);
      }
      expect(answers[0].init.headers).toMatchObject({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });
      // the page's own headers (React Router asks the route): the same for the error page
      const headers = rdvHeaders({ errorHeaders: new Headers(answers[0].init.headers) } as never) as Headers;
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(headers.get("Referrer-Policy")).toBe("same-origin");
      expect(headers.get("X-Robots-Tag")).toBe("noindex");
      // a post with a wrong token changes nothing and gets the same answer (another address: each miss counts)
      let thrownByPost: Thrown | undefined;
      try {
        await post(misses[0], { intent: "cancel", reason: "test" }, "198.51.100.21");
      } catch (err) {
        thrownByPost = err as Thrown;
      }
      expect(thrownByPost).toEqual(answers[0]);
      expect((await row(a.id)).status).toBe("requested");
      // the .ics route answers the same status and headers, with a French page
      const ics = (await icsLoader(args(misses[1], "198.51.100.22"))) as Response;
      expect(ics.status).toBe(404);
      expect(ics.headers.get("Cache-Control")).toBe("private, no-store");
      expect(ics.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(await ics.text()).toContain("Lien introuvable");
    });

    it(`refuses every token with 429 from an address past ${MISS_MAX} misses, valid ones too; other addresses go on`, async () => {
      const a = await book();
      const token = tokenOf(a);
      for (let i = 0; i < MISS_MAX; i++) {
        const page = await openPage(crypto.randomBytes(32).toString("base64url"));
        expect(page.ok ? 200 : page.thrown.init.status).toBe(404);
      }
      const blocked = await openPage(token);
      if (blocked.ok) throw new Error("opened while blocked");
      expect(blocked.thrown.init.status).toBe(429);
      expect(Number(blocked.thrown.init.headers["Retry-After"])).toBeGreaterThan(0);
      expect(blocked.thrown.init.headers["Cache-Control"]).toBe("private, no-store");
      const headers = rdvHeaders({ errorHeaders: new Headers(blocked.thrown.init.headers) } as never) as Headers;
      expect(headers.get("Retry-After")).toBe(blocked.thrown.init.headers["Retry-After"]);
      // posts too: nothing changes
      await expect(post(token, { intent: "confirm" })).rejects.toMatchObject({ init: { status: 429 } });
      expect((await row(a.id)).patient_confirmed_at).toBeNull();
      // the same /64 of IPv6 counts as one client; another address opens its link
      expect((await openPage(token, "203.0.113.9")).ok).toBe(true);
      // after the window, the address is free again
      vi.setSystemTime(new Date(NOW.getTime() + 16 * 60_000));
      expect((await openPage(token)).ok).toBe(true);
    });

    it("counts the misses of one IPv6 /64 together", async () => {
      for (let i = 0; i < MISS_MAX; i++) await openPage("mal-forme", `2001:db8:1:2::${i + 1}`);
      const a = await book();
      const page = await openPage(tokenOf(a), "2001:db8:1:2::ffff");
      expect(page.ok ? 200 : page.thrown.init.status).toBe(429);
    });
  });

  describe("the page", () => {
    it("shows the service, day, time and status, and nothing about who the patient is", async () => {
      const a = await book();
      const page = await openPage(tokenOf(a));
      if (!page.ok) throw new Error("not opened");
      expect(page.data.appointment).toMatchObject({
        service: "Orthodontie",
        date: THURSDAY,
        time: "10:00",
        durationMinutes: 30,
        status: "requested",
        patientConfirmed: false,
        upcoming: true,
        canChange: true,
        movable: true,
        cutoffHours: 24,
      });
      expect(page.data.icsHref).toBe(`/rdv/${tokenOf(a)}/calendrier.ics`);
      const shown = JSON.stringify(page.data);
      for (const secret of ["Nadia", "Ferhat", "0770", "nadia.ferhat@exemple.dz", "Premier rendez-vous"]) expect(shown).not.toContain(secret);
    });

    it("the cut-off: cancel and move until 24 h before the start (or the setting), then only a call", async () => {
      const a = { date: THURSDAY, time: "10:00", status: "requested" as const };
      // 10:00 in Algiers is 09:00 UTC; 24 h before: Wednesday 09:00 UTC
      expect(patientWindow(a, 24, new Date("2026-11-25T08:59:59Z")).canChange).toBe(true);
      expect(patientWindow(a, 24, new Date("2026-11-25T09:00:00Z")).canChange).toBe(false);
      expect(patientWindow(a, 24, new Date("2026-11-25T09:00:00Z")).upcoming).toBe(true);
      expect(patientWindow(a, 0, new Date("2026-11-26T08:59:00Z")).canChange).toBe(true);
      expect(patientWindow(a, 0, new Date("2026-11-26T09:00:00Z"))).toMatchObject({ canChange: false, upcoming: false });
      expect(patientWindow({ ...a, status: "cancelled" }, 24, NOW)).toMatchObject({ canChange: false, upcoming: false });
      expect(patientWindow({ ...a, status: "attended" }, 24, NOW)).toMatchObject({ canChange: false, upcoming: false });

      // the clinic's setting (schedule screen) moves the cut-off: 72 h puts Thursday 10:00 past it now
      const booked = await book();
      await saveContactSettings(t.h, { ...DEFAULT_CONTACT_SETTINGS, cancelCutoffHours: 72 });
      const page = await openPage(tokenOf(booked));
      if (!page.ok) throw new Error("not opened");
      expect(page.data.appointment).toMatchObject({ canChange: false, upcoming: true, cutoffHours: 72 });
      expect(await cancelByPatient(t.h, booked, "Empêchement")).toEqual({ ok: false, reason: "cutoff" });
      expect(await moveByPatient(t.h, booked, { date: SATURDAY, time: "11:00" })).toEqual({ ok: false, reason: "cutoff" });
    });

    it("a cancel posted after the cut-off (a page left open) is refused with 409 and 'appelez-nous', and changes nothing", async () => {
      const a = await book();
      const before = await units(a.id);
      vi.setSystemTime(new Date("2026-11-25T12:00:00Z")); // Wednesday 13:00: less than 24 h before
      const r = await post(tokenOf(a), { intent: "cancel", reason: "Empêchement de dernière minute" });
      expect(r.status).toBe(409);
      expect(r.data).toMatchObject({ intent: "cancel", status: "refused", message: RDV_TEXTS.cutoff(24, clinic) });
      expect(r.data.message).toContain("Appelez-nous");
      expect(r.data.message).toContain(clinic.phones[0].display);
      const m = await post(tokenOf(a), { intent: "move", date: SATURDAY, time: "11:00" });
      expect(m.status).toBe(409);
      expect(m.data.message).toBe(RDV_TEXTS.cutoff(24, clinic));
      expect(await row(a.id)).toMatchObject({ status: "requested", date: THURSDAY, time: "10:00", cancel_reason: null });
      expect(await units(a.id)).toEqual(before);
      expect(await history(a.id)).toHaveLength(1);
      // confirming is still possible: it changes no slot
      expect((await post(tokenOf(a), { intent: "confirm" })).status).toBe(200);
    });
  });

  describe("the patient's actions", () => {
    it("confirm: records the date once with a 'patient_confirmed' line by 'Patient'; the clinic's status stays", async () => {
      const a = await book();
      const token = tokenOf(a);
      const r = await post(token, { intent: "confirm" });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ intent: "confirm", status: "done", message: RDV_TEXTS.confirmed });
      const after = await row(a.id);
      expect(after.status).toBe("requested");
      expect(after.patient_confirmed_at).toBe(NOW.toISOString());
      const lines = await history(a.id);
      expect(lines.map((l) => [l.action, l.actor, l.staff_user_id, l.from_status, l.to_status])).toEqual([
        ["created", "Patient", null, null, "requested"],
        ["patient_confirmed", "Patient", null, "requested", "requested"],
      ]);
      const page = await openPage(token);
      expect(page.ok && page.data.appointment.patientConfirmed).toBe(true);
      // a second confirm (another tab) changes nothing
      expect((await post(token, { intent: "confirm" })).status).toBe(200);
      expect(await history(a.id)).toHaveLength(2);
      expect(await confirmPresence(t.h, await row(a.id))).toMatchObject({ ok: true, already: true });
      // a cancelled appointment cannot be confirmed
      const b = await book({ time: "14:00" });
      await cancelByPatient(t.h, b, "Empêchement");
      const refused = await post(tokenOf(b), { intent: "confirm" });
      expect(refused.status).toBe(409);
      expect(refused.data.message).toBe(RDV_TEXTS.closed(clinic));
      expect((await row(b.id)).patient_confirmed_at).toBeNull();
    });

    it("cancel: asks for a reason; frees the slot units in the same change; history and e-mail", async () => {
      const a = await book();
      const token = tokenOf(a);
      expect(await units(a.id)).toHaveLength(3);
      const empty = await post(token, { intent: "cancel", reason: "  " });
      expect(empty.status).toBe(400);
      expect(fieldError(empty, "reason")).toBe("Indiquez la raison de l'annulation.");
      const long = await post(token, { intent: "cancel", reason: "x".repeat(501) });
      expect(long.status).toBe(400);
      expect(fieldError(long, "reason")).toBe("La raison ne peut pas dépasser 500 caractères.");
      expect((await row(a.id)).status).toBe("requested");

      const r = await post(token, { intent: "cancel", reason: "Empêchement professionnel" });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ intent: "cancel", status: "done", message: RDV_TEXTS.cancelled });
      expect(await row(a.id)).toMatchObject({ status: "cancelled", cancelled_by: "patient", cancel_reason: "Empêchement professionnel" });
      expect(await units(a.id)).toEqual([]);
      expect((await history(a.id)).at(-1)).toMatchObject({ action: "status", actor: "Patient", staff_user_id: null, from_status: "requested", to_status: "cancelled", detail: "Empêchement professionnel" });
      expect(await outbox()).toEqual([{ kind: "appointment_cancelled", to_address: "nadia.ferhat@exemple.dz", appointment_id: a.id }]);
      // the time is offered again to the next patient
      expect((await freeTimes(t.h, "Orthodontie", THURSDAY, { now: NOW })).day.times).toContain("10:00");
      // the link still opens the cancelled appointment, with nothing left to do
      const page = await openPage(token);
      expect(page.ok && page.data.appointment).toMatchObject({ status: "cancelled", cancelledBy: "patient", upcoming: false, canChange: false });
      // a second cancel (a double tap, a page left open in another tab) is answered as done, and changes nothing
      const lines = (await history(a.id)).length;
      const again = await post(token, { intent: "cancel", reason: "Encore" });
      expect(again.status).toBe(200);
      expect(again.data).toMatchObject({ intent: "cancel", status: "done", message: RDV_TEXTS.cancelled });
      expect(await row(a.id)).toMatchObject({ status: "cancelled", cancel_reason: "Empêchement professionnel" });
      expect(await history(a.id)).toHaveLength(lines);
      expect(await outbox()).toHaveLength(1);
    });

    it("cancel: two posts at once cancel once, both answered as done; an appointment the clinic cancelled is refused", async () => {
      const a = await book();
      const token = tokenOf(a);
      const both = await Promise.all([post(token, { intent: "cancel", reason: "Empêchement" }), post(token, { intent: "cancel", reason: "Empêchement" })]);
      expect(both.map((r) => [r.status, r.data.status])).toEqual([
        [200, "done"],
        [200, "done"],
      ]);
      expect((await history(a.id)).filter((l) => l.to_status === "cancelled")).toHaveLength(1);
      expect(await outbox()).toEqual([{ kind: "appointment_cancelled", to_address: "nadia.ferhat@exemple.dz", appointment_id: a.id }]);

      const b = await book({ time: "14:00" });
      await t.h.db.updateTable("appointments").set({ status: "cancelled", cancelled_by: "clinic" }).where("id", "=", b.id).execute();
      const refused = await post(tokenOf(b), { intent: "cancel", reason: "Empêchement" });
      expect(refused.status).toBe(409);
      expect(refused.data.message).toBe(RDV_TEXTS.closed(clinic));
    });

    it("move: to a free time of the same service; the units follow; history and e-mail", async () => {
      const a = await book();
      const token = tokenOf(a);
      const r = await post(token, { intent: "move", date: SATURDAY, time: "11:00" });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ intent: "move", status: "done", message: "Votre rendez-vous est déplacé au samedi 28 novembre à 11:00." });
      expect(await row(a.id)).toMatchObject({ date: SATURDAY, time: "11:00", status: "requested", service: "Orthodontie" });
      expect(await units(a.id)).toEqual(["11:00", "11:15", "11:30"].map((m) => `${SATURDAY}T${m}`));
      expect((await history(a.id)).at(-1)).toMatchObject({ action: "moved", actor: "Patient", detail: `${THURSDAY} 10:00 → ${SATURDAY} 11:00` });
      expect(await outbox()).toEqual([{ kind: "appointment_moved", to_address: "nadia.ferhat@exemple.dz", appointment_id: a.id }]);
      // Thursday 10:00 is free again; the same link opens the moved appointment
      expect((await freeTimes(t.h, "Orthodontie", THURSDAY, { now: NOW })).day.times).toContain("10:00");
      const page = await openPage(token);
      expect(page.ok && page.data.appointment).toMatchObject({ date: SATURDAY, time: "11:00" });
    });

    it("move: a taken, closed or too-near time is refused beside 'Heure' with the day's free times and the nearest ones", async () => {
      const a = await book();
      const token = tokenOf(a);
      await book({ date: SATURDAY, time: "14:00", name: "Autre Patient" });
      const taken = await post(token, { intent: "move", date: SATURDAY, time: "14:00" });
      expect(taken.status).toBe(409);
      expect(fieldError(taken, "time")).toBe("Ce créneau vient d'être pris. Choisissez l'un des horaires encore libres.");
      expect(taken.data.alternatives).toEqual([
        // 13:30 would overlap 14:00 (30 min and 15 of sterilisation)
        { date: SATURDAY, time: "14:45" },
        { date: SATURDAY, time: "15:00" },
        { date: SATURDAY, time: "15:15" },
      ]);
      expect(taken.data.slots).toMatchObject({ service: "Orthodontie", date: SATURDAY, state: "open" });
      expect(taken.data.slots?.times).not.toContain("14:00");
      const closed = await post(token, { intent: "move", date: FRIDAY, time: "10:00" });
      expect(closed.status).toBe(409);
      expect(fieldError(closed, "time")).toBe("La clinique est fermée ce jour-là. Choisissez un autre jour.");
      const soon = await post(token, { intent: "move", date: TODAY, time: "10:00" });
      expect(soon.status).toBe(409);
      expect(fieldError(soon, "time")).toMatch(/^Ce créneau est trop proche/);
      const same = await post(token, { intent: "move", date: THURSDAY, time: "10:00" });
      expect(same.status).toBe(400);
      expect(same.data.message).toBe(RDV_TEXTS.sameSlot);
      const missing = await post(token, { intent: "move", date: SATURDAY, time: "" });
      expect(missing.status).toBe(400);
      expect(fieldError(missing, "time")).toBe("Veuillez choisir une heure.");
      expect(missing.data.slots?.date).toBe(SATURDAY);
      const past = await post(token, { intent: "move", date: "2026-11-20", time: "10:00" });
      expect(fieldError(past, "date")).toBe("La date ne peut pas être dans le passé.");
      expect(await row(a.id)).toMatchObject({ date: THURSDAY, time: "10:00" });
      expect(await history(a.id)).toHaveLength(1);
      expect(await outbox()).toEqual([]);
    });

    it("without JavaScript, 'Voir les horaires libres' and 'Prochain jour libre' answer the day's free times and store nothing", async () => {
      const a = await book();
      const token = tokenOf(a);
      const r = await post(token, { intent: "slots", date: SATURDAY, time: "" });
      expect(r.status).toBe(200);
      expect(r.data.status).toBe("slots");
      expect(r.data.slots).toMatchObject({ service: "Orthodontie", date: SATURDAY, state: "open", message: "26 horaires libres le samedi 28 novembre" });
      const day = await post(token, { intent: `day:${SATURDAY}`, date: FRIDAY });
      expect(day.data.slots?.date).toBe(SATURDAY);
      expect(day.data.result.initialValue).toMatchObject({ date: SATURDAY });
      const unknown = await post(token, { intent: "supprimer" });
      expect(unknown.status).toBe(400);
      expect(unknown.data.message).toBe(RDV_TEXTS.unknownIntent);
      expect(await history(a.id)).toHaveLength(1);
    });

    it("a service booked by phone only cannot be moved online (the page says to call)", async () => {
      const a = await book();
      await t.h.db.updateTable("service_settings").set({ online: 0 }).where("service", "=", "Orthodontie").execute();
      const page = await openPage(tokenOf(a));
      expect(page.ok && page.data.appointment.movable).toBe(false);
      const r = await post(tokenOf(a), { intent: "move", date: SATURDAY, time: "11:00" });
      expect(r.status).toBe(409);
      expect(r.data.message).toBe(RDV_TEXTS.notOnline(clinic));
      // it can still be cancelled
      expect((await post(tokenOf(a), { intent: "cancel", reason: "Empêchement" })).status).toBe(200);
    });

    it("the repo functions keep the rules when called directly", async () => {
      const a = await book();
      expect(await confirmPresence(t.h, a)).toMatchObject({ ok: true });
      const moved = await moveByPatient(t.h, await row(a.id), { date: SATURDAY, time: "09:00" });
      expect(moved).toMatchObject({ ok: true, appointment: { date: SATURDAY, time: "09:00" } });
      // the patient's confirmation is kept across the move, the status stays the clinic's
      expect(await row(a.id)).toMatchObject({ status: "requested" });
      expect((await row(a.id)).patient_confirmed_at).not.toBeNull();
      expect(await cancelByPatient(t.h, await row(a.id), "Empêchement")).toMatchObject({ ok: true, appointment: { status: "cancelled" } });
      expect(await moveByPatient(t.h, await row(a.id), { date: SATURDAY, time: "10:00" })).toEqual({ ok: false, reason: "closed" });
      expect(await confirmPresence(t.h, await row(a.id))).toEqual({ ok: false, reason: "closed" });
    });
  });

  describe("the booking form's success", () => {
    const form = (key: string) => ({ ...patient({ date: THURSDAY, time: "15:00" }), message: "", consent: "on", submission_key: key }) as unknown as Record<string, string>;
    const book = async (key: string) => (await postForm(bookingAction, `${ORIGIN}/appointment`, form(key), "198.51.100.77")) as unknown as { data: BookingReply };

    it("gives the person who booked the personal link and what was booked; a resend with the same key gives the same", async () => {
      const key = "3f1c1a52-aaaa-4bbb-8ccc-0000000000aa";
      const r = await book(key);
      expect(r.data.status).toBe("success");
      expect(r.data.link).toMatch(new RegExp(`^${ORIGIN}/rdv/[A-Za-z0-9_-]{43}$`));
      // as the success screen says it: the day in full, the time as the site writes one
      expect(r.data.booked).toEqual({ service: "Orthodontie", day: "jeudi 26 novembre 2026", time: "15:00" });
      const [stored] = await t.h.db.selectFrom("appointments").selectAll().execute();
      const token = r.data.link!.split("/rdv/")[1];
      expect((await findByToken(token, getDb()))?.id).toBe(stored.id);
      expect(stored.link_hash).toBe(hashToken(token));
      const again = await book(key);
      expect(again.data.status).toBe("success");
      expect(again.data.link).toBe(r.data.link);
      expect(again.data.booked).toEqual(r.data.booked);
      expect(await t.h.db.selectFrom("appointments").selectAll().execute()).toHaveLength(1);
      // a refused post carries no link
      const refused = (await postForm(bookingAction, `${ORIGIN}/appointment`, { ...form("3f1c1a52-aaaa-4bbb-8ccc-0000000000ab"), date: FRIDAY }, "198.51.100.77")) as unknown as {
        data: BookingReply;
      };
      expect(refused.data.status).toBe("error");
      expect(refused.data.link ?? null).toBeNull();
      expect(refused.data.booked ?? null).toBeNull();
    });
  });
});

describe("request log", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
    server = undefined;
  });

  it("writes a /rdv path without its token", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd";
    expect(loggedPath(`/rdv/${token}`)).toBe("/rdv/[lien]");
    expect(loggedPath(`/rdv/${token}/calendrier.ics`)).toBe("/rdv/[lien]/calendrier.ics");
    expect(loggedPath(`/rdv/${token}.data?_routes=routes%2Frdv.%24token`)).toBe("/rdv/[lien].data");
    expect(loggedPath(`/RDV//${token}`)).toBe("/rdv/[lien]");
    expect(loggedPath(`/%72dv/${token}`)).toBe("/rdv/[lien]");
    expect(loggedPath(`/rdv/${token}%2Fcalendrier.ics`)).toBe("/rdv/[lien]/calendrier.ics");
    expect(loggedPath("/appointment?name=Nadia")).toBe("/appointment");
    expect(loggedPath("/rdvx/abc")).toBe("/rdvx/abc");
  });

  it("writes a password-reset path without its token", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd";
    expect(loggedPath(`/reinitialiser-mot-de-passe/${token}`)).toBe("/reinitialiser-mot-de-passe/[lien]");
    expect(loggedPath(`/reinitialiser-mot-de-passe/${token}.data?_routes=x`)).toBe("/reinitialiser-mot-de-passe/[lien].data");
    expect(loggedPath(`/Reinitialiser-Mot-De-Passe//${token}`)).toBe("/reinitialiser-mot-de-passe/[lien]");
    expect(loggedPath(`/%72einitialiser-mot-de-passe/${token}`)).toBe("/reinitialiser-mot-de-passe/[lien]");
    expect(loggedPath("/mot-de-passe-oublie")).toBe("/mot-de-passe-oublie");
  });

  it("the HTTP server's log line of a /rdv request holds no token", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    // a build whose request handler fails: the request is logged all the same (and its failure)
    const build = { entry: { module: { bodyLimitFor: () => 1024, createLoadContext: () => ({}) } } };
    const app = createApp({ getBuild: async () => build as never, clientDir: "/nonexistent", uploadDir: "/nonexistent", trustProxy: false, production: true, logger });
    server = app.listen(0);
    await new Promise((r) => server!.once("listening", r));
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    const token = crypto.randomBytes(32).toString("base64url");
    await fetch(`${base}/rdv/${token}`);
    await fetch(`${base}/rdv/${token}/calendrier.ics`);
    await fetch(`${base}/rdv/${token}`, { method: "POST", body: new URLSearchParams({ intent: "confirm" }) });
    await new Promise((r) => setTimeout(r, 50));
    const requestLines = lines.filter((l) => l.includes('"req"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    expect(requestLines.some((l) => l.includes('"path":"/rdv/[lien]"'))).toBe(true);
    expect(requestLines.some((l) => l.includes('"path":"/rdv/[lien]/calendrier.ics"'))).toBe(true);
    for (const l of lines) expect(l).not.toContain(token);
  });
});
