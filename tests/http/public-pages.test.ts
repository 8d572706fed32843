import { Window } from "happy-dom";
import { afterAll, describe, expect, test } from "vitest";
import { PUBLIC_ROUTES } from "../../app/content/public-routes";
import { startAppServer } from "./app-server";

/**
 * What the public site answers without a browser: no internal link reachable from / answers 404,
 * /sitemap.xml lists every public route, /robots.txt keeps crawlers out of the staff area, and the
 * page cache (docs/architecture.md, "Page cache") serves stored pages to visitors without a
 * cookie only, with their headers, and revalidates them; every public page's head (status, lang,
 * one h1, title, description, canonical link, Open Graph tags, the CSP). What a browser sees of
 * these pages (axe, console errors, CSP issues, the layout at every width) is
 * tests/e2e/layout-widths.spec.ts, tests/e2e/public-routes.spec.ts and tests/e2e/page-cache.spec.ts.
 */
const server = await startAppServer();
afterAll(() => server.close());
const origin = server.origin;
const STATIC_PATHS = [...new Set([...PUBLIC_ROUTES.map((r) => r.path), "/login"])];

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers, redirect: "manual" });

/** An anonymous GET until the store answers (the first answer is rendered, then stored). */
async function storedPage(path: string): Promise<Response> {
  await (await get(path)).arrayBuffer();
  for (let i = 0; i < 50; i++) {
    const res = await get(path);
    if (res.headers.get("x-cache") === "HIT") return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} was never served from the store`);
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("link crawl", () => {
  test("no internal link reachable from / answers 404", { timeout: 180_000 }, async () => {
    const skip = (path: string) => path === "/logout" || path === "/admin" || path.startsWith("/admin/");
    const queue = ["/"];
    const seen = new Set(queue);
    const broken: string[] = [];
    while (queue.length > 0 && seen.size < 1000) {
      const path = queue.shift()!;
      const res = await fetch(`${origin}${path}`);
      if (res.status === 404) {
        broken.push(path);
        await res.arrayBuffer();
        continue;
      }
      const html = await res.text();
      if (!(res.headers.get("content-type") ?? "").includes("text/html")) continue;
      for (const m of html.matchAll(/<a\s[^>]*?href="([^"]+)"/g)) {
        const href = m[1].replace(/&amp;/g, "&");
        if (/^(mailto:|tel:|javascript:|#)/.test(href)) continue;
        const url = new URL(href, origin + path);
        if (url.origin !== origin) continue;
        const next = url.pathname + url.search;
        if (skip(url.pathname) || seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect(seen.size, "the crawl reached the site's pages").toBeGreaterThan(STATIC_PATHS.length);
    expect(broken, "internal links answering 404").toEqual([]);
  });
});

/** Every public page: the static routes, /login, and every address of /sitemap.xml (blog articles, syllabus pages). */
async function everyPublicPath(): Promise<string[]> {
  const xml = await (await get("/sitemap.xml")).text();
  const sitemap = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const u = new URL(m[1].replace(/&amp;/g, "&"));
    return decodeURI(u.pathname) + u.search;
  });
  return [...new Set([...STATIC_PATHS, ...sitemap])];
}

describe("every public page's head", () => {
  test("answers 200 with lang fr, exactly one h1, its own title, description, canonical link and Open Graph tags, under a CSP without 'unsafe-eval'", { timeout: 120_000 }, async () => {
    const paths = await everyPublicPath();
    expect(paths.some((p) => p.startsWith("/blog/")) && paths.some((p) => p.startsWith("/syllabus/")), "the seeded articles and formation are in the sitemap").toBe(true);
    const window = new Window();
    const problems: string[] = [];
    for (const path of paths) {
      const res = await get(path);
      if (res.status !== 200) {
        problems.push(`${path}: status ${res.status}`);
        await res.arrayBuffer();
        continue;
      }
      const csp = res.headers.get("content-security-policy") ?? "";
      if (!csp.includes("script-src") || csp.includes("unsafe-eval")) problems.push(`${path}: CSP ${csp || "missing"}`);
      const doc = new window.DOMParser().parseFromString(await res.text(), "text/html");
      const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name)?.trim() ?? "";
      const h1 = doc.querySelectorAll("h1");
      // French, or Arabic under /ar (tests/http/arabic.test.ts)
      if (doc.documentElement.getAttribute("lang") !== (/^\/ar(\/|$)/.test(path) ? "ar-DZ" : "fr")) problems.push(`${path}: lang`);
      if (h1.length !== 1 || !h1[0].textContent?.trim()) problems.push(`${path}: ${h1.length} h1`);
      if (!doc.querySelector("title")?.textContent?.trim()) problems.push(`${path}: title`);
      if (!attr('meta[name="description"]', "content")) problems.push(`${path}: description`);
      const canonical = attr('link[rel="canonical"]', "href");
      if (!canonical || new URL(canonical).pathname !== new URL(path, origin).pathname) problems.push(`${path}: canonical ${canonical}`);
      for (const og of ["og:title", "og:description", "og:url"]) if (doc.querySelectorAll(`meta[property="${og}"]`).length !== 1) problems.push(`${path}: ${og}`);
    }
    await window.happyDOM.close();
    expect(problems).toEqual([]);
  });
});

describe("sitemap and robots", () => {
  test("/sitemap.xml is XML and lists every public route, but not /login or /admin", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    // (and the xhtml namespace of the language alternates, tests/http/arabic.test.ts)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    for (const r of PUBLIC_ROUTES.filter((r) => r.sitemap !== false)) {
      expect(xml, r.path).toContain(`<loc>${origin}${r.path}</loc>`);
    }
    expect(xml).not.toContain(`<loc>${origin}/login</loc>`);
    expect(xml).not.toMatch(/<loc>[^<]*\/admin/);
    // dynamic pages: the seeded blog articles and the active formation's syllabus
    expect(xml).toMatch(new RegExp(`<loc>${origin}/blog/\\d+-[a-z0-9-]+</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>${origin}/syllabus/\\d+</loc>`));
  });

  test("/robots.txt keeps crawlers out of /admin and /login and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /login");
    expect(lines).toContain("Disallow: /rdv/");
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe("stored public pages", () => {
  test("two visitors with a cookie get pages rendered for them, each with its own nonce", async () => {
    const a = await get("/blog", { cookie: "preference=a" });
    const b = await get("/blog", { cookie: "preference=a" });
    const [na, nb] = [nonceOf(a.headers.get("content-security-policy")), nonceOf(b.headers.get("content-security-policy"))];
    expect(na).toBeTruthy();
    expect(na).not.toBe(nb);
    expect(await a.text()).toContain(`nonce="${na}"`);
    await b.arrayBuffer();
    expect([a.headers.get("x-cache"), b.headers.get("x-cache")]).toEqual([null, null]);
  });

  test("/sitemap.xml, /robots.txt, a 404 keep their status and headers; a stored page answers If-None-Match with 304", async () => {
    for (let i = 0; i < 2; i++) {
      const sitemap = await get("/sitemap.xml");
      expect([sitemap.status, sitemap.headers.get("content-type"), sitemap.headers.get("cache-control"), sitemap.headers.get("x-cache")]).toEqual([200, "application/xml; charset=utf-8", "public, max-age=3600", null]);
      const robots = await get("/robots.txt");
      expect([robots.status, robots.headers.get("content-type")?.startsWith("text/plain"), robots.headers.get("x-cache")]).toEqual([200, true, null]);
      const missing = await get("/page-qui-n-existe-pas");
      expect([missing.status, missing.headers.get("x-cache")]).toEqual([404, null]);
      const missingArticle = await get("/blog/999999-introuvable");
      expect([missingArticle.status, missingArticle.headers.get("x-cache")]).toEqual([404, null]);
      await Promise.all([sitemap, robots, missing, missingArticle].map((r) => r.arrayBuffer()));
    }
    const stored = await storedPage("/blog");
    const etag = stored.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await get("/blog", { "if-none-match": etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("content-security-policy")).toBe(stored.headers.get("content-security-policy"));
  });
});

describe("a site still showing demo facts says so (issue 30)", () => {
  test("the footer of every page says 'Site de démonstration — informations d'exemple', and the legal pages say it at the top", async () => {
    for (const path of ["/", "/gallery", "/appointment"]) {
      const html = await (await get(path)).text();
      expect(html, path).toContain("Site de démonstration — informations d&#x27;exemple");
    }
    for (const path of ["/mentions-legales", "/politique-de-confidentialite"]) {
      const doc = new Window().document;
      doc.body.innerHTML = await (await get(path)).text();
      const note = doc.querySelector("main [role='note']");
      expect(note?.textContent, path).toContain("Site de démonstration — informations d'exemple.");
      expect(note?.textContent, path).toContain("exemples inventés");
    }
  });
});
