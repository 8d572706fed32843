import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { readSheet } from "read-excel-file/node";
import { dbQuery, dbRun, expectNoSeriousA11yViolations, FORMATION_ADMIN_PATHS, insertEnrollment, insertFormation, loginAsStaff } from "./helpers";

/**
 * /admin/formations (docs/product.md, "Staff: formations"): stat tiles, course cards, the
 * editor with its syllabus tabs, the enrolments modal with status changes and the CSV and Excel exports,
 * deletion that keeps the enrolments. Everything created here has a unique name.
 */

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openDashboard(page: Page, query = "") {
  await loginAsStaff(page, "/admin/formations");
  if (query) await page.goto(`/admin/formations${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de Bord des Formations" })).toBeVisible();
  await page.waitForLoadState("networkidle");
}

function card(page: Page, title: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test.describe("formations dashboard access", () => {
  test("without a session, the dashboard and the CSV lead to the login page, and a POST is refused", async ({ page, request, baseURL }) => {
    for (const path of FORMATION_ADMIN_PATHS) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers()["location"]).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const post = await request.post("/admin/formations", { form: { intent: "delete", id: "1" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(post.status()).toBe(401);
    await page.goto("/admin/formations");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fformations$/);
  });
});

test.describe("formations dashboard", () => {
  test("shows the three stat tiles and the course cards, newest first", async ({ page }) => {
    const older = unique("Carte ancienne");
    const newer = unique("Carte récente");
    const olderId = insertFormation({ title: older, duration_months: 3, max_participants: 4, price: 1_800_050, created_at: "2026-01-05T10:00:00.000Z" });
    insertFormation({ title: newer, is_active: false, price: null, created_at: "2026-01-06T10:00:00.000Z" });
    insertEnrollment({ formation_id: olderId, user_name: "Occupe1", status: "pending" });
    insertEnrollment({ formation_id: olderId, user_name: "Occupe2", status: "confirmed" });
    insertEnrollment({ formation_id: olderId, user_name: "Libre", status: "cancelled" });
    await openDashboard(page);

    const stats = dbQuery<{ total: number; active: number }>("select count(*) as total, sum(is_active) as active from formations")[0];
    const occupying = dbQuery<{ n: number }>("select count(*) as n from enrollments where status in ('pending','confirmed')")[0].n;
    const tile = (label: string) => page.getByRole("list", { name: "Chiffres clés" }).getByRole("listitem").filter({ hasText: label }).locator("[data-value]");
    await expect(tile("Total Formations")).toHaveText(String(stats.total));
    await expect(tile("Inscriptions Totales")).toHaveText(String(occupying));
    await expect(tile("Formations Actives")).toHaveText(String(stats.active));

    const c = card(page, older);
    await expect(c).toContainText("Actif");
    await expect(c).toContainText("Créée le 5 janvier 2026");
    await expect(c).toContainText("3 mois");
    // the place is the formation's own value, the one its public card shows (issue 30)
    await expect(c).toContainText("Centre de Formation Dentaire, Kouba (Alger)");
    await expect(c).toContainText("2/4 inscrits");
    expect((await c.innerText()).replace(/\s/g, " ")).toContain("18 000,50 DA");
    await expect(card(page, newer)).toContainText("Inactif");
    await expect(card(page, newer)).toContainText("Prix sur demande");
    const titles = await page.getByRole("article").getByRole("heading", { level: 2 }).allInnerTexts();
    expect(titles.indexOf(newer)).toBeLessThan(titles.indexOf(older));
  });

  test("the editor creates a formation with two modules, and the public syllabus shows them", async ({ page }) => {
    const title = unique("Formation créée à l'éditeur");
    await openDashboard(page);
    await page.getByRole("button", { name: "Nouvelle Formation" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle Formation" });
    await expect(dialog.getByLabel(/^Durée \(mois\)/)).toHaveValue("6");
    await expect(dialog.getByLabel(/^Participants maximum/)).toHaveValue("10");
    await expect(dialog.getByLabel("Formation active (visible sur le site)")).toBeChecked();

    // a refused save: messages next to the fields and the failure toast
    await dialog.getByRole("button", { name: "Créer la formation" }).click();
    await expect(dialog.getByText("Indiquez le titre de la formation.")).toBeVisible();
    await expect(dialog.getByText("Indiquez la description de la formation.")).toBeVisible();
    await expect(page.getByText("Une erreur est survenue. Veuillez réessayer.")).toBeVisible();

    await dialog.getByLabel(/^Titre/).first().fill(title);
    await dialog.getByLabel(/^Description/).first().fill("Créée par le test de l'éditeur.");
    await dialog.getByLabel(/^Durée \(mois\)/).fill("3");
    await dialog.getByLabel(/^Prix \(DA\)/).fill("25000.50");
    await dialog.getByLabel(/^Participants maximum/).fill("6");

    await dialog.getByRole("tab", { name: "Aperçu" }).click();
    await dialog.getByLabel("Titre du programme").fill("Programme de l'éditeur");
    await dialog.getByLabel("Objectifs", { exact: true }).fill("Objectif éditeur A\nObjectif éditeur B");
    await dialog.getByLabel("Formateur").fill("Dr Éditeur Test");

    await dialog.getByRole("tab", { name: /Modules/ }).click();
    await dialog.getByRole("button", { name: "Ajouter un module" }).click();
    const m1 = dialog.getByRole("group", { name: "Module 1" });
    await m1.getByLabel("Titre du module").fill("Second en réalité");
    await m1.getByLabel("Points clés").fill("Point second");
    await dialog.getByRole("button", { name: "Ajouter un module" }).click();
    const m2 = dialog.getByRole("group", { name: "Module 2" });
    await m2.getByLabel("Titre du module").fill("Premier module éditeur");
    await m2.getByLabel("Durée du module").fill("2 jours");
    await m2.getByLabel("Points clés").fill("Point A\nPoint B");
    await m2.getByLabel("Objectifs pédagogiques").fill("Objectif pédagogique éditeur");
    await m2.getByLabel("Pratique clinique").fill("Atelier éditeur");
    await m2.getByRole("button", { name: /Ajouter une leçon/ }).click();
    await m2.getByLabel("Titre de la leçon").fill("Leçon éditeur");
    // reorder: the second becomes the first (and the numbers follow)
    await m2.getByRole("button", { name: "Monter le module 2" }).click();
    await expect(dialog.getByRole("group", { name: "Module 1" }).getByLabel("Titre du module")).toHaveValue("Premier module éditeur");
    await expect(dialog.getByRole("group", { name: "Module 1" }).getByLabel("Numéro")).toHaveValue("1");
    await expect(dialog.getByRole("tab", { name: /Modules/ })).toContainText("2");

    await dialog.getByRole("button", { name: "Créer la formation" }).click();
    await expect(page.getByText("Formation créée avec succès !")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, title)).toContainText("0/6 inscrits");

    const [row] = dbQuery<{ id: number; price: number; duration_months: number; max_participants: number; is_active: number; syllabus: string }>("select * from formations where title = ?", title);
    expect(row).toMatchObject({ price: 2_500_050, duration_months: 3, max_participants: 6, is_active: 1 });
    const stored = JSON.parse(row.syllabus);
    expect(stored.modules.map((m: { number: number; title: string }) => [m.number, m.title])).toEqual([
      [1, "Premier module éditeur"],
      [2, "Second en réalité"],
    ]);

    await page.goto(`/syllabus/${row.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Programme de l'éditeur");
    await expect(page.getByText("Objectif éditeur B")).toBeVisible();
    const modules = page.getByRole("region", { name: "Les modules" });
    await expect(modules.getByRole("heading", { level: 3 })).toHaveText(["Premier module éditeur", "Second en réalité"]);
    await expect(modules).toContainText("Point B");
    await expect(modules).toContainText("Atelier éditeur");
    await expect(page.getByRole("complementary", { name: "Détails" })).toContainText("Dr Éditeur Test");
    dbRun("update formations set is_active = 0 where id = ?", row.id);
  });

  test("edit uses the same modal and saves with its toast", async ({ page }) => {
    const title = unique("Formation à modifier");
    insertFormation({ title, created_at: "2020-01-01T00:00:00.000Z", syllabus: { overview: { title: "Aperçu existant" }, modules: [{ number: 1, title: "Module existant" }] } });
    await openDashboard(page);
    await card(page, title).getByRole("button", { name: /Modifier/ }).click();
    const dialog = page.getByRole("dialog", { name: "Modifier la formation" });
    await expect(dialog.getByLabel(/^Titre/).first()).toHaveValue(title);
    await expect(dialog.getByLabel("Titre du programme")).toHaveValue("Aperçu existant");
    await dialog.getByRole("tab", { name: /Modules/ }).click();
    await expect(dialog.getByRole("group", { name: "Module 1" }).getByLabel("Titre du module")).toHaveValue("Module existant");
    const renamed = `${title} (modifiée)`;
    await dialog.getByLabel(/^Titre/).first().fill(renamed);
    await dialog.getByLabel("Formation active (visible sur le site)").uncheck();
    await dialog.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Formation modifiée avec succès !")).toBeVisible();
    await expect(card(page, renamed)).toContainText("Inactif");
    expect(dbQuery("select is_active from formations where title = ?", renamed)).toEqual([{ is_active: 0 }]);
  });

  test("the enrolments modal lists newest first, changes a status with its toast and shows an overflow from older data", async ({ page }) => {
    const title = unique("Formation inscriptions");
    const id = insertFormation({ title, max_participants: 1, is_active: false });
    insertEnrollment({ formation_id: id, user_name: "Ancien", user_surname: "Inscrit", status: "pending", enrollment_date: "2026-02-01T09:00:00.000Z" });
    const recent = insertEnrollment({ formation_id: id, user_name: "Récent", user_surname: "Inscrit", status: "cancelled", enrollment_date: "2026-02-03T09:00:00.000Z" });
    await openDashboard(page);
    await card(page, title).getByRole("link", { name: /Inscriptions/ }).click();
    const dialog = page.getByRole("dialog", { name: `Inscriptions pour ${title}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("1/1 places occupées");
    const items = dialog.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText("Récent");
    const select = dialog.getByLabel("Statut de l'inscription de Inscrit Récent");
    await expect(select).toHaveValue("cancelled");
    await expect(select.getByRole("option")).toHaveText(["En attente", "Confirmé", "Annulé", "Terminé"]);

    await select.selectOption({ label: "Terminé" });
    await expect(page.getByText("Statut de l'inscription mis à jour !")).toBeVisible();
    await expect.poll(() => dbQuery<{ status: string }>("select status from enrollments where id = ?", recent)[0].status).toBe("completed");
    await expect(dialog).toContainText("1/1 places occupées");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/formations$/);

    // Staff can no longer confirm past capacity (tests/e2e/admin-formations-capacity.spec.ts), but a
    // course already past it (data from before that rule) shows the overflow on its bar and card.
    insertEnrollment({ formation_id: id, user_name: "Avant", user_surname: "Règle", status: "confirmed", enrollment_date: "2026-02-04T09:00:00.000Z" });
    await page.reload();
    await expect(card(page, title)).toContainText("2/1 inscrits");
    await card(page, title).getByRole("link", { name: /Inscriptions/ }).click();
    await expect(dialog).toContainText("2/1 places occupées");
    await expect(dialog).toContainText("+1 au-delà de la capacité");
  });

  test("failures of a status change, a save or a deletion show the product's toasts and change nothing", async ({ page }) => {
    const title = unique("Formation hors ligne");
    const id = insertFormation({ title, is_active: false });
    const enrollment = insertEnrollment({ formation_id: id, user_name: "Statut", user_surname: "Inchangé", status: "pending" });
    await openDashboard(page, `?inscriptions=${id}`);
    // the connection drops for every change
    await page.route("**/admin/formations.data*", (route) => (route.request().method() === "POST" ? route.abort("connectionreset") : route.continue()));
    const dialog = page.getByRole("dialog", { name: `Inscriptions pour ${title}` });
    await dialog.getByLabel("Statut de l'inscription de Inchangé Statut").selectOption({ label: "Annulé" });
    await expect(page.getByText("Erreur lors de la mise à jour du statut.")).toBeVisible();
    expect(dbQuery<{ status: string }>("select status from enrollments where id = ?", enrollment)[0].status).toBe("pending");
    await page.keyboard.press("Escape");

    await card(page, title).getByRole("button", { name: /Modifier/ }).click();
    const editor = page.getByRole("dialog", { name: "Modifier la formation" });
    await editor.getByLabel(/^Titre/).first().fill(`${title} bis`);
    await editor.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Une erreur est survenue. Veuillez réessayer.")).toBeVisible();
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel(/^Titre/).first()).toHaveValue(`${title} bis`);
    await editor.getByRole("button", { name: "Annuler" }).click();

    await card(page, title).getByRole("button", { name: /Supprimer/ }).click();
    await page.getByRole("dialog", { name: "Supprimer la formation" }).getByRole("button", { name: "Supprimer", exact: true }).click();
    await expect(page.getByText("Erreur lors de la suppression. Veuillez réessayer.")).toBeVisible();
    expect(dbQuery("select title from formations where id = ?", id)).toEqual([{ title }]);
  });

  test("an empty list says 'Aucune inscription pour cette formation'", async ({ page }) => {
    const title = unique("Formation sans inscrit");
    const id = insertFormation({ title, is_active: false });
    await openDashboard(page, `?inscriptions=${id}`);
    await expect(page.getByRole("dialog", { name: `Inscriptions pour ${title}` })).toContainText("Aucune inscription pour cette formation");
  });

  test("'Exporter CSV' downloads inscriptions_{id}.csv: BOM, ';' separator, quoting, neutralised formulas", async ({ page }) => {
    const title = unique("Formation CSV");
    const id = insertFormation({ title, is_active: false });
    insertEnrollment({ formation_id: id, user_name: "Dupont; Fils", user_surname: 'Jean "JJ"', email: "jean@exemple.dz", phone: "0550 12 34 56", formation_chosen: title, enrollment_date: "2026-03-01T09:30:00.000Z" });
    insertEnrollment({ formation_id: id, user_name: '=HYPERLINK("http://x")', user_surname: "@Pirate", email: "pirate@exemple.dz", phone: "+213 550 00 00 00", formation_chosen: title, status: "confirmed", enrollment_date: "2026-03-02T09:30:00.000Z" });
    await openDashboard(page, `?inscriptions=${id}`);
    const dialog = page.getByRole("dialog", { name: `Inscriptions pour ${title}` });
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Exporter CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`inscriptions_${id}.csv`);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe("Nom;Prénom;Email;Téléphone;Formation;Date d'inscription;Statut");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")";'@Pirate;pirate@exemple.dz;'+213 550 00 00 00;${title};02/03/2026 10:30;Confirmé`);
    expect(lines[2]).toBe(`"Dupont; Fils";"Jean ""JJ""";jean@exemple.dz;0550 12 34 56;${title};01/03/2026 10:30;En attente`);
    expect(lines[3]).toBe("");
  });

  test("'Exporter Excel' downloads inscriptions_{id}.xlsx: the same rows, typed, formulas kept as text, recorded in the journal", async ({ page }) => {
    const title = unique("Formation Excel");
    const id = insertFormation({ title, is_active: false });
    insertEnrollment({ formation_id: id, user_name: "Dupont; Fils", user_surname: "Jean", email: "jean@exemple.dz", phone: "0550 12 34 56", formation_chosen: title, enrollment_date: "2026-03-01T09:30:00.000Z" });
    insertEnrollment({ formation_id: id, user_name: '=HYPERLINK("http://x")', user_surname: "@Pirate", email: "pirate@exemple.dz", phone: "+213 550 00 00 00", formation_chosen: title, status: "confirmed", enrollment_date: "2026-03-02T09:30:00.000Z" });
    await openDashboard(page, `?inscriptions=${id}`);
    const dialog = page.getByRole("dialog", { name: `Inscriptions pour ${title}` });
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Exporter Excel" }).click()]);
    expect(download.suggestedFilename()).toBe(`inscriptions_${id}.xlsx`);
    const rows = await readSheet(fs.readFileSync((await download.path())!));
    const minute = (v: unknown) => (v instanceof Date ? new Date(Math.round(v.getTime() / 60_000) * 60_000).toISOString() : v);
    expect(rows.map((r) => r.map(minute))).toEqual([
      ["Nom", "Prénom", "Email", "Téléphone", "Formation", "Date d'inscription", "Statut"],
      ['=HYPERLINK("http://x")', "@Pirate", "pirate@exemple.dz", "+213 550 00 00 00", title, "2026-03-02T10:30:00.000Z", "Confirmé"],
      ["Dupont; Fils", "Jean", "jean@exemple.dz", "0550 12 34 56", title, "2026-03-01T10:30:00.000Z", "En attente"],
    ]);
    expect(dbQuery<{ action: string }>("select action from audit_log where target_type = 'formation' and target_id = ? order by id", String(id)).map((e) => e.action)).toEqual(["export.xlsx"]);
  });

  test("delete asks for confirmation, removes the card and keeps the enrolments readable", async ({ page }) => {
    const title = unique("Formation à supprimer");
    const id = insertFormation({ title, is_active: false });
    const keptName = unique("Conservé");
    const kept = insertEnrollment({ formation_id: id, user_name: keptName, user_surname: "Toujours", formation_chosen: title });
    await openDashboard(page);
    await card(page, title).getByRole("button", { name: /Supprimer/ }).click();
    const confirm = page.getByRole("dialog", { name: "Supprimer la formation" });
    await expect(confirm).toContainText("Êtes-vous sûr de vouloir supprimer cette formation ?");
    await confirm.getByRole("button", { name: "Annuler" }).click();
    await expect(card(page, title)).toBeVisible();
    await card(page, title).getByRole("button", { name: /Supprimer/ }).click();
    await confirm.getByRole("button", { name: "Supprimer", exact: true }).click();
    await expect(page.getByText("Formation supprimée avec succès !")).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
    expect(dbQuery("select id from formations where id = ?", id)).toEqual([]);
    expect(dbQuery("select formation_id, formation_chosen, user_name from enrollments where id = ?", kept)).toEqual([{ formation_id: null, formation_chosen: title, user_name: keptName }]);

    await page.getByRole("link", { name: "Voir ces inscriptions" }).click();
    const orphans = page.getByRole("dialog", { name: "Inscriptions sans session" });
    await expect(orphans.getByRole("listitem").filter({ hasText: keptName })).toContainText(`Formation : ${title}`);
  });

  for (const width of [375, 1280]) {
    test(`no serious accessibility violation on the dashboard and in the editor at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openDashboard(page);
      await expectNoSeriousA11yViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: "Nouvelle Formation" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouvelle Formation" });
      await dialog.getByRole("tab", { name: /Modules/ }).click();
      await dialog.getByRole("button", { name: "Ajouter un module" }).click();
      await expectNoSeriousA11yViolations(page);
      // arrow keys move between the tabs
      await dialog.getByRole("tab", { name: /Modules/ }).focus();
      await page.keyboard.press("ArrowLeft");
      await expect(dialog.getByRole("tab", { name: "Aperçu" })).toBeFocused();
      await expect(dialog.getByRole("tab", { name: "Aperçu" })).toHaveAttribute("aria-selected", "true");
    });
  }
});
