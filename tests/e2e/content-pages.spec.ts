import { expect, test, type Locator, type Page } from "@playwright/test";
import { CARE_PAGES } from "../../app/content/care-pages";
import { DEMO_CLINIC } from "../../app/lib/clinic";
import { DEMO_REVIEWS } from "../../app/.server/db/migrations";
import { starParts } from "../../app/content/reviews";
import { clickWhenStill, hydrated } from "./helpers";

/** The four demo reviews the migration stores (managed on /admin/galerie), as the page shows them. */
const REVIEWS = DEMO_REVIEWS.map((r) => ({ name: r.name, rating: r.rating_halves / 2, comment: r.comment }));

/** Two rendering frames of the page: what a scroll made visible has been seen by its observers. */
function frames(page: Page) {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Scroll gradually to the bottom so that every section passes through the viewport: steps of
 * 60 % of its height, two rendering frames each, run inside the page (one round trip, not two
 * per step). Instant jumps: the site scrolls smoothly (theme.css), and a smooth scroll on a loaded
 * machine, whose frames come far apart, leaps over whole sections between two frames.
 */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const step = Math.round(window.innerHeight * 0.6);
    // the page's height read at each step: images decoding below can make it taller on the way
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frame();
    }
  });
}

async function top(locator: Locator): Promise<number> {
  return locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}


test.describe("/dentist, the smile-transformation landing page", () => {
  test("shows the landing page's sections in order, and its buttons lead where docs/product.md says", async ({ page }) => {
    await page.goto("/dentist");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("LE SOURIRE DE VOS RÊVES À MILIANA");
    await expect(main.getByText(`Par ${DEMO_CLINIC.doctor.name}`)).toBeVisible();

    const redo = main.getByRole("link", { name: "GALERIE DES VISAGES AVANT & APRÈS", exact: true });
    const bookOnline = main.getByRole("link", { name: "PRENEZ RDV EN LIGNE", exact: true });
    const badge = main.getByText("Solution Premium", { exact: true });
    const steps = main.getByRole("link", { name: "VOIR LES ÉTAPES EN IMAGES", exact: true });
    const investment = main.getByRole("heading", { name: "Un investissement pour votre sourire" });
    const closing = main.getByRole("link", { name: "PRENDRE RENDEZ-VOUS", exact: true });
    const map = main.locator("iframe");

    await expect(redo).toHaveAttribute("href", "/gallery");
    await expect(bookOnline).toHaveAttribute("href", "/appointment");
    await expect(steps).toHaveAttribute("href", "/gallery");
    await expect(closing).toHaveAttribute("href", "/appointment");
    await expect(badge).toHaveCount(1);

    const order = [
      await top(main.getByRole("heading", { level: 1 })),
      await top(redo),
      await top(bookOnline),
      await top(badge),
      await top(steps),
      await top(investment),
      await top(closing),
      await top(map),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // the map: an OpenStreetMap embed, 400 px high, lazy, with a title and a plain link beside it
    await expect(map).toHaveAttribute("height", "400");
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute("title", /Plan d'accès/);
    expect(await map.getAttribute("src")).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/);
    await expect(main.getByRole("link", { name: /Ouvrir le plan dans OpenStreetMap/ })).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\//);

    // following the buttons
    await hydrated(page);
    await clickWhenStill(redo);
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("GALERIE");
    await page.goBack();
    await expect(page).toHaveURL(/\/dentist$/);
    await clickWhenStill(main.getByRole("link", { name: "VOIR LES ÉTAPES EN IMAGES", exact: true }));
    await expect(page).toHaveURL(/\/gallery$/);
    await page.goBack();
    await clickWhenStill(main.getByRole("link", { name: "PRENEZ RDV EN LIGNE", exact: true }));
    await expect(page).toHaveURL(/\/appointment$/);
    await page.goBack();
    await clickWhenStill(main.getByRole("link", { name: "PRENDRE RENDEZ-VOUS", exact: true }));
    await expect(page).toHaveURL(/\/appointment$/);
  });

  test("sections below the fold reveal once when scrolled into view, in 0.6 s, 0.7 s or 0.8 s", async ({ page }) => {
    await page.goto("/dentist");
    await hydrated(page);
    const hidden = page.locator('main [data-reveal="hidden"]');
    await expect(hidden.first()).toBeAttached();
    const durations = await page.locator("main [data-reveal]").evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute("data-reveal-duration")))].sort());
    expect(durations).toEqual(["0.6", "0.7", "0.8"]);

    const closing = page.locator("#rendez-vous [data-reveal]");
    await expect(closing).toHaveAttribute("data-reveal", "hidden");
    expect(await closing.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await scrollThrough(page);
    await expect(page.locator('main [data-reveal="hidden"]')).toHaveCount(0);
    await expect(closing).toHaveAttribute("data-reveal", "shown");
    expect(await closing.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0.8s");
    await expect.poll(() => closing.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    // once: scrolling back up does not hide anything again
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await frames(page);
    await frames(page);
    await expect(page.locator('main [data-reveal="hidden"]')).toHaveCount(0);
  });

  test("buttons scale on hover", async ({ page }) => {
    await page.goto("/dentist");
    await hydrated(page);
    const button = page.locator("main").getByRole("link", { name: "GALERIE DES VISAGES AVANT & APRÈS", exact: true });
    await button.scrollIntoViewIfNeeded();
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).scale)).toBe("none");
    await button.hover();
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).scale)).toBe("1.05");
  });

  test.describe("under prefers-reduced-motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("nothing is hidden, nothing animates, buttons do not scale", async ({ page }) => {
      await page.goto("/dentist");
      await hydrated(page);
      await expect(page.locator('main [data-reveal="hidden"]')).toHaveCount(0);
      const names = await page.locator("main [data-reveal]").evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
      expect(new Set(names)).toEqual(new Set(["none"]));
      const closing = page.locator("#rendez-vous [data-reveal]");
      expect(await closing.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
      const button = page.locator("main").getByRole("link", { name: "PRENDRE RENDEZ-VOUS", exact: true });
      await button.scrollIntoViewIfNeeded();
      await button.hover();
      await frames(page);
      // no transition started, and none will: the scale stays as it is
      expect(await button.evaluate((el) => el.getAnimations().length)).toBe(0);
      expect(await button.evaluate((el) => getComputedStyle(el).scale)).toBe("none");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("every section is readable", async ({ page }) => {
      await page.goto("/dentist");
      // the CSS entrance (0.8 s at most) has ended
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      const opacities = await page.locator("main [data-reveal]").evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity));
      expect(opacities.length).toBeGreaterThan(5);
      expect(new Set(opacities)).toEqual(new Set(["1"]));
      await expect(page.locator("main").getByRole("link", { name: "PRENDRE RENDEZ-VOUS", exact: true })).toBeVisible();
    });
  });
});

