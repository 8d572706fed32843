import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RATE_LIMIT_MESSAGE } from "~/.server/rate-limit";
import { clinic } from "~/content/clinic";
import { todayInClinic } from "~/lib/format";
import { PHONE_INVALID } from "~/lib/rules";
import { action, loader } from "~/routes/appointment";
import { describeEachEngine } from "../helpers/db";
import { fieldMessages as messages, postForm, setAppEnv, UUID } from "./public-form";

const FAILURE = `Votre demande n'a pas pu être enregistrée. Merci de réessayer dans un instant ou de nous appeler au ${clinic.phones[0].display}.`;

function dayOffset(days: number) {
  const d = new Date(`${todayInClinic()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A valid booking's fields, as the appointments table stores them. */
const stored = () => ({
  name: "Nadia Ferhat",
  email: "nadia.ferhat@exemple.dz",
  phone: "0770 11 22 33",
  service: "Blanchiment des dents",
  date: dayOffset(3),
  time: "15:00",
  message: "Premier rendez-vous",
});

/** A valid booking form, as the browser posts it. */
const valid = () => ({ ...stored(), consent: "on" });

const post = (fields: Record<string, string>, ip = "198.51.100.1") => postForm(action, "http://clinic.test/appointment", fields, ip);

describeEachEngine("booking action", { appDb: true }, (t) => {
  // no SMTP server: the e-mails wait in the outbox
  beforeAll(() => setAppEnv(["SMTP_URL", "RATE_LIMIT_FORM_MAX"], { RATE_LIMIT_FORM_MAX: "3" }));
  afterAll(() => setAppEnv(["RATE_LIMIT_FORM_MAX"]));

  const rows = () => t.h.db.selectFrom("appointments").selectAll().execute();
  const outbox = () => t.h.db.selectFrom("outbox").select(["id", "to_address"]).execute();

  it("gives each page view a fresh submission key and the clinic's today", () => {
    const a = loader();
    const b = loader();
    expect(a.submissionKey).toMatch(UUID);
    expect(a.submissionKey).not.toBe(b.submissionKey);
    expect(a.today).toBe(todayInClinic());
  });

  it("stores exactly one row for a valid request, clears the form, and the same key again stores nothing more", async () => {
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000001";
    const r = await post({ ...valid(), submission_key: key });
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.status).toBe("success");
    expect(r.data.result.initialValue).toBeNull(); // Conform resets the form
    expect(r.data.submissionKey).toMatch(UUID);
    expect(r.data.submissionKey).not.toBe(key);
    const [row] = await rows();
    expect(row).toMatchObject({ ...stored(), prixtotal: null, prixpay: null, submission_key: key });
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

  it("refuses invalid input with French messages per field, keeps the input and the key, and stores nothing", async () => {
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000002";
    const r = await post({ ...valid(), email: "nadia@", date: dayOffset(-1), service: "", consent: "", submission_key: key });
    expect(r.init?.status).toBe(400);
    expect(r.data.status).toBe("error");
    expect(messages(r)).toEqual({
      email: "Adresse e-mail invalide (exemple : nom@exemple.com).",
      service: "Veuillez choisir un service.",
      date: "La date ne peut pas être dans le passé.",
      consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande.",
    });
    expect(r.data.result.initialValue).toMatchObject({ name: "Nadia Ferhat", email: "nadia@", message: "Premier rendez-vous", date: dayOffset(-1) });
    expect(r.data.submissionKey).toBe(key);
    expect(await rows()).toHaveLength(0);
  });

  it("checks the phone and the farthest date with the shared rules", async () => {
    const r = await post({ ...valid(), phone: "12 34", date: dayOffset(800), message: "x".repeat(2001) });
    expect(r.init?.status).toBe(400);
    expect(messages(r)).toEqual({
      phone: PHONE_INVALID,
      date: "Choisissez une date dans les deux prochaines années.",
      message: "Le message ne peut pas dépasser 2000 caractères.",
    });
    expect(await rows()).toHaveLength(0);
  });

  it("answers a filled honeypot as a success without storing", async () => {
    const r = await post({ ...valid(), website: "https://spam.example" });
    expect(r.data.status).toBe("success");
    expect(await rows()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("limits requests per address with a French message, keeping the input and the key", async () => {
    for (let i = 0; i < 3; i++) expect((await post({ ...valid(), name: `Patient ${i}` }, "198.51.100.77")).data.status).toBe("success");
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000004";
    const limited = await post({ ...valid(), name: "Patient 4", submission_key: key }, "198.51.100.77");
    expect(limited.init?.status).toBe(429);
    expect(new Headers(limited.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(messages(limited)).toEqual({ "": RATE_LIMIT_MESSAGE });
    expect(limited.data.result.initialValue).toMatchObject({ name: "Patient 4" });
    expect(limited.data.submissionKey).toBe(key);
    expect((await post({ ...valid(), name: "Autre adresse" }, "198.51.100.78")).data.status).toBe("success");
    expect((await rows()).map((r) => r.name).sort()).toEqual(["Autre adresse", "Patient 0", "Patient 1", "Patient 2"]);
  });

  it("a storage failure is answered with a clear French message, the input and the key, never as a success", async () => {
    const key = "3f1c1a52-aaaa-4bbb-8ccc-000000000003";
    await sql`alter table appointments rename to appointments_off`.execute(t.h.db);
    try {
      const r = await post({ ...valid(), submission_key: key });
      expect(r.init?.status).toBe(503);
      expect(r.data.status).toBe("error");
      expect(messages(r)).toEqual({ "": FAILURE });
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
});
