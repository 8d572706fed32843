import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { RATE_LIMIT_MESSAGE } from "~/.server/rate-limit";
import { addException, saveServiceSettings, saveSettings, saveWeeklyHours } from "~/.server/repos/schedule";
import { isBookingAnswer, type BookingAnswer, type BookingReply } from "~/lib/booking-answer";
import type { SlotsView } from "~/lib/slots-view";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { createLoadContext } from "~/context";
import { farDateMessage } from "~/lib/booking-schema";
import { PHONE_INVALID } from "~/lib/rules";
import { DEFAULT_SETTINGS, DEFAULT_WEEKLY, defaultSchedule } from "~/lib/schedule";
import { action, loader, middleware } from "~/routes/appointment";
import { loader as freeTimesLoader } from "~/routes/appointment.creneaux";
import { describeEachEngine } from "../helpers/db";
import { fieldMessages as messages, postForm, setAppEnv, UUID, type FormResult } from "./public-form";

const FAILURE = `Votre demande n'a pas pu être enregistrée. Merci de réessayer dans un instant ou de nous appeler au ${clinic.phones[0].display}.`;
const FIX = "Certains champs sont à corriger : voyez les messages sous les champs concernés.";

/*
 * The clinic's clock is set: Tuesday 24 November 2026, 09:00 in Algiers (08:00 UTC). The
 * default schedule: Saturday to Thursday 09:00–12:30 and 13:30–17:00, Friday closed, two hours'
 * notice, 60 days ahead, one chair. Whitening lasts 60 min + 15 min buffer, orthodontics
 * 30 min + 15 min.
 */
const NOW = new Date("2026-11-24T08:00:00Z");
const TODAY = "2026-11-24";
const THURSDAY = "2026-11-26";
const FRIDAY = "2026-11-27";
const SATURDAY = "2026-11-28";

/** A valid booking's fields, as the appointments table stores them. */
const stored = () => ({
  name: "Nadia Ferhat",
  email: "nadia.ferhat@exemple.dz",
  phone: "0770 11 22 33",
  service: "Blanchiment des dents",
  date: THURSDAY,
  time: "15:00",
  message: "Premier rendez-vous",
});

/** A valid booking form, as the browser posts it. */
const valid = () => ({ ...stored(), consent: "on" });

type Reply = { data: BookingReply; init: FormResult["init"] };
const post = async (fields: Record<string, string>, ip = "198.51.100.1") => (await postForm(action, "http://clinic.test/appointment", fields, ip)) as Reply;

/** Posts as the booking island does (`Accept: application/json`), through the route's middleware. */
async function postJson(fields: Record<string, string>, ip = "198.51.100.1", accept = "application/json") {
  const request = new Request("http://clinic.test/appointment", { method: "POST", body: new URLSearchParams(fields), headers: { Accept: accept } });
  let passed = false;
  const next = async () => {
    passed = true;
    return new Response("<!DOCTYPE html>", { headers: { "Content-Type": "text/html" } });
  };
  const res = (await middleware[0]({ request, params: {}, context: createLoadContext({ nonce: "", clientIp: ip }) } as never, next as never)) as Response;
  const text = await res.text();
  return { res, passed, text, body: (res.headers.get("Content-Type")?.startsWith("application/json") ? JSON.parse(text) : null) as BookingAnswer | null };
}

async function pageData(query = "") {
  const request = new Request(`http://clinic.test/appointment${query}`);
  return loader({ request, url: new URL(request.url), params: {}, context: createLoadContext({ nonce: "", clientIp: "198.51.100.1" }) } as never);
}

async function freeTimes(query: string) {
  const request = new Request(`http://clinic.test/appointment/creneaux${query}`);
  const res = (await freeTimesLoader({ request, url: new URL(request.url), params: {}, context: createLoadContext({ nonce: "", clientIp: "198.51.100.1" }) } as never)) as Response;
  return { status: res.status, body: (await res.json()) as SlotsView & { message: string } };
}

