import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "~/.server/config";
import { setDb, type Db } from "~/.server/db";
import { resetMailTransport } from "~/.server/mail";
import { RATE_LIMIT_MESSAGE } from "~/.server/rate-limit";
import { todayInClinic } from "~/lib/format";
import { action, loader } from "~/routes/appointment";
import { createTestDb, ENGINES, truncateAll } from "../helpers/db";

type Result = {
  data: { ok: boolean; fieldErrors?: Record<string, string>; formError?: string; values?: Record<string, string>; submissionKey?: string };
  init: { status?: number } | null;
};

function dayOffset(days: number) {
  const d = new Date(`${todayInClinic()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const valid = () => ({
  name: "Nadia Ferhat",
  email: "nadia.ferhat@exemple.dz",
  phone: "0770 11 22 33",
  service: "Blanchiment des dents",
  date: dayOffset(3),
  time: "15:00",
  message: "Premier rendez-vous",
  consent: "on",
});

async function post(fields: Record<string, string>, ip = "198.51.100.1"): Promise<Result> {
  return (await action({
    request: new Request("http://clinic.test/appointment", { method: "POST", body: new URLSearchParams(fields) }),
    params: {},
    context: { nonce: "", clientIp: ip },
  } as never)) as unknown as Result;
}

for (const engine of ENGINES) {
  describe.runIf(engine.available)(`booking action [${engine.name}]`, () => {
    let h: Db;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      ({ h, drop } = await createTestDb(engine.name));
      delete process.env.SMTP_URL;
      process.env.RATE_LIMIT_FORM_MAX = "3";
      resetConfig();
      resetMailTransport();
    });
    afterAll(async () => {
      setDb(undefined);
      delete process.env.RATE_LIMIT_FORM_MAX;
      resetConfig();
      await drop?.();
    });
    beforeEach(async () => {
      await truncateAll(h);
      setDb(h);
    });

    const rows = () => h.db.selectFrom("appointments").selectAll().execute();

    it("gives each page view a fresh submission key and the clinic's today", () => {
      const a = loader() as { submissionKey: string; today: string };
      const b = loader() as { submissionKey: string; today: string };
      expect(a.submissionKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.submissionKey).not.toBe(b.submissionKey);
      expect(a.today).toBe(todayInClinic());
    });

    it("stores exactly one row for a valid request, and the same key again stores nothing more", async () => {
      const r = await post({ ...valid(), submission_key: "3f1c1a52-aaaa-4bbb-8ccc-000000000001" });
      expect(r.data).toEqual({ ok: true });
      const [row] = await rows();
      expect(row).toMatchObject({ name: "Nadia Ferhat", email: "nadia.ferhat@exemple.dz", service: "Blanchiment des dents", time: "15:00", message: "Premier rendez-vous", prixtotal: null, prixpay: null });
      const again = await post({ ...valid(), submission_key: "3f1c1a52-aaaa-4bbb-8ccc-000000000001" });
      expect(again.data).toEqual({ ok: true });
      expect(await rows()).toHaveLength(1);
      // two notifications for the one booking, none for the resend
      expect(await h.db.selectFrom("outbox").select("id").execute()).toHaveLength(2);
    });

    it("refuses invalid input with French messages per field, keeps the input and stores nothing", async () => {
      const r = await post({ ...valid(), email: "nadia@", date: dayOffset(-1), service: "", consent: "", submission_key: "3f1c1a52-aaaa-4bbb-8ccc-000000000002" });
      expect(r.init?.status).toBe(400);
      expect(r.data.ok).toBe(false);
      expect(r.data.fieldErrors).toEqual({
        email: "Adresse e-mail invalide (exemple : nom@exemple.com).",
        service: "Veuillez choisir un service.",
        date: "La date ne peut pas être dans le passé.",
        consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande.",
      });
      expect(r.data.values).toMatchObject({ name: "Nadia Ferhat", email: "nadia@", message: "Premier rendez-vous" });
      expect(r.data.submissionKey).toBe("3f1c1a52-aaaa-4bbb-8ccc-000000000002");
      expect(await rows()).toHaveLength(0);
    });

    it("answers a filled honeypot as a success without storing", async () => {
      const r = await post({ ...valid(), website: "https://spam.example" });
      expect(r.data).toEqual({ ok: true });
      expect(await rows()).toHaveLength(0);
    });

    it("limits requests per address with a French message, keeping the input", async () => {
      for (let i = 0; i < 3; i++) expect((await post({ ...valid(), name: `Patient ${i}` }, "198.51.100.77")).data.ok).toBe(true);
      const limited = await post({ ...valid(), name: "Patient 4" }, "198.51.100.77");
      expect(limited.init?.status).toBe(429);
      expect(limited.data.formError).toBe(RATE_LIMIT_MESSAGE);
      expect(limited.data.values?.name).toBe("Patient 4");
      expect((await post({ ...valid(), name: "Autre adresse" }, "198.51.100.78")).data.ok).toBe(true);
      expect((await rows()).map((r) => r.name).sort()).toEqual(["Autre adresse", "Patient 0", "Patient 1", "Patient 2"]);
    });

    it("a storage failure is answered with a clear French message and the input, never as a success", async () => {
      await sql`alter table appointments rename to appointments_off`.execute(h.db);
      try {
        const r = await post({ ...valid(), submission_key: "3f1c1a52-aaaa-4bbb-8ccc-000000000003" });
        expect(r.init?.status).toBe(503);
        expect(r.data.ok).toBe(false);
        expect(r.data.formError).toMatch(/^Votre demande n'a pas pu être enregistrée\. Merci de réessayer dans un instant ou de nous appeler au /);
        expect(r.data.values).toMatchObject({ name: "Nadia Ferhat", phone: "0770 11 22 33" });
      } finally {
        await sql`alter table appointments_off rename to appointments`.execute(h.db);
      }
      expect(await rows()).toHaveLength(0);
      expect(await h.db.selectFrom("outbox").select("id").execute()).toHaveLength(0);
    });
  });
}
