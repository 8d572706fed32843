import { expect, test, type APIRequestContext } from "@playwright/test";
import { PUBLIC_ROUTES } from "../../app/content/public-routes";

/**
 * Every public page (PUBLIC_ROUTES, /login and every address of /sitemap.xml) without JavaScript
 * on a 375 px phone. What a browser with JavaScript sees of each page (scripts, console errors,
 * CSP issues, axe, the layout at every width) is tests/e2e/layout-widths.spec.ts; its head and
 * links, which need no browser, tests/http/public-pages.test.ts.
 */

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
