import type { Window } from "happy-dom";

/**
 * The reading of tests/http/arabic-scan.test.ts, for a page's HTML already fetched (a form's
 * answer to a post, a personal link's page): every word in Latin letters a visitor or a screen
 * reader meets outside an element in another language (`lang="fr"`) or isolated left to right
 * (<bdi>, dir="ltr", U+2066…U+2069 in a text), but for the names of services (BRANDS).
 */
const BRANDS = new Set(["WhatsApp", "OpenStreetMap", "Google", "Maps", "Facebook", "Instagram"]);
const LATIN_WORD = /[A-Za-zÀ-ÖØ-öø-ÿŒœ]{2,}/g;
const SPOKEN_ATTRIBUTES = ["alt", "title", "aria-label", "placeholder", "aria-roledescription"];
const ISOLATED = /[\u2066\u2067\u2068][^\u2069]*\u2069/g;

type El = { tagName: string; getAttribute(name: string): string | null; parentElement: El | null };

function exempt(el: El | null): boolean {
  for (let e = el; e; e = e.parentElement) {
    const tag = e.tagName.toLowerCase();
    if (tag === "body") return false;
    if (tag === "script" || tag === "style" || tag === "template" || tag === "noscript") return true;
    if (tag === "bdi" || e.getAttribute("dir") === "ltr") return true;
    const lang = e.getAttribute("lang");
    if (lang && !lang.startsWith("ar")) return true;
  }
  return false;
}

const latinWords = (text: string) => (text.replace(ISOLATED, " ").match(LATIN_WORD) ?? []).filter((w) => !BRANDS.has(w));

/** The French (Latin) words left on an Arabic page, with where they are; and its <html> lang and dir. */
export function frenchLeftIn(window: Window, html: string): { dir: string | null; lang: string | null; found: string[] } {
  const doc = new window.DOMParser().parseFromString(html, "text/html");
  const found: string[] = [];
  const note = (where: string, text: string) => {
    const words = latinWords(text);
    if (words.length) found.push(`${where}: ${words.join(" ")} («${text.trim().slice(0, 80)}»)`);
  };
  note("<title>", doc.title);
  const description = doc.querySelector('meta[name="description"]')?.getAttribute("content");
  if (description) note("description", description);
  const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement as unknown as El | null;
    if (!node.textContent?.trim() || exempt(parent)) continue;
    note(`<${parent?.tagName.toLowerCase()}>`, node.textContent);
  }
  for (const el of doc.body.querySelectorAll(SPOKEN_ATTRIBUTES.map((a) => `[${a}]`).join(","))) {
    if (exempt(el as unknown as El)) continue;
    for (const a of SPOKEN_ATTRIBUTES) {
      const value = el.getAttribute(a);
      if (value) note(`${el.tagName.toLowerCase()}[${a}]`, value);
    }
  }
  return { dir: doc.documentElement.getAttribute("dir"), lang: doc.documentElement.getAttribute("lang"), found };
}
