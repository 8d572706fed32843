import { Window } from "happy-dom";
import { afterAll } from "vitest";

/**
 * Reading the server's pages as a visitor's browser parses them (happy-dom), for the http tests:
 * `page(path)` fetches without following redirects and gives the answer, its HTML and its document.
 */
export function pageReader(origin: string) {
  const window = new Window();
  afterAll(async () => {
    await window.happyDOM.close();
  });
  const parse = (html: string) => new window.DOMParser().parseFromString(html, "text/html");
  async function page(path: string, init?: RequestInit) {
    const res = await fetch(`${origin}${path}`, { redirect: "manual", ...init });
    const html = await res.text();
    return { res, html, doc: parse(html) };
  }
  return { parse, page };
}

export type Doc = ReturnType<ReturnType<typeof pageReader>["parse"]>;

/** The page's language alternates: hreflang → address. */
export const alternatesOf = (doc: Doc) =>
  Object.fromEntries([...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]));
