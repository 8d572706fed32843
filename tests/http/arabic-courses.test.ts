import crypto from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { TEST_SESSION_SECRET } from "../server-env";
import { startAppServer } from "./app-server";
import { scanArabicPage } from "../helpers/arabic-scan";

/**
 * The training side in Arabic (issue 32), through the whole server and without JavaScript:
 * /ar/inscription (the enrolment form and the course waiting list's form) and
 * /ar/offre-formation/<token> render in Arabic and pass the Arabic scan's rules; what is posted
 * there is stored with the language 'ar' and answered in Arabic, a bad field with an Arabic
 * message beside it; the enrol links of the Arabic training pages lead there.
 */
const server = await startAppServer();
afterAll(async () => {
  await server.close();
});
const ORIGIN = server.origin;
const HTML = "text/html,application/xhtml+xml,*/*;q=0.8";
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/[\s\u00a0\u202f]+/g, " ").replaceAll("&#x27;", "'");
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: HTML, Origin: ORIGIN }, redirect: "manual" });

/** An Arabic page as the scan reads it: right to left, Arabic, no French word left. */
async function expectArabic(html: string) {
  const page = await scanArabicPage(html);
  expect([page.lang, page.dir]).toEqual(["ar-DZ", "rtl"]);
  expect(page.found).toEqual([]);
}

const [formation] = server.dbQuery<{ id: number; title: string }>("select id, title from formations where is_active = 1 order by created_at desc, id desc limit 1");
const now = new Date().toISOString();
// one place only: the Arabic enrolment below fills it, then the waiting list opens
server.dbRun(
  "insert into formation_sessions (formation_id, start_date, end_date, day_start, day_end, place, capacity, price, status, payment_days, offer_hours, created_at, updated_at) values (?, '2099-02-16', '2099-02-18', '09:00', '17:00', 'Kouba (Alger)', 1, 35000000, 'open', 7, 24, ?, ?)",
  formation.id,
  now,
  now,
);
const [session] = server.dbQuery<{ id: number }>("select id from formation_sessions where formation_id = ? order by id desc limit 1", formation.id);
const person = (surname: string) => ({ user_name: "بن علي", user_surname: surname, email: `${surname.toLowerCase()}@exemple.dz`, phone: "0550 12 34 56", website: "" });

