import { afterAll, describe, expect, test } from "vitest";
import { formatDayFullAr, formatTimeRange } from "~/lib/format";
import { startAppServer } from "./app-server";
import { alternatesOf, pageReader, type Doc } from "./pages";

/**
 * The blog and the training offer in Arabic (issue 32) as the server answers them, on the demo
 * content: two demo articles have their Arabic version, the third is French only; the demo
 * formation has its Arabic texts, a second one (added here) has none.
 */
const server = await startAppServer();
afterAll(async () => {
  await server.close();
});
const origin = server.origin;

// before any page is stored: a dated session of the demo formation, and a formation without Arabic
const now = new Date().toISOString();
const [demo] = server.dbQuery<{ id: number }>(
  "select id from formations order by id limit 1",
);
server.dbRun(
  "insert into formation_sessions (formation_id, start_date, end_date, day_start, day_end, place, capacity, price, created_at, updated_at) values (?, '2099-02-16', '2099-02-18', '09:00', '17:00', 'Kouba', 8, 35000000, ?, ?)",
  demo.id,
  now,
  now,
);
server.dbRun(
  "insert into formations (title, description, duration_months, max_participants, price, is_active, created_at, updated_at) values ('Parodontologie clinique', 'Une formation en français seulement.', 3, 8, 0, 1, '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z')",
);
const [frenchFormation] = server.dbQuery<{ id: number }>(
  "select id from formations where title = 'Parodontologie clinique'",
);
const blogs = server.dbQuery<{
  id: number;
  title: string;
  title_ar: string | null;
}>("select id, title, title_ar from blogs order by id");

const { page } = pageReader(origin);

/** The header's language switch: where it leads and what it says (null: none). */
function switchOf(doc: Doc) {
  const a = doc.querySelector("a[data-language-switch]");
  return a ? { href: a.getAttribute("href"), text: a.textContent!.trim() } : null;
}

/** The words of 4+ Latin letters in <main> outside <bdi> (proper nouns and French titles sit in <bdi>). */
function latinWordsOutsideBdi(doc: Doc): string[] {
  const main = doc.querySelector("main")!.cloneNode(true) as unknown as Element;
  for (const el of [...main.querySelectorAll("bdi, script, style, svg")])
    el.remove();
  return main.textContent!.match(/[A-Za-zÀ-ÿ]{4,}/g) ?? [];
}

