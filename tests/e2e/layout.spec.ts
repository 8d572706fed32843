import { expect, test } from "@playwright/test";
import { loginAsStaff } from "./helpers";

test.describe("navigation on large screens", () => {
  test("dropdowns open on hover, one at a time, and close 300 ms after the mouse leaves", async ({ page }) => {
    // the page's clock is the test's: the delay is stepped through, not slept
    await page.clock.install();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    const besoin = nav.getByRole("button", { name: "VOTRE BESOIN" });
    const soins = nav.getByRole("button", { name: "NOS SOINS ET TRAITEMENTS" });

    await besoin.hover();
    await expect(besoin).toHaveAttribute("aria-expanded", "true");
    const besoinPanel = page.locator(`#${await besoin.getAttribute("aria-controls")}`);
    await expect(besoinPanel.getByRole("link")).toHaveCount(10);
    await expect(besoinPanel.getByRole("link", { name: "Corriger un sourire gingival" })).toHaveAttribute("href", "/correction-sourire-gingival");

    await soins.hover();
    await expect(soins).toHaveAttribute("aria-expanded", "true");
    await expect(besoin).toHaveAttribute("aria-expanded", "false");
    await expect(nav.locator('button[aria-expanded="true"]')).toHaveCount(1);

    // leave: still open just after, closed once the 300 ms delay has passed
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10);
    await page.mouse.move(640, 600);
    await page.clock.runFor(250);
    await expect(soins).toHaveAttribute("aria-expanded", "true");
    await page.clock.runFor(100);
    await expect(soins).toHaveAttribute("aria-expanded", "false");
  });

  test("the four menus hold exactly the listed links", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    const expected: Record<string, string[]> = {
      "EMBELLIR VOTRE SOURIRE": ["/dentist", "/clean"],
      "VOTRE BESOIN": [
        "/allongement-dent-courte",
        "/raccourcissement-dent-longue",
        "/alignement-dents",
        "/fermeture-espaces",
        "/blanchiment-dents",
        "/restauration-dents",
        "/remplacement-dent-implant",
        "/remplacement-complet-implants",
        "/correction-sourire-gingival",
        "/correction-sourires-edentes",
      ],
      "NOS SOINS ET TRAITEMENTS": ["/esthetique-dentaire", "/implants-dentaires", "/blanchiment-professionnel", "/soins-conservateurs", "/orthodontie-invisible"],
      "DECOUVRIR NOTRE CLINIC": ["/doctorpage", "/espacesoinpage"],
    };
    for (const [label, hrefs] of Object.entries(expected)) {
      const button = nav.getByRole("button", { name: label });
      await button.click();
      const panel = page.locator(`#${await button.getAttribute("aria-controls")}`);
      await expect(panel).toBeVisible();
      const links = panel.getByRole("link");
      await expect(links).toHaveCount(hrefs.length);
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(hrefs);
    }
    for (const [name, href] of [
      ["Photos Avant/Apres", "/gallery"],
      ["Le Blog Dentaire", "/blog"],
      ["Formation", "/formation"],
      ["Accueil", "/"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: "Espace de Travail" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Prendre Rendez-vous" }).first()).toHaveAttribute("href", "/appointment");
  });

  test("a click opens a dropdown; an outside click and Escape close it", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    const menu = nav.getByRole("button", { name: "DECOUVRIR NOTRE CLINIC" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.mouse.click(640, 700);
    await expect(menu).toHaveAttribute("aria-expanded", "false");

    // keyboard: focus, Enter opens, Escape closes and focus stays on the button
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    const panel = page.locator(`#${await menu.getAttribute("aria-controls")}`);
    await expect(panel.getByRole("link", { name: "Le docteur" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
  });

  test("the navigation bar becomes fixed once the page scrolls past the contact bar", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav).toHaveAttribute("data-fixed", "false");
    await page.mouse.wheel(0, 600);
    await expect(nav).toHaveAttribute("data-fixed", "true");
    await expect(nav).toHaveCSS("position", "fixed");
    await expect(nav).toBeInViewport();
    await page.mouse.wheel(0, -2000);
    await expect(nav).toHaveAttribute("data-fixed", "false");
  });

  test("the mobile bottom bar is hidden on large screens", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Contact rapide" })).toBeHidden();
    await expect(page.getByRole("button", { name: /Menu/ })).toBeHidden();
  });
});

test.describe("navigation on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the hamburger toggles the collapsible menu", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: /Menu/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const panel = page.locator(`#${(await toggle.getAttribute("aria-controls"))!.replace(/:/g, "\\:")}`);
    await expect(panel.getByRole("link", { name: "Le Blog Dentaire" })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link", { name: "Le Blog Dentaire" })).toBeVisible();
    await panel.getByRole("button", { name: "VOTRE BESOIN" }).click();
    await expect(panel.getByRole("link", { name: "Aligner les dents" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Espace de Travail" })).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel.getByRole("link", { name: "Le Blog Dentaire" })).toBeHidden();
  });

  test("once the bar is fixed, the logo and the menu button both fit on the screen", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 1500);
    await expect(page.locator("nav[data-fixed='true']")).toBeVisible();
    const button = page.locator("nav[data-fixed='true']").getByRole("button", { name: /menu/i });
    const box = await button.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });

  test("the fixed bottom bar offers call, e-mail and RDV", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByRole("navigation", { name: "Contact rapide" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS("position", "fixed");
    await expect(bar.getByRole("link", { name: "Appeler" })).toHaveAttribute("href", /^tel:\+213/);
    await expect(bar.getByRole("link", { name: "E-mail" })).toHaveAttribute("href", /^mailto:/);
    await expect(bar.getByRole("link", { name: "RDV" })).toHaveAttribute("href", "/appointment");
    const box = await bar.boundingBox();
    expect(Math.round(box!.y + box!.height)).toBe(812);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe("the staff work layout on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("no marketing chrome or patient bar; a compact header with big tap targets, the screens behind 'Menu'", async ({ page }) => {
    await loginAsStaff(page, "/admin/agenda");
    await expect(page.getByRole("navigation", { name: "Contact rapide" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Prendre Rendez-vous" })).toHaveCount(0);

    const nav = page.getByRole("navigation", { name: "Administration" });
    await expect(nav.getByText("Clinique Hamdi", { exact: true })).toBeVisible();
    await expect(nav.getByText("Espace de Travail", { exact: false })).toBeVisible();
    const logout = nav.getByRole("button", { name: "Se déconnecter" });
    const menu = nav.getByRole("button", { name: "Menu", exact: true });
    for (const control of [logout, nav.getByRole("link", { name: /^Site public/ }), menu]) {
      await expect(control).toBeInViewport();
      const box = (await control.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    // the screens wait in the menu; the page never scrolls sideways
    await expect(nav.getByRole("link", { name: "Mon compte", exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await menu.click();
    await nav.getByRole("link", { name: "Mon compte", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await menu.click();
    await expect(nav.getByRole("link", { name: "Mon compte", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("the staff's sign-in and password screens have no patients' bar", async ({ page }) => {
    for (const path of ["/login", "/mot-de-passe-oublie"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Contact rapide" }), path).toHaveCount(0);
    }
  });
});

test.describe("errors and health", () => {
  test("an unknown address gets the French 404 page with status 404", async ({ page }) => {
    const res = await page.goto("/cette-page-n-existe-pas/du-tout");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
  });
});