describe("/ar/inscription", () => {
  test("the Arabic training pages' enrol links lead to /ar/inscription", async () => {
    for (const path of ["/ar/formation", `/ar/syllabus/${formation.id}`]) {
      const html = await (await fetch(`${ORIGIN}${path}`)).text();
      expect(html).toContain(`href="/ar/inscription?formation=${formation.id}"`);
      expect(html).not.toMatch(/href="\/inscription/);
    }
  });

  test("renders in Arabic: the form, its labels and the session in Arabic; noindex, out of the sitemap", async () => {
    const res = await fetch(`${ORIGIN}/ar/inscription?formation=${formation.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    await expectArabic(html);
    const page = text(html);
    expect(page).toContain("التسجيل في التكوين");
    for (const label of ["اللقب", "الاسم", "البريد الإلكتروني", "رقم الهاتف", "الدورة المختارة", "إرسال طلب التسجيل"]) expect(page).toContain(label);
    expect(page).toContain("من الاثنين، 16 فيفري 2099 إلى الأربعاء، 18 فيفري 2099");
    expect(html).toContain('action="/ar/inscription"');
    expect(html).toContain('content="noindex, nofollow"');
    expect(await (await fetch(`${ORIGIN}/sitemap.xml`)).text()).not.toContain("/ar/inscription");
  });

  test("a bad field: 400, an Arabic message beside it, what was typed kept, nothing stored", async () => {
    const res = await post("/ar/inscription", { ...person("Refuse"), email: "pas-une-adresse", session_id: String(session.id), consent: "on", submission_key: crypto.randomUUID() });
    expect(res.status).toBe(400);
    const html = await res.text();
    await expectArabic(html);
    expect(html).toMatch(/<p id="enrollment-email-error" class="field-error">عنوان البريد الإلكتروني غير صحيح/);
    expect(html).toContain('aria-invalid="true"');
    expect(text(html)).toContain("بعض الحقول تحتاج إلى تصحيح");
    expect(html).toContain('value="pas-une-adresse"');
    expect(server.dbQuery("select id from enrollments where user_surname = 'Refuse'")).toEqual([]);
  });

  test("an enrolment posted on /ar/inscription: stored with the language 'ar', answered in Arabic, its acknowledgement in Arabic", async () => {
    const res = await post("/ar/inscription", { ...person("Arabe"), session_id: String(session.id), consent: "on", submission_key: crypto.randomUUID() });
    expect(res.status).toBe(200);
    const html = await res.text();
    await expectArabic(html);
    expect(text(html)).toContain("تمّ إرسال طلب تسجيلكم بنجاح!");
    expect(server.dbQuery("select language, session_id from enrollments where user_surname = 'Arabe'")).toEqual([{ language: "ar", session_id: session.id }]);
    const [mail] = server.dbQuery<{ subject: string; body_text: string }>("select subject, body_text from outbox where to_address = 'arabe@exemple.dz' and kind = 'enrollment_received'");
    expect(mail.subject).toMatch(/^طلب تسجيلكم — /);
    expect(mail.body_text).toContain(`/ar/syllabus/${formation.id}`);
  });

  test("the full session's waiting list in Arabic: the form, the answer, the entry stored with the language 'ar'", async () => {
    const html = await (await fetch(`${ORIGIN}/ar/inscription?attente=${session.id}`)).text();
    await expectArabic(html);
    expect(text(html)).toContain("هذه الدورة مكتملة");
    const refused = await post("/ar/inscription", { intent: "waitlist", session_id: String(session.id), ...person("Attente"), submission_key: crypto.randomUUID() });
    // (the page answers the waiting list's refusal with 200, as in French: the message is beside the box)
    const refusedPage = await refused.text();
    await expectArabic(refusedPage);
    expect(text(refusedPage)).toContain("ضعوا علامة في هذه الخانة لنتمكّن من معالجة طلبكم.");
    const ok = await post("/ar/inscription", { intent: "waitlist", session_id: String(session.id), ...person("Attente"), consent: "on", submission_key: crypto.randomUUID() });
    expect(ok.status).toBe(200);
    const answer = await ok.text();
    await expectArabic(answer);
    expect(text(answer)).toContain("تمّ تسجيلكم في قائمة الانتظار.");
    expect(server.dbQuery("select language, status from formation_waitlist where user_surname = 'Attente'")).toEqual([{ language: "ar", status: "waiting" }]);
  });

  test("the French page is unchanged: French labels, a French message, French stored", async () => {
    const res = await post("/inscription", { ...person("Francais"), phone: "12", session_id: String(session.id), consent: "on", submission_key: crypto.randomUUID() });
    expect(res.status).toBe(400);
    const page = text(await res.text());
    expect(page).toContain("Numéro de téléphone invalide");
    expect(page).toContain("Envoyer mon inscription");
  });
});

describe("/ar/offre-formation/<token>", () => {
  /** The waiting-list entry offered the place, as offerFreedPlaces stores it; the token as the server derives it. */
  function offer(): string {
    const salt = crypto.randomBytes(16).toString("base64url");
    const token = crypto.createHmac("sha256", TEST_SESSION_SECRET).update(`formation-offer:${salt}`).digest("base64url");
    const hash = crypto.createHash("sha256").update(token).digest("hex");
    server.dbRun(
      "update formation_waitlist set status = 'offered', link_salt = ?, link_hash = ?, offered_at = ?, offer_expires_at = ? where user_surname = 'Attente'",
      salt,
      hash,
      new Date().toISOString(),
      new Date(Date.now() + 3_600_000).toISOString(),
    );
    return token;
  }

  test("a wrong token: 404 in Arabic; the page is disallowed in robots.txt", async () => {
    const res = await fetch(`${ORIGIN}/ar/offre-formation/pas-un-lien`);
    expect(res.status).toBe(404);
    await expectArabic(await res.text());
    expect(await (await fetch(`${ORIGIN}/robots.txt`)).text()).toContain("Disallow: /ar/offre-formation/");
  });

  test("the offer in Arabic (noindex, never stored); the claim answered in Arabic, the enrolment Arabic", async () => {
    // the Arabic enrolment leaves: its place is the one offered
    server.dbRun("update enrollments set status = 'cancelled' where user_surname = 'Arabe'");
    const token = offer();
    const res = await fetch(`${ORIGIN}/ar/offre-formation/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const html = await res.text();
    await expectArabic(html);
    expect(html).toContain('content="noindex"');
    const page = text(html);
    expect(page).toContain("تحرّر مقعد");
    expect(page).toContain("حجز هذا المقعد");
    expect(page).toContain("من الاثنين، 16 فيفري 2099 إلى الأربعاء، 18 فيفري 2099");

    const claim = await post(`/ar/offre-formation/${token}`, { intent: "claim" });
    expect(claim.status).toBe(200);
    const answer = await claim.text();
    await expectArabic(answer);
    expect(text(answer)).toMatch(/مقعدكم محجوز\. تسجيلكم في انتظار الدفع: سدّدوا المبلغ قبل \d+ /);
    expect(server.dbQuery("select e.language from enrollments e join formation_waitlist w on w.enrollment_id = e.id where w.user_surname = 'Attente'")).toEqual([{ language: "ar" }]);
  });
});

describe("the Arabic programme written in the editor", () => {
  test("/ar/syllabus/<id> shows each module's Arabic description and lessons", async () => {
    const syllabus = {
      overview: { title: "", description: "", objectives: ["هدف"], duration: "", instructor: "" },
      modules: [{ number: 1, title: "الوحدة الأولى", description: "وصف الوحدة", duration: "", points_clefs: [], objectifs: [], pratique: [], lessons: [{ title: "الدرس الأول", description: "وصف الدرس", duration: "", content: "" }] }],
    };
    server.dbRun("update formations set title_ar = 'تكوين في الزراعة', syllabus_ar = ? where id = ?", JSON.stringify(syllabus), formation.id);
    const html = await (await fetch(`${ORIGIN}/ar/syllabus/${formation.id}`)).text();
    await expectArabic(html);
    const page = text(html);
    for (const words of ["الوحدة الأولى", "وصف الوحدة", "الدرس الأول", "وصف الدرس"]) expect(page).toContain(words);
  });
});
