import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { todayInClinic } from "../../app/lib/clinic-time";
import { startAppServer } from "./app-server";
import { alternatesOf, pageReader, type Doc } from "./pages";
import { passwordHash, signIn } from "./staff";

/**
 * The clinic's pages in Arabic (issue 32): the doctor, the care space, the gallery with its
 * reviews, the legal notice, the privacy policy and the certificate check, as the server answers
 * them: 200, right to left, their Arabic h1, both versions naming each other, and no word of
 * Latin letters left in <main> outside <bdi>/<code> (names and codes typed in Latin letters sit
 * there); then a real certificate checked on /ar/attestation/<code>.
 */
const server = await startAppServer();
afterAll(async () => {
  await server.close();
});
const origin = server.origin;
const { page } = pageReader(origin);

/** Words of 4 Latin letters or more in <main>'s text and labels, <bdi> and <code> aside (in a label: between the isolates U+2068 and U+2069, the attribute's <bdi>). */
function latinWordsInMain(doc: Doc): string[] {
  const main = doc.querySelector("main");
  if (!main) return ["<no main>"];
  const labels = [...main.querySelectorAll("[aria-label], [alt], [title], [placeholder]")]
    .filter((el) => !el.closest("bdi, code"))
    .flatMap((el) => ["aria-label", "alt", "title", "placeholder"].map((a) => el.getAttribute(a) ?? ""));
  for (const el of main.querySelectorAll("bdi, code, script, style")) el.remove();
  const text = `${main.textContent ?? ""} ${labels.join(" ").replace(/\u2068[^\u2069]*\u2069/g, "")}`;
  return text.match(/[A-Za-zÀ-ÿ]{4,}/g) ?? [];
}

const PAGES: [string, string][] = [
  ["/doctorpage", "الدكتور نذير حمدي"],
  ["/espacesoinpage", "فضاء العلاج"],
  ["/gallery", "معرض الصور"],
  ["/mentions-legales", "البيانات القانونية"],
  ["/politique-de-confidentialite", "سياسة الخصوصية"],
  ["/attestation", "التحقّق من شهادة"],
];

