import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "~/.server/config";
import { setDb, type Db } from "~/.server/db";
import { resetMailTransport } from "~/.server/mail";
import { RATE_LIMIT_MESSAGE } from "~/.server/rate-limit";
import { startSession } from "~/.server/session";
import { enroll } from "~/.server/repos/enrollments";
import { createFormation, type FormationInput } from "~/.server/repos/formations";
import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-schema";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.formations";
import { loader as csvLoader } from "~/routes/admin.formations.$id.inscriptions[.]csv";
import { action, loader } from "~/routes/inscription";
import { loader as syllabusById } from "~/routes/syllabus.$id";
import { loader as syllabusIndex } from "~/routes/syllabus._index";
import { createTestDb, ENGINES, truncateAll } from "../helpers/db";

type Result = { data: Record<string, unknown> & { ok?: boolean; message?: string; fieldErrors?: Record<string, string> }; init: { status?: number } | null };

const valid = { user_name: "Benali", user_surname: "Karim", email: "karim.benali@exemple.dz", phone: "0550 12 34 56", consent: "on" };

async function post(fields: Record<string, string>, ip = "198.51.100.7"): Promise<Result> {
  return (await action({
    request: new Request("http://clinic.test/inscription", { method: "POST", body: new URLSearchParams(fields) }),
    params: {},
    context: { nonce: "", clientIp: ip },
  } as never)) as unknown as Result;
}

function session(over: Partial<FormationInput> = {}): FormationInput {
  return { title: "Implantologie", description: "Six mois", duration_months: 6, max_participants: 10, price: 35_000_000, is_active: true, syllabus: null, ...over };
}

const emptySyllabus = { overview: { title: "", description: "", objectives: [], duration: "", instructor: "" }, modules: [] };

