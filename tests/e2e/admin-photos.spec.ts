import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { PHOTO_FORM_MESSAGES } from "~/lib/photo-form";
import { dbQuery, dbRun, E2E_DENTIST, expectNoSeriousA11yViolations, hydrated, loginAsStaff } from "./helpers";

/**
 * docs/product.md, "Staff: photos": a dentist puts the clinic's photo in the home page's hero,
 * the public page serves it as AVIF/WebP with srcset and dimensions, and removing it brings the
 * drawing back. Other specs expect the drawings: every photo is removed after each test.
 */
const HERO_CARD = "Grande image du haut de la page d'accueil (derrière le titre)";
const ALT = "La salle d'accueil de la clinique, lumineuse, avec son comptoir en bois";
const ALT_AR = "قاعة الانتظار في العيادة، مضيئة وهادئة";

/** A photograph-like JPEG made here (no binary fixture). */
async function photo(width = 2000, height = 1125): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#0b2a47"/><stop offset="1" stop-color="#12a3ad"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height / 2}" r="${height / 3}" fill="#f6ecd8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const card = (page: Page, heading: string) => page.getByRole("article", { name: heading });
const DOCTOR_CARD = "Portrait du docteur (haut de page)";

/** A tile's 'Mettre une photo' / 'Remplacer la photo' (a disclosure, closed at first), opened. */
async function openUpload(slot: Locator) {
  await slot.getByRole("heading", { name: /^(Mettre une photo|Remplacer la photo)$/ }).click();
  await expect(slot.getByRole("textbox", { name: "Texte alternatif", exact: true })).toBeVisible();
}

/** Put a photo in a slot through its tile, and wait for the toast. */
async function putPhoto(page: Page, slot: Locator, alt: string) {
  await openUpload(slot);
  await slot.getByLabel("Photo").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await photo(1200, 800) });
  await slot.getByRole("textbox", { name: "Texte alternatif", exact: true }).fill(alt);
  await slot.getByRole("button", { name: "Enregistrer la photo" }).click();
  await expect(page.getByText("Photo enregistrée : elle est en ligne.")).toBeVisible({ timeout: 30_000 });
}

test.afterEach(() => {
  dbRun("delete from site_photos");
});

