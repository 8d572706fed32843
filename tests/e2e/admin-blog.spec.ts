import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { dbQuery, dbRun, expectNoSeriousA11yViolations, loginAsStaff } from "./helpers";

/**
 * The staff blog screen /admin/blog ('Blog Management'): create, edit and delete with the
 * confirmation and the product's toasts (top right, 3000 ms), server-side checks with French field
 * errors, image upload or https address, and the session check on the loader and the action.
 * Every post is created here with a unique title and removed at the end.
 */

const RUN = Date.now().toString(36);
const TOAST_MS = 3000;

interface BlogRow {
  id: number;
  title: string;
  content: string;
  image_url: string | null;
  created_at: string;
  updated_at: string | null;
}

const rowsTitled = (title: string) => dbQuery<BlogRow>("select * from blogs where title = ?", title);

test.afterAll(() => {
  dbRun("delete from blogs where title like ?", `%${RUN}%`);
});

function insertPost(title: string, content = "Contenu de départ.", imageUrl: string | null = null): number {
  return Number(dbRun("insert into blogs (title, content, image_url, created_at, updated_at) values (?, ?, ?, ?, null)", title, content, imageUrl, new Date().toISOString()).lastInsertRowid);
}

// the staff area's toasts: at the top right, below the header's controls
const toaster = (page: Page) => page.locator('[data-sonner-toaster][data-y-position="top"][data-x-position="right"]');

async function expectToast(page: Page, text: string, kind: "success" | "error") {
  const t = toaster(page).locator(`[data-sonner-toast][data-type="${kind}"]`).filter({ hasText: text });
  await expect(t).toBeVisible();
  return t;
}

const card = (page: Page, title: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const form = (page: Page) => page.locator("form").filter({ has: page.getByLabel("Titre *") });

async function openScreen(page: Page) {
  await loginAsStaff(page, "/admin/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Management" })).toBeVisible();
}

async function reload(page: Page) {
  await page.goto("/admin/blog");
  await page.waitForLoadState("networkidle");
}

test.describe("without a session", () => {
  test("the page redirects to /login and every action answers 401 without touching the data", async ({ page, request }) => {
    await page.goto("/admin/blog");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fblog$/);

    const id = insertPost(`Protégé ${RUN}`);
    const attempts: Record<string, string>[] = [
      { intent: "create", title: `Intrus ${RUN}`, content: "x" },
      { intent: "update", id: String(id), title: `Modifié ${RUN}`, content: "x" },
      { intent: "delete", id: String(id) },
    ];
    for (const form of attempts) {
      // the data request that the page's own forms send: 401
      const data = await request.post("/admin/blog.data", { form, maxRedirects: 0 });
      expect(data.status(), `data ${form.intent}`).toBe(401);
      // a plain HTML form post
      const doc = await request.post("/admin/blog", { form, maxRedirects: 0 });
      expect(doc.status(), `document ${form.intent}`).toBe(401);
    }
    expect(rowsTitled(`Intrus ${RUN}`)).toHaveLength(0);
    expect(rowsTitled(`Protégé ${RUN}`)).toHaveLength(1);
    expect(rowsTitled(`Modifié ${RUN}`)).toHaveLength(0);
  });
});

