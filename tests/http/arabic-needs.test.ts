import { afterAll, describe, expect, test } from "vitest";
import { startAppServer } from "./app-server";
import { alternatesOf, pageReader, type Doc } from "./pages";

/**
 * The need pages ('VOTRE BESOIN'), /clean and the /dentist landing page in Arabic (issue 32), as
 * the server answers them: 200, right to left, the Arabic h1, both versions naming each other
 * (hreflang fr, ar, x-default; each its own canonical), and no French left in <main>: no word of
 * four Latin letters or more outside <bdi> (phone numbers, the map service's name), in its text
 * or its spoken attributes. The French pages keep their texts.
 */
const server = await startAppServer();
afterAll(async () => {
  await server.close();
});
const origin = server.origin;

const { page } = pageReader(origin);

/** French path and Arabic h1 of every page translated here. */
const PAGES: [string, string][] = [
  ["/allongement-dent-courte", "إطالة سنّ قصيرة"],
  ["/raccourcissement-dent-longue", "تقصير سنّ طويلة"],
  ["/alignement-dents", "تقويم اصطفاف الأسنان"],
  ["/fermeture-espaces", "سدّ الفراغات بين الأسنان"],
  ["/blanchiment-dents", "تبييض الأسنان"],
  ["/restauration-dents", "ترميم الأسنان المتضرّرة"],
  ["/remplacement-dent-implant", "تعويض سنّ بزرعة"],
  ["/remplacement-complet-implants", "تعويض جميع الأسنان بالزرعات"],
  ["/correction-sourire-gingival", "تصحيح الابتسامة اللثوية"],
  ["/correction-sourires-edentes", "تصحيح ابتسامة فاقدة للأسنان"],
  ["/clean", "تنظيف الأسنان وتلميعها باحتراف"],
  ["/dentist", "ابتسامة أحلامك في مليانة"],
];


/** The words of 4+ Latin letters in <main>'s text and spoken attributes, outside <bdi>. */
function latinInMain(doc: Doc): string[] {
  const main = doc.querySelector("main");
  if (!main) return ["(no <main>)"];
  const copy = main.cloneNode(true) as typeof main;
  for (const el of copy.querySelectorAll("bdi, script, style")) el.remove();
  const spoken = [...copy.querySelectorAll("[alt], [title], [aria-label]")].flatMap((el) => ["alt", "title", "aria-label"].map((a) => el.getAttribute(a) ?? ""));
  return [copy.textContent ?? "", ...spoken].flatMap((t) => t.match(/[A-Za-zÀ-ÖØ-öø-ÿŒœ]{4,}/g) ?? []);
}

