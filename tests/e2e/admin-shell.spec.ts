import { expect, test, type Locator, type Page } from "@playwright/test";
import { patientMatchKey } from "../../app/.server/db/migrations";
import { toE164 } from "../../app/lib/phone";
import { animationsDone, dbRun, E2E_ASSISTANT, E2E_DENTIST, expectNoSeriousA11yViolations, hydrated, loginAsStaff, reviewShot, type E2EAccount } from "./helpers";

/**
 * The staff shell (docs/product.md, "Staff area"): the grouped navigation — a side bar from
 * 1024 px, a 'Menu' sheet below — that fits every width with no sideways scroll, marks the
 * current place, shows each role only what it may open, opens and closes with the keyboard; the
 * toasts that never cover the header's controls. E2E_SHOTS_DIR set: screenshots there.
 */

const nav = (page: Page) => page.getByRole("navigation", { name: "Administration" });
const menuButton = (page: Page) => nav(page).getByRole("button", { name: "Menu", exact: true });
const sheet = (page: Page) => page.getByRole("dialog", { name: "Menu", exact: true });

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function inViewport(locator: Locator, width: number) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.height).toBeGreaterThanOrEqual(44);
}

test("the navigation fits from 320 to 1920 px: the side bar from 1024 px, 'Menu' below, never a sideways scroll", async ({ page }) => {
  await loginAsStaff(page, "/admin/agenda");
  // 'Menu' opens once React runs the page
  await hydrated(page);
  for (const width of [320, 375, 1024, 1280, 1920]) {
    await page.setViewportSize({ width, height: width < 1024 ? 812 : 900 });
    for (const name of ["Se déconnecter", /^Site public/]) {
      const control = typeof name === "string" ? nav(page).getByRole("button", { name }) : nav(page).getByRole("link", { name });
      await inViewport(control, width);
    }
    if (width < 1024) {
      await expect(menuButton(page)).toBeVisible();
      await inViewport(menuButton(page), width);
      await expect(nav(page).getByRole("link", { name: "Agenda", exact: true })).toHaveCount(0);
      await menuButton(page).click();
      await expect(sheet(page)).toBeVisible();
      // every link of the menu on the screen and big enough for a thumb
      for (const link of await sheet(page).getByRole("link").all()) await inViewport(link, width);
      await noSidewaysScroll(page);
      await reviewShot(page, `shell-menu-${width}`, { fullPage: false });
      await page.keyboard.press("Escape");
      await expect(sheet(page)).toBeHidden();
    } else {
      await expect(menuButton(page)).toBeHidden();
      // as a page opens, the front desk's links are in view at once; on a window shorter than the
      // whole list (an administrator's twenty links) the side bar scrolls on its own, and every link
      // comes into view there (a new page: the last width scrolled the side bar down)
      await page.reload();
      for (const name of ["Accueil", "Agenda", "Rendez-vous", "Caisse", "Devis"]) {
        await expect(nav(page).getByRole("link", { name, exact: true })).toBeInViewport();
      }
      for (const name of ["Horaires et fermetures", "Mon compte", "Formations"]) {
        const link = nav(page).getByRole("link", { name, exact: true });
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeInViewport();
        await inViewport(link, width);
      }
    }
    await noSidewaysScroll(page);
    await reviewShot(page, `shell-agenda-${width}`, { fullPage: false });
  }
});