describe("the blog in Arabic", () => {
  const translated = blogs.filter((b) => b.title_ar);
  const frenchOnly = blogs.filter((b) => !b.title_ar);

  test("the demo content has translated articles and one in French only", () => {
    expect(translated.length).toBeGreaterThanOrEqual(2);
    expect(frenchOnly.length).toBeGreaterThanOrEqual(1);
  });

  test("/ar/blog lists every article: the translated ones in Arabic, the others saying so and linking to the French article", async () => {
    const { res, doc } = await page("/ar/blog");
    expect(res.status).toBe(200);
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    const main = doc.querySelector("main")!;
    for (const b of translated) {
      const heading = [...main.querySelectorAll("h2")].find(
        (h) => h.textContent === b.title_ar,
      );
      expect(heading, b.title_ar!).toBeDefined();
      const link = heading!
        .closest("article")!
        .querySelector(`a[href^="/ar/blog/${b.id}-"]`);
      expect(link).not.toBeNull();
    }
    for (const b of frenchOnly) {
      const link = [
        ...main.querySelectorAll('a[hreflang="fr"][lang="fr"]'),
      ].find((a) => a.textContent === b.title);
      expect(link, b.title).toBeDefined();
      expect(link!.getAttribute("href")).toMatch(new RegExp(`^/blog/${b.id}-`));
      expect(link!.closest("article")!.textContent).toContain(
        "هذا المقال متوفر بالفرنسية فقط",
      );
    }
    expect(latinWordsOutsideBdi(doc)).toEqual([]);
    expect(alternatesOf(doc)).toEqual({
      fr: `${origin}/blog`,
      ar: `${origin}/ar/blog`,
      "x-default": `${origin}/blog`,
    });
  });

  test("a translated article in Arabic: right to left, its Arabic title and text, hreflang both ways", async () => {
    const list = await page("/ar/blog");
    const b = translated[0];
    const href = list.doc
      .querySelector(`a[href^="/ar/blog/${b.id}-"]`)!
      .getAttribute("href")!;
    const { res, doc } = await page(href);
    expect(res.status).toBe(200);
    expect(doc.documentElement.getAttribute("lang")).toBe("ar-DZ");
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(doc.querySelector("h1")!.textContent).toBe(b.title_ar);
    const french = href.slice(3);
    expect(alternatesOf(doc)).toEqual({
      fr: `${origin}${french}`,
      ar: `${origin}${href}`,
      "x-default": `${origin}${french}`,
    });
    expect(
      doc.querySelector('link[rel="canonical"]')!.getAttribute("href"),
    ).toBe(`${origin}${href}`);
    expect(latinWordsOutsideBdi(doc)).toEqual([]);
    // the French article names its Arabic version too, and each page's language switch leads to the other
    const fr = await page(french);
    expect(alternatesOf(fr.doc).ar).toBe(`${origin}${href}`);
    expect(switchOf(fr.doc)).toEqual({ href, text: "العربية" });
    expect(switchOf(doc)).toEqual({ href: french, text: "Français" });
  });

  test("an untranslated article at its /ar address: 200, a page in Arabic pointing to the French article, noindex, canonical French", async () => {
    const b = frenchOnly[0];
    const list = await page("/ar/blog");
    const french = list.doc
      .querySelector(`a[hreflang="fr"][href^="/blog/${b.id}-"]`)!
      .getAttribute("href")!;
    const { res, doc } = await page(`/ar${french}`);
    expect(res.status).toBe(200);
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(doc.querySelector("h1")!.textContent).toBe(
      "هذا المقال غير متوفر بالعربية بعد",
    );
    const link = doc.querySelector(
      `main a[href="${french}"][hreflang="fr"][lang="fr"]`,
    );
    expect(link!.textContent).toBe(b.title);
    expect(
      doc.querySelector('meta[name="robots"]')!.getAttribute("content"),
    ).toContain("noindex");
    expect(
      doc.querySelector('link[rel="canonical"]')!.getAttribute("href"),
    ).toBe(`${origin}${french}`);
    expect(alternatesOf(doc)).toEqual({});
    expect(latinWordsOutsideBdi(doc)).toEqual([]);
    // its switch leads to the French article; the French article offers no Arabic switch
    expect(switchOf(doc)).toEqual({ href: french, text: "Français" });
    expect(switchOf((await page(french)).doc)).toBeNull();
  });

  test("an unknown article in Arabic is a 404; the sitemap lists the Arabic articles that exist", async () => {
    expect((await page("/ar/blog/999999-rien")).res.status).toBe(404);
    const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
    for (const b of translated)
      expect(xml).toMatch(
        new RegExp(`<loc>${origin}/ar/blog/${b.id}-[a-z0-9-]+</loc>`),
      );
    for (const b of frenchOnly)
      expect(xml).not.toMatch(new RegExp(`/ar/blog/${b.id}-`));
  });
});

