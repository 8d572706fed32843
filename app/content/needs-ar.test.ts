import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CLINIC } from "~/lib/clinic";
import { findCarePageAr } from "./care-pages-ar";
import { CLEAN_PAGE } from "./clean";
import { CLEAN_PAGE_AR } from "./clean-ar";
import { LANDING, LANDING_AR } from "./landing";
import { NEED_PAGES } from "./needs";
import { NEED_PAGES_AR } from "./needs-ar";

/**
 * The need pages, /clean and /dentist in Arabic (issue 32): twins of the French records, every
 * text in Arabic letters (the map service's name aside, which the page isolates in <bdi>).
 */
const LATIN_WORD = /[A-Za-zÀ-ÿ]+/g;
const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** Every string a value holds; functions called with the demo clinic. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return texts((value as (c: typeof DEMO_CLINIC) => unknown)(DEMO_CLINIC));
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => (["to", "src", "slug", "kind", "cta", "related"].includes(k) ? [] : texts(v)));
  return [];
}

describe("the need pages in Arabic", () => {
  it("are the ten French need pages, in the same order, each found at its /ar path", () => {
    expect(NEED_PAGES_AR.map((p) => p.slug)).toEqual(NEED_PAGES.map((p) => p.slug));
    for (const p of NEED_PAGES_AR) expect(findCarePageAr(p.slug)).toBe(p);
  });
});

describe("/ar/clean", () => {
  it("is CLEAN_PAGE's twin, its own route's (not the care pages' one), every text in Arabic", () => {
    expect([CLEAN_PAGE_AR.slug, CLEAN_PAGE_AR.kind, CLEAN_PAGE_AR.cta, CLEAN_PAGE_AR.related, CLEAN_PAGE_AR.image.src]).toEqual([
      CLEAN_PAGE.slug,
      CLEAN_PAGE.kind,
      CLEAN_PAGE.cta,
      CLEAN_PAGE.related,
      CLEAN_PAGE.image.src,
    ]);
    expect(CLEAN_PAGE_AR.sections.map((s) => s.paragraphs.length)).toEqual(CLEAN_PAGE.sections.map((s) => s.paragraphs.length));
    expect(findCarePageAr("clean")).toBeUndefined();
    for (const text of texts(CLEAN_PAGE_AR)) {
      expect(ARABIC_LETTER.test(text), text).toBe(true);
      expect(text.match(LATIN_WORD), text).toBeNull();
    }
    expect(CLEAN_PAGE_AR.description.length).toBeLessThanOrEqual(160);
  });
});

describe("/ar/dentist", () => {
  it("has every section and button of the French page, leading to the same pages", () => {
    expect(Object.keys(LANDING_AR).filter((k) => k !== "pictures")).toEqual(Object.keys(LANDING));
    const targets = (l: typeof LANDING_AR) => [l.redo.button.to, l.bookOnline.button.to, l.veneers.button.to, l.closing.button.to];
    expect(targets(LANDING_AR)).toEqual(targets(LANDING));
    expect(LANDING_AR.redo.points).toHaveLength(LANDING.redo.points.length);
    expect(LANDING_AR.veneers.steps).toHaveLength(LANDING.veneers.steps.length);
    expect(LANDING_AR.investment.cards).toHaveLength(LANDING.investment.cards.length);
  });

  it("every text in Arabic, the clinic named in Arabic; no Latin word but the map service's name", () => {
    for (const text of texts(LANDING_AR)) {
      expect(ARABIC_LETTER.test(text), text).toBe(true);
      expect((text.match(LATIN_WORD) ?? []).filter((w) => w !== "OpenStreetMap"), text).toEqual([]);
    }
    expect(LANDING_AR.hero.byline(DEMO_CLINIC)).toContain("الدكتور نذير حمدي");
    expect(LANDING_AR.map.text(DEMO_CLINIC)).toContain("القبة");
  });

  it("its drawings exist; the one with a label is the Arabic copy", () => {
    for (const d of Object.values(LANDING_AR.pictures!)) expect(fs.existsSync(path.join("public", d.src)), d.src).toBe(true);
    const svg = fs.readFileSync(path.join("public", LANDING_AR.pictures!.veneers.src), "utf8");
    for (const label of svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)) expect(label[1]).toMatch(/^[\u0600-\u06FF\s]+$/);
  });
});