test.describe("/gallery", () => {
  test("compares before and after with a keyboard-usable slider", async ({ page }) => {
    await page.goto("/gallery");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("GALERIE");
    const card = page.locator("article", { has: page.getByRole("heading", { name: "Blanchiment dentaire" }) });
    await expect(card.getByRole("img", { name: /^Avant/ })).toBeVisible();
    await expect(card.getByRole("img", { name: /^Après/ })).toBeVisible();
    await hydrated(page);
    const slider = card.getByRole("slider", { name: "Comparer avant et après : Blanchiment dentaire" });
    await expect(slider).toHaveValue("50");
    const layer = card.getByTestId("before-layer");
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("55");
    await expect(slider).toHaveAttribute("aria-valuetext", "55 % avant, 45 % après");
    expect(await layer.evaluate((el) => el.style.clipPath)).toBe("inset(0px 45% 0px 0px)");
    await page.keyboard.press("Home");
    await expect(slider).toHaveValue("0");
    expect(await layer.evaluate((el) => el.style.clipPath)).toBe("inset(0px 100% 0px 0px)");
    await page.keyboard.press("End");
    await expect(slider).toHaveValue("100");
  });

  test("shows four reviews with an initial avatar, the name, the right stars and the rating as text", async ({ page }) => {
    await page.goto("/gallery");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Avis de nos patients" }) });
    const cards = section.getByRole("article");
    await expect(cards).toHaveCount(4);
    for (const [i, review] of REVIEWS.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading", { name: review.name })).toBeVisible();
      await expect(card.getByText(review.name.charAt(0), { exact: true })).toBeVisible();
      const label = `Note : ${String(review.rating).replace(".", ",")} sur 5`;
      await expect(card.getByText(label, { exact: true })).toHaveCount(1);
      const { full, half, empty } = starParts(review.rating);
      await expect(card.locator('[data-star="full"]')).toHaveCount(full);
      await expect(card.locator('[data-star="half"]')).toHaveCount(half);
      await expect(card.locator('[data-star="empty"]')).toHaveCount(empty);
      await expect(card.getByText(review.comment.slice(0, 40))).toBeVisible();
    }
    // half stars are really drawn: 4,5 means four full stars and one half
    expect(REVIEWS.some((r) => r.rating % 1 === 0.5)).toBe(true);
  });
});