test("a dentist puts a photo in the home hero; the home page serves it with srcset and size; removing it brings the drawing back", async ({ page }) => {
  await loginAsStaff(page, "/admin/photos", E2E_DENTIST);
  await expect(page.getByRole("heading", { level: 1, name: "Photos du site" })).toBeVisible();
  const hero = card(page, HERO_CARD);
  await expect(hero.getByText("Dessin", { exact: true })).toBeVisible();
  await expect(hero.getByRole("link", { name: /Voir la page «\sAccueil\s»/ })).toHaveAttribute("href", "/");

  await hydrated(page);
  await openUpload(hero);
  await hero.getByLabel("Photo").setInputFiles({ name: "accueil.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await expect(hero.getByRole("img", { name: "Aperçu de la photo choisie" })).toBeVisible();
  await hero.getByRole("textbox", { name: "Texte alternatif", exact: true }).fill(ALT);
  await hero.getByRole("textbox", { name: /^Texte alternatif en arabe/ }).fill(ALT_AR);
  await hero.getByRole("button", { name: "Enregistrer la photo" }).click();
  // checked, re-encoded to AVIF and WebP at three widths: a few seconds on a busy machine
  await expect(page.getByText("Photo enregistrée : elle est en ligne.")).toBeVisible({ timeout: 30_000 });
  await expect(hero.getByText("Photo", { exact: true })).toBeVisible();
  await expect(hero.getByText(ALT)).toBeVisible();
  await expect(hero.getByText(ALT_AR)).toBeVisible();
  // stored: the form closes, titled for the next time
  await expect(hero.getByLabel("Nouvelle photo")).toBeHidden();
  await expect(hero.getByRole("heading", { name: "Remplacer la photo" })).toBeVisible();

  const [row] = dbQuery<{ media_id: string; alt: string; alt_ar: string; widths: string; width: number; height: number }>(
    "select p.media_id, p.alt, p.alt_ar, m.widths, m.width, m.height from site_photos p join media m on m.id = p.media_id where p.slot = 'home.hero'",
  );
  expect(row).toMatchObject({ alt: ALT, alt_ar: ALT_AR, widths: "480,960,1600", width: 1600, height: 900 });
  const [audit] = dbQuery<{ action: string; detail: string }>("select action, detail from audit_log where action like 'photo.%' order by id desc limit 1");
  expect(audit).toEqual({ action: "photo.set", detail: "home.hero" });

  await page.goto("/");
  const img = page.getByRole("img", { name: ALT });
  await expect(img).toBeAttached();
  await expect(img).toHaveAttribute("width", "1600");
  await expect(img).toHaveAttribute("height", "900");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  const picture = page.locator("picture").filter({ has: img });
  const avif = picture.locator("source[type='image/avif']");
  const webp = picture.locator("source[type='image/webp']");
  await expect(avif).toHaveAttribute("srcset", `/uploads/media/${row.media_id}-480.avif 480w, /uploads/media/${row.media_id}-960.avif 960w, /uploads/media/${row.media_id}-1600.avif 1600w`);
  await expect(webp).toHaveAttribute("srcset", new RegExp(`/uploads/media/${row.media_id}-1600\\.webp 1600w$`));
  await expect(avif).toHaveAttribute("sizes", "100vw");
  // the browser really shows it, and the file is cached for a year
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const served = await page.request.get(`/uploads/media/${row.media_id}-960.avif`);
  expect(served.status()).toBe(200);
  expect(served.headers()["cache-control"]).toMatch(/max-age=31536000/);
  expect(served.headers()["cache-control"]).toMatch(/immutable/);
  expect((await sharp(await served.body()).metadata()).width).toBe(960);

  // the Arabic home page shows the same photo described in Arabic, never in French
  await page.goto("/ar");
  await expect(page.getByRole("img", { name: ALT_AR })).toHaveAttribute("width", "1600");
  await expect(page.getByRole("img", { name: ALT })).toHaveCount(0);

  await page.goto("/admin/photos");
  const heroAgain = card(page, HERO_CARD);
  await heroAgain.getByText("Retirer la photo", { exact: true }).click();
  await heroAgain.getByRole("button", { name: "Oui, retirer la photo" }).click();
  await expect(page.getByText("Photo retirée : le dessin est de retour sur la page.")).toBeVisible();
  await expect(heroAgain.getByText("Dessin", { exact: true })).toBeVisible();
  expect(dbQuery("select slot from site_photos")).toEqual([]);
  const [{ due }] = dbQuery<{ due: number }>("select delete_after is not null as due from media where id = ?", row.media_id);
  expect(due).toBe(1);

  await page.goto("/");
  await expect(page.locator("section[aria-labelledby='hero-title'] img").first()).toHaveAttribute("src", "/media/home-hero.svg");
  await expect(page.getByRole("img", { name: ALT })).toHaveCount(0);
});

test("upload errors are said beside their field, in French, and the alt text typed is kept", async ({ page }) => {
  await loginAsStaff(page, "/admin/photos", E2E_DENTIST);
  const doctor = card(page, DOCTOR_CARD);
  await hydrated(page);
  await openUpload(doctor);
  const file = doctor.getByLabel("Photo");
  const alt = doctor.getByRole("textbox", { name: "Texte alternatif", exact: true });
  const submit = doctor.getByRole("button", { name: "Enregistrer la photo" });

  // no alt text: refused in the browser, beside the field
  await file.setInputFiles({ name: "docteur.jpg", mimeType: "image/jpeg", buffer: await photo(900, 600) });
  await submit.click();
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(doctor.getByText(PHOTO_FORM_MESSAGES.altMissing)).toBeVisible();
  expect(await alt.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby")?.split(" ").find((id) => id.endsWith("error")) ?? "")?.textContent)).toBe(
    PHOTO_FORM_MESSAGES.altMissing,
  );

  // a text file renamed .jpg: the server reads its bytes and refuses it beside the file field
  await alt.fill("Le docteur dans son cabinet");
  await file.setInputFiles({ name: "docteur.jpg", mimeType: "image/jpeg", buffer: Buffer.from("ceci n'est pas une photo, seulement du texte\n".repeat(20)) });
  await submit.click();
  await expect(doctor.getByText(PHOTO_FORM_MESSAGES.photoBadType)).toBeVisible();
  await expect(file).toHaveAttribute("aria-invalid", "true");
  await expect(alt).toHaveValue("Le docteur dans son cabinet");
  expect(dbQuery("select slot from site_photos")).toEqual([]);

  // a file of another type is refused before sending
  await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") });
  await expect(doctor.getByText(PHOTO_FORM_MESSAGES.photoBadType)).toBeVisible();
  await expect(doctor.getByText("Dessin", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the slots are tiles grouped by page, several a row on a desk; the page is a fifth of its former height", async ({ page }) => {
  await loginAsStaff(page, "/admin/photos", E2E_DENTIST);
  const home = page.getByRole("region", { name: "Accueil /" });
  await expect(home.getByRole("heading", { level: 2 })).toHaveText("Accueil /");
  await expect(home.getByRole("article")).toHaveCount(9);
  await expect(page.getByRole("region", { name: /^Le docteur/ }).getByRole("article", { name: DOCTOR_CARD })).toBeVisible();
  // four tiles side by side at 1280 px, each with its frame's advice and the closed upload form
  const tops = await home.getByRole("article").evaluateAll((els) => els.slice(0, 4).map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  const hero = card(page, HERO_CARD);
  await expect(hero.getByText(/^Cadre paysage 16:9\s: la photo y est recadrée au centre\. Idéalement 1\s600 px de large ou plus\.$/)).toBeVisible();
  await expect(hero.getByRole("heading", { name: "Mettre une photo" })).toBeVisible();
  await expect(hero.getByRole("textbox", { name: "Texte alternatif", exact: true })).toBeHidden();
  // 22 311 px before the tiles (33 slots, one page's slots a row)
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(7000);
  await expectNoSeriousA11yViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("two tiles a row; a tile whose form is open takes the whole row; nothing overflows", async ({ page }) => {
    await loginAsStaff(page, "/admin/photos", E2E_DENTIST);
    const tiles = page.getByRole("region", { name: "Accueil /" }).getByRole("article");
    const boxes = await tiles.evaluateAll((els) => els.slice(0, 2).map((el) => el.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), width: r.width })));
    expect(boxes[0].top).toBe(boxes[1].top);
    expect(boxes[0].width).toBeLessThan(180);
    // 30 514 px before the tiles
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(12_000);

    await hydrated(page);
    const doctor = card(page, DOCTOR_CARD);
    await openUpload(doctor);
    expect((await doctor.boundingBox())!.width).toBeGreaterThan(300);
    await expect(doctor.getByText("Le site montre le dessin ci-dessus tant qu'aucune photo n'est envoyée.")).toBeVisible();
    await expect(doctor.getByRole("button", { name: "Enregistrer la photo" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

test("'Encore à remplacer' shows only the slots still drawn, with their count; a slot filled meanwhile stays in view; a plain link", async ({ page, browser }) => {
  await loginAsStaff(page, "/admin/photos", E2E_DENTIST);
  await hydrated(page);
  const filters = page.getByRole("navigation", { name: "Filtrer les emplacements" });
  await expect(filters.getByRole("link", { name: "Tous les emplacements 33" })).toHaveAttribute("aria-current", "page");
  await expect(filters.getByRole("link", { name: "Encore à remplacer 33" })).toBeVisible();
  await putPhoto(page, card(page, HERO_CARD), ALT);
  await expect(filters.getByRole("link", { name: "Encore à remplacer 32" })).toBeVisible();

  await filters.getByRole("link", { name: /^Encore à remplacer/ }).click();
  await expect(page).toHaveURL(/\/admin\/photos\?filtre=a-remplacer$/);
  await expect(filters.getByRole("link", { name: "Encore à remplacer 32" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("article")).toHaveCount(32);
  await expect(card(page, HERO_CARD)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Accueil /" }).getByRole("article")).toHaveCount(8);
  await expect(card(page, DOCTOR_CARD).getByText("Dessin", { exact: true })).toBeVisible();

  // given its photo here, the doctor's tile stays, marked 'Photo', until the filter changes
  const doctor = card(page, DOCTOR_CARD);
  await putPhoto(page, doctor, "Le docteur dans son cabinet");
  // the badge comes with the page's data read again after the answer: on a loaded machine, seconds later
  await expect(doctor.getByText("Photo", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(filters.getByRole("link", { name: "Encore à remplacer 31" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("article")).toHaveCount(31);
  await expect(card(page, DOCTOR_CARD)).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Pages du site" }).getByRole("link", { name: /^Le docteur/ })).toHaveCount(0);

  // without JavaScript: the same links, the same list
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await loginAsStaff(plain, "/admin/photos", E2E_DENTIST);
  await expect(plain.getByRole("article")).toHaveCount(33);
  await plain.getByRole("link", { name: "Encore à remplacer 31" }).click();
  await expect(plain).toHaveURL(/filtre=a-remplacer/);
  await expect(plain.getByRole("article")).toHaveCount(31);
  await context.close();
});
