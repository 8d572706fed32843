import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated, reviewShot } from "./helpers";

/**
 * The Arabic home page in a browser (issue 32; docs/decisions/029-arabic.md): right to left,
 * mirrored (the logo on the right, the menu button on the left), in the Arabic typeface, no
 * sideways scroll at a phone's and a laptop's width, no serious axe violation; the carousel
 * moves the right way; the switch leads to the French page and back. The screenshots are for a
 * person to look at (E2E_SHOTS_DIR).
 */
test.use({ reducedMotion: "reduce" });

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, "no horizontal scroll").toBeLessThanOrEqual(client);
}

for (const width of [375, 1280]) {
  test(`/ar at ${width} px: right to left, mirrored, no sideways scroll, axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 800 });
    await page.goto("/ar");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar-DZ");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ابتسامتك المستقبلية");
    // the Arabic typeface is the one the headings and the text use
    expect(await page.evaluate(() => document.fonts.check('16px "IBM Plex Sans Arabic"', "ابتسامة"))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"IBM Plex Sans Arabic"/);
    // and the only fonts it downloads: no Latin web font for its spaces and digits (issue 33)
    const fonts = await page.evaluate(() => performance.getEntriesByType("resource").map((r) => r.name).filter((n) => n.endsWith(".woff2")));
    expect(fonts.map((f) => f.replace(/^.*\//, "")).sort()).toEqual(["ibm-plex-sans-arabic-arabic-400-normal.woff2", "ibm-plex-sans-arabic-arabic-600-normal.woff2"]);
    await noSidewaysScroll(page);
    if (process.env.E2E_SHOTS_DIR) await page.locator("#hero-title ~ ul").screenshot({ path: `${process.env.E2E_SHOTS_DIR}/ar-figures-${width}.png` });

    // mirrored: the logo is on the right of the header, the menu button (phones) on the left
    const header = page.locator("nav[data-site-nav]").first();
    if (width < 1280) {
      const logo = await header.locator("a[href='/ar']").first().boundingBox();
      const menu = await page.locator("[data-mobile-toggle]").boundingBox();
      expect(logo!.x).toBeGreaterThan(menu!.x);
      await reviewShot(page, `ar-home-${width}`, { fullPage: false });
      await page.locator("[data-mobile-toggle]").click();
      await expect(page.locator("[data-mobile-toggle]")).toHaveAttribute("aria-expanded", "true");
      await expect(page.locator("[id$='-mobile']").getByRole("link", { name: "Français" })).toBeVisible();
      await reviewShot(page, `ar-menu-${width}`, { fullPage: false });
      await page.keyboard.press("Escape");
    } else {
      const bar = page.locator("[data-contact-bar]");
      const logo = await bar.locator("a[href='/ar']").boundingBox();
      const booking = await bar.getByRole("link", { name: "احجز موعدًا" }).boundingBox();
      expect(logo!.x).toBeGreaterThan(booking!.x);
      await expect(bar.getByRole("link", { name: "Français" })).toBeVisible();
      await reviewShot(page, `ar-home-${width}`, { fullPage: false });
      // a menu's panel opens under its button, aligned on its right edge
      const button = header.getByRole("button", { name: "حاجتك" });
      await button.click();
      const panel = page.locator(`#${await button.getAttribute("aria-controls")}`.replace(/:/g, "\\:"));
      await expect(panel).toBeVisible();
      const [b, p] = [await button.boundingBox(), await panel.boundingBox()];
      expect(Math.abs(b!.x + b!.width - (p!.x + p!.width))).toBeLessThan(12);
      await reviewShot(page, `ar-dropdown-${width}`, { fullPage: false });
      await page.keyboard.press("Escape");
      // away from the menus (a pointer over one opens it)
      await page.mouse.move(640, 700);
      await expect(panel).toBeHidden();
    }
    await expectNoSeriousA11yViolations(page);
    await reviewShot(page, `ar-home-full-${width}`);
  });
}

test("phone numbers and figures read left to right inside the Arabic text", async ({ page }) => {
  await page.goto("/ar");
  await hydrated(page);
  // the first character of each is left of its last one
  const order = await page.evaluate(() =>
    [...document.querySelectorAll("footer a[href^='tel:'] bdi, [data-contact-bar] a[href^='tel:'] bdi, #hero-title ~ ul bdi, footer .tabular-nums bdi")].map((el) => {
      const text = el.firstChild as Text;
      const box = (from: number) => {
        const r = document.createRange();
        r.setStart(text, from);
        r.setEnd(text, from + 1);
        return r.getBoundingClientRect().x;
      };
      return { text: text.data, ltr: box(0) < box(text.data.length - 1) };
    }),
  );
  expect(order.length).toBeGreaterThan(4);
  for (const o of order) expect(o.ltr, o.text).toBe(true);
});

test("the treatments carousel moves right to left: the next treatment comes in and is shown", async ({ page }) => {
  await page.goto("/ar");
  await hydrated(page);
  const next = page.getByRole("button", { name: "العلاج التالي" });
  await next.scrollIntoViewIfNeeded();
  await next.click();
  const panel = page.locator("#panel-chirurgie");
  await expect(panel).not.toHaveAttribute("inert");
  const viewport = page.viewportSize()!;
  // the selected panel comes onto the screen (the track slides for half a second), not pushed off to one side
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= viewport.width;
    })
    .toBe(true);
  await expect(page.getByRole("tab", { name: "الجراحة" })).toHaveAttribute("aria-selected", "true");
});

test("the language switch leads from the French home page to the Arabic one and back", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.locator("[data-contact-bar] a[data-language-switch]").click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.locator("[data-contact-bar] a[data-language-switch]").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("html")).not.toHaveAttribute("dir", "rtl");
});

test("/ar/… that no page claims: the Arabic 404, right to left", async ({ page }) => {
  const res = await page.goto("/ar/nimporte-quoi");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الصفحة غير موجودة");
  await noSidewaysScroll(page);
  await reviewShot(page, "ar-404-1280", { fullPage: false });
});

for (const width of [375, 1280]) {
  test(`a treatment page in Arabic (/ar/implants-dentaires) at ${width} px: right to left, no sideways scroll, axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 800 });
    await page.goto("/ar/implants-dentaires");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("زراعة الأسنان");
    await expect(page.getByRole("heading", { name: "باختصار" })).toBeVisible();
    await noSidewaysScroll(page);
    // mirrored: the title starts at the right, the "In brief" panel sits left of the text on a laptop
    const h1 = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(h1!.x + h1!.width).toBeGreaterThan(width / 2);
    if (width >= 1024) {
      const [article, aside] = [await page.locator("main article").boundingBox(), await page.locator("main aside").boundingBox()];
      expect(aside!.x).toBeLessThan(article!.x);
    }
    await reviewShot(page, `ar-implants-${width}`, { fullPage: false });
    await expectNoSeriousA11yViolations(page);
    await reviewShot(page, `ar-implants-full-${width}`);
  });
}
