import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors, contentChanged, dbQuery, dbRun, clickWhenStill, expectNoSeriousA11yViolations, hydrated } from "./helpers";

/**
 * The public blog: the card grid, the full-screen article dialog with its shareable URL, the
 * article's own server-rendered page, the empty and error states, and HTML held in a post
 * rendered as text. Every post used here is created by this spec with a unique title.
 */

const RUN = `${Date.now().toString(36)}`;
const created: number[] = [];

function slugOf(title: string) {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "-")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function insertPost(title: string, content: string, createdAt: string, imageUrl: string | null = null): { id: number; path: string } {
  const r = dbRun("insert into blogs (title, content, image_url, created_at, updated_at) values (?, ?, ?, ?, null)", title, content, imageUrl, createdAt);
  const id = Number(r.lastInsertRowid);
  created.push(id);
  return { id, path: `/blog/${id}-${slugOf(title)}` };
}

const words = (n: number) => Array.from({ length: n }, (_, i) => (i % 12 === 11 ? "sourire." : "dent")).join(" ");

const older = { title: `Hygiène quotidienne ${RUN}`, content: `Premier paragraphe ${RUN}.\n\nDeuxième paragraphe.\n\n\nTroisième paragraphe.` };
const newest = { title: `Détartrage et polissage ${RUN}`, content: `${words(420)}\nSuite de l'article.\n\nFin de l'article.` };
const oldest = { title: `Prothèses amovibles ${RUN}`, content: "Un seul paragraphe court." };

let posts: Record<"older" | "newest" | "oldest", { id: number; path: string }>;

test.beforeAll(() => {
  posts = {
    older: insertPost(older.title, older.content, "2026-02-10T09:00:00.000Z"),
    newest: insertPost(newest.title, newest.content, "2026-03-05T10:00:00.000Z", "/media/blog-implant.svg"),
    oldest: insertPost(oldest.title, oldest.content, "2026-01-20T09:00:00.000Z"),
  };
});

test.afterAll(() => {
  for (const id of created) dbRun("delete from blogs where id = ?", id);
});

const card = (page: Page, title: string) => page.locator("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const readMore = (page: Page, title: string) => card(page, title).getByRole("link", { name: /Lire plus/ });

async function openBlog(page: Page, path = "/blog") {
  const res = await page.goto(path);
  // the reader is an island, hydrated once the browser is idle: before that a 'Lire plus' is the
  // article's link (it works without JavaScript), after it the dialog opens in place
  if (res?.ok()) await hydrated(page);
  return res;
}

test("the list shows 'Notre Blog' with cards newest first: date fr-FR, reading time, tag, author, placeholder", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openBlog(page);
  await expect(page).toHaveTitle(/Notre Blog/);
  await expect(page.getByRole("heading", { level: 1, name: "Notre Blog" })).toBeVisible();
  await expect(page.getByText("Le Blog Dentaire", { exact: true }).first()).toBeVisible();

  const titles = await page.locator("article h2").allTextContents();
  const idx = [newest.title, older.title, oldest.title].map((t) => titles.indexOf(t));
  expect(idx.every((i) => i >= 0)).toBe(true);
  expect(idx).toEqual([...idx].sort((a, b) => a - b));

  const c = card(page, newest.title);
  await expect(c.getByText("5 mars 2026")).toBeVisible();
  await expect(c.getByText("3 min de lecture")).toBeVisible(); // 422 words / 200, rounded up
  await expect(c.getByText("Article", { exact: true })).toBeVisible();
  await expect(c.getByText("Dr Nadir Hamdi")).toBeVisible();
  await expect(c.locator("img")).toHaveAttribute("src", "/media/blog-implant.svg");
  await expect(card(page, oldest.title).getByText("1 min de lecture")).toBeVisible();
  await expect(card(page, older.title).getByText("10 février 2026")).toBeVisible();

  // no image: the shared placeholder
  await expect(card(page, older.title).locator("img")).toHaveAttribute("src", "/media/placeholder.svg");
  // 'Lire plus' is a real link to the article's page (it works before JavaScript)
  await expect(readMore(page, older.title)).toHaveAttribute("href", posts.older.path);
  expect(errors).toEqual([]);
});

test("a broken image is replaced by the placeholder", async ({ page }) => {
  const broken = insertPost(`Image cassée ${RUN}`, "Texte.", "2026-01-02T09:00:00.000Z", "/uploads/00000000000000000000000000000000.webp");
  await openBlog(page);
  const img = card(page, `Image cassée ${RUN}`).locator("img");
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveAttribute("src", "/media/placeholder.svg");
  await expect(img).toHaveAttribute("data-placeholder", "true");
  dbRun("delete from blogs where id = ?", broken.id);
});

