import { publicOrigin } from "~/.server/config";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { hasArabicVersion, listBlogs } from "~/.server/repos/blogs";
import { listActiveFormations } from "~/.server/repos/formations";
import { PUBLIC_ROUTES } from "~/content/public-routes";
import { buildSitemapXml, type SitemapEntry } from "~/lib/sitemap";
import { blogArticlePath, syllabusPath } from "~/lib/slug";
import { alternatePath, frenchPathOf, localizedPath } from "~/i18n/locale";

/** A page in both languages lists both, and x-default (the French one); a page in one language none. */
function languageAlternates(path: string): SitemapEntry["alternates"] {
  if (!alternatePath(path)) return undefined;
  const french = frenchPathOf(path);
  return [
    { hreflang: "fr", path: french },
    { hreflang: "ar", path: localizedPath("ar", french) },
    { hreflang: "x-default", path: french },
  ];
}

/**
 * /sitemap.xml: every public static route (except those marked sitemap: false, e.g. /login), every blog article and the syllabus of every active
 * formation, as absolute URLs (PUBLIC_URL, or http://localhost:PORT; never the Host header). If the database cannot be
 * read, the static routes are still served (and the failure is logged).
 */
export async function loader() {
  const origin = publicOrigin();
  const entries: SitemapEntry[] = PUBLIC_ROUTES.filter((r) => r.sitemap !== false).map((r) => ({ path: r.path, priority: r.priority, alternates: languageAlternates(r.path) }));
  try {
    const db = getDb();
    const [blogs, formations] = await Promise.all([listBlogs(db), listActiveFormations(db)]);
    // /syllabus shows the newest active formation: without its Arabic text, /ar/syllabus says it
    // exists in French only (noindex), so neither page names it
    if (formations.length > 0 && !formations[0]!.title_ar) {
      const at = entries.findIndex((e) => e.path === "/ar/syllabus");
      if (at >= 0) entries.splice(at, 1);
      for (const e of entries) if (e.path === "/syllabus") e.alternates = undefined;
    }
    for (const b of blogs) {
      const path = blogArticlePath(Number(b.id), b.title);
      const lastmod = b.updated_at ?? b.created_at;
      if (!hasArabicVersion(b)) {
        entries.push({ path, lastmod, priority: 0.6 });
        continue;
      }
      // an article with its Arabic version: both pages, each naming the other
      const alternates = [
        { hreflang: "fr", path },
        { hreflang: "ar", path: `/ar${path}` },
        { hreflang: "x-default", path },
      ];
      entries.push({ path, lastmod, priority: 0.6, alternates }, { path: `/ar${path}`, lastmod, priority: 0.6, alternates });
    }
    for (const f of formations) {
      const path = syllabusPath(f.id);
      const lastmod = f.updated_at ?? f.created_at;
      if (!f.title_ar) {
        entries.push({ path, lastmod, priority: 0.6 });
        continue;
      }
      // a formation with its Arabic version: both syllabus pages, each naming the other
      const alternates = [
        { hreflang: "fr", path },
        { hreflang: "ar", path: `/ar${path}` },
        { hreflang: "x-default", path },
      ];
      entries.push({ path, lastmod, priority: 0.6, alternates }, { path: `/ar${path}`, lastmod, priority: 0.6, alternates });
    }
  } catch (err) {
    log.error({ err }, "sitemap: dynamic pages could not be listed");
  }
  return new Response(buildSitemapXml(origin, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
