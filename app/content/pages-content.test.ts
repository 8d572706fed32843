import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import { formatFigure } from "~/lib/format";
import { doctorCounters } from "./doctor";
import { hero } from "./home";
import { GALLERY_ITEMS } from "./gallery";
import { LANDING, REVEAL_DURATIONS } from "./landing";
import { DATA_PROCESSINGS } from "./legal";
import { LEGAL_LINKS, MENUS, DIRECT_LINKS, BOOKING_LINK } from "./navigation";
import { PUBLIC_ROUTES } from "./public-routes";

describe("doctor page content", () => {
  it("counts to 30 years, 7000 patients and 200 surgeries from the demo identity, at SPEC's pace", () => {
    const counters = doctorCounters(DEMO_CLINIC);
    expect(counters.map((c) => c.value)).toEqual([30, 7000, 200]);
    // 1 every 80 ms, 100 every 30 ms, 5 every 40 ms
    expect(counters.map((c) => [c.step, c.intervalMs])).toEqual([
      [1, 80],
      [100, 30],
      [5, 40],
    ]);
  });

  it("counts to the stored figures, and each counter ends on the text every page shows", () => {
    const stored: Clinic = { ...DEMO_CLINIC, figures: { ...DEMO_CLINIC.figures, yearsOfExperience: 12, patients: 12_345, surgeries: 1 } };
    const counters = doctorCounters(stored);
    expect(counters.map((c) => c.value)).toEqual([12, 12_345, 1]);
    // the last frame of a count-up is `${formatNumber(value)}${suffix}`: the same as formatFigure
    expect(counters.map((c) => `${c.prefix}${c.value.toString()}${c.suffix}`)).toEqual(["12+", "12345+", "1+"]);
    expect(formatFigure(12_345)).toBe("12\u202f345+");
    expect(hero.claims(stored).map((c) => c.value)).toEqual(["12\u202f345+", "12+", String(stored.figures.since)]);
    expect(hero.claims(DEMO_CLINIC)[0].value).toBe("7\u202f000+");
  });

  it("the demo identity lists seven diplomas in chronological order", () => {
    expect(DEMO_CLINIC.diplomas).toHaveLength(7);
    const years = DEMO_CLINIC.diplomas.map((d) => d.year);
    expect([...years].sort((a, b) => a - b)).toEqual(years);
    for (const d of DEMO_CLINIC.diplomas) expect(d.institution).not.toBe("");
  });
});

describe("landing page content", () => {
  it("keeps the product's texts to the letter and links", () => {
    expect(LANDING.hero.headline).toBe("LE SOURIRE DE VOS RÊVES À MILIANA");
    expect(LANDING.redo.button).toEqual({ label: "GALERIE DES VISAGES AVANT & APRÈS", to: "/gallery" });
    expect(LANDING.bookOnline.button).toEqual({ label: "PRENEZ RDV EN LIGNE", to: "/appointment" });
    expect(LANDING.veneers.badge).toBe("Solution Premium");
    expect(LANDING.veneers.button).toEqual({ label: "VOIR LES ÉTAPES EN IMAGES", to: "/gallery" });
    expect(LANDING.closing.button).toEqual({ label: "PRENDRE RENDEZ-VOUS", to: "/appointment" });
    expect(REVEAL_DURATIONS).toEqual([0.6, 0.7, 0.8]);
  });
});

describe("gallery content", () => {
  it("has the 'Blanchiment dentaire' card with before and after pictures that exist", () => {
    const item = GALLERY_ITEMS.find((g) => g.treatment === "Blanchiment dentaire");
    expect(item).toBeDefined();
    for (const g of GALLERY_ITEMS) {
      expect(fs.existsSync(path.join("public", g.before.src))).toBe(true);
      expect(fs.existsSync(path.join("public", g.after.src))).toBe(true);
      expect(g.before.src).not.toBe(g.after.src);
    }
  });
});

describe("legal content", () => {
  it("names a host and covers the booking and enrolment forms with a retention period", () => {
    expect(DEMO_CLINIC.legal.host.name).not.toBe("");
    const ids = DATA_PROCESSINGS.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining(["rendez-vous", "formation"]));
    expect(DATA_PROCESSINGS.find((d) => d.id === "rendez-vous")?.retention).toMatch(/jamais confirmée est anonymisée/);
    expect(DATA_PROCESSINGS.find((d) => d.id === "formation")?.retention).toMatch(/3 ans/);
  });
});

describe("public routes list", () => {
  const paths = PUBLIC_ROUTES.map((r) => r.path);

  it("has no duplicates", () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("holds every page the menus, the footer and the booking link lead to", () => {
    const linked = [...MENUS.flatMap((m) => m.links), ...DIRECT_LINKS, ...LEGAL_LINKS, BOOKING_LINK].map((l) => l.to);
    for (const p of linked) expect(paths).toContain(p);
  });

  it("keeps the staff area out", () => {
    for (const p of paths) expect(p.startsWith("/admin")).toBe(false);
  });
});
