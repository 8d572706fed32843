import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clinic } from "./clinic";
import { DOCTOR_COUNTERS, DOCTOR_DIPLOMAS } from "./doctor";
import { GALLERY_ITEMS } from "./gallery";
import { LANDING, REVEAL_DURATIONS } from "./landing";
import { DATA_PROCESSINGS, HOST } from "./legal";
import { LEGAL_LINKS, MENUS, DIRECT_LINKS, BOOKING_LINK } from "./navigation";
import { PUBLIC_ROUTES } from "./public-routes";

describe("doctor page content", () => {
  it("counts to 30 years, 7000 patients and 200 surgeries from the clinic identity", () => {
    expect(DOCTOR_COUNTERS.map((c) => c.value)).toEqual([30, 7000, 200]);
    expect(DOCTOR_COUNTERS.map((c) => c.value)).toEqual([clinic.figures.yearsOfExperience, clinic.figures.patients, clinic.figures.surgeries]);
  });

  it("lists seven diplomas in chronological order", () => {
    expect(DOCTOR_DIPLOMAS).toHaveLength(7);
    const years = DOCTOR_DIPLOMAS.map((d) => d.year);
    expect([...years].sort((a, b) => a - b)).toEqual(years);
    for (const d of DOCTOR_DIPLOMAS) expect(d.institution).not.toBe("");
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
    expect(HOST.name).not.toBe("");
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
