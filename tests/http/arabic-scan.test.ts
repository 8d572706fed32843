import { afterAll, expect, test } from "vitest";
import { PUBLIC_ROUTES } from "../../app/content/public-routes";
import { localeOf } from "../../app/i18n/locale";
import { startAppServer } from "./app-server";
import { todayInClinic } from "../../app/lib/clinic-time";
import { scanArabicPage } from "../helpers/arabic-scan";
import crypto from "node:crypto";
import { TEST_SESSION_SECRET } from "../server-env";

/**
 * No French left on an Arabic page (issue 32, item 4): every Arabic public page the site has — the
 * /ar routes of PUBLIC_ROUTES, every /ar address of /sitemap.xml (articles, syllabus pages), and
 * the Arabic 404 — is rendered by the server and read as a visitor and a screen reader would:
 * the text of <body>, the page's title and description, and the texts of attributes that are read
 * aloud or shown (alt, title, aria-label, placeholder, aria-roledescription). No word in Latin
 * letters may be there, except:
 * - inside an element that says it is in another language (`lang="fr"`: the switch 'Français', a
 *   French-only article's title given as it is) or isolated left to right (`<bdi>`, `dir="ltr"`:
 *   phone numbers, e-mail addresses, prices, the clinic's names as it writes them in Latin);
 * - the names of the services the page links to or embeds (BRANDS).
 * The rules: tests/helpers/arabic-scan.ts (also used for the pages a token opens).
 * A page translated later joins the scan by its ARABIC_PAGES line: nothing to add here.
 */
const server = await startAppServer();
afterAll(async () => {
  await server.close();
});

async function frenchLeft(path: string, init?: RequestInit): Promise<{ status: number; dir: string | null; lang: string | null; found: string[] }> {
  const res = await fetch(`${server.origin}${path}`, { redirect: "manual", ...init });
  return { status: res.status, ...(await scanArabicPage(await res.text())) };
}

const staticPaths = PUBLIC_ROUTES.map((r) => r.path).filter((p) => localeOf(p) === "ar");
const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).filter((p) => localeOf(p) === "ar");
const PATHS = [...new Set([...staticPaths, ...sitemapPaths])].sort();

test("the scan covers the Arabic home page, the treatment pages and every Arabic address of the sitemap", () => {
  expect(PATHS).toContain("/ar");
  expect(PATHS).toContain("/ar/implants-dentaires");
  for (const p of sitemapPaths) expect(PATHS).toContain(p);
  expect(PATHS.length).toBeGreaterThanOrEqual(6);
});

test.each(PATHS)("%s: 200, lang=ar-DZ dir=rtl, no French word", async (path) => {
  const page = await frenchLeft(path);
  expect(page.status).toBe(200);
  expect(page.lang).toBe("ar-DZ");
  expect(page.dir).toBe("rtl");
  expect(page.found).toEqual([]);
});

test("the Arabic 404: right to left, no French word but the link to the French page's language name", async () => {
  const page = await frenchLeft("/ar/nulle-part");
  expect(page.status).toBe(404);
  expect(page.dir).toBe("rtl");
  expect(page.found).toEqual([]);
});

test("the scan sees French where it is left: a French page read as if it were Arabic is full of it", async () => {
  const page = await frenchLeft("/implants-dentaires");
  expect(page.found.length).toBeGreaterThan(20);
  expect(page.found.join("\n")).toMatch(/Implants dentaires/);
});

// ---- the patient's personal page in Arabic (/ar/rdv/<token>: no sitemap address, so listed here) ----

test("/ar/rdv/<token> in every state: open with its move form, after refused posts, past the cut-off, cancelled, its account, the 404", async () => {
  const tokenOf = (salt: string) => crypto.createHmac("sha256", TEST_SESSION_SECRET).update(`rdv-link:${salt}`).digest("base64url");
  // the clinic's day (Algiers), not UTC's: from 23:00 UTC they differ, and "today, late" would be past
  const today = todayInClinic();
  const rows = server.dbQuery<{ id: number; link_salt: string; date: string }>(
    "select id, link_salt, date from appointments where link_salt is not null and status in ('requested', 'confirmed') and date > ? order by date desc, time",
    today,
  );
  expect(rows.length).toBeGreaterThanOrEqual(3);
  const paths = rows.map((r) => `/ar/rdv/${tokenOf(r.link_salt)}`);
  const posted = (fields: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.origin } });
  const pages: [string, string, RequestInit | undefined, number][] = paths.map((p) => [p, "open", undefined, 200]);
  // the latest one is days ahead: its move form, a day's free times without JavaScript, refused posts
  const [movable] = paths;
  pages.push([movable, "free times", posted({ intent: "slots", date: rows[0].date, time: "" }), 200]);
  pages.push([movable, "move without a day", posted({ intent: "move", date: "", time: "" }), 400]);
  pages.push([movable, "move to a past day", posted({ intent: "move", date: "2020-01-06", time: "10:00" }), 400]);
  pages.push([movable, "move to a closed time", posted({ intent: "move", date: rows[0].date, time: "03:00" }), 409]);
  pages.push([movable, "cancel without a reason", posted({ intent: "cancel", reason: "" }), 400]);
  pages.push([movable, "unknown intent", posted({ intent: "nothing" }), 400]);
  for (const [path, what, init, status] of pages) {
    const page = await frenchLeft(path, init);
    expect(page.status, `${what} ${path}`).toBe(status);
    expect(page.dir).toBe("rtl");
    expect(page.found, what).toEqual([]);
  }
  // past the cut-off (today, late) and cancelled
  server.dbRun("update appointments set date = ?, time = '23:59' where id = ?", today, rows[1].id);
  server.dbRun("update appointments set status = 'cancelled', cancelled_by = 'clinic' where id = ?", rows[2].id);
  for (const path of [paths[1], paths[2], `/ar/rdv/${"x".repeat(43)}`]) {
    const page = await frenchLeft(path);
    expect(page.dir).toBe("rtl");
    expect(page.found, path).toEqual([]);
  }
});