test("create: required fields checked on the server, French errors, input kept, then 'Blog added successfully!'", async ({ page }) => {
  await openScreen(page);
  const toggle = page.getByRole("button", { name: "Ajouter un Blog" });
  await toggle.click();
  await expect(page.getByRole("button", { name: "Close Form" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Titre *")).toBeFocused();

  // nothing typed: the server refuses, with a message next to each field
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expect(page.getByText("Le titre est obligatoire.")).toBeVisible();
  await expect(page.getByText("Le contenu est obligatoire.")).toBeVisible();
  await expect(page.getByLabel("Titre *")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Titre *")).toBeFocused();

  // a title only: the title stays, the content error remains
  const title = `Conseils après une extraction ${RUN}`;
  await page.getByLabel("Titre *").fill(title);
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expect(page.getByText("Le contenu est obligatoire.")).toBeVisible();
  await expect(page.getByText("Le titre est obligatoire.")).toHaveCount(0);
  await expect(page.getByLabel("Titre *")).toHaveValue(title);
  await expect(page.getByLabel("Contenu *")).toBeFocused();
  expect(rowsTitled(title)).toHaveLength(0);

  const content = `Mordez une compresse pendant trente minutes. ${"Évitez de rincer énergiquement votre bouche le premier jour. ".repeat(4)}\n\nReprenez le brossage doucement dès le lendemain.`;
  await page.getByLabel("Contenu *").fill(content);
  await page.getByRole("button", { name: "enregistrer Blog" }).click();

  const t = await expectToast(page, "Blog added successfully!", "success");
  const shownAt = Date.now();
  await expect(form(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Ajouter un Blog" })).toHaveAttribute("aria-expanded", "false");

  const [row] = rowsTitled(title);
  expect(row.content).toBe(content);
  expect(row.updated_at).toBeNull();
  expect(row.image_url).toBeNull();

  // the card: title and the content cut at 150 characters plus '...'
  const c = card(page, title);
  await expect(c).toBeVisible();
  await expect(c.getByText(`${Array.from(content).slice(0, 150).join("")}...`)).toBeVisible();
  await expect(c.getByRole("button", { name: /^Modifier/ })).toBeVisible();
  await expect(c.getByRole("button", { name: /^supprimer/ })).toBeVisible();

  // the toast goes away by itself after 3000 ms
  await expect(t).toBeHidden({ timeout: TOAST_MS + 4000 });
  expect(Date.now() - shownAt).toBeGreaterThan(TOAST_MS - 1000);
});

test("edit: 'Modifier' fills the form, 'Modifier le Blog' saves with updated_at; closing the form leaves edit mode", async ({ page }) => {
  const title = `Brossage des enfants ${RUN}`;
  const id = insertPost(title, "Premier jet.\nDeuxième ligne.");
  await openScreen(page);

  await card(page, title).getByRole("button", { name: /^Modifier/ }).click();
  await expect(page.getByLabel("Titre *")).toHaveValue(title);
  await expect(page.getByLabel("Contenu *")).toHaveValue("Premier jet.\nDeuxième ligne.");
  await expect(page.getByRole("button", { name: "Modifier le Blog" })).toBeVisible();
  await expect(page.getByRole("button", { name: "enregistrer Blog" })).toHaveCount(0);

  // closing while editing leaves edit mode: reopening gives an empty creation form
  await page.getByRole("button", { name: "Close Form" }).click();
  await expect(form(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Ajouter un Blog" }).click();
  await expect(page.getByLabel("Titre *")).toHaveValue("");
  await expect(page.getByRole("button", { name: "enregistrer Blog" })).toBeVisible();
  await page.getByRole("button", { name: "Close Form" }).click();

  await card(page, title).getByRole("button", { name: /^Modifier/ }).click();
  await page.getByLabel("Titre *").fill("");
  await page.getByRole("button", { name: "Modifier le Blog" }).click();
  await expect(page.getByText("Le titre est obligatoire.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Modifier le Blog" })).toBeVisible(); // still editing

  const newTitle = `Brossage des enfants : le guide ${RUN}`;
  await page.getByLabel("Titre *").fill(newTitle);
  await page.getByLabel("Contenu *").fill("Dès la première dent.\nAvec un dentifrice adapté.");
  await page.getByRole("button", { name: "Modifier le Blog" }).click();
  await expectToast(page, "Blog updated successfully!", "success");
  await expect(form(page)).toHaveCount(0);
  await expect(card(page, newTitle)).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);

  const [row] = dbQuery<BlogRow>("select * from blogs where id = ?", id);
  expect(row.title).toBe(newTitle);
  expect(row.content).toBe("Dès la première dent.\nAvec un dentifrice adapté.");
  expect(row.updated_at).not.toBeNull();
  expect(Date.parse(row.updated_at!)).toBeGreaterThanOrEqual(Date.parse(row.created_at));
});

test("delete: asks 'Are you sure you want to delete this blog?' first; 'Annuler' keeps the post", async ({ page }) => {
  const title = `Post à supprimer ${RUN}`;
  const id = insertPost(title);
  await openScreen(page);
  const del = card(page, title).getByRole("button", { name: /^supprimer/ });

  await del.click();
  const confirm = page.getByRole("dialog", { name: "Are you sure you want to delete this blog?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(title);
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(confirm).toBeHidden();
  await expect(del).toBeFocused();
  expect(dbQuery("select id from blogs where id = ?", id)).toHaveLength(1);

  await del.click();
  await confirm.getByRole("button", { name: "Oui, supprimer" }).click();
  await expectToast(page, "Blog deleted successfully!", "success");
  await expect(card(page, title)).toHaveCount(0);
  expect(dbQuery("select id from blogs where id = ?", id)).toHaveLength(0);
});

test("failures show the product's error toasts: updating or deleting a post that is gone, an unknown request", async ({ page }) => {
  const a = `Disparu pendant la modification ${RUN}`;
  const b = `Disparu avant la suppression ${RUN}`;
  const idA = insertPost(a);
  const idB = insertPost(b);
  await openScreen(page);

  await card(page, a).getByRole("button", { name: /^Modifier/ }).click();
  dbRun("delete from blogs where id = ?", idA); // another staff member deleted it meanwhile
  await page.getByLabel("Titre *").fill(`${a} (v2)`);
  await page.getByRole("button", { name: "Modifier le Blog" }).click();
  await expectToast(page, "Error updating blog", "error");
  expect(rowsTitled(`${a} (v2)`)).toHaveLength(0);
  // the list is read again: the vanished post and its form are gone
  await expect(card(page, a)).toHaveCount(0);
  await expect(form(page)).toHaveCount(0);

  await card(page, b).getByRole("button", { name: /^supprimer/ }).click();
  dbRun("delete from blogs where id = ?", idB);
  await page.getByRole("dialog", { name: "Are you sure you want to delete this blog?" }).getByRole("button", { name: "Oui, supprimer" }).click();
  await expectToast(page, "Error deleting blog", "error");
  await expect(card(page, b)).toHaveCount(0);

  await page.getByRole("button", { name: "Ajouter un Blog" }).click();
  await page.getByLabel("Titre *").fill(`Requête inconnue ${RUN}`);
  await page.getByLabel("Contenu *").fill("x");
  await form(page).locator('input[name="intent"]').evaluate((el) => ((el as HTMLInputElement).value = "publish-everything"));
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expectToast(page, "An unexpected error occurred", "error");
  expect(rowsTitled(`Requête inconnue ${RUN}`)).toHaveLength(0);
});

test("a database failure: 'Error adding blog' and 'Error fetching blogs', the typed text kept, then it works again", async ({ page }) => {
  await openScreen(page);
  const title = `Gencives sensibles ${RUN}`;
  await page.getByRole("button", { name: "Ajouter un Blog" }).click();
  await page.getByLabel("Titre *").fill(title);
  await page.getByLabel("Contenu *").fill("Saignements au brossage : consultez.");

  dbRun("alter table blogs rename to blogs_e2e_admin_hidden");
  try {
    await page.getByRole("button", { name: "enregistrer Blog" }).click();
    await expectToast(page, "Error adding blog", "error");
    await expectToast(page, "Error fetching blogs", "error");
    await expect(page.getByRole("alert").filter({ hasText: "Error fetching blogs" })).toBeVisible();
    await expect(page.getByLabel("Titre *")).toHaveValue(title);
    await expect(page.getByLabel("Contenu *")).toHaveValue("Saignements au brossage : consultez.");
  } finally {
    dbRun("alter table blogs_e2e_admin_hidden rename to blogs");
  }
  expect(rowsTitled(title)).toHaveLength(0);

  await page.getByRole("alert").getByRole("button", { name: "Réessayer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error fetching blogs" })).toHaveCount(0);
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expectToast(page, "Blog added successfully!", "success");
  expect(rowsTitled(title)).toHaveLength(1);
});

test("image: an upload is checked by content, re-encoded to WebP and served; an https address; removal", async ({ page, request }) => {
  await openScreen(page);
  const title = `Sourire lumineux ${RUN}`;
  await page.getByRole("button", { name: "Ajouter un Blog" }).click();
  await page.getByLabel("Titre *").fill(title);
  await page.getByLabel("Contenu *").fill("Une photo vaut mieux qu'un long discours.");

  // not an image, whatever its name says
  await page.getByLabel("Fichier image").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<?php system($_GET['c']); ?>") });
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expect(page.getByText("Format d'image non accepté : choisissez une image JPEG, PNG, WebP, GIF ou AVIF.")).toBeVisible();
  await expect(page.getByLabel("Titre *")).toHaveValue(title);
  expect(rowsTitled(title)).toHaveLength(0);

  // an address that is not https
  await page.getByLabel("Fichier image").setInputFiles([]);
  await page.getByLabel("ou adresse de l'image").fill("http://images.exemple.org/sourire.jpg");
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expect(page.getByText("L'adresse de l'image doit être un lien complet commençant par https://")).toBeVisible();
  await page.getByLabel("ou adresse de l'image").fill("");

  // a real picture, 2400 px wide
  const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 18, g: 163, b: 173 } } })
    .png()
    .toBuffer();
  await page.getByLabel("Fichier image").setInputFiles({ name: "sourire.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("img", { name: "Aperçu de l'image choisie" })).toBeVisible();
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expectToast(page, "Blog added successfully!", "success");

  const [row] = rowsTitled(title);
  expect(row.image_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  const served = await request.get(row.image_url!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  const meta = await sharp(await served.body()).metadata();
  expect(meta).toMatchObject({ format: "webp", width: 1600, height: 800 });
  await expect(card(page, title).locator("img")).toHaveAttribute("src", row.image_url!);

  // the public blog shows it too
  await page.goto("/blog");
  await expect(page.locator("article").filter({ hasText: title }).locator("img")).toHaveAttribute("src", row.image_url!);

  // replace it by an https address: the uploaded file is removed
  await reload(page);
  await card(page, title).getByRole("button", { name: /^Modifier/ }).click();
  await expect(page.getByRole("img", { name: "Image actuelle de l'article" })).toHaveAttribute("src", row.image_url!);
  await page.getByLabel("ou adresse de l'image").fill("https://images.exemple.org/sourire.jpg");
  await page.getByRole("button", { name: "Modifier le Blog" }).click();
  await expectToast(page, "Blog updated successfully!", "success");
  expect(rowsTitled(title)[0].image_url).toBe("https://images.exemple.org/sourire.jpg");
  expect((await request.get(row.image_url!)).status()).toBe(404);
  // that address does not answer here: the card shows the placeholder
  await expect(card(page, title).locator("img")).toHaveAttribute("src", "/media/placeholder.svg");

  // remove the image (once the previous toast has gone, so the next one is told apart)
  await expect(toaster(page).getByText("Blog updated successfully!")).toHaveCount(0, { timeout: TOAST_MS + 4000 });
  await card(page, title).getByRole("button", { name: /^Modifier/ }).click();
  await page.getByLabel("Retirer l'image actuelle").check();
  await page.getByRole("button", { name: "Modifier le Blog" }).click();
  await expectToast(page, "Blog updated successfully!", "success");
  await expect(form(page)).toHaveCount(0);
  expect(rowsTitled(title)[0].image_url).toBeNull();
});

test("markup typed by staff is shown as text on the admin cards", async ({ page }) => {
  const title = `<img src=x onerror="window.__xss=1">Balises ${RUN}`;
  insertPost(title, "<script>window.__xss=1</script> contenu");
  await openScreen(page);
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, title).getByText("<script>window.__xss=1</script> contenu")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test("no serious accessibility violation with the form open and in the confirmation", async ({ page }) => {
  const title = `Accessibilité ${RUN}`;
  insertPost(title);
  await openScreen(page);
  await page.getByRole("button", { name: "Ajouter un Blog" }).click();
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expect(page.getByText("Le titre est obligatoire.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card(page, title).getByRole("button", { name: /^supprimer/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the screen and its form fit 375 px", async ({ page }) => {
    insertPost(`Sur mobile ${RUN}`);
    await openScreen(page);
    await page.getByRole("button", { name: "Ajouter un Blog" }).click();
    await expect(page.getByLabel("Titre *")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const input: Locator = page.getByLabel("Contenu *");
    const box = await input.boundingBox();
    expect(box!.width).toBeGreaterThan(250);
  });
});
