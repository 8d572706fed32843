import { describe, expect, it } from "vitest";
import { absoluteUrl, buildRobotsTxt, buildSitemapXml } from "./sitemap";

describe("sitemap.xml", () => {
  it("lists absolute URLs once each, with lastmod and priority", () => {
    const xml = buildSitemapXml("https://clinique.example.dz", [
      { path: "/", priority: 1 },
      { path: "/gallery", priority: 0.8 },
      { path: "/gallery", priority: 0.1 },
      { path: "/blog/3-implant-dentaire", lastmod: "2026-02-03T10:00:00.000Z", priority: 0.6 },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://clinique.example.dz/</loc><priority>1.0</priority></url>");
    expect(xml.match(/<loc>https:\/\/clinique\.example\.dz\/gallery<\/loc>/g)).toHaveLength(1);
    expect(xml).toContain("<loc>https://clinique.example.dz/blog/3-implant-dentaire</loc><lastmod>2026-02-03</lastmod><priority>0.6</priority>");
  });

  it("escapes and encodes what XML and URLs need", () => {
    const xml = buildSitemapXml("http://127.0.0.1:4321/", [{ path: "/recherche?q=a&b=<c>" }, { path: "/dents-écartées", lastmod: "pas une date" }]);
    expect(xml).toContain("<loc>http://127.0.0.1:4321/recherche?q=a&amp;b=%3Cc%3E</loc>");
    expect(xml).toContain("<loc>http://127.0.0.1:4321/dents-%C3%A9cart%C3%A9es</loc>");
    expect(xml).not.toContain("<lastmod>");
  });

  it("joins origin and path without double slashes", () => {
    expect(absoluteUrl("https://a.dz/", "/b")).toBe("https://a.dz/b");
    expect(absoluteUrl("https://a.dz", "/")).toBe("https://a.dz/");
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of /admin and /login and names the sitemap", () => {
    const txt = buildRobotsTxt("https://clinique.example.dz");
    expect(txt.split("\n")).toEqual(expect.arrayContaining(["User-agent: *", "Disallow: /admin", "Disallow: /login", "Disallow: /mot-de-passe-oublie", "Disallow: /reinitialiser-mot-de-passe/", "Sitemap: https://clinique.example.dz/sitemap.xml"]));
  });
});
