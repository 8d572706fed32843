import { afterAll, describe, expect, test } from "vitest";
import { PUBLIC_ROUTES } from "../../app/content/public-routes";
import { hasArabic } from "../../app/i18n/locale";
import { startAppServer } from "./app-server";
import { alternatesOf, pageReader, type Doc } from "./pages";

/**
 * The Arabic pages (issue 32; docs/decisions/029-arabic.md) as the server answers them: /ar is
 * the home page in Arabic, right to left, with its font preloaded; both versions name each other
 * (hreflang, x-default) and link to each other (the language switch); the sitemap lists both
 * with their alternates; an Arabic 404 for /ar/*; and no French text of the layout is left on
 * the Arabic page.
 */
const server = await startAppServer();
afterAll(async () => {
  await server.close();
});
const origin = server.origin;
/** A public page in French only (every page of the sitemap is in Arabic now: the staff's sign-in, /login): what a page in one language does. */
const FRENCH_ONLY = PUBLIC_ROUTES.find((r) => !r.path.startsWith("/ar") && !hasArabic(r.path))!.path;

const { page } = pageReader(origin);

/** The French texts of the shared layout and home page that must not be left on an Arabic page. */
const FRENCH_WORDS = [
  "Prendre Rendez-vous",
  "Prendre rendez-vous",
  "Accueil",
  "Mentions légales",
  "Politique de confidentialité",
  "Nous trouver",
  "Horaires",
  "Tous droits réservés",
  "Aller au contenu",
  "Navigation principale",
  "EMBELLIR VOTRE SOURIRE",
  "VOTRE BESOIN",
  "NOS SOINS ET TRAITEMENTS",
  "Espace de Travail",
  "En savoir plus",
  "Appeler",
  "Samedi",
  "Vendredi",
  "Fermé",
  "VOTRE FUTUR SOURIRE",
  "Voir la galerie",
  "Avant / Après",
  "patients",
  "ans d'expérience",
  "Image précédente",
  "Traitement suivant",
  "Implantologie",
  "Clinique Dentaire Hamdi",
];

/** The French texts of the care pages (view and copy) that must not be left on their Arabic version. */
const CARE_FRENCH_WORDS = [
  "Nos soins et traitements",
  "Prendre RDV",
  "Contactez-nous",
  "En bref",
  "ou appelez le",
  "À lire aussi",
  "Une question sur votre situation",
  "Ces informations sont générales",
  "Fil d'Ariane",
  "De quoi s'agit-il",
  "Pour qui",
  "Comment se déroule",
  "Quel budget prévoir",
  "devis personnalisé",
  "Anesthésie",
  "Illustration",
  "Esthétique dentaire",
  "Implants dentaires",
  "Blanchiment professionnel",
  "Soins conservateurs",
  "Orthodontie invisible",
  "gouttière",
  "séance",
];

/** The five treatment pages, translated (issue 32, item 1): their French path and Arabic h1. */
const TREATMENTS_AR: [string, string][] = [
  ["/esthetique-dentaire", "تجميل الأسنان"],
  ["/implants-dentaires", "زراعة الأسنان"],
  ["/blanchiment-professionnel", "التبييض الاحترافي للأسنان"],
  ["/soins-conservateurs", "العلاج التحفظي للأسنان"],
  ["/orthodontie-invisible", "تقويم الأسنان الشفاف"],
];

/** The French words of `words` left in the page's text or its labels (French-marked parts aside: the switch). */
function frenchLeft(doc: Doc, words: string[]) {
  for (const el of doc.body.querySelectorAll("script, style, [lang='fr']")) el.remove();
  const text = (doc.body.textContent ?? "").replace(/\s+/g, " ");
  const labels = [...doc.querySelectorAll("[aria-label], [alt], [title]")].flatMap((el) => ["aria-label", "alt", "title"].map((a) => el.getAttribute(a) ?? "")).join(" ");
  return { text, left: words.filter((w) => text.includes(w) || labels.includes(w)) };
}

