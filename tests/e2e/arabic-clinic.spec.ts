import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated, reviewShot } from "./helpers";

/**
 * /ar/gallery on a phone (issue 32): right to left, no sideways scroll, no serious axe
 * violation; the before/after divider follows the reading direction (the "before" picture on
 * the right, the range grows leftwards: the arrow key toward the left and a tap on the left both
 * move the divider there). The page has no carousel (the home page's teaser has one: arabic.spec.ts).
 */
test.use({ reducedMotion: "reduce" });

test("/ar/gallery at 375 px: rtl, the slider moves in the reading direction, no sideways scroll, axe", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/ar/gallery");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("معرض الصور");
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, "no horizontal scroll").toBeLessThanOrEqual(client);
  await reviewShot(page, "ar-gallery-375", { fullPage: false });

  const card = page.locator("article", { has: page.getByRole("heading", { name: "تبييض الأسنان" }) });
  await expect(card.getByRole("img", { name: /^قبل/ })).toBeVisible();
  const slider = card.getByRole("slider", { name: "المقارنة بين قبل وبعد: تبييض الأسنان" });
  await expect(slider).toHaveValue("50");
  const divider = card.locator("[data-compare-divider]");
  const frame = (await slider.boundingBox())!;
  const centre = async () => {
    const b = (await divider.boundingBox())!;
    return b.x + b.width / 2;
  };
  expect(Math.abs((await centre()) - (frame.x + frame.width / 2))).toBeLessThan(3);

  // the key toward the left grows the "before" part, which lies on the right: the divider goes left
  await slider.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowLeft");
  await expect(slider).toHaveValue("55");
  await expect(slider).toHaveAttribute("aria-valuetext", "55% قبل، 45% بعد");
  expect(await card.getByTestId("before-layer").evaluate((el) => el.style.clipPath)).toBe("inset(0px 0px 0px 45%)");
  expect(await centre()).toBeLessThan(frame.x + frame.width / 2);

  // a tap a quarter of the way from the left edge puts the divider there
  await slider.click({ position: { x: frame.width * 0.25, y: frame.height / 2 } });
  await expect.poll(async () => Number(await slider.inputValue())).toBeGreaterThan(70);
  expect(Math.abs((await centre()) - (frame.x + frame.width * 0.25))).toBeLessThan(frame.width * 0.04);
  await card.scrollIntoViewIfNeeded();
  await reviewShot(page, "ar-gallery-slider-375", { fullPage: false });

  await page.getByRole("heading", { name: "آراء مرضانا" }).scrollIntoViewIfNeeded();
  await reviewShot(page, "ar-gallery-reviews-375", { fullPage: false });
  await expectNoSeriousA11yViolations(page);
});
