import { expect, test, type Page } from "@playwright/test";
import { dbQuery, loginAsStaff, reviewShot } from "./helpers";

/**
 * The Arabic blog and training pages in a browser (issue 32): right to left, no sideways scroll at a
 * phone's and a laptop's width (screenshots for a person, E2E_SHOTS_DIR); the staff blog editor's
 * 'En arabe' part types right to left and saves with the article.
 */
test.use({ reducedMotion: "reduce" });

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, "no horizontal scroll").toBeLessThanOrEqual(client);
}

for (const width of [375, 1280]) {
  test(`/ar/blog and /ar/formation at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 800 });
    for (const path of ["/ar/blog", "/ar/formation", "/ar/syllabus"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await noSidewaysScroll(page);
      await reviewShot(page, `ar${path.replaceAll("/", "-")}-${width}`, {
        fullPage: true,
      });
    }
    await page.goto("/ar/blog");
    await page
      .getByRole("link", { name: /اقرأ المقال/ })
      .first()
      .click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await noSidewaysScroll(page);
    await reviewShot(page, `ar-blog-article-${width}`, { fullPage: true });
  });
}

test("the staff blog editor saves the Arabic title and text with the article", async ({
  page,
}) => {
  await loginAsStaff(page, "/admin/blog");
  await page.getByRole("button", { name: "Ajouter un Blog" }).click();
  await page.getByLabel("Titre *").fill("Article e2e bilingue");
  await page.getByLabel("Contenu *").fill("Un texte en français.");
  const titleAr = page.getByLabel("Titre en arabe");
  await expect(titleAr).toHaveAttribute("dir", "rtl");
  await expect(page.getByLabel("Texte en arabe")).toHaveAttribute("lang", "ar");
  await titleAr.fill("مقال بلغتين");
  await page.getByLabel("Texte en arabe").fill("نص باللغة العربية.");
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expect
    .poll(
      () =>
        dbQuery<{ title_ar: string | null }>(
          "select title_ar from blogs where title = 'Article e2e bilingue'",
        )[0]?.title_ar,
    )
    .toBe("مقال بلغتين");
  expect(
    dbQuery<{ content_ar: string }>(
      "select content_ar from blogs where title = 'Article e2e bilingue'",
    )[0].content_ar,
  ).toBe("نص باللغة العربية.");
});