describe("the clinic's pages in Arabic", () => {
  for (const [path, h1] of PAGES) {
    test(`/ar${path}: 200, rtl, its Arabic h1, hreflang both ways, no Latin word in <main> outside <bdi>/<code>`, async () => {
      const [fr, ar] = [await page(path), await page(`/ar${path}`)];
      expect(ar.res.status).toBe(200);
      expect(ar.doc.documentElement.getAttribute("lang")).toBe("ar-DZ");
      expect(ar.doc.documentElement.getAttribute("dir")).toBe("rtl");
      expect(ar.doc.querySelector("h1")?.textContent?.trim()).toBe(h1);
      expect(ar.doc.querySelector("title")?.textContent).toMatch(/[\u0600-\u06FF]/);
      expect(ar.doc.querySelector('meta[name="description"]')?.getAttribute("content")).toMatch(/[\u0600-\u06FF]/);
      const expected = { fr: `${origin}${path}`, ar: `${origin}/ar${path}`, "x-default": `${origin}${path}` };
      expect(alternatesOf(ar.doc)).toEqual(expected);
      expect(alternatesOf(fr.doc)).toEqual(expected);
      expect(ar.doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${origin}/ar${path}`);
      expect(latinWordsInMain(ar.doc)).toEqual([]);
      // the French page stays French
      expect(fr.doc.documentElement.getAttribute("lang")).toBe("fr");
      expect(fr.doc.querySelector("h1")?.textContent).not.toMatch(/[\u0600-\u06FF]/);
    });
  }

  test("phone numbers and e-mail addresses stay left to right; links lead to the Arabic pages", async () => {
    const { doc } = await page("/ar/mentions-legales");
    const main = doc.querySelector("main")!;
    const phones = [...main.querySelectorAll("a[href^='tel:'], a[href^='mailto:']")];
    expect(phones.length).toBeGreaterThanOrEqual(3);
    for (const a of phones) expect(a.querySelector("bdi")?.getAttribute("dir")).toBe("ltr");
    const hrefs = [...main.querySelectorAll("a[href^='/']")].map((a) => a.getAttribute("href"));
    expect(hrefs).toContain("/ar/politique-de-confidentialite");
    // law 18-07 by its Arabic title, and its authority
    expect(main.textContent).toContain("القانون رقم 18-07");
    const privacy = (await page("/ar/politique-de-confidentialite")).doc.querySelector("main")!.textContent ?? "";
    expect(privacy).toContain("السلطة الوطنية لحماية المعطيات ذات الطابع الشخصي");
    expect(privacy).toMatch(/بعد (\d+ أشهر|شهرين|شهر واحد|\d+ شهرًا) من\s+التاريخ المطلوب/);
  });

  test("the gallery: the demo cases in Arabic, the reviews as written with the interface around them in Arabic", async () => {
    const { doc } = await page("/ar/gallery");
    const main = doc.querySelector("main")!;
    expect([...main.querySelectorAll("article[data-case] h3")].map((h) => h.textContent?.trim())).toEqual(["تبييض الأسنان", "القشور الخزفية للأسنان"]);
    expect(main.querySelector("input[type=range]")?.getAttribute("aria-label")).toBe("المقارنة بين قبل وبعد: تبييض الأسنان");
    expect(main.querySelector("input[type=range]")?.getAttribute("aria-valuetext")).toBe("50% قبل، 50% بعد");
    const review = main.querySelector("article[data-review]")!;
    expect(review.getAttribute("aria-label")).toBe("رأي \u2068Amina B.\u2069");
    // the patient's words as written, isolated; the date and the rating in Arabic
    expect(review.querySelector("blockquote bdi")?.textContent).toContain("J'avais très peur des implants.");
    expect(review.querySelector("time")?.textContent).toBe("14 أكتوبر 2025");
    expect(review.querySelector(".sr-only")?.textContent).toBe("التقييم: 5 من 5");
    expect(main.textContent).toContain("آراء مرضانا");
  });
});

describe("a real certificate checked in Arabic", () => {
  let code = "";
  beforeAll(async () => {
    const today = todayInClinic();
    const now = new Date().toISOString();
    server.dbRun("insert into staff_users (email, password_hash, role, created_at, updated_at) values (?, ?, 'dentist', ?, ?)", "ar-att@clinique.test", await passwordHash("Dentiste-Arabe-2026"), now, now);
    const cookie = await signIn(origin, "ar-att@clinique.test", "Dentiste-Arabe-2026");
    server.dbRun("insert into formations (title, description, duration_months, max_participants, price, is_active, syllabus, created_at, updated_at) values ('Chirurgie guidée', 'Cours', 1, 10, null, 1, null, ?, ?)", now, now);
    const formationId = Number(server.dbQuery<{ id: number }>("select max(id) as id from formations")[0].id);
    server.dbRun(
      "insert into formation_sessions (formation_id, start_date, end_date, day_start, day_end, place, capacity, price, created_at, updated_at) values (?, ?, ?, '09:00', '17:00', 'Kouba', 10, null, ?, ?)",
      formationId,
      today,
      today,
      now,
      now,
    );
    const sessionId = Number(server.dbQuery<{ id: number }>("select max(id) as id from formation_sessions")[0].id);
    server.dbRun(
      "insert into enrollments (formation_id, session_id, user_name, user_surname, email, phone, formation_chosen, enrollment_date, status) values (?, ?, 'Amel', 'Zerrouki', 'amel@exemple.dz', '0550123456', 'Chirurgie guidée', ?, 'confirmed')",
      formationId,
      sessionId,
      now,
    );
    const enrollment = Number(server.dbQuery<{ id: number }>("select max(id) as id from enrollments")[0].id);
    const post = (form: Record<string, string>) =>
      fetch(`${origin}/admin/presences/${sessionId}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() });
    expect((await post({ intent: "mark", enrollment: String(enrollment), day: today, present: "1" })).status).toBe(200);
    expect((await post({ intent: "issue" })).status).toBe(200);
    code = server.dbQuery<{ code: string }>("select code from certificates")[0].code;
  });

  test("/ar/attestation/<code>: genuine, for whom, in Arabic, right to left, not indexed; the typed code goes to the Arabic page", async () => {
    const { res, doc } = await page(`/ar/attestation/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(doc.querySelector("h1")?.textContent?.trim()).toBe("التحقّق من شهادة");
    const main = doc.querySelector("main")!;
    expect(main.textContent).toContain("شهادة أصلية");
    expect(main.querySelector("dd bdi")?.textContent).toBe("Amel Zerrouki");
    expect(main.textContent).toContain("1 من أصل يوم واحد");
    expect(main.textContent).not.toContain("amel@exemple.dz");
    expect(latinWordsInMain(doc)).toEqual([]);

    const typed = await page(`/ar/attestation?code=${code.toLowerCase()}`);
    expect(typed.res.status).toBe(302);
    expect(typed.res.headers.get("location")).toBe(`/ar/attestation/${code}`);
    const bad = await page("/ar/attestation?code=abc");
    expect(bad.res.status).toBe(400);
    expect(bad.doc.querySelector("#certificate-code-error")?.textContent).toBe("شكل هذا الرمز غير صحيح: يتكوّن الرمز من 12 حرفًا ورقمًا، مثل ABCD-EFGH-JKMN.");
    expect(bad.doc.querySelector("#certificate-code")?.getAttribute("value")).toBe("abc");
    expect(bad.doc.querySelector("form")?.getAttribute("action")).toBe("/ar/attestation");

    const wrong = await page("/ar/attestation/ZZZZZZZZZZZZ");
    expect(wrong.res.status).toBe(404);
    expect(wrong.doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(wrong.doc.querySelector("h1")?.textContent?.trim()).toBe("الشهادة غير موجودة");
    expect(wrong.doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
  });

  test("the French check is unchanged", async () => {
    const { doc } = await page(`/attestation/${code}`);
    expect(doc.querySelector("h1")?.textContent?.trim()).toBe("Vérification d'une attestation");
    expect(doc.querySelector("main")?.textContent).toContain("Attestation authentique");
    expect(doc.querySelector("main")?.textContent).toContain("1 journée sur 1");
  });
});
