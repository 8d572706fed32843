import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PUBLIC_ROUTES } from "../../app/content/public-routes";
import { collectConsoleErrors, expectNoSeriousA11yViolations } from "./helpers";

/**
 * The public route walk: ONE list kept in the code (PUBLIC_ROUTES), plus every URL of
 * /sitemap.xml (blog articles, syllabus pages), plus /login. Each page answers 200, has exactly one
 * h1, lang="fr", its own title, description, canonical link and Open Graph tags, no console error
 * and no serious or critical axe-core violation (at 1280 px). The link crawl from / and the
 * sitemap's and robots' contents need no browser: tests/http/public-pages.test.ts.
 */

test.use({ viewport: { width: 1280, height: 800 } });
// read-only page walks: the tests of this file are shared among the workers (each has its own server)
test.describe.configure({ mode: "parallel" });

const STATIC_PATHS = [...new Set([...PUBLIC_ROUTES.map((r) => r.path), "/login"])];

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  const xml = await res.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const u = new URL(m[1].replace(/&amp;/g, "&"));
    return decodeURI(u.pathname) + u.search;
  });
}

async function checkPage(page: Page, path: string, errors: string[]) {
  errors.length = 0;
  const res = await page.goto(path, { waitUntil: "load" });
  expect(res?.status(), `${path} status`).toBe(200);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html"), `${path} lang`).toHaveAttribute("lang", "fr");
  await expect(page.locator("h1"), `${path} has one h1`).toHaveCount(1);
  expect((await page.locator("h1").innerText()).trim(), `${path} h1 text`).not.toBe("");
  expect((await page.title()).trim(), `${path} title`).not.toBe("");
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description?.trim(), `${path} description`).toBeTruthy();
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical, `${path} canonical`).toBeTruthy();
  expect(new URL(canonical!).pathname, `${path} canonical path`).toBe(new URL(path, "http://x").pathname);
  await expect(page.locator('meta[property="og:title"]'), `${path} og:title`).toHaveCount(1);
  await expect(page.locator('meta[property="og:description"]'), `${path} og:description`).toHaveCount(1);
  await expect(page.locator('meta[property="og:url"]'), `${path} og:url`).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  expect(errors, `${path} console errors`).toEqual([]);
}

test.describe("public route walk", () => {
  for (const path of STATIC_PATHS) {
    test(`${path} answers 200 with one h1, lang fr, title, description, no console error, no serious a11y violation`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await checkPage(page, path, errors);
    });
  }

  test("every other page of the sitemap (blog articles, syllabus pages) passes the same checks", async ({ page, request }) => {
    test.setTimeout(120_000);
    const dynamic = (await sitemapPaths(request)).filter((p) => !STATIC_PATHS.includes(p));
    expect(dynamic.length, "the seeded blog articles and formation are in the sitemap").toBeGreaterThan(0);
    const errors = collectConsoleErrors(page);
    for (const path of dynamic) await checkPage(page, path, errors);
  });
});

test.describe("a 375 px phone without JavaScript", () => {
  // Before JavaScript runs (slow network) or without it, nothing may stick out sideways: an
  // absolutely positioned element inside a carousel once gave the home page 1412 px of width.
  test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

  test("no public page scrolls sideways", async ({ page, request }) => {
    test.setTimeout(120_000);
    const paths = [...new Set([...STATIC_PATHS, ...(await sitemapPaths(request))])];
    const wide: string[] = [];
    for (const path of paths) {
      expect((await page.goto(path))?.status(), `${path} status`).toBe(200);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });
});
