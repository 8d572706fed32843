import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it, beforeEach } from "vitest";
import { RATE_LIMIT_MESSAGE } from "~/.server/rate-limit";
import { enroll } from "~/.server/repos/enrollments";
import { createFormation, type FormationInput } from "~/.server/repos/formations";
import { createLoadContext, staffContext } from "~/context";
import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-messages";
import { PHONE_INVALID } from "~/lib/rules";
import { loader as adminLoader } from "~/routes/admin.formations";
import { loader as csvLoader } from "~/routes/admin.formations.$id.inscriptions[.]csv";
import { isEnrollmentAnswer, type EnrollmentAnswer } from "~/lib/enrollment-answer";
import { action, loader, middleware } from "~/routes/inscription";
import { loader as syllabusById } from "~/routes/syllabus.$id";
import { loader as syllabusIndex } from "~/routes/syllabus._index";
import { describeEachEngine } from "../helpers/db";
import { fieldMessages as messages, postForm, setAppEnv, UUID } from "./public-form";
import { staffSession } from "../helpers/staff";
import { insertStaff } from "~/.server/repos/staff";

type PageResult = { data: Record<string, unknown>; init: { status?: number } | null };

const valid = { user_name: "Benali", user_surname: "Karim", email: "karim.benali@exemple.dz", phone: "0550 12 34 56", consent: "on" };

const post = (fields: Record<string, string>, ip = "198.51.100.7") => postForm(action, "http://clinic.test/inscription", fields, ip);

/** Posts as the enrolment island does (`Accept: application/json`), through the route's middleware. */
async function postJson(fields: Record<string, string> | string, ip = "198.51.100.7", accept = "application/json") {
  const request = new Request("http://clinic.test/inscription", {
    method: "POST",
    headers: { Accept: accept, "Content-Type": "application/x-www-form-urlencoded" },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
  });
  let passed = false;
  const next = async () => {
    passed = true;
    return new Response("page");
  };
  const res = (await middleware[0]({ request, params: {}, context: createLoadContext({ nonce: "", clientIp: ip }) } as never, next as never)) as Response;
  const text = await res.text();
  const body = res.headers.get("Content-Type")?.startsWith("application/json") ? (JSON.parse(text) as unknown) : null;
  return { res, passed, body: body as EnrollmentAnswer, typed: isEnrollmentAnswer(body) };
}

/** What the staff guard hands to admin loaders once the session is checked. */
function staffRequestContext() {
  const context = new RouterContextProvider();
  context.set(staffContext, staffSession({ userId: 1, email: "staff@clinique.test", role: "admin", idHash: "test" }));
  return context;
}

function formation(over: Partial<FormationInput> = {}): FormationInput {
  return { title: "Implantologie", description: "Six mois", duration_months: 6, max_participants: 10, price: 35_000_000, is_active: true, syllabus: null, ...over };
}

const emptySyllabus = { overview: { title: "", description: "", objectives: [], duration: "", instructor: "" }, modules: [] };