test("'Lire plus' opens a full-screen modal dialog with the paragraphs; Escape closes it and focus returns", async ({ page }) => {
  await openBlog(page);
  const link = readMore(page, older.title);
  await clickWhenStill(link);

  await expect(page).toHaveURL(`/blog?article=${posts.older.id}`);
  const dialog = page.getByRole("dialog", { name: older.title });
  await expect(dialog).toBeVisible();
  const paragraphs = dialog.getByTestId("article-content").locator("p");
  await expect(paragraphs).toHaveText([`Premier paragraphe ${RUN}.`, "Deuxième paragraphe.", "Troisième paragraphe."]);
  await expect(dialog.getByText("10 février 2026")).toBeVisible();
  await expect(dialog.getByText("1 min de lecture")).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(older.title));

  // modal: full screen, focus inside, the page behind is inert
  const state = await page.evaluate(() => {
    const d = document.querySelector("dialog[open]") as HTMLDialogElement;
    return { modal: d.matches(":modal"), focusInside: d.contains(document.activeElement), width: d.getBoundingClientRect().width, vw: window.innerWidth };
  });
  expect(state).toMatchObject({ modal: true, focusInside: true });
  expect(state.width).toBeGreaterThanOrEqual(state.vw - 1);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !document.activeElement || document.activeElement === document.body || !!document.activeElement.closest("dialog"))).toBe(true);
  }
  // a pointer anywhere on the screen reaches the dialog, not the page behind it
  for (const [fx, fy] of [[0.5, 0.5], [0.1, 0.9], [0.9, 0.2]]) {
    const hit = await page.evaluate(([x, y]) => !!document.elementFromPoint(window.innerWidth * x, window.innerHeight * y)?.closest("dialog"), [fx, fy]);
    expect(hit).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/blog");
  await expect(link).toBeFocused();
});

