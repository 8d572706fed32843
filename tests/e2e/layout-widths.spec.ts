import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { BOOKING_LINK, DIRECT_LINKS, MENUS } from "../../app/content/navigation";
import { PUBLIC_ROUTES } from "../../app/content/public-routes";
import { showsPatientBar } from "../../app/lib/patient-bar";
import { localeOf, localizedPath, pageLabel, t, type Locale } from "../../app/i18n";
import { collectConsoleErrors, expectNoSeriousA11yViolations, hydrated } from "./helpers";

/**
 * The layout at every width a visitor brings (docs/product.md, "Frame of every page"): on every
 * public page (PUBLIC_ROUTES, plus one blog article and one syllabus page from the sitemap), the
 * page is loaded once and resized through the widths.
 * - Laptop and desktop widths, before and after the navigation bar becomes fixed: every item of the
 *   bar and the booking button lie inside the viewport, the bar is one row, it reserves its height
 *   (the page does not move under it when it becomes fixed) and what lies just below it is the
 *   page, not the bar; anchors land below it (scroll padding).
 * - Phone widths: one header bar, no sideways scroll, and no visible text sticks out of its card
 *   or of the screen.
 * Before the widths, in the same page load at 1280 px, what a browser alone sees of a page: its
 * scripts ran (the site's script, every island hydrated) with no console error, Chromium's Issues
 * (read through the DevTools protocol, as Lighthouse's best-practices audit does) hold no Content
 * Security Policy issue, and axe-core finds no serious or critical violation. The other public
 * pages (every article and syllabus page of the sitemap, /login) get these checks too. What needs
 * no browser (status, one h1, title, description, canonical, Open Graph, the CSP header) is
 * tests/http/public-pages.test.ts.
 */

const DESKTOP_WIDTHS = [1024, 1280, 1366, 1440, 1920];
const PHONE_WIDTHS = [320, 375, 414];
/** the full menu row shows from this width (the `nav` breakpoint of app/app.css) */
const FULL_MENU_FROM = 1280;
/** one row of the navigation bar, and the phone header: at most this tall */
const BAR_MAX_HEIGHT = 72;

test.use({ reducedMotion: "reduce" });

/** Every address of /sitemap.xml, as a path. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeURI(new URL(m[1].replace(/&amp;/g, "&")).pathname));
}

/** One blog article and one syllabus page of the sitemap. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const sitemap = await sitemapPaths(request);
  const article = sitemap.find((p) => p.startsWith("/blog/"));
  const syllabus = sitemap.find((p) => p.startsWith("/syllabus/"));
  expect(article, "a blog article in the sitemap").toBeTruthy();
  expect(syllabus, "a syllabus page in the sitemap").toBeTruthy();
  return [article!, syllabus!];
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface BarState {
  fixed: boolean;
  barTop: number;
  barBottom: number;
  barHeight: number;
  headerHeight: number;
  mainTopInDocument: number;
  scrollPaddingTop: number;
  /** visible links and buttons of the bar: text and box */
  items: (Box & { text: string })[];
  /** visible links to the booking page in the header (and, on phones, in the bottom bar) */
  booking: Box[];
  /** what is drawn just below the bar, at 10 %, 50 % and 90 % of the width: inside the bar? */
  coveredBelow: boolean[];
}

async function readBar(page: Page): Promise<BarState> {
  // the booking page of the page's language (/ar/appointment from an Arabic page)
  const bookingPath = localizedPath(localeOf(new URL(page.url()).pathname), BOOKING_LINK.to);
  return page.evaluate((bookingPath) => {
    const nav = document.querySelector<HTMLElement>('nav[data-site-nav]')!;
    const row = nav.querySelector<HTMLElement>("[data-nav-row]")!;
    const rect = nav.getBoundingClientRect();
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && el.getBoundingClientRect().width > 0;
    const items = [...row.querySelectorAll("a, button")].filter(visible).map((el) => ({ text: (el.textContent ?? "").trim(), ...box(el) }));
    const booking = [...document.querySelectorAll(`header a[href="${bookingPath}"], nav[data-mobile-bar] a[href="${bookingPath}"]`)].filter(visible).map(box);
    const y = rect.bottom + 2;
    const coveredBelow = [0.1, 0.5, 0.9].map((f) => {
      const hit = document.elementFromPoint(window.innerWidth * f, y);
      return hit !== null && nav.contains(hit);
    });
    return {
      fixed: nav.dataset.fixed === "true",
      barTop: rect.top,
      barBottom: rect.bottom,
      barHeight: rect.height,
      headerHeight: document.querySelector("header")!.getBoundingClientRect().height,
      mainTopInDocument: document.querySelector("main")!.getBoundingClientRect().top + window.scrollY,
      scrollPaddingTop: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0,
      items,
      booking,
      coveredBelow,
    };
  }, bookingPath);
}

