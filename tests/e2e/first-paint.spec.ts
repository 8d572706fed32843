import { expect, test, type Locator, type Page } from "@playwright/test";

/**
 * The first screen of the public pages is their largest paint (Lighthouse's LCP, issue 15): the
 * hero heading and picture must be painted with the server HTML, at full opacity, without waiting
 * for JavaScript, an entrance animation or a lazy load, and the picture's box must be reserved
 * before its file arrives (nothing shifts). Checked with JavaScript disabled, on a phone and on a
 * desktop screen.
 */

interface Hero {
  path: string | ((page: Page) => Promise<string>);
  heading: (page: Page) => Locator;
  /** the pictures of the first screen (the largest paint, or beside it) */
  pictures: (page: Page) => Locator;
}

/** The newest article's own page, as the blog list links to it. */
async function firstArticlePath(page: Page): Promise<string> {
  await page.goto("/blog");
  const href = await page.locator('main a[href^="/blog/"]').first().getAttribute("href");
  expect(href).toMatch(/^\/blog\/\d+-/);
  return href!;
}

const HEROES: Record<string, Hero> = {
  home: {
    path: "/",
    heading: (page) => page.getByRole("heading", { level: 1, name: "VOTRE FUTUR SOURIRE" }),
    pictures: (page) => page.locator('section[aria-labelledby="hero-title"] img'),
  },
  "treatment page": {
    path: "/esthetique-dentaire",
    heading: (page) => page.getByRole("heading", { level: 1 }),
    pictures: (page) => page.locator("main > section").first().locator("img"),
  },
  "smile landing page": {
    path: "/dentist",
    heading: (page) => page.getByRole("heading", { level: 1 }),
    pictures: (page) => page.locator("#hero img"),
  },
  gallery: {
    path: "/gallery",
    heading: (page) => page.getByRole("heading", { level: 1, name: "GALERIE" }),
    // the first before/after comparison: in the first screen of a phone
    pictures: (page) => page.locator("main [data-case]").first().locator("img"),
  },
  "blog article": {
    path: firstArticlePath,
    heading: (page) => page.getByRole("heading", { level: 1 }),
    pictures: (page) => page.locator("main article img").first(),
  },
};

/** The element and each ancestor: computed opacity, and the CSS animations or transitions running on them. */
function paintState(el: Element) {
  const chain: Element[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) chain.push(e);
  const animated = document
    .getAnimations()
    .map((a) => (a.effect as KeyframeEffect | null)?.target)
    .filter((t): t is Element => !!t && chain.includes(t))
    .map((t) => `${t.tagName.toLowerCase()}.${t.className}`);
  const r = el.getBoundingClientRect();
  return { opacities: chain.map((e) => getComputedStyle(e).opacity), animated, top: r.top, height: r.height };
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`first screen at ${viewport.width} px, without JavaScript`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    for (const [name, hero] of Object.entries(HEROES)) {
      test(`${name}: the hero is painted at once, at full opacity, its pictures sized and loaded first`, async ({ page }) => {
        const path = typeof hero.path === "string" ? hero.path : await hero.path(page);

        // Hold the pictures' files: their boxes must already have their final size without them.
        const held: (() => void)[] = [];
        let holding = true;
        await page.route(/\.(svg|avif|webp|jpe?g|png)(\?.*)?$/, async (route) => {
          if (!holding) return route.continue();
          await new Promise<void>((release) => held.push(release));
          await route.continue();
        });
        await page.goto(path, { waitUntil: "domcontentloaded" });
        // the browser paints nothing before the stylesheet (render-blocking), but without a script
        // DOMContentLoaded does not wait for it: measured before it applies, a page is unstyled
        // (polled from here: with JavaScript off, waitForFunction's in-page polling never runs)
        await expect.poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null))).toBe(true);
        // (the web fonts are not held: a font swap is not what this test is about)
        await page.evaluate(() => document.fonts.ready.then(() => undefined));

        const heading = hero.heading(page);
        await expect(heading).toBeVisible();
        const title = await heading.evaluate(paintState);
        // in the first screen, fully opaque, and nothing animates it (no entrance from opacity 0 or a slide)
        expect(title.top).toBeLessThan(viewport.height);
        expect(title.opacities.filter((o) => o !== "1")).toEqual([]);
        expect(title.animated).toEqual([]);

        const pictures = hero.pictures(page);
        const count = await pictures.count();
        expect(count).toBeGreaterThan(0);
        const before: number[] = [];
        for (let i = 0; i < count; i++) {
          const img = pictures.nth(i);
          // sized: width and height attributes (the ratio of the box), never lazily loaded, high priority
          expect(Number(await img.getAttribute("width"))).toBeGreaterThan(0);
          expect(Number(await img.getAttribute("height"))).toBeGreaterThan(0);
          expect(await img.getAttribute("loading")).not.toBe("lazy");
          await expect(img).toHaveAttribute("fetchpriority", "high");
          const state = await img.evaluate(paintState);
          // (the home hero's drawing is drawn at 90 % over its navy band)
          expect(state.opacities.filter((o) => Number(o) < 0.9)).toEqual([]);
          expect(state.animated).toEqual([]);
          expect(state.height).toBeGreaterThan(50); // the box is there before the file
          before.push(state.height);
        }

        // The files arrive: the pictures show, and their boxes keep their size.
        holding = false;
        for (const release of held.splice(0)) release();
        await page.waitForLoadState("load");
        for (let i = 0; i < count; i++) {
          const img = pictures.nth(i);
          await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
          const after = await img.evaluate(paintState);
          expect(Math.abs(after.height - before[i])).toBeLessThan(1);
        }
        // the heading did not move either
        const titleAfter = await heading.evaluate(paintState);
        expect(Math.abs(titleAfter.top - title.top)).toBeLessThan(1);
      });
    }
  });
}