describe("/ar, the home page in Arabic", () => {
  test("200, <html lang=ar-DZ dir=rtl>, its title and description in Arabic, the Arabic font preloaded", async () => {
    const { res, doc } = await page("/ar");
    expect(res.status).toBe(200);
    expect(doc.documentElement.getAttribute("lang")).toBe("ar-DZ");
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(doc.querySelector("title")?.textContent).toMatch(/[\u0600-\u06FF]/);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")).toMatch(/زراعة الأسنان/);
    expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute("content")).toBe("ar_DZ");
    expect(doc.querySelector('link[rel="preload"][href^="/fonts/ibm-plex-sans-arabic"]')).not.toBeNull();
    // the Latin text font is not preloaded there: its bytes would delay the first paint (issue 33)
    expect(doc.querySelectorAll('link[rel="preload"][as="font"]')).toHaveLength(2);
    expect(doc.querySelector('link[rel="preload"][href*="inter-latin"]')).toBeNull();
    expect(doc.querySelector("h1")?.textContent?.trim()).toBe("ابتسامتك المستقبلية");
  });

  test("the French home page stays French, left to right, without the Arabic font", async () => {
    const { doc } = await page("/");
    expect(doc.documentElement.getAttribute("lang")).toBe("fr");
    expect(doc.documentElement.hasAttribute("dir")).toBe(false);
    expect(doc.querySelector('link[rel="preload"][href^="/fonts/"]')).toBeNull();
    expect(doc.querySelector("h1")?.textContent?.trim()).toBe("VOTRE FUTUR SOURIRE");
  });

  test("both versions name each other (hreflang fr, ar, x-default), each its own canonical", async () => {
    const [fr, ar] = [await page("/"), await page("/ar")];
    const expected = { fr: `${origin}/`, ar: `${origin}/ar`, "x-default": `${origin}/` };
    expect(alternatesOf(fr.doc)).toEqual(expected);
    expect(alternatesOf(ar.doc)).toEqual(expected);
    expect(fr.doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${origin}/`);
    expect(ar.doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${origin}/ar`);
  });

  test("the language switch: 'العربية' on the French page to /ar, 'Français' on the Arabic page to /; none on a page in one language", async () => {
    const [fr, ar, gallery] = [await page("/"), await page("/ar"), await page(FRENCH_ONLY)];
    const switches = (doc: Doc) => [...doc.querySelectorAll("a[data-language-switch]")].map((a) => [a.getAttribute("href"), a.textContent?.trim(), a.getAttribute("lang")]);
    expect(switches(fr.doc).length).toBeGreaterThanOrEqual(2);
    for (const s of switches(fr.doc)) expect(s).toEqual(["/ar", "العربية", "ar"]);
    for (const s of switches(ar.doc)) expect(s).toEqual(["/", "Français", "fr"]);
    expect(switches(gallery.doc)).toEqual([]);
    expect(alternatesOf(gallery.doc)).toEqual({});
  });

  test("links go to the Arabic page where there is one, else to the French page", async () => {
    const { doc } = await page("/ar");
    const hrefs = [...doc.querySelectorAll("a[href^='/']")].map((a) => a.getAttribute("href"));
    expect(hrefs).toContain("/ar");
    expect(hrefs).toContain("/ar/gallery");
    expect(hrefs).not.toContain("/gallery");
    // the booking page is in Arabic too (issue 32, item 1)
    expect(hrefs).toContain("/ar/appointment");
  });

  test("no French text of the layout or the home page is left on the Arabic page", async () => {
    const { doc } = await page("/ar");
    for (const el of doc.querySelectorAll("script, style, [lang='fr']")) el.remove();
    const text = (doc.body.textContent ?? "").replace(/\s+/g, " ");
    const labels = [...doc.querySelectorAll("[aria-label], [alt], [title]")].flatMap((el) => ["aria-label", "alt", "title"].map((a) => el.getAttribute(a) ?? "")).join(" ");
    const left = FRENCH_WORDS.filter((w) => text.includes(w) || labels.includes(w));
    expect(left).toEqual([]);
    // and it does speak Arabic
    expect(text).toContain("احجز موعدًا");
    expect(text).toContain("جميع الحقوق محفوظة");
  });

  test("phone numbers stay left to right inside the Arabic text", async () => {
    const { doc } = await page("/ar");
    const phones = [...doc.querySelectorAll("footer a[href^='tel:'] bdi")];
    expect(phones.length).toBeGreaterThan(0);
    for (const b of phones) expect(b.getAttribute("dir")).toBe("ltr");
  });
});

