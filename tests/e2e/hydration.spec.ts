import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors, hydrated, reactRuns } from "./helpers";

/**
 * Decision 016: a content page is server-rendered and not hydrated; the page chrome's script
 * (app/site/chrome.ts, inlined in the page) gives it its behaviour. A page with a form or a screen
 * React drives is hydrated, and the same script runs there too. Issue 27: a page with an island
 * (components/Island.tsx) downloads that island's files only, and React hydrates its container only.
 */
const CONTENT_PAGES = ["/", "/implants-dentaires", "/doctorpage", "/gallery", "/dentist", "/mentions-legales", "/login"];
/** the pages with an island, and the island */
const ISLAND_PAGES = [
  { path: "/blog", island: "blog-reader" },
  { path: "/appointment", island: "booking" },
  { path: "/formation", island: "enrolment" },
  { path: "/syllabus", island: "enrolment" },
];
/** every island's name, from the manifest of the islands' build (vite.islands.config.ts) */
const ISLANDS: string[] = Object.values(
  JSON.parse(fs.readFileSync(path.resolve(process.env.BUILD_DIR ?? "build", "client/assets/islands/manifest.json"), "utf8")) as Record<string, { name?: string; isEntry?: boolean }>,
).flatMap((c) => (c.isEntry && c.name ? [c.name] : []));
const HYDRATED_PAGES = ["/inscription", "/mot-de-passe-oublie"];

/** The script files the page asks for (script src and module preloads). */
async function scriptFiles(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...[...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => s.src),
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
  ]);
}

/** The script files the browser downloads from now on (call before navigating). */
function scriptRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") requested.push(r.url());
  });
  return requested;
}

/** The mobile menu opens, shows its links, and closes with Escape, giving the focus back to its button. */
async function mobileMenuWorks(page: Page) {
  const toggle = page.getByRole("button", { name: /Menu/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = page.locator(`#${(await toggle.getAttribute("aria-controls"))!.replace(/:/g, "\\:")}`);
  await expect(panel.getByRole("link", { name: "Le Blog Dentaire" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await expect(panel.getByRole("link", { name: "Le Blog Dentaire" })).toBeHidden();
}

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const path of CONTENT_PAGES) {
    test(`${path} downloads no script file, is not hydrated, and its menu works`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const requested = scriptRequests(page);
      await page.goto(path);
      await hydrated(page);
      expect(await scriptFiles(page)).toEqual([]);
      expect(await reactRuns(page)).toBe(false);
      await mobileMenuWorks(page);
      expect(requested).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  for (const { path, island } of ISLAND_PAGES) {
    test(`${path} downloads only its island's files (${island}), React hydrates the island's container only, and its menu works`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const requested = scriptRequests(page);
      await page.goto(path);
      await hydrated(page);
      // its entry, the hydration helper, React and the chunks islands share, all from the islands' build: no other island's entry
      const files = requested.map((u) => new URL(u).pathname);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(f).toMatch(/^\/assets\/islands\/(hydrate|react|[A-Za-z-]+)-[\w-]+\.js$/);
      expect(ISLANDS).toContain(island);
      const entries = files.filter((f) => ISLANDS.some((name) => f.startsWith(`/assets/islands/${name}-`)));
      expect(entries).toEqual([expect.stringMatching(new RegExp(`/${island}-`))]);
      expect(await reactRuns(page)).toBe(false);
      const state = await page.evaluate((name) => {
        const fiber = (el: Element | null) => !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
        const container = document.querySelector(`[data-island="${name}"]`);
        return {
          islands: document.querySelectorAll("[data-island]").length,
          hydrated: container?.hasAttribute("data-hydrated"),
          inside: fiber(container?.firstElementChild ?? null),
          header: fiber(document.querySelector("header")),
        };
      }, island);
      expect(state).toEqual({
        islands: 1,
        hydrated: true,
        inside: true,
        header: false,
      });
      await mobileMenuWorks(page);
      expect(errors).toEqual([]);
    });
  }

  for (const path of HYDRATED_PAGES) {
    test(`${path} is hydrated, and the same menu works there`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const requested = scriptRequests(page);
      await page.goto(path);
      await hydrated(page);
      // what the browser downloaded (React may drop the module preload links once it has hydrated)
      expect(requested.length).toBeGreaterThan(0);
      expect(await reactRuns(page)).toBe(true);
      await mobileMenuWorks(page);
      expect(errors).toEqual([]);
    });
  }
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a content page reached by a link from a hydrated page works the same (the site's script runs after React's render)", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/inscription");
    await hydrated(page);
    // a marker that a full page load would wipe out
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "NOS SOINS ET TRAITEMENTS" }) });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole("tab", { name: "Blanchiment" }).click();
    await expect(section.getByRole("tab", { name: "Blanchiment" })).toHaveAttribute("aria-selected", "true");
    await expect(section.getByRole("heading", { name: "Blanchiment professionnel" })).toBeInViewport();
    // the dropdowns of the navigation close after the navigation and still open on a click
    const menu = page.getByRole("button", { name: "Nos soins et traitements" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(errors).toEqual([]);
  });
});