test.describe("what the first paint waits for", () => {
  // a content page (decision 016): the stylesheet, and no script file at all
  for (const path of ["/"])
    test(`${path}: the stylesheet is the head's first resource, and the page asks for no script file`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head.search(/<link rel="stylesheet"/)).toBeGreaterThan(-1);
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    });

  // a page with an island (components/Island.tsx): the stylesheet first; no script file in the HTML: the
  // island's module and its chunks, all from the islands' build, are asked for by the page's script once the
  // page has loaded (app/site/chrome.ts), so that the first paint shares the network with none of them
  for (const [path, island] of [
    ["/appointment", "booking"],
    ["/formation", "enrolment"],
    ["/syllabus", "enrolment"],
  ])
    test(`${path}: the stylesheet is the head's first resource, and the island's files are asked for once the page has loaded`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head.search(/<link rel="stylesheet"/)).toBeGreaterThan(-1);
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*\ssrc=/);
      const container = new RegExp(`<div data-island="${island}" data-island-src="/assets/islands/${island}-[\\w-]+\\.js" data-island-preload="([^"]+)">`).exec(html);
      expect(container).not.toBeNull();
      // two files: React's, shared by every island, and the island's own (its modules are in it, even those
      // another island uses too: vite.islands.config.ts)
      const preloads = container![1].split(" ");
      expect(preloads).toEqual([expect.stringMatching(/^\/assets\/islands\/react-[\w-]+\.js$/)]);

      // in the browser (its own timeline): no script is fetched before the load event; then the island's entry and its chunks
      await page.goto(path);
      await page.waitForFunction((name) => document.querySelector(`[data-island="${name}"]`)?.hasAttribute("data-hydrated"), island);
      const timeline = await page.evaluate(() => ({
        loadAt: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
        paintedAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((e) => e.initiatorType === "script" || e.initiatorType === "link" || e.name.endsWith(".js"))
          .filter((e) => e.name.endsWith(".js"))
          .map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
      }));
      expect(timeline.loadAt).toBeGreaterThan(0);
      expect(timeline.scripts.filter((s) => s.at < timeline.loadAt)).toEqual([]);
      // nor before the first contentful paint, which can come after the load event
      expect(timeline.paintedAt).not.toBeNull();
      expect(timeline.scripts.filter((s) => s.at < timeline.paintedAt!)).toEqual([]);
      expect(timeline.scripts.map((s) => s.path)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^/assets/islands/${island}-`)), ...preloads]));
    });

  // the hydrated pages
  for (const path of ["/inscription", "/mot-de-passe-oublie"]) {
    test(`${path}: the stylesheet is the head's first request, the page's modules are preloaded at low priority, and they still run`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const stylesheet = head.search(/<link rel="stylesheet"/);
      const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
      expect(stylesheet).toBeGreaterThan(-1);
      expect(preloads.length).toBeGreaterThan(3);
      expect(head.indexOf('<link rel="modulepreload"')).toBeGreaterThan(stylesheet);
      for (const p of preloads) expect(p).toContain('fetchpriority="low"');
      // the modules still load and run: the inline module script sets the route modules once its imports have run
      await page.goto(path);
      await page.waitForFunction(() => Object.keys((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules ?? {}).length > 0);
    });
  }
});
