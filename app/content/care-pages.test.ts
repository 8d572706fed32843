import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ARABIC_PAGES, hasArabic } from "~/i18n/locale";
import { CARE_PAGES_AR, findCarePageAr, relatedLinksAr } from "./care-pages-ar";
import { CARE_PAGES, carePageLink, findCarePage } from "./care-pages";
import { CLEAN_PAGE } from "./clean";
import { NEED_LINKS, TREATMENT_LINKS } from "./navigation";

const ALL = [...CARE_PAGES, CLEAN_PAGE];

describe("care pages content", () => {
  it("has one page per menu link of 'VOTRE BESOIN' and 'NOS SOINS ET TRAITEMENTS', and nothing else", () => {
    const menuPaths = [...TREATMENT_LINKS, ...NEED_LINKS].map((l) => l.to).sort();
    expect(CARE_PAGES.map((p) => `/${p.slug}`).sort()).toEqual(menuPaths);
    expect(CARE_PAGES).toHaveLength(15);
  });

  it("finds a page by slug, and nothing for /clean (own route) or unknown slugs", () => {
    expect(findCarePage("implants-dentaires")?.title).toBe("Implants dentaires");
    expect(findCarePage("clean")).toBeUndefined();
    expect(findCarePage("n-existe-pas")).toBeUndefined();
    expect(findCarePage(undefined)).toBeUndefined();
  });

  for (const page of ALL) {
    describe(`/${page.slug}`, () => {
      it("has a title, a lead, a meta description of a sensible length and at least three paragraphs", () => {
        expect(page.title.length).toBeGreaterThan(5);
        expect(page.lead.length).toBeGreaterThan(80);
        expect(page.description.length).toBeGreaterThanOrEqual(70);
        expect(page.description.length).toBeLessThanOrEqual(160);
        const paragraphs = page.sections.flatMap((s) => s.paragraphs);
        expect(paragraphs.length).toBeGreaterThanOrEqual(3);
        for (const p of paragraphs) expect(p.length).toBeGreaterThan(60);
      });

      it("speaks of costs soberly: they vary, financing exists, ask for a personalised quote", () => {
        const text = page.sections.flatMap((s) => s.paragraphs).join(" ");
        expect(text).toMatch(/devis personnalisé/);
        expect(text).toMatch(/facilités de paiement/);
        expect(text).not.toMatch(/garanti|100 ?%|résultat assuré|sans aucun risque/i);
      });

      it("uses an illustration that exists, with dimensions and a French alt text", () => {
        expect(fs.existsSync(path.join("public", page.image.src))).toBe(true);
        expect(page.image.width).toBeGreaterThan(0);
        expect(page.image.height).toBeGreaterThan(0);
        expect(page.image.alt).toMatch(/^Illustration/);
      });

      it("has the product's call to action and related pages that exist", () => {
        expect(["Prendre RDV", "Contactez-nous"]).toContain(page.cta);
        expect(page.keyPoints.length).toBeGreaterThanOrEqual(3);
        for (const slug of page.related) {
          expect(slug).not.toBe(page.slug);
          expect(carePageLink(slug)).toBeDefined();
        }
      });
    });
  }

  it("gives 'Prendre RDV' to the three pages the product names", () => {
    for (const slug of ["remplacement-complet-implants", "correction-sourire-gingival", "correction-sourires-edentes"]) {
      expect(findCarePage(slug)?.cta).toBe("Prendre RDV");
    }
  });
});

describe("care pages in Arabic (docs/decisions/029-arabic.md)", () => {
  const ARABIC_LETTER = /[\u0600-\u06FF]/;
  const LATIN = /[A-Za-zÀ-ÿ]/;

  it("each Arabic page is its French page's twin: slug, kind, picture, call to action, related pages, as many sections, paragraphs and facts", () => {
    expect(CARE_PAGES_AR.length).toBeGreaterThanOrEqual(5);
    for (const ar of CARE_PAGES_AR) {
      const fr = findCarePage(ar.slug)!;
      expect(fr, ar.slug).toBeDefined();
      expect(findCarePageAr(ar.slug)).toBe(ar);
      expect([ar.kind, ar.cta, ar.related, ar.image.width, ar.image.height]).toEqual([fr.kind, fr.cta, fr.related, fr.image.width, fr.image.height]);
      // the same drawing, its labels in Arabic
      expect(ar.image.src).toBe(fr.image.src.replace(/\.svg$/, "-ar.svg"));
      expect(fs.existsSync(path.join("public", ar.image.src)), ar.image.src).toBe(true);
      const svg = fs.readFileSync(path.join("public", ar.image.src), "utf8");
      for (const label of svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)) expect(label[1], ar.image.src).toMatch(/^[\u0600-\u06FF\s]+$/);
      expect(ar.sections.map((s) => s.paragraphs.length)).toEqual(fr.sections.map((s) => s.paragraphs.length));
      expect(ar.keyPoints).toHaveLength(fr.keyPoints.length);
    }
    expect(findCarePageAr("n-existe-pas")).toBeUndefined();
    expect(findCarePageAr(undefined)).toBeUndefined();
  });

  it("every text is in Arabic, without a Latin word; the description fits a search result; costs as soberly as in French", () => {
    for (const ar of CARE_PAGES_AR) {
      const texts = [ar.title, ar.metaTitle, ar.description, ar.lead, ar.image.alt, ...ar.sections.flatMap((s) => [s.heading, ...s.paragraphs]), ...ar.keyPoints.flatMap((k) => [k.label, k.value])];
      for (const text of texts) {
        expect(ARABIC_LETTER.test(text), `${ar.slug}: ${text}`).toBe(true);
        expect(LATIN.test(text), `${ar.slug}: ${text}`).toBe(false);
      }
      expect(ar.description.length, ar.slug).toBeLessThanOrEqual(160);
      const budget = ar.sections.at(-1)!.paragraphs.join(" ");
      expect(budget).toContain("عرض السعر");
      expect(budget).toContain("تسهيلات للدفع");
    }
  });

  it("the related links of an Arabic page are only the pages that exist in Arabic, with their Arabic titles (all fifteen care pages and /clean are)", () => {
    const whitening = findCarePageAr("blanchiment-professionnel")!;
    const links = relatedLinksAr(whitening);
    expect(links.map((l) => l.to)).toEqual(["/blanchiment-dents", "/esthetique-dentaire", "/soins-conservateurs"]);
    expect(links[1].label).toBe("تجميل الأسنان");
    for (const page of CARE_PAGES_AR) {
      const related = relatedLinksAr(page);
      expect(related.map((l) => l.to), page.slug).toEqual(page.related.map((s) => `/${s}`));
      for (const l of related) {
        expect(hasArabic(l.to)).toBe(true);
        expect(l.label).toMatch(/^[\u0600-\u06FF\s]+$/);
      }
    }
  });

  it("every Arabic care page has its /ar route (ARABIC_PAGES), and every care page there has its Arabic copy", () => {
    const carePaths = new Set(CARE_PAGES.map((p) => `/${p.slug}`));
    const routed = ARABIC_PAGES.filter((p) => carePaths.has(p.path)).map((p) => p.path);
    expect(routed.sort()).toEqual(CARE_PAGES_AR.map((p) => `/${p.slug}`).sort());
    for (const p of ARABIC_PAGES.filter((p) => carePaths.has(p.path))) expect(p.file).toBe("routes/$slug.tsx");
  });
});