describe("the training offer in Arabic", () => {
  test("/ar/formation: the Arabic title, the session's dates in Arabic, the price isolated, the untranslated formation's French title in <bdi lang=fr>", async () => {
    const { res, doc } = await page("/ar/formation");
    expect(res.status).toBe(200);
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    const main = doc.querySelector("main")!;
    expect(doc.querySelector("h1")!.textContent).toBe(
      "تكوين في زراعة الأسنان — دورة الربيع",
    );
    expect(main.textContent).toContain(
      `من ${formatDayFullAr("2099-02-16")} إلى ${formatDayFullAr("2099-02-18")}`,
    );
    expect(formatDayFullAr("2099-02-16")).toMatch(
      /^الاثنين، 16 [\u0600-\u06FF]+ 2099$/,
    );
    expect(
      [...main.querySelectorAll('bdi[dir="ltr"]')].map((b) => b.textContent),
    ).toContain(formatTimeRange("09:00", "17:00"));
    expect(
      [...main.querySelectorAll('bdi[dir="ltr"]')].some((b) =>
        /^350\s000\sDA$/.test(b.textContent!),
      ),
    ).toBe(true);
    const french = [...main.querySelectorAll('bdi[lang="fr"]')].find(
      (b) => b.textContent === "Parodontologie clinique",
    );
    expect(french).toBeDefined();
    expect(french!.parentElement!.textContent).toContain(
      "هذا التكوين متوفر بالفرنسية فقط",
    );
    // 'التسجيل' leads to the enrolment form
    expect(
      main.querySelector(`a[href$="/inscription?formation=${demo.id}"]`),
    ).not.toBeNull();
    expect(latinWordsOutsideBdi(doc)).toEqual([]);
  });

  test("/ar/syllabus/<id>: the Arabic programme; a formation without Arabic points to its French page (noindex)", async () => {
    const translated = await page(`/ar/syllabus/${demo.id}`);
    expect(translated.res.status).toBe(200);
    expect(translated.doc.querySelector("main")!.textContent).toContain(
      "أسس زراعة الأسنان والتشريح الجراحي",
    );
    expect(alternatesOf(translated.doc).ar).toBe(
      `${origin}/ar/syllabus/${demo.id}`,
    );
    expect(latinWordsOutsideBdi(translated.doc)).toEqual([]);

    const french = await page(`/ar/syllabus/${frenchFormation.id}`);
    expect(french.res.status).toBe(200);
    expect(
      french.doc.querySelector(
        `main a[href="/syllabus/${frenchFormation.id}"][hreflang="fr"]`,
      ),
    ).not.toBeNull();
    expect(
      french.doc.querySelector('meta[name="robots"]')!.getAttribute("content"),
    ).toContain("noindex");
    expect(
      french.doc.querySelector('link[rel="canonical"]')!.getAttribute("href"),
    ).toBe(`${origin}/syllabus/${frenchFormation.id}`);
    expect(latinWordsOutsideBdi(french.doc)).toEqual([]);

    const index = await page("/ar/syllabus");
    expect(index.res.status).toBe(200);
    expect(latinWordsOutsideBdi(index.doc)).toEqual([]);
    expect((await page("/ar/syllabus/424242")).res.status).toBe(404);
  });
});

describe("the sitemap and /ar/syllabus (the newest formation's programme)", () => {
  test("listed while the newest formation has its Arabic text; left out, with /syllabus's alternates, when it has none", async () => {
    const sitemap = async () => (await fetch(`${origin}/sitemap.xml`)).text();
    const before = await sitemap();
    expect(before).toContain(`<loc>${origin}/ar/syllabus</loc>`);
    expect(before).toContain(`href="${origin}/ar/syllabus"`);
    // the French-only formation becomes the newest: /ar/syllabus would say "French only" (noindex)
    server.dbRun("update formations set created_at = '2999-01-01T00:00:00.000Z' where id = ?", frenchFormation.id);
    try {
      const after = await sitemap();
      expect(after).toContain(`<loc>${origin}/syllabus</loc>`);
      expect(after).not.toContain(`<loc>${origin}/ar/syllabus</loc>`);
      expect(after).not.toContain(`href="${origin}/ar/syllabus"`);
    } finally {
      server.dbRun("update formations set created_at = '2020-01-01T00:00:00.000Z' where id = ?", frenchFormation.id);
    }
  });
});