describe("the need pages, /clean and /dentist in Arabic", () => {
  test.each(PAGES)("/ar%s: 200, rtl, its Arabic h1, hreflang both ways, no French word in <main>", async (path, h1) => {
    const [ar, fr] = [await page(`/ar${path}`), await page(path)];
    expect(ar.res.status).toBe(200);
    expect(ar.doc.documentElement.getAttribute("lang")).toBe("ar-DZ");
    expect(ar.doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(ar.doc.querySelector("h1")?.textContent?.trim()).toBe(h1);
    expect(ar.doc.title).toMatch(/[\u0600-\u06FF]/);
    expect(ar.doc.querySelector('meta[name="description"]')?.getAttribute("content")).toMatch(/^[^A-Za-z]*[\u0600-\u06FF][^A-Za-z]*$/);
    const expected = { fr: `${origin}${path}`, ar: `${origin}/ar${path}`, "x-default": `${origin}${path}` };
    expect(alternatesOf(ar.doc)).toEqual(expected);
    expect(alternatesOf(fr.doc)).toEqual(expected);
    expect(ar.doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${origin}/ar${path}`);
    expect(latinInMain(ar.doc)).toEqual([]);
    // the French page is still French
    expect(fr.doc.documentElement.getAttribute("lang")).toBe("fr");
    expect(latinInMain(fr.doc).length).toBeGreaterThan(20);
  });

  test("a need page's 'À lire aussi' links go to the Arabic pages; its drawing is the Arabic copy with an Arabic alt", async () => {
    const { doc } = await page("/ar/remplacement-complet-implants");
    const related = [...doc.querySelectorAll("#related-title ~ ul a")].map((a) => a.getAttribute("href"));
    expect(related).toEqual(["/ar/correction-sourires-edentes", "/ar/implants-dentaires", "/ar/remplacement-dent-implant"]);
    const img = doc.querySelector("main img[src$='-ar.svg']");
    expect(img?.getAttribute("src")).toBe("/media/content-full-arch-ar.svg");
    expect(img?.getAttribute("alt")).toMatch(/^رسم توضيحي/);
  });

  test("/ar/clean links to the Arabic care pages it names, and the menus lead to the Arabic need pages", async () => {
    const { doc } = await page("/ar/clean");
    const related = [...doc.querySelectorAll("#related-title ~ ul a")].map((a) => a.getAttribute("href"));
    expect(related).toEqual(["/ar/blanchiment-professionnel", "/ar/blanchiment-dents", "/ar/soins-conservateurs"]);
    const menu = [...doc.querySelectorAll("header a[href^='/'], nav a[href^='/']")].map((a) => a.getAttribute("href"));
    for (const [path] of PAGES) expect(menu).toContain(`/ar${path}`);
  });

  test("/ar/dentist: figures and phones left to right, the map named in Arabic, buttons to the pages (French until translated)", async () => {
    const { doc } = await page("/ar/dentist");
    const main = doc.querySelector("main")!;
    expect([...main.querySelectorAll("#hero dd bdi")].map((b) => b.getAttribute("dir"))).toEqual(["ltr", "ltr"]);
    expect(main.querySelector("#hero dl")?.textContent).toContain("سنة");
    expect(main.querySelector("iframe")?.getAttribute("title")).toMatch(/^خريطة الوصول إلى عيادة حمدي لطب الأسنان، /);
    expect(main.querySelector("a[href^='https://www.openstreetmap.org/']")?.textContent).toContain("افتح الخريطة في");
    const phones = [...main.querySelectorAll("a[href^='tel:']")];
    expect(phones.length).toBeGreaterThan(0);
    for (const a of phones) expect(a.querySelector("bdi")?.getAttribute("dir")).toBe("ltr");
    const hrefs = [...main.querySelectorAll("a[href^='/']")].map((a) => a.getAttribute("href"));
    expect(new Set(hrefs)).toEqual(new Set(["/gallery", "/appointment"].map((p) => (hrefs.includes(`/ar${p}`) ? `/ar${p}` : p))));
    // the drawing with a label is its Arabic copy
    expect(main.querySelector("#facettes img")?.getAttribute("src")).toBe("/media/content-veneers-ar.svg");
  });

  test("the French /dentist keeps its texts to the letter", async () => {
    const { doc } = await page("/dentist");
    const main = doc.querySelector("main")!;
    expect(main.querySelector("h1")?.textContent).toBe("LE SOURIRE DE VOS RÊVES À MILIANA");
    expect(doc.title).toMatch(/^Le sourire de vos rêves\u202f: facettes, implants et esthétique dentaire/);
    expect([...main.querySelectorAll("#hero dt")].map((d) => d.textContent)).toEqual(["Expérience", "Patients", "Depuis"]);
    expect(main.querySelector("#hero dd")?.textContent).toMatch(/^\d+\+ ans$/);
    expect(main.querySelector("iframe")?.getAttribute("title")).toMatch(/^Plan d'accès à la Clinique Dentaire Hamdi, /);
    expect(main.querySelector("a[href^='https://www.openstreetmap.org/']")?.textContent).toBe("Ouvrir le plan dans OpenStreetMap (nouvelle fenêtre)");
    expect(main.querySelector("#plan li")?.textContent).toMatch(/^Cabinet\u202f: /);
  });

  test("/smile-makeover is no page (its module is /dentist): 404 in both languages", async () => {
    expect((await page("/smile-makeover")).res.status).toBe(404);
    const ar = await page("/ar/smile-makeover");
    expect(ar.res.status).toBe(404);
    expect(ar.doc.documentElement.getAttribute("dir")).toBe("rtl");
  });
});