describeEachEngine("booking action", { appDb: true }, (t) => {
  // no SMTP server: the e-mails wait in the outbox
  beforeAll(() => setAppEnv(["SMTP_URL", "RATE_LIMIT_FORM_MAX"], { RATE_LIMIT_FORM_MAX: "3" }));
  afterAll(() => setAppEnv(["RATE_LIMIT_FORM_MAX"]));
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    // the tables are emptied before each test: the default schedule again
    await saveWeeklyHours(t.h, DEFAULT_WEEKLY);
    await saveServiceSettings(t.h, Object.values(defaultSchedule().services));
    await saveSettings(t.h, DEFAULT_SETTINGS);
  });
  afterEach(() => vi.useRealTimers());

  const rows = () => t.h.db.selectFrom("appointments").selectAll().orderBy("id").execute();
  const units = (id: number) =>
    t.h.db.selectFrom("appointment_slots").select(["chair", "unit_start"]).where("appointment_id", "=", id).orderBy("unit_start").execute();
  const outbox = () => t.h.db.selectFrom("outbox").select(["id", "to_address"]).execute();

  it("gives the page the same data for every visitor (no key: the browser makes it), the clinic's today, the horizon and the services booked by phone", async () => {
    await saveServiceSettings(t.h, [{ ...defaultSchedule().services["Chirurgie dentaire"], online: false }]);
    const a = await pageData();
    const b = await pageData();
    expect(a).not.toHaveProperty("submissionKey");
    expect(b).toEqual(a);
    expect(a).toMatchObject({ today: TODAY, horizonDays: 60, maxDate: "2027-01-23", offline: ["Chirurgie dentaire"], slots: null, prefill: null });
  });

  it("renders a day's free times from ?service=&date= (a plain GET), and nothing for a bad query", async () => {
    const page = await pageData(`?service=Orthodontie&date=${THURSDAY}`);
    expect(page.prefill).toEqual({ service: "Orthodontie", date: THURSDAY });
    expect(page.slots).toMatchObject({ service: "Orthodontie", date: THURSDAY, state: "open", next: null });
    // 09:00–12:30 and 13:30–17:00, 30 minutes: 09:00 … 12:00 and 13:30 … 16:30
    expect(page.slots?.times).toHaveLength(13 + 13);
    expect(page.slots?.times.slice(0, 3)).toEqual(["09:00", "09:15", "09:30"]);
    expect(page.slots?.message).toBe("26 horaires libres le jeudi 26 novembre");
    expect((await pageData("?service=Inconnu&date=2026-11-26")).slots).toBeNull();
    expect((await pageData("?service=Orthodontie&date=2026-02-30")).slots).toBeNull();
  });

  it("books a free slot: status 'Demande reçue', its units held, one row per key, e-mails once", async () => {
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000001";
    const r = await post({ ...valid(), submission_key: key });
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.status).toBe("success");
    expect(r.data.result.initialValue).toBeNull(); // Conform resets the form
    expect(r.data.submissionKey).toMatch(UUID);
    expect(r.data.submissionKey).not.toBe(key);
    const [row] = await rows();
    expect(row).toMatchObject({ ...stored(), prixtotal: null, prixpay: null, submission_key: key, status: "requested", chair: 1, duration_minutes: 60, buffer_minutes: 15 });
    // 60 minutes and the 15-minute buffer after them
    expect((await units(Number(row.id))).map((u) => u.unit_start)).toEqual(["15:00", "15:15", "15:30", "15:45", "16:00"].map((m) => `${THURSDAY}T${m}`));
    const history = await t.h.db.selectFrom("appointment_history").selectAll().where("appointment_id", "=", Number(row.id)).execute();
    expect(history).toMatchObject([{ actor: "Patient", action: "created", to_status: "requested", staff_user_id: null }]);

    const again = await post({ ...valid(), submission_key: key });
    expect(again.data.status).toBe("success");
    expect(await rows()).toHaveLength(1);
    // the clinic's notification and the patient's acknowledgement for the one booking, none for the resend
    expect((await outbox()).map((o) => o.to_address).sort()).toEqual([clinic.email, "nadia.ferhat@exemple.dz"].sort());
  });

  it("posts sent at the same time with one key store one row and queue one pair of e-mails", async () => {
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000009";
    // (from several addresses: the rate limit is not what is tested here)
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => post({ ...valid(), submission_key: key }, `198.51.100.${10 + i}`)));
    expect(results.map((r) => r.data.status)).toEqual(Array(5).fill("success"));
    expect(await rows()).toHaveLength(1);
    expect(await outbox()).toHaveLength(2);
  });

  it("a post without a key is stored once and answered with a key for the next one", async () => {
    const r = await post(valid());
    expect(r.data.status).toBe("success");
    expect(r.data.submissionKey).toMatch(UUID);
    expect((await rows()).map((row) => row.submission_key)).toEqual([null]);
  });

  it("refuses a slot just taken with 409 beside 'Heure', every field kept, the day's free times and the three nearest", async () => {
    expect((await post({ ...valid(), name: "Premier patient", service: "Orthodontie", time: "10:00" })).data.status).toBe("success");
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000005";
    const r = await post({ ...valid(), service: "Orthodontie", time: "10:00", submission_key: key });
    expect(r.init?.status).toBe(409);
    expect(r.data.status).toBe("error");
    expect(messages(r as FormResult)).toEqual({ "": FIX, time: "Ce créneau vient d'être pris. Choisissez l'un des horaires encore libres." });
    expect(r.data.result.initialValue).toMatchObject({ ...valid(), service: "Orthodontie", time: "10:00" });
    expect(r.data.submissionKey).toBe(key);
    // 10:00–10:45 is held: 09:30 and 10:15 would overlap it, 09:15 and 10:45 are the nearest
    expect(r.data.alternatives).toEqual([
      { date: THURSDAY, time: "09:00" },
      { date: THURSDAY, time: "09:15" },
      { date: THURSDAY, time: "10:45" },
    ]);
    expect(r.data.slots).toMatchObject({ service: "Orthodontie", date: THURSDAY, state: "open" });
    expect(r.data.slots?.times.slice(0, 4)).toEqual(["09:00", "09:15", "10:45", "11:00"]);
    expect((await rows()).map((row) => row.name)).toEqual(["Premier patient"]);
    expect(await outbox()).toHaveLength(2);
  });

  it("refuses a closed day (the weekly Friday, a closure) with the nearest free times after it", async () => {
    const friday = await post({ ...valid(), service: "Orthodontie", date: FRIDAY, time: "10:00" });
    expect(friday.init?.status).toBe(409);
    expect(messages(friday as FormResult).time).toBe("La clinique est fermée ce jour-là. Choisissez un autre jour.");
    expect(friday.data.alternatives).toEqual(["09:00", "09:15", "09:30"].map((time) => ({ date: SATURDAY, time })));
    expect(friday.data.slots).toMatchObject({ date: FRIDAY, state: "closed", times: [], next: SATURDAY, message: "La clinique est fermée ce jour-là" });

    await addException(t.h, { startDate: "2026-11-30", endDate: "2026-12-01", label: "Congé annuel", ranges: [] });
    const leave = await post({ ...valid(), date: "2026-12-01", time: "09:00" });
    expect(leave.init?.status).toBe(409);
    expect(messages(leave as FormResult).time).toBe("La clinique est fermée ce jour-là. Choisissez un autre jour.");
    expect(leave.data.slots).toMatchObject({ state: "closed", next: "2026-12-02", message: "La clinique est fermée ce jour-là (Congé annuel)" });
    expect(leave.data.result.initialValue).toMatchObject({ name: "Nadia Ferhat", date: "2026-12-01", consent: "on" });
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a time already past, one too near (two hours' notice) and one outside the hours", async () => {
    const past = await post({ ...valid(), service: "Orthodontie", date: TODAY, time: "08:30" });
    expect(past.init?.status).toBe(409);
    expect(messages(past as FormResult).time).toBe("Cet horaire est déjà passé. Choisissez un autre créneau.");

    const near = await post({ ...valid(), service: "Orthodontie", date: TODAY, time: "10:00" });
    expect(near.init?.status).toBe(409);
    expect(messages(near as FormResult).time).toBe("Ce créneau est trop proche : les rendez-vous en ligne se prennent au moins 2 h à l'avance.");
    // now 09:00: the first start allowed today is 11:00
    expect(near.data.alternatives).toEqual(["11:00", "11:15", "11:30"].map((time) => ({ date: TODAY, time })));
    expect(near.data.slots?.times[0]).toBe("11:00");

    const late = await post({ ...valid(), service: "Orthodontie", time: "12:15" });
    expect(late.init?.status).toBe(409);
    expect(messages(late as FormResult).time).toBe("Cet horaire est en dehors des heures d'ouverture. Choisissez l'un des horaires proposés.");
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a service booked by phone only, beside 'Service', with no time offered", async () => {
    await saveServiceSettings(t.h, [{ ...defaultSchedule().services["Chirurgie dentaire"], online: false }]);
    const r = await post({ ...valid(), service: "Chirurgie dentaire", time: "09:00" });
    expect(r.init?.status).toBe(409);
    expect(messages(r as FormResult)).toEqual({ "": FIX, service: "Ce soin ne se réserve pas en ligne : appelez-nous pour convenir d'un rendez-vous." });
    expect(r.data.alternatives).toEqual([]);
    expect(r.data.slots).toMatchObject({ state: "not_online", times: [], next: null });
    expect(await rows()).toHaveLength(0);
  });

  it("'Voir les horaires libres' (intent slots) answers the day's free times with every field kept, and stores nothing", async () => {
    const { consent: _consent, ...partial } = valid();
    const r = await post({ ...partial, time: "", service: "Orthodontie", intent: "slots", submission_key: "3f1c1a52-aaaa-4bbb-8ccc-000000000006" });
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.status).toBe("slots");
    expect(r.data.result.error ?? {}).toEqual({});
    expect(r.data.result.initialValue).toMatchObject({ name: "Nadia Ferhat", email: "nadia.ferhat@exemple.dz", phone: "0770 11 22 33", message: "Premier rendez-vous", service: "Orthodontie", date: THURSDAY });
    expect(r.data.slots).toMatchObject({ service: "Orthodontie", date: THURSDAY, state: "open" });
    expect(r.data.slots?.times).toContain("10:00");
    expect(r.data.submissionKey).toBe("3f1c1a52-aaaa-4bbb-8ccc-000000000006");

    // 'Prochain jour libre' and a nearest free time set the date (and the time) for the patient
    const next = await post({ ...valid(), date: FRIDAY, intent: `day:${SATURDAY}` });
    expect(next.data.status).toBe("slots");
    expect(next.data.result.initialValue).toMatchObject({ date: SATURDAY, name: "Nadia Ferhat" });
    expect(next.data.result.initialValue?.time).toBeUndefined();
    expect(next.data.slots).toMatchObject({ date: SATURDAY, state: "open" });
    const pick = await post({ ...valid(), time: "15:00", intent: `slot:${SATURDAY}T09:30` });
    expect(pick.data.result.initialValue).toMatchObject({ date: SATURDAY, time: "09:30", consent: "on" });

    // a service missing: its message only, no times
    const missing = await post({ ...valid(), service: "", intent: "slots" });
    expect(missing.init?.status).toBe(400);
    expect(messages(missing as FormResult)).toEqual({ service: "Veuillez choisir un service." });
    expect(missing.data.slots).toBeNull();
    expect(await rows()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("answers the free times as JSON at /appointment/creneaux, and 400 (never 500) for a bad query", async () => {
    const ok = await freeTimes(`?service=Orthodontie&date=${THURSDAY}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ service: "Orthodontie", date: THURSDAY, state: "open", message: "26 horaires libres le jeudi 26 novembre" });

    // a day fully taken: said so, with the next free day
    await saveWeeklyHours(t.h, { ...DEFAULT_WEEKLY, 4: [{ opens: "09:00", closes: "09:30" }] });
    expect((await post({ ...valid(), service: "Orthodontie", time: "09:00" })).data.status).toBe("success");
    const full = await freeTimes(`?service=Orthodontie&date=${THURSDAY}`);
    expect(full.body).toMatchObject({ state: "full", times: [], next: SATURDAY, message: "Complet ce jour-là" });

    // another year is said with its year; past the horizon, no time
    const january = await freeTimes("?service=Orthodontie&date=2027-01-20");
    expect(january.body.state).toBe("open");
    expect(january.body.message).toMatch(/^\d+ horaires libres le mercredi 20 janvier 2027$/);
    const beyond = await freeTimes("?service=Orthodontie&date=2027-03-20");
    expect(beyond.body).toMatchObject({ state: "beyond", times: [], message: farDateMessage(60) });
    expect(farDateMessage(60)).toBe("Les rendez-vous en ligne s'ouvrent 60 jours à l'avance au plus. Choisissez une date plus proche.");

    for (const q of ["", "?service=Orthodontie", "?date=2026-11-26", "?service=Inconnu&date=2026-11-26", "?service=Orthodontie&date=2026-13-01", "?service=Orthodontie&date=demain"]) {
      const bad = await freeTimes(q);
      expect(bad.status, q).toBe(400);
      expect(bad.body).toEqual({ message: "Service ou date invalide." });
    }
  });

  it("refuses invalid input with French messages per field, keeps the input and the key, and stores nothing", async () => {
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000002";
    const r = await post({ ...valid(), email: "nadia@", date: "2026-11-23", service: "", consent: "", submission_key: key });
    expect(r.init?.status).toBe(400);
    expect(r.data.status).toBe("error");
    expect(messages(r as FormResult)).toEqual({
      email: "Adresse e-mail invalide (exemple : nom@exemple.com).",
      service: "Veuillez choisir un service.",
      date: "La date ne peut pas être dans le passé.",
      consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande.",
    });
    expect(r.data.result.initialValue).toMatchObject({ name: "Nadia Ferhat", email: "nadia@", message: "Premier rendez-vous", date: "2026-11-23" });
    expect(r.data.submissionKey).toBe(key);
    expect(await rows()).toHaveLength(0);

    // a refused post keeps its day's free times on the page
    const noConsent = await post({ ...valid(), consent: "" });
    expect(noConsent.init?.status).toBe(400);
    expect(noConsent.data.slots).toMatchObject({ service: "Blanchiment des dents", date: THURSDAY, state: "open" });
  });

  it("checks the phone with the shared rules and the farthest date with the schedule's horizon", async () => {
    const r = await post({ ...valid(), phone: "12 34", date: "2027-01-24", message: "x".repeat(2001) });
    expect(r.init?.status).toBe(400);
    expect(messages(r as FormResult)).toEqual({
      phone: PHONE_INVALID,
      date: farDateMessage(60),
      message: "Le message ne peut pas dépasser 2000 caractères.",
    });
    // the last day of the horizon is bookable
    expect((await post({ ...valid(), date: "2027-01-23", time: "09:00" })).data.status).toBe("success");
    // staff shorten the horizon: the form follows
    await saveSettings(t.h, { ...DEFAULT_SETTINGS, horizonDays: 7 });
    expect(messages((await post({ ...valid(), date: "2026-12-02", time: "09:00" })) as FormResult).date).toBe(farDateMessage(7));
    expect(await rows()).toHaveLength(1);
  });

  it("answers a filled honeypot as a success without storing", async () => {
    const r = await post({ ...valid(), website: "https://spam.example" });
    expect(r.data.status).toBe("success");
    expect(await rows()).toHaveLength(0);
    expect(await t.h.db.selectFrom("appointment_slots").selectAll().execute()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("limits requests per address with a French message, keeping the input and the key", async () => {
    const times = ["09:00", "10:30", "14:00"];
    for (let i = 0; i < 3; i++) expect((await post({ ...valid(), name: `Patient ${i}`, time: times[i] }, "198.51.100.77")).data.status).toBe("success");
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000004";
    const limited = await post({ ...valid(), name: "Patient 4", time: "15:30", submission_key: key }, "198.51.100.77");
    expect(limited.init?.status).toBe(429);
    expect(new Headers(limited.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(messages(limited as FormResult)).toEqual({ "": RATE_LIMIT_MESSAGE });
    expect(limited.data.result.initialValue).toMatchObject({ name: "Patient 4" });
    expect(limited.data.submissionKey).toBe(key);
    expect((await post({ ...valid(), name: "Autre adresse", time: "15:30" }, "198.51.100.78")).data.status).toBe("success");
    expect((await rows()).map((r) => r.name).sort()).toEqual(["Autre adresse", "Patient 0", "Patient 1", "Patient 2"]);
  });

  it("a storage failure is answered with a clear French message, the input and the key, never as a success", async () => {
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000003";
    await sql`alter table appointments rename to appointments_off`.execute(t.h.db);
    try {
      const r = await post({ ...valid(), submission_key: key });
      expect(r.init?.status).toBe(503);
      expect(r.data.status).toBe("error");
      expect(messages(r as FormResult)).toEqual({ "": FAILURE });
      expect(r.data.result.initialValue).toMatchObject({ name: "Nadia Ferhat", phone: "0770 11 22 33", consent: "on" });
      expect(r.data.submissionKey).toBe(key);
    } finally {
      await sql`alter table appointments_off rename to appointments`.execute(t.h.db);
    }
    expect(await rows()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);

    // the database is back: the same request with the same key goes through, once
    expect((await post({ ...valid(), submission_key: key })).data.status).toBe("success");
    expect(await rows()).toHaveLength(1);
  });

  it("answers the island's post (Accept: application/json) with a BookingAnswer: a success with the link and a new key, once per key", async () => {
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000021";
    const r = await postJson({ ...valid(), submission_key: key });
    expect(r.passed).toBe(false);
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get("Cache-Control")).toBe("no-store");
    expect(isBookingAnswer(r.body)).toBe(true);
    expect(r.body).toMatchObject({ status: "success", formError: null, fieldErrors: {}, slots: null, alternatives: [] });
    expect(r.body?.submissionKey).toMatch(UUID);
    expect(r.body?.submissionKey).not.toBe(key);
    expect(r.body?.link).toMatch(/^http:\/\/[^/]+\/rdv\/[A-Za-z0-9_-]{43}$/);
    // nothing the patient typed comes back (the random key and link aside: a key can hold "0770")
    const echoed = r.text.replace(String(r.body?.submissionKey), "").replace(String(r.body?.link), "");
    expect(echoed).not.toContain("Nadia");
    expect(echoed).not.toContain("0770");
    const again = await postJson({ ...valid(), submission_key: key });
    expect(again.body).toMatchObject({ status: "success", link: r.body?.link });
    expect(await rows()).toHaveLength(1);
  });

  it("answers a refused input as JSON with the same status and French messages per field (400, never 500), nothing stored", async () => {
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000022";
    const r = await postJson({ ...valid(), email: "nadia@", date: "2026-11-23", consent: "", submission_key: key });
    expect(r.res.status).toBe(400);
    expect(r.body).toEqual({
      status: "error",
      formError: null,
      fieldErrors: {
        email: "Adresse e-mail invalide (exemple : nom@exemple.com).",
        date: "La date ne peut pas être dans le passé.",
        consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande.",
      },
      submissionKey: key,
      // the posted day is past: its line says so
      slots: expect.objectContaining({ date: "2026-11-23", state: "past", times: [] }),
      alternatives: [],
      link: null,
      booked: null,
    });
    expect(r.text).not.toContain("Nadia");
    // a body that is not even the form's fields: still a 400 with the messages
    const empty = await postJson({});
    expect(empty.res.status).toBe(400);
    expect(Object.keys(empty.body?.fieldErrors ?? {}).sort()).toEqual(["consent", "date", "email", "name", "phone", "service", "time"]);
    expect(await rows()).toHaveLength(0);
  });

  it("answers a slot just taken as JSON: 409, the reason beside 'Heure', the day's free times and the three nearest", async () => {
    expect((await postJson({ ...valid(), name: "Premier patient", service: "Orthodontie", time: "10:00" })).body?.status).toBe("success");
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000023";
    const r = await postJson({ ...valid(), service: "Orthodontie", time: "10:00", submission_key: key });
    expect(r.res.status).toBe(409);
    expect(r.body).toMatchObject({
      status: "error",
      formError: FIX,
      fieldErrors: { time: "Ce créneau vient d'être pris. Choisissez l'un des horaires encore libres." },
      submissionKey: key,
      alternatives: ["09:00", "09:15", "10:45"].map((time) => ({ date: THURSDAY, time })),
      link: null,
    });
    expect(r.body?.slots?.times.slice(0, 3)).toEqual(["09:00", "09:15", "10:45"]);
    expect((await rows()).map((row) => row.name)).toEqual(["Premier patient"]);
  });

  it("answers the rate limit (429 with Retry-After) and a storage failure (503) as JSON, with the key", async () => {
    for (let i = 0; i < 3; i++) await postJson({ ...valid(), name: `Patient ${i}`, time: ["09:00", "10:30", "14:00"][i] }, "198.51.100.90");
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000024";
    const limited = await postJson({ ...valid(), time: "15:30", submission_key: key }, "198.51.100.90");
    expect(limited.res.status).toBe(429);
    expect(limited.res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.body).toMatchObject({ status: "error", formError: RATE_LIMIT_MESSAGE, fieldErrors: {}, submissionKey: key });

    await sql`alter table appointments rename to appointments_off`.execute(t.h.db);
    try {
      const failed = await postJson({ ...valid(), time: "15:30", submission_key: key }, "198.51.100.91");
      expect(failed.res.status).toBe(503);
      expect(failed.body).toMatchObject({ status: "error", formError: FAILURE, fieldErrors: {}, submissionKey: key, link: null });
    } finally {
      await sql`alter table appointments_off rename to appointments`.execute(t.h.db);
    }
    expect(await rows()).toHaveLength(3);
  });

  it("leaves any other request to the action and the page (a browser's post, a GET)", async () => {
    const html = await postJson(valid(), "198.51.100.1", "text/html,application/xhtml+xml,*/*;q=0.8");
    expect(html.passed).toBe(true);
    expect(html.body).toBeNull();
    const get = (await middleware[0](
      { request: new Request("http://clinic.test/appointment", { headers: { Accept: "application/json" } }), params: {}, context: createLoadContext({ nonce: "", clientIp: "198.51.100.1" }) } as never,
      (async () => new Response("page")) as never,
    )) as Response;
    expect(await get.text()).toBe("page");
    expect(await rows()).toHaveLength(0);
  });
});
