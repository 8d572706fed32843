import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated, reviewShot } from "./helpers";

/**
 * /ar/dentist, the smile-transformation landing page in Arabic (issue 32), in a browser: right to
 * left, its sections slide in from their own side (the columns are mirrored, so is the slide: a
 * section that comes from the left in French comes from the right), nothing scrolls sideways
 * before or after they are revealed, no serious axe violation. The screenshots are for a person
 * to look at (E2E_SHOTS_DIR).
 */

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, "no horizontal scroll").toBeLessThanOrEqual(client);
}

/** Scroll to the bottom by instant steps of 60 % of the screen, two frames each (as content-pages.spec.ts does). */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      );
    for (
      let y = 0;
      y <= document.documentElement.scrollHeight;
      y += Math.round(window.innerHeight * 0.6)
    ) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frame();
    }
  });
}

for (const width of [375, 1280]) {
  test(`/ar/dentist at ${width} px: rtl, sections slide in from their mirrored side, no sideways scroll, axe`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 800 });
    await page.goto("/ar/dentist");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "ابتسامة أحلامك في مليانة",
    );
    await reviewShot(page, `ar-dentist-${width}`, { fullPage: false });

    // below the fold, hidden until scrolled to: 'from left' in French comes from the right here, 'from right' from the left
    // (on a phone the section after the hero is below the fold; on a laptop it is in view, painted as it is, and the veneers' is not)
    const fromLeft = page.locator(
      `${width < 800 ? "#refaire" : "#facettes"} [data-reveal-from="left"]`,
    );
    await expect(fromLeft).toHaveAttribute("data-reveal", "hidden");
    expect(
      await fromLeft.evaluate(
        (el) => new DOMMatrix(getComputedStyle(el).transform).m41,
      ),
    ).toBe(32);
    const fromRight = page.locator('#refaire [data-reveal-from="right"]');
    if (width < 800) {
      await expect(fromRight).toHaveAttribute("data-reveal", "hidden");
      expect(
        await fromRight.evaluate(
          (el) => new DOMMatrix(getComputedStyle(el).transform).m41,
        ),
      ).toBe(-32);
    }
    await noSidewaysScroll(page);

    await scrollThrough(page);
    await expect(page.locator('main [data-reveal="hidden"]')).toHaveCount(0);
    await expect
      .poll(() => fromLeft.evaluate((el) => getComputedStyle(el).transform))
      .toBe("none");
    await noSidewaysScroll(page);
    if (width >= 1024) {
      // mirrored columns: the picture (first in the source) on the right of its text, the map right of the address
      const [picture, text] = [
        await page.locator('#refaire [data-reveal-from="left"]').boundingBox(),
        await fromRight.boundingBox(),
      ];
      expect(picture!.x).toBeGreaterThan(text!.x);
      const [map, address] = [
        await page.locator("#plan iframe").boundingBox(),
        await page.locator("#plan .bg-ivory").boundingBox(),
      ];
      expect(map!.x).toBeGreaterThan(address!.x);
    }
    await expectNoSeriousA11yViolations(page);
    await reviewShot(page, `ar-dentist-full-${width}`);
    if (process.env.E2E_SHOTS_DIR) {
      for (const id of ["hero", "refaire", "facettes", "plan"])
        await page
          .locator(`#${id}`)
          .screenshot({
            path: `${process.env.E2E_SHOTS_DIR}/ar-dentist-${id}-${width}.png`,
          });
    }
  });
}

test("/ar/dentist's buttons lead to the pages they name; the language switch to /dentist", async ({
  page,
}) => {
  await page.goto("/ar/dentist");
  await hydrated(page);
  const main = page.locator("main");
  await expect(
    main.getByRole("link", { name: "معرض الوجوه قبل وبعد" }),
  ).toHaveAttribute("href", /\/gallery$/);
  await expect(
    main.getByRole("link", { name: "احجز موعدك عبر الإنترنت" }),
  ).toHaveAttribute("href", /\/appointment$/);
  await expect(page.locator("a[data-language-switch]").first()).toHaveAttribute(
    "href",
    "/dentist",
  );
});

test("a need page and /ar/clean fit a phone's and a laptop's width, right to left", async ({
  page,
}) => {
  for (const [path, h1] of [
    ["/ar/fermeture-espaces", "سدّ الفراغات بين الأسنان"],
    ["/ar/clean", "تنظيف الأسنان وتلميعها باحتراف"],
  ]) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 800 ? 812 : 800 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await noSidewaysScroll(page);
      await reviewShot(page, `ar${path.replace(/\//g, "-")}-${width}`, {
        fullPage: false,
      });
    }
  }
});