test.describe("/doctorpage", () => {
  test("counts up to 30 years, 7000 patients and 200 surgeries, and lists seven diplomas", async ({ page }) => {
    await page.goto("/doctorpage");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEMO_CLINIC.doctor.name);
    await expect(page.getByText("Plus de 30 années d'expérience")).toHaveCount(1);
    await expect(page.getByText("Plus de 7 000 patients traités")).toHaveCount(1);
    await expect(page.getByText("Plus de 200 chirurgies implantaires")).toHaveCount(1);
    await hydrated(page);
    await scrollThrough(page);
    const counters = page.locator("[data-target]");
    await expect(counters).toHaveCount(3);
    for (const target of ["30", "7000", "200"]) {
      await expect(page.locator(`[data-target="${target}"]`)).toHaveAttribute("data-value", target, { timeout: 5000 });
    }
    // the figure as every page writes it (formatFigure): "7 000+" with a narrow no-break space
    await expect(page.locator(`[data-target="7000"]`)).toHaveText("7\u202f000+");
    const diplomas = page.getByRole("list", { name: "Diplômes et formations" }).getByRole("listitem");
    await expect(diplomas).toHaveCount(7);
    await expect(diplomas.first()).toContainText(DEMO_CLINIC.diplomas[0].title);
  });

  test.describe("under prefers-reduced-motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("the counters show their final values at once", async ({ page }) => {
      await page.goto("/doctorpage");
      await hydrated(page);
      for (const target of ["30", "7000", "200"]) {
        await expect(page.locator(`[data-target="${target}"]`)).toHaveAttribute("data-value", target);
      }
    });
  });
});

test.describe("care pages", () => {
  test("each of the fifteen pages has its title, an illustration, three paragraphs and a booking link", async ({ page }) => {
    test.setTimeout(90_000);
    for (const care of CARE_PAGES) {
      const res = await page.goto(`/${care.slug}`);
      expect(res?.status(), care.slug).toBe(200);
      const main = page.locator("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(care.title);
      const img = main.getByRole("img", { name: care.image.alt });
      await expect(img).toBeVisible();
      await expect(img).not.toHaveAttribute("data-placeholder", "true");
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await main.locator("article p").count()).toBeGreaterThanOrEqual(3);
      const cta = main.getByRole("link", { name: care.cta, exact: true }).first();
      await expect(cta).toHaveAttribute("href", "/appointment");
    }
  });

  test("/clean and /espacesoinpage show their content and a booking link", async ({ page }) => {
    await page.goto("/clean");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nettoyage et polissage professionnels");
    await expect(page.getByText(/aéropolissage/).first()).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Prendre RDV", exact: true }).first()).toHaveAttribute("href", "/appointment");
    await page.goto("/espacesoinpage");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Espace de soin");
    await expect(page.getByRole("heading", { name: "Chirurgie guidée par imagerie 3D" })).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Prendre RDV", exact: true }).first()).toHaveAttribute("href", "/appointment");
  });

  test("an unknown page answers 404 with a French message", async ({ page }) => {
    const res = await page.goto("/implant-inexistant");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  });

  test("a missing illustration is replaced by the placeholder without moving the layout", async ({ page }) => {
    await page.route("**/media/content-implant.svg", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/implants-dentaires");
    const img = page.locator("main").getByRole("img", { name: /implant dentaire dans l'os/ });
    await expect(img).toHaveAttribute("data-placeholder", "true");
    await expect(img).toHaveAttribute("src", "/media/placeholder.svg");
    const box = await img.boundingBox();
    expect(box!.height).toBeGreaterThan(100);
    expect(box!.width / box!.height).toBeCloseTo(1.5, 1);
  });
});

test.describe("legal pages", () => {
  test("are linked from the footer and say who runs the site and how data is handled", async ({ page }) => {
    await page.goto("/gallery");
    await hydrated(page);
    const footer = page.locator("footer");
    await footer.getByRole("link", { name: "Mentions légales" }).click();
    await expect(page).toHaveURL(/\/mentions-legales$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mentions légales");
    await expect(page.getByRole("heading", { name: "Hébergement" })).toBeVisible();
    await expect(page.getByText(`Directeur de la publication : ${DEMO_CLINIC.doctor.name}`)).toBeVisible();

    await page.locator("footer").getByRole("link", { name: "Politique de confidentialité" }).click();
    await expect(page).toHaveURL(/\/politique-de-confidentialite$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de confidentialité");
    await expect(page.getByText(/loi n° 18-07 du 10 juin 2018/).first()).toBeVisible();
    await expect(page.getByText(/Une demande jamais confirmée est anonymisée après la durée indiquée/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Vos droits" })).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: DEMO_CLINIC.email }).first()).toHaveAttribute("href", `mailto:${DEMO_CLINIC.email}`);
  });
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 800 } });
    test("content pages fit the screen without sideways scrolling, before and after their sections reveal", async ({ page }) => {
      test.setTimeout(90_000);
      for (const path of ["/dentist", "/gallery", "/doctorpage", "/espacesoinpage", "/clean", "/implants-dentaires", "/correction-sourires-edentes", "/mentions-legales", "/politique-de-confidentialite"]) {
        await page.goto(path);
        await hydrated(page);
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(await overflow(), path).toBeLessThanOrEqual(0);
        await scrollThrough(page);
        expect(await overflow(), `${path} after scrolling`).toBeLessThanOrEqual(0);
      }
    });
  });
}