describe("the treatment pages in Arabic", () => {
  for (const [path, h1] of TREATMENTS_AR) {
    test(`/ar${path}: 200, right to left, in Arabic, both versions naming each other, no French left`, async () => {
      const [fr, ar] = [await page(path), await page(`/ar${path}`)];
      expect(ar.res.status).toBe(200);
      expect(ar.doc.documentElement.getAttribute("lang")).toBe("ar-DZ");
      expect(ar.doc.documentElement.getAttribute("dir")).toBe("rtl");
      expect(ar.doc.querySelector("h1")?.textContent?.trim()).toBe(h1);
      expect(ar.doc.querySelector("title")?.textContent).toMatch(/[\u0600-\u06FF]/);
      expect(ar.doc.querySelector('meta[name="description"]')?.getAttribute("content")).toMatch(/[\u0600-\u06FF]/);
      const expected = { fr: `${origin}${path}`, ar: `${origin}/ar${path}`, "x-default": `${origin}${path}` };
      expect(alternatesOf(fr.doc)).toEqual(expected);
      expect(alternatesOf(ar.doc)).toEqual(expected);
      expect(ar.doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${origin}/ar${path}`);
      expect(fr.doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${origin}${path}`);
      expect(fr.doc.documentElement.getAttribute("lang")).toBe("fr");
      const switches = [...ar.doc.querySelectorAll("a[data-language-switch]")].map((a) => a.getAttribute("href"));
      expect(switches.length).toBeGreaterThan(0);
      for (const s of switches) expect(s).toBe(path);
      const { text, left } = frenchLeft(ar.doc, [...FRENCH_WORDS, ...CARE_FRENCH_WORDS]);
      expect(left).toEqual([]);
      expect(text).toContain("باختصار");
      expect(text).toContain("عرض السعر");
    });
  }

  test("links: home, related pages and booking in Arabic; phones left to right", async () => {
    const { doc } = await page("/ar/blanchiment-professionnel");
    const main = doc.querySelector("main")!;
    const hrefs = [...main.querySelectorAll("a[href^='/']")].map((a) => a.getAttribute("href"));
    expect(hrefs).toContain("/ar");
    expect(hrefs).toContain("/ar/esthetique-dentaire");
    expect(hrefs).toContain("/ar/appointment");
    // the related need page, translated since, in Arabic (an untranslated one is left out: care-pages.test.ts)
    expect(hrefs).toContain("/ar/blanchiment-dents");
    const phones = [...main.querySelectorAll("a[href^='tel:']")];
    expect(phones.length).toBeGreaterThanOrEqual(3);
    for (const a of phones) expect(a.querySelector("bdi")?.getAttribute("dir")).toBe("ltr");
  });

  test("the menus of an Arabic page lead to the Arabic treatment pages; the French page keeps its French text", async () => {
    const ar = await page("/ar/implants-dentaires");
    const hrefs = [...ar.doc.querySelectorAll("header a[href^='/'], nav a[href^='/']")].map((a) => a.getAttribute("href"));
    for (const [path] of TREATMENTS_AR) expect(hrefs).toContain(`/ar${path}`);
    const fr = await page("/implants-dentaires");
    const text = (fr.doc.body.textContent ?? "").replace(/\s+/g, " ");
    for (const w of ["Implants dentaires", "En bref", "Prendre RDV", "À lire aussi", "De quoi s'agit-il"]) expect(text).toContain(w);
    expect(fr.doc.querySelector("nav[aria-label=\"Fil d'Ariane\"]")).not.toBeNull();
  });

  test("an unknown /ar care path: the Arabic 404 (all fifteen care pages are translated)", async () => {
    for (const path of ["/ar/implants-dentaire", "/ar/alignement"]) {
      const { res, doc } = await page(path);
      expect(res.status, path).toBe(404);
      expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
      expect(doc.querySelector("h1")?.textContent?.trim()).toBe("الصفحة غير موجودة");
    }
  });

  test("/sitemap.xml lists the Arabic treatment pages with their alternates", async () => {
    const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
    for (const [path] of TREATMENTS_AR) {
      const entry = new RegExp(`<url><loc>${origin}/ar${path}</loc>(.*?)</url>`).exec(xml)?.[1] ?? "";
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${origin}${path}"/>`);
    }
  });
});

describe("the Arabic 404 and the sitemap", () => {
  test("/ar/… that no page claims: 404 in Arabic, right to left; a French-only page says so and links to it", async () => {
    const missing = await page("/ar/nimporte-quoi");
    expect(missing.res.status).toBe(404);
    expect(missing.doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(missing.doc.querySelector("h1")?.textContent?.trim()).toBe("الصفحة غير موجودة");
    const untranslated = await page(`/ar${FRENCH_ONLY}`);
    expect(untranslated.res.status).toBe(404);
    expect(untranslated.doc.querySelector(`main a[href='${FRENCH_ONLY}'][hreflang='fr']`)?.textContent?.trim()).toBe("اقرأ الصفحة بالفرنسية");
    // a French 404 stays French
    const french = await page("/nimporte-quoi");
    expect(french.doc.documentElement.getAttribute("lang")).toBe("fr");
    expect(french.doc.querySelector("h1")?.textContent?.trim()).toBe("Page introuvable");
  });

  test("/sitemap.xml lists / and /ar with their alternates, and a French-only article without", async () => {
    const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = (loc: string) => new RegExp(`<url><loc>${loc}</loc>(.*?)</url>`).exec(xml)?.[1] ?? "";
    const links = [
      `<xhtml:link rel="alternate" hreflang="fr" href="${origin}/"/>`,
      `<xhtml:link rel="alternate" hreflang="ar" href="${origin}/ar"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/"/>`,
    ];
    for (const l of links) {
      expect(entry(`${origin}/`)).toContain(l);
      expect(entry(`${origin}/ar`)).toContain(l);
    }
    // the demo article without its Arabic version: listed alone
    const alone = [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(.*?)<\/url>/g)].filter((m) => !m[2].includes("xhtml:link")).map((m) => new URL(m[1]).pathname);
    expect(alone.length).toBeGreaterThanOrEqual(1);
    for (const p of alone) expect(p).toMatch(/^\/blog\/./);
  });

  test("the Arabic font and its licence are served, cached for a month", async () => {
    const font = await fetch(`${origin}/fonts/ibm-plex-sans-arabic-arabic-400-normal.woff2`);
    expect(font.status).toBe(200);
    expect(font.headers.get("cache-control")).toBe("public, max-age=2592000");
    await font.arrayBuffer();
    const licence = await fetch(`${origin}/fonts/IBM-Plex-Sans-Arabic-LICENSE.txt`);
    expect(await licence.text()).toContain("SIL Open Font License");
  });
});
