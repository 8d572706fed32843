import { expect, test, type Page } from "@playwright/test";
import { dbQuery, dbRun, expectNoSeriousA11yViolations, loginAsStaff } from "./helpers";

interface Row {
  name: string;
  email?: string;
  phone?: string;
  service?: string;
  date?: string;
  time?: string;
  message?: string | null;
  prixtotal?: number | null;
  prixpay?: number | null;
  progress?: string | null;
  tips?: string | null;
  created_at?: string;
}

function insert(r: Row) {
  dbRun(
    "insert into appointments (name, email, phone, service, date, time, message, prixtotal, prixpay, progress, tips, submission_key, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?)",
    r.name,
    r.email ?? `${r.name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@exemple.dz`,
    r.phone ?? "0550 12 34 56",
    r.service ?? "Orthodontie",
    r.date ?? "2031-03-20",
    r.time ?? "10:30",
    r.message ?? null,
    r.prixtotal ?? null,
    r.prixpay ?? null,
    r.progress ?? null,
    r.tips ?? null,
    r.created_at ?? new Date().toISOString(),
  );
}

function tag(label: string) {
  return `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

const cards = (page: Page) => page.getByRole("list", { name: "Rendez-vous" }).getByRole("article");
const card = (page: Page, name: string) => page.getByRole("article", { name });
const filters = (page: Page) => page.getByRole("search", { name: "Filtrer les rendez-vous" });

test.describe("admin: appointments", () => {
  test.beforeEach(async ({ page }) => {
    await loginAsStaff(page);
  });

  test("lists newest submissions first with every field, 'N/A' without a submission date, and the badges", async ({ page }) => {
    const t = tag("Liste");
    insert({ name: `${t} Payé`, service: "Implementation", date: "2031-03-20", time: "10:30", prixtotal: 1_500_000, prixpay: 1_500_000, progress: "Couronne posée", created_at: "2019-04-17T09:00:00.000Z" });
    insert({ name: `${t} Partiel`, phone: "0661 98 76 54", prixtotal: 2_000_050, prixpay: 500_000, progress: "Bilan fait", created_at: "2019-04-17T10:00:00.000Z" });
    insert({ name: `${t} Sans prix`, created_at: "" });
    await page.goto(`/admin/appointments?q=${t}`);
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Partiel`, `${t} Payé`, `${t} Sans prix`]);

    const paid = card(page, `${t} Payé`);
    await expect(paid).toContainText(`${t.toLowerCase()}.pay.@exemple.dz`);
    await expect(paid).toContainText("0550 12 34 56");
    await expect(paid).toContainText("Implementation");
    await expect(paid).toContainText("20/03/2031 à 10:30");
    await expect(paid).toContainText("17/04/2019 10:00"); // 09:00 UTC is 10:00 in Algiers
    await expect(paid.getByText(/^15\s000 DA$/)).toHaveCount(2);
    await expect(paid).toContainText("Couronne posée");
    await expect(paid.getByText("Terminé", { exact: true })).toBeVisible();

    const partial = card(page, `${t} Partiel`);
    await expect(partial).toContainText(/20\s000,5 DA/);
    await expect(partial).toContainText(/5\s000 DA/);
    await expect(partial.getByText("Le travail n'est pas terminé")).toHaveClass(/bg-red-100/);

    // no total yet: not 'Terminé', and no submission date: 'N/A'
    const unpriced = card(page, `${t} Sans prix`);
    await expect(unpriced.getByText("Le travail n'est pas terminé")).toBeVisible();
    await expect(unpriced.getByText("N/A", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("filters live in the URL, run on the server, and the back button restores them", async ({ page, browser }) => {
    const t = tag("Filtre");
    insert({ name: `${t} Alice`, email: `alice.${t.toLowerCase()}@exemple.dz`, service: "Orthodontie", date: "2031-05-02", prixtotal: 100_000, prixpay: 100_000, created_at: "2019-06-01T10:00:00.000Z" });
    insert({ name: `${t} Bruno`, service: "Implementation", date: "2031-05-02", prixtotal: 100_000, prixpay: 0, created_at: "2019-06-02T10:00:00.000Z" });
    insert({ name: `${t} Chloé`, service: "Implementation", date: "2031-05-03", created_at: "2019-06-02T11:00:00.000Z" });
    await page.goto("/admin/appointments");

    await page.getByLabel("Rechercher (nom ou e-mail)").fill(t);
    await expect(page).toHaveURL(new RegExp(`\\?q=${t}$`));
    await expect(cards(page)).toHaveCount(3);

    // search by e-mail, case-insensitive
    await page.getByLabel("Rechercher (nom ou e-mail)").fill(`ALICE.${t}`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("heading")).toHaveText(`${t} Alice`);
    await page.getByLabel("Rechercher (nom ou e-mail)").fill(t);
    await expect(cards(page)).toHaveCount(3);

    await filters(page).getByLabel("Service").selectOption("Implementation");
    await expect(page).toHaveURL(/service=Implementation/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Chloé`, `${t} Bruno`]);

    await page.getByLabel("Date du rendez-vous").fill("2031-05-02");
    await expect(page).toHaveURL(/date=2031-05-02/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Bruno`]);

    await filters(page).getByLabel("Service").selectOption("");
    await page.getByLabel("Date du rendez-vous").fill("");
    await page.getByLabel("Date de soumission").fill("2019-06-02");
    await expect(page).toHaveURL(/submitted=2019-06-02/);
    await expect(page).not.toHaveURL(/service=|date=2031/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Chloé`, `${t} Bruno`]);
    await page.getByLabel("Date de soumission").fill("");
    await expect(cards(page)).toHaveCount(3);

    // the two exclusive boxes
    const done = page.getByRole("checkbox", { name: "Terminé", exact: true });
    const todo = page.getByRole("checkbox", { name: "Non terminé" });
    await done.check();
    await expect(page).toHaveURL(/status=done/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Alice`]);
    await expect(done).toBeChecked();
    await expect(todo).not.toBeChecked();

    await todo.click();
    await expect(page).toHaveURL(/status=todo/);
    await expect(done).not.toBeChecked();
    await expect(todo).toBeChecked();
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Chloé`, `${t} Bruno`]);

    await todo.click(); // clicking the active one clears it
    await expect(page).not.toHaveURL(/status=/);
    await expect(done).not.toBeChecked();
    await expect(todo).not.toBeChecked();
    await expect(cards(page)).toHaveCount(3);

    // back button: the previous filters come back, boxes included
    await page.goBack();
    await expect(page).toHaveURL(/status=todo/);
    await expect(todo).toBeChecked();
    await expect(cards(page)).toHaveCount(2);
    await page.goBack();
    await expect(page).toHaveURL(/status=done/);
    await expect(done).toBeChecked();
    await expect(todo).not.toBeChecked();
    await expect(page.getByLabel("Rechercher (nom ou e-mail)")).toHaveValue(t);

    // a shared link shows the same list
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await loginAsStaff(otherPage, `/admin/appointments?q=${encodeURIComponent(t)}&status=done`);
    await expect(cards(otherPage).getByRole("heading")).toHaveText([`${t} Alice`]);
    await expect(otherPage.getByRole("checkbox", { name: "Terminé", exact: true })).toBeChecked();
    await other.close();

    await page.getByLabel("Rechercher (nom ou e-mail)").fill(`${t}-personne`);
    await expect(page.getByText("Aucun rendez-vous trouvé.")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("'Voir plus' edits progress, prices and tips inline; bad amounts are refused; the badge follows", async ({ page }) => {
    const t = tag("Edition");
    const name = `${t} Patient`;
    insert({ name, message: "Sensibilité au froid" });
    await page.goto(`/admin/appointments?q=${t}`);
    const c = card(page, name);
    await expect(c.getByText("Le travail n'est pas terminé")).toBeVisible();
    await c.getByRole("button", { name: "Voir plus" }).click();
    await expect(c.getByRole("button", { name: "Voir plus" })).toHaveAttribute("aria-expanded", "true");
    await expect(c).toContainText("Sensibilité au froid");

    await c.getByLabel("Prix total (DA)").fill("15000");
    await c.getByLabel("Prix payé (DA)").fill("20000");
    await c.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(c.getByRole("alert")).toHaveText("Erreur lors de la mise à jour: Le montant payé ne peut pas dépasser le prix total.");
    await expect(c.getByLabel("Prix payé (DA)")).toHaveAttribute("aria-invalid", "true");
    await expect(c.getByLabel("Prix payé (DA)")).toHaveValue("20000");

    await c.getByLabel("Prix payé (DA)").fill("-5");
    await c.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(c.getByRole("alert")).toHaveText("Erreur lors de la mise à jour: Le montant ne peut pas être négatif.");
    let [row] = dbQuery<{ prixtotal: number | null; prixpay: number | null; progress: string | null }>("select prixtotal, prixpay, progress from appointments where name = ?", name);
    expect(row).toEqual({ prixtotal: null, prixpay: null, progress: null });

    await c.getByLabel("Avancement").fill("Traitement terminé");
    await c.getByLabel("Prix payé (DA)").fill("12 000,50");
    await c.getByLabel("Conseils et remarques").fill("Revoir dans 6 mois");
    await c.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(c.getByRole("status")).toHaveText("Modifications enregistrées.");
    await expect(c.getByRole("alert")).toHaveCount(0);
    [row] = dbQuery("select prixtotal, prixpay, progress, tips from appointments where name = ?", name);
    expect(row).toEqual({ prixtotal: 1_500_000, prixpay: 1_200_050, progress: "Traitement terminé", tips: "Revoir dans 6 mois" });
    await expect(c).toContainText(/15\s000 DA/);
    await expect(c).toContainText(/12\s000,5 DA/);
    await expect(c.getByText("Le travail n'est pas terminé")).toBeVisible();
    // the edit fields now show the stored values
    await expect(c.getByLabel("Prix payé (DA)")).toHaveValue("12000.5");

    await c.getByLabel("Prix payé (DA)").fill("15000");
    await c.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(c.getByText("Terminé", { exact: true })).toBeVisible();
    await expect(c.getByText("Terminé", { exact: true })).toHaveClass(/bg-green-100/);
    [row] = dbQuery("select prixtotal, prixpay from appointments where name = ?", name);
    expect(row).toEqual({ prixtotal: 1_500_000, prixpay: 1_500_000 });

    await c.getByRole("button", { name: "Fermer" }).click();
    await expect(c.getByLabel("Prix payé (DA)")).toHaveCount(0);
    await expect(c.getByRole("button", { name: "Voir plus" })).toHaveAttribute("aria-expanded", "false");
  });

  test("adds an appointment by hand: required fields, French errors, dismissible alert, eight services", async ({ page }) => {
    await page.goto("/admin/appointments");
    const toggle = page.getByRole("button", { name: "Ajouter un rendez-vous manuellement" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const close = page.getByRole("button", { name: "Fermer le formulaire" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const form = page.getByRole("region", { name: "Ajout manuel" });
    await expect(form.getByLabel("Service").locator("option")).toHaveCount(9);

    await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
    const alert = form.getByRole("alert");
    await expect(alert).toContainText("Erreur lors de l'ajout: certains champs sont à corriger");
    await expect(form.getByText("Veuillez indiquer le nom complet.")).toBeVisible();
    await expect(form.getByText("Veuillez indiquer le prix total.")).toBeVisible();
    await expect(form.getByText("Veuillez indiquer l'avancement.")).toBeVisible();
    await alert.getByRole("button", { name: "Fermer l'alerte" }).click();
    await expect(alert).toHaveCount(0);

    const name = tag("Ajout Manuel ");
    await form.getByLabel("Nom complet").fill(name);
    await form.getByLabel("Email").fill("ajout@exemple.dz");
    await form.getByLabel("Téléphone").fill("0770 00 11 22");
    await form.getByLabel("Service").selectOption("Esthétique dentaire");
    await form.getByLabel("Date").fill("2024-01-15");
    await form.getByLabel("Heure").fill("16:45");
    await form.getByLabel("Prix total (DA)").fill("8000");
    await form.getByLabel("Prix payé (DA)").fill("9000");
    await form.getByLabel("Avancement").fill("Consultation");
    await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
    await expect(form.getByText("Le montant payé ne peut pas dépasser le prix total.")).toBeVisible();
    await expect(form.getByLabel("Nom complet")).toHaveValue(name);
    expect(dbQuery("select id from appointments where name = ?", name)).toHaveLength(0);

    await form.getByLabel("Prix payé (DA)").fill("8000");
    await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
    await expect(page.getByText("Rendez-vous ajouté.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Ajouter un rendez-vous manuellement" })).toBeVisible();
    const rows = dbQuery("select service, date, time, prixtotal, prixpay, progress, tips from appointments where name = ?", name);
    expect(rows).toEqual([{ service: "Esthétique dentaire", date: "2024-01-15", time: "16:45", prixtotal: 800_000, prixpay: 800_000, progress: "Consultation", tips: null }]);
    // newest submission first: the new one leads the list, and it is complete
    const first = cards(page).first();
    await expect(first.getByRole("heading")).toHaveText(name);
    await expect(first.getByText("Terminé", { exact: true })).toBeVisible();

    // the form opens again empty
    await page.getByRole("button", { name: "Ajouter un rendez-vous manuellement" }).click();
    await expect(form.getByLabel("Nom complet")).toHaveValue("");
  });

  test("pages through long lists with the filters kept", async ({ page }) => {
    const t = tag("Page");
    for (let i = 0; i < 30; i++) insert({ name: `${t} n${String(i).padStart(2, "0")}`, created_at: new Date(Date.UTC(2020, 0, 1, 8, i)).toISOString() });
    await page.goto(`/admin/appointments?q=${t}`);
    await expect(cards(page)).toHaveCount(24);
    await expect(page.getByText("1–24 sur 30 rendez-vous")).toBeVisible();
    await expect(page.getByText("Page 1 sur 2")).toBeVisible();
    await expect(cards(page).first().getByRole("heading")).toHaveText(`${t} n29`);
    await page.getByRole("link", { name: "Suivant" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${t}&page=2`));
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).last().getByRole("heading")).toHaveText(`${t} n00`);
    await page.getByRole("link", { name: "Précédent" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards(page)).toHaveCount(24);
  });

  test("shows 'Chargement des rendez-vous...' while the list loads", async ({ page }) => {
    await page.goto("/admin/appointments");
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/admin/appointments.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("checkbox", { name: "Non terminé" }).check();
    await expect(page.getByText("Chargement des rendez-vous...")).toBeVisible();
    release();
    await expect(page).toHaveURL(/status=todo/);
    await expect(page.getByText("Chargement des rendez-vous...")).toBeHidden();
  });

  test("a list that fails to load says so in French and offers to try again", async ({ page }) => {
    await page.goto("/admin/appointments");
    dbRun("alter table appointments rename to appointments_hors_service");
    try {
      await page.goto("/admin/appointments");
      await expect(page.getByRole("heading", { name: "Impossible de charger les rendez-vous." })).toBeVisible();
      await expect(page.getByText("Admin Dashboard")).toBeVisible(); // the admin layout stays
    } finally {
      dbRun("alter table appointments_hors_service rename to appointments");
    }
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Liste des Rendez-vous" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test("cards, filters and edit fit the screen", async ({ page }) => {
      const t = tag("Mobile");
      insert({ name: `${t} Patient avec un nom assez long`, email: `une.adresse.vraiment.tres.longue.${t.toLowerCase()}@exemple-de-domaine.dz` });
      await page.goto(`/admin/appointments?q=${t}`);
      const c = card(page, `${t} Patient avec un nom assez long`);
      await c.getByRole("button", { name: "Voir plus" }).click();
      await expect(c.getByLabel("Prix total (DA)")).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