/** Scrolls to `top` and waits (frame by frame, in the page: fast) until the bar is fixed or not, plus two frames for the layout. */
async function scrollTo(page: Page, top: "top" | "down") {
  const state = await page.evaluate(
    (down) =>
      new Promise<string>((resolve) => {
        const nav = document.querySelector<HTMLElement>('nav[data-site-nav]')!;
        window.scrollTo({ top: down ? Math.min(600, document.documentElement.scrollHeight - window.innerHeight) : 0, behavior: "instant" });
        const want = down ? "true" : "false";
        const started = performance.now();
        let settled = 0;
        const tick = () => {
          if (nav.dataset.fixed === want) settled++;
          if (settled >= 3 || performance.now() - started > 5000) resolve(nav.dataset.fixed ?? "");
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    top === "down",
  );
  expect(state, top === "down" ? "the bar is fixed once the page has scrolled" : "the bar is in the flow at the top of the page").toBe(top === "down" ? "true" : "false");
}

async function resize(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

function expectInside(where: string, b: Box, width: number, height: number) {
  expect.soft(b.left, `${where}: left edge inside the screen`).toBeGreaterThanOrEqual(-0.5);
  expect.soft(b.right, `${where}: right edge inside the screen`).toBeLessThanOrEqual(width + 0.5);
  expect.soft(b.top, `${where}: top edge inside the screen`).toBeGreaterThanOrEqual(-0.5);
  expect.soft(b.bottom, `${where}: bottom edge inside the screen`).toBeLessThanOrEqual(height + 0.5);
}

function checkBar(where: string, bar: BarState, width: number, height: number, mainTopBefore: number, booking = true, locale: Locale = "fr") {
  expect.soft(bar.barHeight, `${where}: the bar is one row`).toBeLessThanOrEqual(BAR_MAX_HEIGHT);
  for (const item of bar.items) expectInside(`${where}: '${item.text}'`, item, width, height);
  // the contact bar's booking button scrolls away with the page; one booking link stays on the screen, whole
  const inside = (b: Box) => b.left >= -0.5 && b.right <= width + 0.5 && b.top >= -0.5 && b.bottom <= height + 0.5;
  // (the staff's sign-in screens have no patients' bar: on a phone, no booking link there)
  if (booking) expect.soft(bar.booking.some(inside), `${where}: a '${BOOKING_LINK.label}' link wholly on the screen (${JSON.stringify(bar.booking)})`).toBe(true);
  const texts = bar.items.map((i) => i.text);
  if (width >= FULL_MENU_FROM) {
    // an Arabic page (/ar…) says them in Arabic (app/i18n)
    const labels =
      locale === "fr"
        ? [...MENUS.map((m) => m.label), ...DIRECT_LINKS.map((l) => l.label)]
        : [...MENUS.map((m) => t(locale, `menus.${m.id}` as "menus.sourire")), ...DIRECT_LINKS.map((l) => pageLabel(locale, l.to) ?? l.label)];
    for (const label of labels) {
      expect.soft(texts.some((text) => text.toLowerCase().includes(label.toLowerCase())), `${where}: '${label}' in the bar`).toBe(true);
    }
  } else {
    const menu = locale === "fr" ? "Menu" : t(locale, "layout.menu");
    expect.soft(texts.some((text) => text.startsWith(menu)), `${where}: the menu button in the bar`).toBe(true);
  }
  expect.soft(bar.coveredBelow, `${where}: what lies just below the bar is not the bar`).toEqual([false, false, false]);
  expect.soft(Math.abs(bar.mainTopInDocument - mainTopBefore), `${where}: the page does not move when the bar becomes fixed`).toBeLessThanOrEqual(1);
  if (bar.fixed) {
    expect.soft(bar.barTop, `${where}: the fixed bar sits at the top`).toBe(0);
    expect.soft(bar.scrollPaddingTop, `${where}: anchors land below the fixed bar`).toBeGreaterThanOrEqual(bar.barHeight);
  }
}

/** Visible texts that stick out of the screen or of their card (the nearest ancestor drawn with a background or side borders). */
async function textOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const problems: string[] = [];
    const transparent = "rgba(0, 0, 0, 0)";
    const isCard = (el: Element) => {
      const cs = getComputedStyle(el);
      return cs.backgroundColor !== transparent || cs.backgroundImage !== "none" || (parseFloat(cs.borderLeftWidth) > 0 && parseFloat(cs.borderRightWidth) > 0);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest(".sr-only, [inert], svg, script, style, noscript")) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (getComputedStyle(el).textOverflow === "ellipsis") continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // inside a sideways scroller (tabs, carousels) or clipped out of sight: not a layout break
      let hidden = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if (overflow === "auto" || overflow === "scroll") {
          hidden = true;
          break;
        }
        if (overflow !== "visible") {
          const ar = a.getBoundingClientRect();
          if (r.right <= ar.left + 1 || r.left >= ar.right - 1) {
            hidden = true;
            break;
          }
        }
      }
      if (hidden) continue;
      const label = `'${text.slice(0, 40)}'`;
      if (r.left < -1 || r.right > vw + 1) problems.push(`${label} outside the screen (${Math.round(r.left)}–${Math.round(r.right)} px)`);
      let card: Element | null = null;
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        if (isCard(a)) {
          card = a;
          break;
        }
      }
      if (card) {
        const c = card.getBoundingClientRect();
        if (c.width < vw - 2 && (r.left < c.left - 1 || r.right > c.right + 1)) {
          problems.push(`${label} outside its card (text ${Math.round(r.left)}–${Math.round(r.right)} px, card ${Math.round(c.left)}–${Math.round(c.right)} px)`);
        }
      }
    }
    return problems;
  });
}

