import { Window } from "happy-dom";

/**
 * The rules of tests/http/arabic-scan.test.ts as a helper, for an Arabic page that the sitemap
 * cannot list (a personal page opened by a token: /ar/offre/<token>, /ar/rappel/<token>): its
 * text, title, description and spoken attributes hold no word in Latin letters, but inside an
 * element in another language (`lang="fr"`) or isolated left to right (`<bdi>`, `dir="ltr"`, the
 * U+2066…U+2069 runs of a plain string) and the names of services linked (BRANDS).
 * The one set of rules: tests/http/arabic-scan.test.ts reads every page with it.
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

/** The French (Latin) words an Arabic page's HTML leaves where a reader sees or hears them, and its <html> lang and dir. */
export async function scanArabicPage(html: string): Promise<{ dir: string | null; lang: string | null; found: string[] }> {
  const window = new Window();
  try {
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
  } finally {
    await window.happyDOM.close();
  }
}