test("the article URL can be shared: loading it opens the article; Back and Forward close and reopen it", async ({ page }) => {
  await openBlog(page, `/blog?article=${posts.newest.id}`);
  const dialog = page.getByRole("dialog", { name: newest.title });
  await expect(dialog).toBeVisible();
  // its canonical address is the article's own page
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${posts.newest.path}$`));
  await dialog.getByRole("button", { name: "Fermer l'article" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/blog");
  await expect(readMore(page, newest.title)).toBeFocused();

  // opened with the keyboard, then the browser's Back button
  await readMore(page, oldest.title).focus();
  await page.keyboard.press("Enter");
  const d2 = page.getByRole("dialog", { name: oldest.title });
  await expect(d2).toBeVisible();
  await page.goBack();
  await expect(d2).toBeHidden();
  await expect(page).toHaveURL("/blog");
  await page.goForward();
  await expect(d2).toBeVisible();
  await expect(page).toHaveURL(`/blog?article=${posts.oldest.id}`);
});

test("each article has its own server-rendered page with its title, description and Open Graph tags", async ({ page, request }) => {
  const res = await page.goto(posts.newest.path);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: newest.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${newest.title}`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^dent dent/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(newest.title));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`${posts.newest.path}$`));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/blog-implant\.svg$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${posts.newest.path}$`));
  await expect(page.getByText("5 mars 2026")).toBeVisible();
  await expect(page.getByText("3 min de lecture")).toBeVisible();
  await expect(page.getByTestId("article-content").locator("p")).toHaveCount(3);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "BlogPosting", headline: newest.title, datePublished: "2026-03-05T10:00:00.000Z" });

  // server-rendered: the HTML itself holds the article
  const html = await (await request.get(posts.older.path)).text();
  expect(html).toContain(`Premier paragraphe ${RUN}.`);
  expect(html).toContain(`<title>${older.title} | `);

  await clickWhenStill(page.getByRole("link", { name: "Retour au blog" }));
  await expect(page).toHaveURL("/blog");
});

test("a wrong slug is redirected (301) to the article's address; an unknown article is a 404", async ({ page, request }) => {
  for (const wrong of [`/blog/${posts.older.id}`, `/blog/${posts.older.id}-ancien-titre`]) {
    const r = await request.get(wrong, { maxRedirects: 0 });
    expect(r.status()).toBe(301);
    expect(new URL(r.headers()["location"], "http://x").pathname).toBe(posts.older.path);
  }
  for (const missing of ["/blog/999999999-inconnu", "/blog/pas-un-article"]) {
    const res = await page.goto(missing);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
  }
});

test("every article linked from /blog answers 200 (link crawl)", async ({ page, request }) => {
  await openBlog(page);
  const hrefs = await page.locator("a[data-article-id]").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThanOrEqual(3);
  for (const href of hrefs) {
    expect(href).toMatch(/^\/blog\/\d+-[a-z0-9-]+$/);
    const r = await request.get(href, { maxRedirects: 0 });
    expect(r.status(), href).toBe(200);
  }
});

test("HTML held in a post is shown as text, never run", async ({ page }) => {
  const title = `<img src=x onerror="window.__xss=1">Sécurité ${RUN}`;
  const content = `<script>window.__xss=1</script>\n<b>gras</b> et <i>italique</i>`;
  const p = insertPost(title, content, "2026-01-03T09:00:00.000Z");
  await openBlog(page);
  const c = card(page, title);
  await expect(c).toBeVisible();
  await clickWhenStill(c.getByRole("link", { name: /Lire plus/ }));
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByText("<script>window.__xss=1</script>")).toBeVisible();
  await expect(dialog.getByText("<b>gras</b> et <i>italique</i>")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator("main b, dialog b").count()).toBe(0);

  await page.goto(p.path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("<script>window.__xss=1</script>")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator("img[src='x']").count()).toBe(0);
});

test("empty: 'Aucun article disponible'", async ({ page }) => {
  // swap in an empty blogs table for this test only, then put the real one back
  const [{ sql }] = dbQuery<{ sql: string }>("select sql from sqlite_master where type = 'table' and name = 'blogs'");
  dbRun("alter table blogs rename to blogs_e2e_kept");
  try {
    dbRun(sql);
    // a swap of tables raises no trigger: the stored pages are told, as any change to posts tells them
    contentChanged();
    await openBlog(page);
    await expect(page.getByText("Aucun article disponible")).toBeVisible();
    await expect(page.getByRole("link", { name: /Lire plus/ })).toHaveCount(0);
  } finally {
    dbRun("drop table if exists blogs");
    dbRun("alter table blogs_e2e_kept rename to blogs");
    contentChanged();
  }
});

test("error: 'Erreur de chargement' with a short French cause; 'Réessayer' shows the loading text, then the list", async ({ page }) => {
  dbRun("alter table blogs rename to blogs_e2e_hidden");
  contentChanged();
  try {
    const res = await openBlog(page);
    expect(res?.status()).toBe(503);
    const alert = page.getByRole("alert").filter({ hasText: "Erreur de chargement" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Impossible de charger les blogs: la base de données ne répond pas");
    expect(await page.content()).not.toMatch(/no such table|SQLITE/i);
  } finally {
    dbRun("alter table blogs_e2e_hidden rename to blogs");
    contentChanged();
  }
  // the page is not hydrated: 'Réessayer' asks the server for the page, then reloads it. A server out
  // of reach is said as such, and the button can be pressed again
  const isList = (url: URL) => url.pathname === "/blog";
  await page.route(isList, (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Réessayer" }).click();
  await expect(page.getByRole("alert")).toContainText("Impossible de charger les blogs: le serveur est injoignable, vérifiez votre connexion");
  await expect(page.getByRole("button", { name: "Réessayer" })).toBeEnabled();
  await page.unroute(isList);
  // slowed down enough to see the loading text
  await page.route(isList, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.getByRole("button", { name: "Réessayer" }).click();
  await expect(page.getByText("Chargement des articles...").first()).toBeVisible();
  await expect(readMore(page, newest.title)).toBeVisible();
  await expect(page.getByText("Erreur de chargement")).toHaveCount(0);
});

test("no serious accessibility violation on the list, the dialog and the article page", async ({ page }) => {
  await openBlog(page);
  await expectNoSeriousA11yViolations(page);
  await clickWhenStill(readMore(page, older.title));
  await expect(page.getByRole("dialog", { name: older.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(posts.older.path);
  await expectNoSeriousA11yViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("cards and the dialog fit a 375 px screen", async ({ page }) => {
    await openBlog(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = await card(page, newest.title).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(box!.width).toBeGreaterThan(300);
    await clickWhenStill(readMore(page, newest.title));
    const dialog = page.getByRole("dialog", { name: newest.title });
    await expect(dialog).toBeVisible();
    const d = await dialog.boundingBox();
    expect(Math.round(d!.width)).toBe(375);
    await page.goto(posts.newest.path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
