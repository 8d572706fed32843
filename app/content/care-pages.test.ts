import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
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