describeEachEngine("enrolment action and training pages", { appDb: true }, (t) => {
  // the staff member of the action's context (id 1): its audit entries reference the account
  beforeEach(async () => {
    await insertStaff(t.h, "staff@clinique.test", "hash-not-used");
  });

  // no SMTP server: the e-mails wait in the outbox
  beforeAll(() => setAppEnv(["SMTP_URL", "RATE_LIMIT_FORM_MAX"], { RATE_LIMIT_FORM_MAX: "4" }));
  afterAll(() => setAppEnv(["RATE_LIMIT_FORM_MAX"]));

  const rows = () => t.h.db.selectFrom("enrollments").selectAll().orderBy("id").execute();
  const outbox = () => t.h.db.selectFrom("outbox").select(["to_address", "subject"]).orderBy("id").execute();

  it("stores a pending enrolment once per submission key, queues the e-mails once, and answers a new key", async () => {
    const f = await createFormation(t.h, formation());
    const key = "6c1f7a52-aaaa-4bbb-8ccc-000000000001";
    const r = await post({ ...valid, formation_id: String(f.id), submission_key: key });
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.status).toBe("success");
    expect(r.data.result.initialValue).toBeNull(); // Conform clears the form
    expect(r.data.submissionKey).toMatch(UUID);
    expect(r.data.submissionKey).not.toBe(key);
    const again = await post({ ...valid, formation_id: String(f.id), submission_key: key });
    expect(again.data.status).toBe("success");
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ formation_id: f.id, user_name: "Benali", user_surname: "Karim", formation_chosen: "Implantologie", status: "pending", submission_key: key });
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.to_address)).toContain("karim.benali@exemple.dz");
    expect(mails.map((m) => m.subject)).toContain("Nouvelle inscription : Implantologie");
  });

  it("an enrolment without a formation occupies no place and is stored with no title", async () => {
    const r = await post({ ...valid, formation_id: "" });
    expect(r.data.status).toBe("success");
    expect(await rows()).toEqual([expect.objectContaining({ formation_id: null, formation_chosen: null, submission_key: null, status: "pending" })]);
    expect((await outbox()).map((m) => m.subject)).toContain("Nouvelle inscription");
  });

  it("answers field errors in French with status 400, keeps the input and the key, and stores nothing", async () => {
    const key = "6c1f7a52-aaaa-4bbb-8ccc-000000000002";
    const r = await post({ user_name: "", user_surname: "Karim", email: "pas-un-email", phone: "12 34", submission_key: key });
    expect(r.init?.status).toBe(400);
    expect(r.data.status).toBe("error");
    expect(messages(r)).toEqual({
      user_name: "Indiquez votre nom.",
      email: "Adresse e-mail invalide (exemple : nom@domaine.com).",
      phone: PHONE_INVALID,
      consent: "Cochez cette case pour nous permettre de traiter votre inscription.",
    });
    expect(r.data.result.initialValue).toMatchObject({ user_surname: "Karim", email: "pas-un-email" });
    expect(r.data.submissionKey).toBe(key);
    expect(await rows()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("refuses a full formation (409) beside the choice and above the form, and stores nothing", async () => {
    const f = await createFormation(t.h, formation({ max_participants: 1 }));
    await enroll(t.h, { formation_id: f.id, user_name: "A", user_surname: "B", email: "a@b.dz", phone: "0550000000" });
    const r = await post({ ...valid, formation_id: String(f.id) });
    expect(r.init?.status).toBe(409);
    expect(r.data.status).toBe("error");
    expect(messages(r)).toEqual({
      "": "Cette session est complète. Choisissez une autre session ou contactez-nous.",
      formation_id: "Cette session est complète. Choisissez une autre session ou contactez-nous.",
    });
    expect(r.data.result.initialValue).toMatchObject({ user_name: "Benali", formation_id: String(f.id) });
    expect(await rows()).toHaveLength(1);
    expect(await outbox()).toHaveLength(0);
  });

  it("refuses a formation that is no longer offered (409)", async () => {
    const f = await createFormation(t.h, formation({ is_active: false }));
    for (const id of [String(f.id), "999999"]) {
      const r = await post({ ...valid, formation_id: id });
      expect(r.init?.status).toBe(409);
      expect(messages(r)).toEqual({ "": ENROLLMENT_MESSAGES.unavailable, formation_id: ENROLLMENT_MESSAGES.unavailable });
    }
    expect(await rows()).toHaveLength(0);
  });

  it("answers a filled honeypot as a success without storing or mailing anything", async () => {
    const r = await post({ ...valid, website: "http://spam.example" });
    expect(r.data.status).toBe("success");
    expect(await rows()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("limits the posts per IP address with the French message, keeping the input", async () => {
    for (let i = 0; i < 4; i++) expect((await post({ ...valid, submission_key: `rate-key-${i}-xxxx` }, "203.0.113.9")).data.status).toBe("success");
    const r = await post({ ...valid, user_surname: "Cinquième", submission_key: "rate-key-5-xxxx" }, "203.0.113.9");
    expect(r.init?.status).toBe(429);
    expect(new Headers(r.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(messages(r)).toEqual({ "": RATE_LIMIT_MESSAGE });
    expect(r.data.result.initialValue).toMatchObject({ user_surname: "Cinquième" });
    expect(await rows()).toHaveLength(4);
  });

  it("answers a storage failure with the French failure message (503) and the same key; the retry stores one row", async () => {
    const key = "6c1f7a52-aaaa-4bbb-8ccc-000000000003";
    await sql`alter table enrollments rename to enrollments_off`.execute(t.h.db);
    try {
      const r = await post({ ...valid, submission_key: key });
      expect(r.init?.status).toBe(503);
      expect(r.data.status).toBe("error");
      expect(messages(r)).toEqual({ "": "Erreur lors de l'inscription. Veuillez réessayer." });
      expect(r.data.result.initialValue).toMatchObject({ user_name: "Benali", email: "karim.benali@exemple.dz" });
      expect(r.data.submissionKey).toBe(key);
    } finally {
      await sql`alter table enrollments_off rename to enrollments`.execute(t.h.db);
    }
    expect(await outbox()).toHaveLength(0);
    expect((await post({ ...valid, submission_key: key })).data.status).toBe("success");
    expect((await post({ ...valid, submission_key: key })).data.status).toBe("success");
    expect(await rows()).toHaveLength(1);
  });

  it("preselects an open formation on /inscription, offers every active one, and gives each view a fresh key", async () => {
    const full = await createFormation(t.h, formation({ title: "Pleine", max_participants: 1 }), "2026-01-01T00:00:00.000Z");
    const open = await createFormation(t.h, formation({ title: "Ouverte" }), "2026-02-01T00:00:00.000Z");
    await createFormation(t.h, formation({ title: "Inactive", is_active: false }));
    await enroll(t.h, { formation_id: full.id, user_name: "A", user_surname: "B", email: "a@b.dz", phone: "0550000000" });
    const req = (q: string) => loader({ request: new Request(`http://clinic.test/inscription${q}`), url: new URL(`http://clinic.test/inscription${q}`), params: {}, context: createLoadContext({ nonce: "", clientIp: "" }) } as never);
    const a = await req(`?formation=${open.id}`);
    expect(a.preselectedId).toBe(String(open.id));
    expect(a.options.map((o) => [o.title, o.taken, o.max_participants])).toEqual([
      ["Ouverte", 0, 10],
      ["Pleine", 1, 1],
    ]);
    // no per-view key in the page (the browser makes it): every visitor gets the same page
    expect(a).not.toHaveProperty("submissionKey");
    expect((await req(`?formation=${full.id}`)).preselectedId).toBe("");
    expect((await req("?formation=abc")).preselectedId).toBe("");
  });

  it("syllabus pages: 'all' and /syllabus are the newest active formation, a real id that one, an unknown or inactive id a 404 page", async () => {
    const older = await createFormation(t.h, formation({ title: "Ancienne", syllabus: emptySyllabus }), "2026-01-01T00:00:00.000Z");
    const newest = await createFormation(t.h, formation({ title: "Nouvelle", syllabus: emptySyllabus }), "2026-02-01T00:00:00.000Z");
    const inactive = await createFormation(t.h, formation({ title: "Inactive", is_active: false, syllabus: emptySyllabus }));
    const byId = async (id: string) => (await syllabusById({ params: { id }, request: new Request(`http://clinic.test/syllabus/${id}`), context: {} } as never)) as unknown as PageResult;
    const idx = (await syllabusIndex()) as unknown as PageResult;
    expect((idx.data.formation as { title: string }).title).toBe("Nouvelle");
    const all = await byId("all");
    expect(all.init?.status).toBe(200);
    expect((all.data.formation as { id: number }).id).toBe(newest.id);
    const real = await byId(String(older.id));
    expect(real.init?.status).toBe(200);
    // another spelling of the same id is sent (301) to the one address the page cache stores
    const padded = await byId(`00${older.id}`).catch((r: unknown) => r as Response);
    expect(padded instanceof Response ? [padded.status, padded.headers.get("location")] : padded).toEqual([301, `/syllabus/${older.id}`]);
    expect((real.data.formation as { title: string }).title).toBe("Ancienne");
    for (const bad of [String(inactive.id), "999999", "abc", "-1"]) {
      const r = await byId(bad);
      expect(r.init?.status).toBe(404);
      expect(r.data.formation).toBeNull();
    }
  });

  it("admin loader: shows a posted enrolment, and a failed load is reported for the toasts, never a crash", async () => {
    const f = await createFormation(t.h, formation({ title: "Chargée" }));
    expect((await post({ ...valid, formation_id: String(f.id) })).data.status).toBe("success");
    const load = () => adminLoader({ request: new Request(`http://clinic.test/admin/formations?inscriptions=${f.id}`), url: new URL(`http://clinic.test/admin/formations?inscriptions=${f.id}`), params: {}, context: staffRequestContext() } as never);
    const ok = await load();
    expect(ok.loadError).toBe(false);
    expect(ok.formations.map((x) => [x.title, x.taken])).toEqual([["Chargée", 1]]);
    expect(ok.view).toMatchObject({ target: f.id, error: false, enrollments: [expect.objectContaining({ user_name: "Benali", status: "pending" })] });
    await sql`alter table enrollments rename to enrollments_off`.execute(t.h.db);
    try {
      const broken = await load();
      expect(broken.loadError).toBe(true);
      expect(broken.formations).toEqual([]);
      expect(broken.view).toEqual({ target: f.id, error: true, enrollments: [] });
    } finally {
      await sql`alter table enrollments_off rename to enrollments`.execute(t.h.db);
    }
  });

  it("CSV export: the posted enrolment in the formation's file", async () => {
    const f = await createFormation(t.h, formation({ title: "Exportée" }));
    expect((await post({ ...valid, formation_id: String(f.id) })).data.status).toBe("success");
    const res = (await csvLoader({ request: new Request(`http://clinic.test/admin/formations/${f.id}/inscriptions.csv`), url: new URL(`http://clinic.test/admin/formations/${f.id}/inscriptions.csv`), params: { id: String(f.id) }, context: staffRequestContext() } as never)) as Response;
    expect(res.headers.get("Content-Disposition")).toContain(`inscriptions_${f.id}.csv`);
    const csv = await res.text();
    expect(csv).toContain("Benali");
    expect(csv).toContain("karim.benali@exemple.dz");
  });

  it("answers the island's post (Accept: application/json) with an EnrollmentAnswer: stored once per key, a new key, the places after the commit", async () => {
    const f = await createFormation(t.h, formation({ title: "En JSON", max_participants: 3 }));
    const key = "6c1f7a52-aaaa-4bbb-8ccc-000000000101";
    const r = await postJson({ ...valid, formation_id: String(f.id), submission_key: key });
    expect([r.res.status, r.passed, r.typed]).toEqual([200, false, true]);
    expect(r.res.headers.get("Cache-Control")).toBe("no-store");
    expect(r.body).toEqual({ status: "success", formError: null, fieldErrors: {}, submissionKey: expect.stringMatching(UUID), options: [{ id: f.id, title: "En JSON", taken: 1, max_participants: 3, sessions: [] }] });
    expect(r.body.submissionKey).not.toBe(key);
    // the same key again: the stored row, once
    const again = await postJson({ ...valid, formation_id: String(f.id), submission_key: key });
    expect([again.body.status, again.body.options]).toEqual(["success", [{ id: f.id, title: "En JSON", taken: 1, max_participants: 3, sessions: [] }]]);
    expect(await rows()).toHaveLength(1);
    expect(await outbox()).toHaveLength(2);
    // without the header, the page's action (the answer page)
    expect((await postJson({ ...valid, submission_key: "6c1f7a52-aaaa-4bbb-8ccc-000000000102" }, undefined, "text/html")).passed).toBe(true);
  });

  it("answers refused input as JSON: 400 (never 500), the French message of each field, the same key, nothing stored", async () => {
    const key = "6c1f7a52-aaaa-4bbb-8ccc-000000000103";
    const r = await postJson({ user_name: "", user_surname: "Karim", email: "pas-un-email", phone: "12", formation_id: "abc", submission_key: key });
    expect([r.res.status, r.typed]).toEqual([400, true]);
    expect(r.body).toEqual({
      status: "error",
      formError: null,
      fieldErrors: {
        user_name: "Indiquez votre nom.",
        email: "Adresse e-mail invalide (exemple : nom@domaine.com).",
        phone: PHONE_INVALID,
        formation_id: "Session invalide : choisissez une session dans la liste.",
        consent: "Cochez cette case pour nous permettre de traiter votre inscription.",
      },
      submissionKey: key,
      options: null,
    });
    // a body that is not a form at all
    const garbage = await postJson("%%%&&&==", undefined);
    expect([garbage.res.status, garbage.typed, garbage.body.status]).toEqual([400, true, "error"]);
    expect(await rows()).toHaveLength(0);
  });

  it("answers a full formation (409), the rate limit (429 with Retry-After) and a storage failure (503) as JSON", async () => {
    const f = await createFormation(t.h, formation({ title: "Complète", max_participants: 1 }));
    await enroll(t.h, { user_name: "Déjà", user_surname: "Là", email: "deja@exemple.dz", phone: "0550 00 00 00", formation_id: f.id }, { submissionKey: null });
    const key = "6c1f7a52-aaaa-4bbb-8ccc-000000000104";
    const full = await postJson({ ...valid, formation_id: String(f.id), submission_key: key }, "203.0.113.40");
    expect([full.res.status, full.body.formError, full.body.fieldErrors, full.body.submissionKey, full.body.options]).toEqual([409, ENROLLMENT_MESSAGES.full, { formation_id: ENROLLMENT_MESSAGES.full }, key, null]);

    await sql`alter table enrollments rename to enrollments_off`.execute(t.h.db);
    try {
      const broken = await postJson({ ...valid, submission_key: key }, "203.0.113.41");
      expect([broken.res.status, broken.typed, broken.body.status, broken.body.formError, broken.body.submissionKey]).toEqual([503, true, "error", ENROLLMENT_MESSAGES.failure, key]);
    } finally {
      await sql`alter table enrollments_off rename to enrollments`.execute(t.h.db);
    }

    for (let i = 0; i < 4; i++) await postJson({ ...valid, submission_key: `6c1f7a52-aaaa-4bbb-8ccc-00000000020${i}` }, "203.0.113.42");
    const limited = await postJson({ ...valid, submission_key: "6c1f7a52-aaaa-4bbb-8ccc-000000000299" }, "203.0.113.42");
    expect([limited.res.status, limited.body.formError, limited.body.status]).toEqual([429, RATE_LIMIT_MESSAGE, "error"]);
    expect(Number(limited.res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