/** Collects the page's console errors and Chromium's Content Security Policy issues from now on. */
async function watch(page: Page) {
  const errors = collectConsoleErrors(page);
  const cdp = await page.context().newCDPSession(page);
  const csp: string[] = [];
  cdp.on("Audits.issueAdded", (e: { issue: { code: string; details: unknown } }) => {
    if (e.issue.code === "ContentSecurityPolicyIssue") csp.push(JSON.stringify(e.issue.details));
  });
  await cdp.send("Audits.enable");
  return { errors, csp };
}

/** Loads a public page at 1280 px: its scripts ran, no console error, no CSP issue, no serious axe violation. */
async function openAndCheck(page: Page, path: string) {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const res = await page.goto(path, { waitUntil: "load" });
  expect(res?.status(), `${path} status`).toBe(200);
  // the site's script has run (it publishes the bar's height) and every island is hydrated: nothing was blocked
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expectNoSeriousA11yViolations(page);
  expect(seen.errors, `${path} console errors`).toEqual([]);
  expect(seen.csp, `${path} Content Security Policy issues`).toEqual([]);
}

async function checkRoute(page: Page, path: string) {
  await openAndCheck(page, path);
  // the layout has measured the bar and published its height: the widths are final
  await page.waitForFunction(() => document.documentElement.style.getPropertyValue("--site-bar-height") !== "");

  for (const width of DESKTOP_WIDTHS) {
    const height = 800;
    await resize(page, width, height);
    await scrollTo(page, "top");
    const before = await readBar(page);
    checkBar(`${path} at ${width} px, top of the page`, before, width, height, before.mainTopInDocument, true, localeOf(path));
    expect.soft(before.mainTopInDocument, `${path} at ${width} px: the content starts below the header`).toBeGreaterThanOrEqual(before.headerHeight - 0.5);
    await scrollTo(page, "down");
    checkBar(`${path} at ${width} px, scrolled`, await readBar(page), width, height, before.mainTopInDocument, true, localeOf(path));
  }

  for (const width of PHONE_WIDTHS) {
    const height = 740;
    await resize(page, width, height);
    await scrollTo(page, "top");
    const top = await readBar(page);
    const where = `${path} at ${width} px`;
    expect.soft(top.headerHeight, `${where}: one header bar`).toBeLessThanOrEqual(BAR_MAX_HEIGHT);
    checkBar(`${where}, top of the page`, top, width, height, top.mainTopInDocument, showsPatientBar(path), localeOf(path));
    expect.soft(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${where}: no sideways scroll`).toBeLessThanOrEqual(width);
    expect.soft(await textOverflows(page), `${where}: texts inside their cards and the screen`).toEqual([]);
    await scrollTo(page, "down");
    checkBar(`${where}, scrolled`, await readBar(page), width, height, top.mainTopInDocument, showsPatientBar(path), localeOf(path));
  }
}

// read-only: the tests of this file are shared among the workers (each has its own server)
test.describe.configure({ mode: "parallel" });

test.describe("layout at every width", () => {
  for (const path of [...new Set(PUBLIC_ROUTES.map((r) => r.path))]) {
    test(`${path}: navigation bar and texts fit from 320 to 1920 px`, async ({ page }) => {
      await checkRoute(page, path);
    });
  }

  test("a blog article and a syllabus page: navigation bar and texts fit from 320 to 1920 px", async ({ page, request }) => {
    for (const path of await publicPaths(request)) await checkRoute(page, path);
  });

  test("every other page of the sitemap (blog articles, syllabus pages) and /login: scripts run, no console error, no CSP issue, no serious a11y violation", async ({ page, request }) => {
    test.setTimeout(120_000);
    const walked = new Set([...PUBLIC_ROUTES.map((r) => r.path), ...(await publicPaths(request))]);
    const others = [...(await sitemapPaths(request)).filter((p) => !walked.has(p)), "/login"];
    for (const path of others) await openAndCheck(page, path);
  });
});

test.describe("the phone header", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("one bar with the logo, a call link and the menu button; Escape closes the menu and focus returns to the button", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav.getByRole("link", { name: /accueil/ }).first()).toBeVisible();
    await expect(nav.getByRole("link", { name: /^Cabinet\s: / })).toHaveAttribute("href", /^tel:\+213/);
    const toggle = nav.getByRole("button", { name: /Menu/ });
    await expect(toggle).toBeVisible();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(BAR_MAX_HEIGHT);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`#${(await toggle.getAttribute("aria-controls"))!.replace(/:/g, "\\:")}`);
    await expect(panel.getByRole("link", { name: "Espace de Travail" })).toBeVisible();
    await panel.getByRole("link", { name: "Formation" }).focus();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await expect(panel.getByRole("link", { name: "Formation" })).toBeHidden();
  });
});