test("the current place is marked, 'Accueil' and the brand lead to the staff home", async ({ page }) => {
  await loginAsStaff(page, "/admin/rappels");
  const current = nav(page).locator("[aria-current='page']:visible");
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText("Rappels");
  await nav(page).getByRole("link", { name: "Accueil", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Aujourd'hui" })).toBeVisible();
  await expect(current).toHaveText("Accueil");
  await nav(page).getByRole("link", { name: "Patients", exact: true }).click();
  await expect(current).toHaveText("Patients");
  await nav(page).getByRole("link", { name: /^Clinique Hamdi/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expectNoSeriousA11yViolations(page);
});

const ALL = ["Accueil", "Agenda", "Rappels", "Liste d'attente", "Suivis", "Patients", "Rendez-vous", "Caisse", "Devis", "Rapports", "Horaires et fermetures", "Équipe", "E-mails", "Journal", "Mon compte", "Clinique", "Photos", "Galerie et avis", "Blog", "Formations"];
const ROLES: [string, E2EAccount | undefined, string[]][] = [
  ["an administrator", undefined, ALL],
  ["a dentist", E2E_DENTIST, ALL.filter((l) => !["Équipe", "E-mails", "Journal"].includes(l))],
  ["an assistant", E2E_ASSISTANT, ["Accueil", "Agenda", "Rappels", "Liste d'attente", "Suivis", "Patients", "Rendez-vous", "Caisse", "Horaires et fermetures", "Mon compte", "Formations"]],
];

for (const [who, account, expected] of ROLES) {
  test(`${who} sees exactly the screens the role opens, in their groups`, async ({ page }) => {
    await loginAsStaff(page, "/admin", account);
    const side = nav(page);
    for (const name of ALL) await expect(side.getByRole("link", { name, exact: true }), name).toHaveCount(expected.includes(name) ? 1 : 0);
    // the groups: 'Argent' holds the day's cash (every role), the quotes and the reports (the roles that see prices)
    await expect(side.getByRole("list", { name: "Accueil" })).toBeVisible();
    await expect(side.getByRole("list", { name: "Argent" })).toHaveCount(expected.includes("Caisse") || expected.includes("Rapports") ? 1 : 0);
    await expect(side.getByRole("list", { name: "Site" }).getByRole("link", { name: "Formations" })).toBeVisible();
  });
}

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("'Menu' opens and closes with the keyboard; the focus goes in and comes back; a link followed closes it", async ({ page }) => {
    await loginAsStaff(page, "/admin/agenda");
    // 'Menu' opens once React runs the page (a key pressed before that presses a plain button)
    await hydrated(page);
    const button = menuButton(page);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(sheet(page)).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    // the focus is on the current place
    await expect(sheet(page).getByRole("link", { name: "Agenda", exact: true })).toBeFocused();
    await expect(sheet(page).getByRole("link", { name: "Agenda", exact: true })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(sheet(page)).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // Space opens it too; Tab walks its links; Enter follows one, and the menu is gone
    await page.keyboard.press("Space");
    await expect(sheet(page)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(sheet(page).getByRole("link", { name: "Rappels", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/rappels$/);
    await expect(sheet(page)).toBeHidden();

    // 'Fermer le menu', at the bottom of the sheet, within a thumb's reach
    await button.click();
    const close = sheet(page).getByRole("button", { name: "Fermer le menu" });
    const box = (await close.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(812 - 100);
    await close.click();
    await expect(sheet(page)).toBeHidden();
  });
});

for (const [label, viewport] of [
  ["375 px", { width: 375, height: 812 }],
  ["1280 px", { width: 1280, height: 900 }],
] as const) {
  test(`at ${label} a toast leaves the header's controls free`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const phone = `0551 ${String(Math.floor(Math.random() * 1e6)).padStart(6, "0").replace(/(\d\d)(\d\d)(\d\d)/, "$1 $2 $3")}`;
    const e164 = toE164(phone);
    const now = new Date().toISOString();
    const id = Number(
      dbRun(
        "insert into patients (name, phone, phone_e164, email, notes, match_key, created_at, updated_at) values (?, ?, ?, null, null, ?, ?, ?)",
        "Nadia Toastée",
        phone,
        e164,
        patientMatchKey(e164, phone, "Nadia Toastée"),
        now,
        now,
      ).lastInsertRowid,
    );
    await loginAsStaff(page, `/admin/patients/${id}`);
    await page.getByRole("textbox", { name: /^Notes/ }).fill("Préfère être appelée le matin.");
    await page.getByRole("button", { name: "Enregistrer les notes" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Notes enregistrées." });
    await expect(toast).toBeVisible();
    // measured where it rests, once its slide-in has ended
    await animationsDone(page);
    await reviewShot(page, `shell-toast-${viewport.width}`, { fullPage: false });
    const toastBox = (await toast.boundingBox())!;
    const controls = [nav(page).getByRole("button", { name: "Se déconnecter" }), nav(page).getByRole("link", { name: /^Site public/ })];
    if (viewport.width < 1024) controls.push(menuButton(page));
    for (const control of controls) expect(overlaps(toastBox, (await control.boundingBox())!)).toBe(false);
    // just below the header, in the top half: the bottom of a phone's screen, where a thumb taps
    // the save buttons and a card's actions, stays free
    const header = (await page.getByRole("banner").boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(toastBox.y + toastBox.height).toBeLessThan(viewport.height / 2);
    if (viewport.width >= 1024) expect(toastBox.x).toBeGreaterThan(viewport.width / 2);
  });
}
