import { describe, expect, test } from "vitest";
import { DIRECT_LINKS, LEGAL_LINKS, MENUS, BOOKING_LINK, WORKSPACE_LINK } from "~/content/navigation";
import { HOME } from "~/content/home";
import { DEMO_SITE_NOTICE } from "~/lib/demo-facts";
import { ar } from "./ar";
import { fr } from "./fr";
import { alternatePath, fill, frenchPathOf, localeOf, localizedPath, t } from "./index";

/** Every leaf of a nested catalogue, dotted key → text. */
function leaves(obj: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === "string") out.set(`${prefix}${k}`, v);
    else if (v && typeof v === "object") for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const ARABIC_LETTER = /[\u0600-\u06FF]/;

describe("the catalogue", () => {
  const frLeaves = leaves(fr);
  const arLeaves = leaves(ar);

  test("Arabic has exactly the French keys, none empty", () => {
    expect([...arLeaves.keys()].sort()).toEqual([...frLeaves.keys()].sort());
    for (const [key, text] of [...frLeaves, ...arLeaves]) expect(text.trim(), key).not.toBe("");
  });

  test("each Arabic text has the French one's placeholders", () => {
    for (const [key, text] of frLeaves) expect(placeholders(arLeaves.get(key) ?? ""), key).toEqual(placeholders(text));
  });

  test("the Arabic texts hold no Latin word (but the switch to French, written in French)", () => {
    for (const [key, text] of arLeaves) {
      if (key.startsWith("languageSwitch.")) continue;
      expect(/[A-Za-zÀ-ÿ]/.test(text.replace(/\{\w+\}/g, "")), `${key}: ${text}`).toBe(false);
    }
  });

  test("every link of the menus, footer and buttons has its label in both languages, the French one as the menus write it", () => {
    const links = [...MENUS.flatMap((m) => m.links), ...DIRECT_LINKS, ...LEGAL_LINKS, BOOKING_LINK, WORKSPACE_LINK];
    for (const l of links) {
      expect((fr.pages as Record<string, string>)[l.to], l.to).toBe(l.label);
      expect((ar.pages as Record<string, string>)[l.to], l.to).toMatch(ARABIC_LETTER);
    }
    for (const m of MENUS) expect((fr.menus as Record<string, string>)[m.id]).toBe(m.label);
    expect(fr.footer.demoNotice).toBe(DEMO_SITE_NOTICE);
  });

  test("t fills the placeholders in the page's language", () => {
    expect(t("fr", "layout.homeOf", { name: "Clinique" })).toBe("Clinique — accueil");
    expect(t("ar", "layout.homeOf", { name: "عيادة" })).toBe("عيادة — الصفحة الرئيسية");
    expect(t("ar", "carousel.position", { index: 1, count: 3 })).toBe("1 من 3");
    expect(fill("{a} et {b}", { a: 1 })).toBe("1 et {b}");
  });

  test("the home page's copy: the same shape in both languages, the Arabic in Arabic", () => {
    const shape = (o: object): string[] => [...leaves(o).keys()].sort();
    expect(shape(HOME.ar)).toEqual(shape(HOME.fr));
    for (const [key, text] of leaves(HOME.ar)) {
      if (/\.(src|to|more|id)$|image$/.test(key) || /^\//.test(text)) continue;
      expect(ARABIC_LETTER.test(text), `${key}: ${text}`).toBe(true);
    }
    for (const [key, text] of leaves(HOME.ar.labels)) expect(placeholders(text), key).toEqual(placeholders((HOME.fr.labels as Record<string, string>)[key]));
  });
});

describe("the language of a URL", () => {
  test("/ar and /ar/… are Arabic, everything else French", () => {
    expect(localeOf("/ar")).toBe("ar");
    expect(localeOf("/ar/implants-dentaires")).toBe("ar");
    expect(localeOf("/")).toBe("fr");
    expect(localeOf("/arabesque")).toBe("fr");
    expect(frenchPathOf("/ar")).toBe("/");
    expect(frenchPathOf("/ar/gallery")).toBe("/gallery");
  });

  test("links go to the Arabic page only where it exists; the switch only where the other language exists", () => {
    expect(localizedPath("ar", "/")).toBe("/ar");
    expect(localizedPath("ar", "/#galerie")).toBe("/ar#galerie");
    expect(localizedPath("ar", "/gallery")).toBe("/ar/gallery");
    expect(localizedPath("ar", "/login")).toBe("/login");
    expect(localizedPath("fr", "/")).toBe("/");
    expect(alternatePath("/")).toBe("/ar");
    expect(alternatePath("/ar")).toBe("/");
    expect(alternatePath("/login")).toBeNull();
    expect(alternatePath("/ar/nimporte")).toBeNull();
  });

  test("switches the pages of stored rows too (an article, a syllabus, a certificate's check, a personal page)", () => {
    expect(alternatePath("/blog/les-implants")).toBe("/ar/blog/les-implants");
    expect(alternatePath("/ar/blog/les-implants")).toBe("/blog/les-implants");
    expect(alternatePath("/syllabus/7")).toBe("/ar/syllabus/7");
    expect(alternatePath("/attestation/ABCD-1234")).toBe("/ar/attestation/ABCD-1234");
    expect(alternatePath("/ar/rdv/tok_en")).toBe("/rdv/tok_en");
    expect(alternatePath("/rdv/tok_en/calendrier.ics")).toBeNull();
    expect(alternatePath("/blog/a/b")).toBeNull();
  });
});