for (const engine of ENGINES) {
  describe.runIf(engine.available)(`enrolment action and training pages [${engine.name}]`, () => {
    let h: Db;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ h, drop } = await createTestDb(engine.name));
      delete process.env.SMTP_URL;
      process.env.RATE_LIMIT_FORM_MAX = "4";
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

    const rows = () => h.db.selectFrom("enrollments").selectAll().orderBy("id").execute();

    it("stores a pending enrolment once per submission key and queues the e-mails", async () => {
      const f = await createFormation(h, session());
      const key = "6c1f7a52-aaaa-4bbb-8ccc-000000000001";
      const r = await post({ ...valid, formation_id: String(f.id), submission_key: key });
      expect(r.data).toMatchObject({ ok: true, message: "Votre inscription a été envoyée avec succès!" });
      expect(r.data.nextSubmissionKey).toMatch(/^[0-9a-f-]{36}$/);
      const again = await post({ ...valid, formation_id: String(f.id), submission_key: key });
      expect(again.data.ok).toBe(true);
      const stored = await rows();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ formation_id: f.id, user_name: "Benali", user_surname: "Karim", formation_chosen: "Implantologie", status: "pending", submission_key: key });
      const mails = await h.db.selectFrom("outbox").select(["to_address", "subject"]).orderBy("id").execute();
      expect(mails.map((m) => m.to_address)).toContain("karim.benali@exemple.dz");
      expect(mails).toHaveLength(2);
    });

    it("answers field errors in French with status 400 and keeps the input", async () => {
      const r = await post({ user_name: "", user_surname: "Karim", email: "pas-un-email", phone: "0550 12 34 56" });
      expect(r.init?.status).toBe(400);
      expect(r.data.ok).toBe(false);
      expect(r.data.fieldErrors).toMatchObject({ user_name: "Indiquez votre nom.", email: "Adresse e-mail invalide (exemple : nom@domaine.com).", consent: expect.any(String) });
      expect(r.data.values).toMatchObject({ user_surname: "Karim", email: "pas-un-email" });
      expect(await rows()).toHaveLength(0);
    });

    it("refuses a full session with the French message (409) and stores nothing", async () => {
      const f = await createFormation(h, session({ max_participants: 1 }));
      await enroll(h, { formation_id: f.id, user_name: "A", user_surname: "B", email: "a@b.dz", phone: "0550000000" });
      const r = await post({ ...valid, formation_id: String(f.id) });
      expect(r.init?.status).toBe(409);
      expect(r.data.message).toBe(ENROLLMENT_MESSAGES.full);
      expect(r.data.fieldErrors).toEqual({ formation_id: "Cette session est complète. Choisissez une autre session ou contactez-nous." });
      expect(await rows()).toHaveLength(1);
    });

    it("answers a filled honeypot as a success without storing anything", async () => {
      const r = await post({ ...valid, website: "http://spam.example" });
      expect(r.data.ok).toBe(true);
      expect(await rows()).toHaveLength(0);
    });

    it("limits the posts per IP address", async () => {
      for (let i = 0; i < 4; i++) expect((await post({ ...valid, submission_key: `rate-key-${i}-xxxx` }, "203.0.113.9")).data.ok).toBe(true);
      const r = await post({ ...valid, submission_key: "rate-key-5-xxxx" }, "203.0.113.9");
      expect(r.init?.status).toBe(429);
      expect(r.data.message).toBe(RATE_LIMIT_MESSAGE);
      expect(await rows()).toHaveLength(4);
    });

    it("answers a storage failure with the French failure message, never a crash", async () => {
      await h.db.schema.dropTable("enrollments").execute().catch(() => undefined);
      try {
        const r = await post({ ...valid });
        expect(r.init?.status).toBe(500);
        expect(r.data).toMatchObject({ ok: false, message: "Erreur lors de l'inscription. Veuillez réessayer." });
      } finally {
        // rebuild the schema for the next tests
        await drop();
        ({ h, drop } = await createTestDb(engine.name));
        setDb(h);
      }
    });

    it("preselects an available session on /inscription and offers every active session", async () => {
      const full = await createFormation(h, session({ title: "Pleine", max_participants: 1 }), "2026-01-01T00:00:00.000Z");
      const open = await createFormation(h, session({ title: "Ouverte" }), "2026-02-01T00:00:00.000Z");
      await createFormation(h, session({ title: "Inactive", is_active: false }));
      await enroll(h, { formation_id: full.id, user_name: "A", user_surname: "B", email: "a@b.dz", phone: "0550000000" });
      const req = (q: string) => loader({ request: new Request(`http://clinic.test/inscription${q}`), params: {}, context: {} } as never);
      const a = await req(`?formation=${open.id}`);
      expect(a.preselectedId).toBe(String(open.id));
      expect(a.sessions.map((s) => [s.title, s.taken, s.max_participants])).toEqual([
        ["Ouverte", 0, 10],
        ["Pleine", 1, 1],
      ]);
      expect((await req(`?formation=${full.id}`)).preselectedId).toBe("");
      expect((await req("?formation=abc")).preselectedId).toBe("");
    });

    it("syllabus pages: 'all' and /syllabus are the newest active formation, a real id that one, an unknown or inactive id a 404 page", async () => {
      const older = await createFormation(h, session({ title: "Ancienne", syllabus: emptySyllabus }), "2026-01-01T00:00:00.000Z");
      const newest = await createFormation(h, session({ title: "Nouvelle", syllabus: emptySyllabus }), "2026-02-01T00:00:00.000Z");
      const inactive = await createFormation(h, session({ title: "Inactive", is_active: false, syllabus: emptySyllabus }));
      const byId = async (id: string) => (await syllabusById({ params: { id }, request: new Request(`http://clinic.test/syllabus/${id}`), context: {} } as never)) as unknown as Result;
      const idx = (await syllabusIndex()) as unknown as Result;
      expect((idx.data.formation as { title: string }).title).toBe("Nouvelle");
      const all = await byId("all");
      expect(all.init?.status).toBe(200);
      expect((all.data.formation as { id: number }).id).toBe(newest.id);
      const real = await byId(String(older.id));
      expect(real.init?.status).toBe(200);
      expect((real.data.formation as { title: string }).title).toBe("Ancienne");
      for (const bad of [String(inactive.id), "999999", "abc", "-1"]) {
        const r = await byId(bad);
        expect(r.init?.status).toBe(404);
        expect(r.data.formation).toBeNull();
      }
    });

    it("admin loader: a failed load is reported for the toasts, never a crash", async () => {
      const now = new Date().toISOString();
      const staff = await h.db
        .insertInto("staff_users")
        .values({ email: "staff@clinique.test", password_hash: "x", role: "admin", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const setCookie = await startSession(new Request("http://clinic.test/login"), Number(staff.id), h);
      const cookie = setCookie.split(";")[0];
      const f = await createFormation(h, session({ title: "Chargée" }));
      const load = (q = "") => adminLoader({ request: new Request(`http://clinic.test/admin/formations${q}`, { headers: { Cookie: cookie } }), params: {}, context: {} } as never);
      const ok = await load(`?inscriptions=${f.id}`);
      expect(ok.loadError).toBe(false);
      expect(ok.formations.map((x) => x.title)).toEqual(["Chargée"]);
      expect(ok.view).toEqual({ target: f.id, error: false, enrollments: [] });
      await h.db.schema.dropTable("enrollments").execute();
      try {
        const broken = await load(`?inscriptions=${f.id}`);
        expect(broken.loadError).toBe(true);
        expect(broken.formations).toEqual([]);
        expect(broken.view).toEqual({ target: f.id, error: true, enrollments: [] });
      } finally {
        await drop();
        ({ h, drop } = await createTestDb(engine.name));
        setDb(h);
      }
    });

    it("admin loader, action and CSV refuse requests without a staff session", async () => {
      const get = new Request("http://clinic.test/admin/formations");
      await expect(adminLoader({ request: get, params: {}, context: {} } as never)).rejects.toMatchObject({ status: 302 });
      const csvReq = new Request("http://clinic.test/admin/formations/1/inscriptions.csv");
      await expect(csvLoader({ request: csvReq, params: { id: "1" }, context: {} } as never)).rejects.toMatchObject({ status: 302 });
      const postReq = new Request("http://clinic.test/admin/formations", { method: "POST", body: new URLSearchParams({ intent: "delete", id: "1" }) });
      await expect(adminAction({ request: postReq, params: {}, context: {} } as never)).rejects.toMatchObject({ status: 401 });
    });
  });
}
