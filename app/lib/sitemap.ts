/** sitemap.xml and robots.txt as text (pure functions; the resource routes feed them). */
export interface SitemapEntry {
  /** root-relative path, e.g. "/gallery" */
  path: string;
  /** ISO date-time of the last change */
  lastmod?: string | null;
  priority?: number;
  /** the same page in each language (hreflang → root-relative path), listed as xhtml:link alternates */
  alternates?: { hreflang: string; path: string }[];
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Join an origin ("https://exemple.dz") and a path, percent-encoding what a URL needs encoded. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin.replace(/\/+$/, "")}/`).href;
}

/** A sitemaps.org urlset; duplicate paths are listed once (first wins). */
export function buildSitemapXml(origin: string, entries: SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const e of entries) {
    if (seen.has(e.path)) continue;
    seen.add(e.path);
    const parts = [`<loc>${escapeXml(absoluteUrl(origin, e.path))}</loc>`];
    if (e.lastmod) {
      const d = new Date(e.lastmod);
      if (!Number.isNaN(d.getTime())) parts.push(`<lastmod>${d.toISOString().slice(0, 10)}</lastmod>`);
    }
    if (e.priority !== undefined) parts.push(`<priority>${Math.min(1, Math.max(0, e.priority)).toFixed(1)}</priority>`);
    for (const a of e.alternates ?? []) parts.push(`<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(absoluteUrl(origin, a.path))}"/>`);
    urls.push(`  <url>${parts.join("")}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${entries.some((e) => e.alternates?.length) ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ""}>\n${urls.join("\n")}\n</urlset>\n`;
}

/** Paths that search engines must not crawl. */
export const ROBOTS_DISALLOW = ["/admin", "/login", "/mot-de-passe-oublie", "/reinitialiser-mot-de-passe/", "/rdv/", "/devis/", "/offre/", "/offre-formation/", "/rappel/", "/attestation/", "/ar/rdv/", "/ar/offre/", "/ar/rappel/", "/ar/offre-formation/"] as const;

export function buildRobotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "Allow: /",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
