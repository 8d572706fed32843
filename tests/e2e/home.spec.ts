import { expect, test } from "@playwright/test";
import { collectConsoleErrors, expectNoSeriousA11yViolations } from "./helpers";

test.describe("home page", () => {
  test("the first screen's two fonts are preloaded: the WOFF2 files the stylesheet uses, cached for a year", async ({ page, request }) => {
    await page.goto("/");
    const preloads = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) =>
      links.map((l) => ({ href: l.getAttribute("href") ?? "", type: l.getAttribute("type"), crossorigin: l.getAttribute("crossorigin") })),
    );
    expect(preloads.map((p) => p.href.replace(/-[\w-]{8}\.woff2$/, ""))).toEqual(["/assets/playfair-display-latin-700-normal", "/assets/inter-latin-wght-normal"]);
    const css = (await Promise.all((await page.locator('link[rel="stylesheet"]').evaluateAll((l) => l.map((x) => x.getAttribute("href") ?? ""))).map((h) => request.get(h).then((r) => r.text())))).join("\n");
    for (const p of preloads) {
      expect(p.type).toBe("font/woff2");
      expect(p.crossorigin).toBe("anonymous");
      // the very file the @font-face rules load, so the preload is never a second download
      expect(css).toContain(p.href.replace("/assets/", ""));
      const font = await request.get(p.href);
      expect(font.status()).toBe(200);
      expect(font.headers()["cache-control"]).toContain("immutable");
    }
    expect(css).toContain("font-display:swap");
  });

  test("renders every section of the home page", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: "VOTRE FUTUR SOURIRE" })).toBeVisible();
    await expect(page.getByRole("link", { name: "DECOUVRIR" })).toHaveAttribute("href", "/dentist");
    const claims = page.getByRole("list", { name: "La clinique en chiffres" });
    // the figure as every page writes it (formatFigure): "7 000+" with a narrow no-break space
    await expect(claims).toContainText("7\u202f000+");
    await expect(claims).toContainText("patients satisfaits");
    await expect(claims).toContainText("30+");
    await expect(claims).toContainText("ans d'expérience");
    await expect(claims).toContainText("1995");
    await expect(page.getByRole("link", { name: "Faites défiler" })).toBeVisible();

    await expect(page.getByRole("heading", { name: "Facettes et implants : des sourires transformés" })).toBeVisible();
    await expect(page.getByTestId("satisfaction")).toHaveText("98%");
    const teaser = page.locator("#galerie-apercu");
    await expect(teaser.getByRole("link", { name: "Voir la galerie" })).toHaveAttribute("href", "/gallery");
    await expect(teaser.getByRole("link", { name: "Prendre Rendez-vous" })).toHaveAttribute("href", "/appointment");

    await expect(page.getByRole("heading", { name: "Une expérience au service de votre sourire" })).toBeAttached();
    await expect(page.getByRole("heading", { name: "La chirurgie implantaire, en toute sérénité" })).toBeAttached();
    for (const href of ["/gallery", "/espacesoinpage", "/appointment", "/doctorpage"]) {
      await expect(page.locator(`section[aria-labelledby="surgery-title"] a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(page.getByRole("heading", { name: "NOS SOINS ET TRAITEMENTS" })).toBeAttached();
    await expect(page.getByRole("tab")).toHaveCount(5);

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld["@type"]).toBe("Dentist");
    expect(ld.address.addressLocality).toContain("Kouba");
    expect(ld.telephone).toHaveLength(2);
    expect(ld.openingHoursSpecification.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("the gallery teaser rotates every 3 seconds and its dots select an image", async ({ page }) => {
    await page.goto("/");
    const dots = page.getByTestId("teaser-dots").getByRole("button");
    await expect(dots).toHaveCount(2);
    await page.locator("#galerie-apercu").scrollIntoViewIfNeeded();
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    // autoplay switches to the second image after 3000 ms
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true", { timeout: 5000 });
    await dots.nth(0).click();
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Image suivante" }).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  });

  test("the counters reach their targets once scrolled into view", async ({ page }) => {
    await page.goto("/");
    const years = page.getByTestId("years-counter").locator("[data-target]");
    const patients = page.getByTestId("patients-counter").locator("[data-target]");
    // not in view yet: reset to 0 after hydration
    await expect(years).toHaveAttribute("data-value", "0");
    await page.getByTestId("years-counter").scrollIntoViewIfNeeded();
    await expect(years).toHaveAttribute("data-value", "30", { timeout: 6000 });
    await expect(patients).toHaveAttribute("data-value", "7000", { timeout: 6000 });
    await expect(page.getByTestId("years-counter")).toContainText("30+");
    await expect(page.getByTestId("patients-counter")).toContainText("7\u202f000+");
  });

  test("with reduced motion the figures are final at once and nothing rotates", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByTestId("years-counter").locator("[data-target]")).toHaveAttribute("data-value", "30");
    const dots = page.getByTestId("teaser-dots").getByRole("button");
    // past the autoplay's period on the page's clock: nothing has rotated
    await page.clock.runFor(3600);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  });

  test("the treatments carousel: tabs, wrapping arrows, dots and booking labels", async ({ page }) => {
    await page.goto("/");
    const section = page.locator('section[aria-labelledby="treatments-title"]');
    await section.scrollIntoViewIfNeeded();
    const expected = [
      ["Esthétique", "Facettes dentaires", "PRENDRE RENDEZ-VOUS"],
      ["Chirurgie", "Implants dentaires", "PRENDRE RENDEZ-VOUS"],
      ["Blanchiment", "Blanchiment professionnel", "PLANIFIER UN BLANCHIMENT"],
      ["Générale", "Soins conservateurs", "PRENDRE RENDEZ-VOUS"],
      ["Orthodontie", "Orthodontie invisible", "CONSULTATION ORTHODONTIE"],
    ];
    for (const [tab, title, booking] of expected) {
      await section.getByRole("tab", { name: tab }).click();
      await expect(section.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      const panel = section.getByRole("tabpanel", { name: tab });
      await expect(panel.getByRole("heading", { name: title })).toBeVisible();
      await expect(panel.getByRole("link", { name: booking })).toHaveAttribute("href", "/appointment");
    }
    // from the last tab, "next" wraps to the first
    await section.getByRole("button", { name: "Traitement suivant" }).click();
    await expect(section.getByRole("tab", { name: "Esthétique" })).toHaveAttribute("aria-selected", "true");
    // from the first, "previous" wraps to the last
    await section.getByRole("button", { name: "Traitement précédent" }).click();
    await expect(section.getByRole("tab", { name: "Orthodontie" })).toHaveAttribute("aria-selected", "true");
    await section.getByRole("button", { name: "Afficher Blanchiment professionnel" }).click();
    await expect(section.getByRole("tab", { name: "Blanchiment" })).toHaveAttribute("aria-selected", "true");
    await expect(section.getByTestId("treatment-dots").getByRole("button").nth(2)).toHaveAttribute("aria-current", "true");
  });

  test("an image that fails to load shows the placeholder picture", async ({ page }) => {
    await page.route("**/media/home-teaser-veneers.svg", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/");
    const img = page.getByRole("img", { name: "Sourire avant et après la pose de facettes dentaires" });
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveAttribute("src", "/media/placeholder.svg");
    await expect(img).toHaveAttribute("data-placeholder", "true");
    // it keeps its box: no layout shift
    await expect(img).toHaveAttribute("width", "1200");
    await expect(img).toHaveAttribute("height", "800");
  });

  for (const width of [375, 1280]) {
    test(`no serious accessibility violation on the home page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/");
      await expectNoSeriousA11yViolations(page);
    });
  }
});
