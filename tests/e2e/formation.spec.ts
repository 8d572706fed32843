import { expect, test, type Page } from "@playwright/test";
import { animationsDone, clickWhenStill, collectConsoleErrors, dbQuery, dbRun, expectNoSeriousA11yViolations, hydrated, insertEnrollment, insertFormation } from "./helpers";

/**
 * /formation (docs/product.md, "Training offer", "Enrolment"): the sections appear only with
 * their data, the session cards, the enrolment dialog with and without JavaScript, the real
 * capacity ('Complet', refusal), the spinner of a client-side load.
 * The formations created here are the newest (created in 2100) while a test runs, and are
 * removed afterwards, so the seeded formation stays the featured one for the other specs.
 */

const FUTURE = "2100-01-01T00:00:00.000Z";
const created: number[] = [];

function unique(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

function fullSyllabus(moduleCount: number, objectives = ["Poser l'indication implantaire", "Planifier sur imagerie 3D", "Réaliser une pose unitaire"]) {
  return {
    overview: { title: "Programme e2e", description: "Programme complet", objectives, duration: "4 mois, deux jours par mois", instructor: "" },
    modules: Array.from({ length: moduleCount }, (_, i) => ({
      number: i + 1,
      title: `Module e2e numéro ${i + 1}`,
      description: "",
      duration: "2 jours",
      points_clefs: [`Point ${i + 1}`],
      objectifs: [`Objectif ${i + 1}`],
      pratique: [`Pratique ${i + 1}`],
      lessons: [],
    })),
  };
}

function featured(over: Parameters<typeof insertFormation>[0]) {
  const id = insertFormation({ created_at: FUTURE, ...over });
  created.push(id);
  return id;
}

test.afterEach(() => {
  while (created.length) {
    const id = created.pop()!;
    dbRun("delete from enrollments where formation_id = ?", id);
    dbRun("delete from formations where id = ?", id);
  }
});

async function openFormation(page: Page) {
  const res = await page.goto("/formation");
  expect(res?.status()).toBe(200);
  // the page is not hydrated: the enrolment island gives the enrol links their dialog
  await hydrated(page);
}

test.describe("training landing page", () => {
  test("shows every section with the newest active formation's data", async ({ page }) => {
    const title = unique("Formation e2e complète");
    const id = featured({ title, description: "Une description e2e de la formation.", duration_months: 4, max_participants: 7, price: 1_250_000, syllabus: fullSyllabus(8) });
    await openFormation(page);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("Une description e2e de la formation.").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Voir le programme complet" }).first()).toHaveAttribute("href", "/syllabus");
    await expect(page.getByRole("link", { name: "Informations sur le formateur" })).toHaveAttribute("href", "/doctorpage");
    await expect(page.getByRole("link", { name: "S'inscrire maintenant" })).toBeVisible();

    const objectives = page.getByRole("region", { name: "Objectifs de la formation" });
    await expect(objectives.getByRole("listitem")).toHaveCount(3);
    await expect(objectives.getByRole("listitem").first()).toContainText("01");
    await expect(objectives.getByRole("listitem").nth(2)).toContainText("Réaliser une pose unitaire");

    const about = page.getByRole("region", { name: "À propos de la formation" });
    await expect(about).toContainText("Une description e2e de la formation.");
    await expect(about).toContainText("4 mois, deux jours par mois");

    const trainer = page.getByRole("region", { name: "Dr Nadir Hamdi" });
    await expect(trainer.getByRole("link", { name: "Découvrir le parcours du formateur" })).toHaveAttribute("href", "/doctorpage");

    const audience = page.getByRole("region", { name: "À qui s'adresse cette formation ?" });
    await expect(audience).toContainText("chirurgiens-dentistes omnipraticiens");
    await expect(audience).toContainText("Chaque session est limitée à 7 participants et dure 4 mois");

    const programme = page.getByRole("region", { name: "Le programme en bref" });
    await expect(programme.getByRole("listitem")).toHaveCount(6);
    await expect(programme).toContainText("Module e2e numéro 6");
    await expect(programme).not.toContainText("Module e2e numéro 7");
    await expect(programme).toContainText("8 modules au total");

    const card = page.getByRole("region", { name: "Sessions disponibles" }).getByRole("article").filter({ hasText: title });
    await expect(card.getByRole("heading", { name: title })).toBeVisible();
    await expect(card).toContainText("4 mois");
    await expect(card).toContainText("7 participants max.");
    await expect(card).toContainText("Centre de Formation Dentaire, Kouba (Alger)");
    await expect(card).toContainText("09:00 – 17:00");
    expect((await card.innerText()).replace(/\s/g, " ")).toContain("12 500 DA");
    await expect(card.getByRole("link", { name: /Voir le programme/ })).toHaveAttribute("href", `/syllabus/${id}`);
    await expect(card.getByRole("link", { name: `S'inscrire à « ${title} »` })).toHaveAttribute("href", `/inscription?formation=${id}`);
    // the description is clamped to three lines
    await expect(card.locator("p.line-clamp-3")).toHaveCount(1);
  });

  test("hides the sections whose data is missing", async ({ page }) => {
    const title = unique("Formation sans programme");
    featured({ title, price: null, syllabus: null });
    await openFormation(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { name: "Objectifs de la formation" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Le programme en bref" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "À propos de la formation" })).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card).toContainText("Prix sur demande");
    // an empty syllabus hides them too
    const second = unique("Formation au programme vide");
    featured({ title: second, created_at: "2100-01-02T00:00:00.000Z", syllabus: fullSyllabus(0, []) });
    await openFormation(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(second);
    await expect(page.getByRole("heading", { name: "Objectifs de la formation" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Le programme en bref" })).toHaveCount(0);
  });

  test("without any active formation: defaults in the hero and the empty state", async ({ page }) => {
    const active = dbQuery<{ id: number }>("select id from formations where is_active = 1").map((r) => r.id);
    dbRun("update formations set is_active = 0");
    try {
      await openFormation(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formation en implantologie dentaire");
      await expect(page.getByText("Aucune session de formation disponible pour le moment.")).toBeVisible();
      await expect(page.getByText(/contactez-nous pour être informé/)).toBeVisible();
      for (const h of ["Objectifs de la formation", "À propos de la formation", "Le programme en bref", "À qui s'adresse cette formation ?"]) {
        await expect(page.getByRole("heading", { name: h })).toHaveCount(0);
      }
      // the three buttons are still there
      await expect(page.getByRole("link", { name: "Voir le programme complet" })).toBeVisible();
      await expect(page.getByRole("link", { name: "S'inscrire maintenant" })).toBeVisible();
    } finally {
      for (const id of active) dbRun("update formations set is_active = 1 where id = ?", id);
    }
  });

  test("shows a spinner while a client-side load of the page runs", async ({ page }) => {
    // a client-side load: from a page React drives (the landing page itself is not hydrated)
    await page.goto("/inscription");
    await hydrated(page);
    await page.route("**/formation.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.getByRole("navigation").getByRole("link", { name: "Formation", exact: true }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Chargement des formations..." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sessions disponibles" })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("Chargement des formations...")).toHaveCount(0);
  });
});

test.describe("enrolment dialog", () => {
  test("opens preselected from a session card, stores a pending enrolment, announces success and clears the form", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const title = unique("Session dialogue");
    const id = featured({ title, max_participants: 5 });
    await openFormation(page);
    // the card slides in once scrolled into view (a reveal): clicked where it comes to rest
    const enrol = page.getByRole("link", { name: `S'inscrire à « ${title} »` });
    await enrol.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await enrol.click();
    const dialog = page.getByRole("dialog", { name: "Inscription à la formation" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Nom", { exact: false }).first()).toBeFocused();
    await expect(dialog.getByLabel(/Formation choisie/)).toHaveValue(String(id));

    await dialog.getByLabel(/^Nom/).fill("Haddad");
    await dialog.getByLabel(/^Prénom/).fill("Sarah");
    await dialog.getByLabel(/^Email/).fill("sarah.haddad@exemple.dz");
    await dialog.getByLabel(/^Téléphone/).fill("0770 11 22 33");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Envoyer mon inscription" }).click();

    // the dialog closes after success, and the page announces it
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("alert").filter({ hasText: "Votre inscription a été envoyée avec succès!" })).toBeVisible();
    const rows = dbQuery<{ status: string; formation_chosen: string; user_surname: string; phone: string }>("select * from enrollments where formation_id = ?", id);
    expect(rows).toEqual([expect.objectContaining({ status: "pending", formation_chosen: title, user_surname: "Sarah", phone: "0770 11 22 33" })]);
    // the card now counts the place taken
    await expect(page.getByRole("article").filter({ hasText: title })).toContainText("4 places");

    // reopened from the hero: no preselection, empty fields
    await page.getByRole("link", { name: "S'inscrire maintenant" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/^Nom/)).toHaveValue("");
    await expect(dialog.getByLabel(/Formation choisie/)).toHaveValue("");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a double click stores one enrolment; the banner closes at its cross; the next opening has a new key", async ({ page }) => {
    const title = unique("Session double clic");
    const id = featured({ title, max_participants: 5 });
    await openFormation(page);
    // the post is slowed down: the second click lands while the first runs
    await page.route(
      (url) => url.pathname === "/inscription",
      async (route) => {
        await new Promise((r) => setTimeout(r, 600));
        await route.continue();
      },
    );
    await clickWhenStill(page.getByRole("link", { name: `S'inscrire à « ${title} »` }));
    const dialog = page.getByRole("dialog", { name: "Inscription à la formation" });
    const key = await dialog.locator("input[name=submission_key]").inputValue();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await dialog.getByLabel(/^Nom/).fill("Double");
    await dialog.getByLabel(/^Prénom/).fill("Clic");
    await dialog.getByLabel(/^Email/).fill("double.clic@exemple.dz");
    await dialog.getByLabel(/^Téléphone/).fill("0770 44 55 66");
    await dialog.getByRole("checkbox").check();
    const send = dialog.getByRole("button", { name: "Envoyer mon inscription" });
    await send.dblclick();
    await expect(dialog.getByRole("button", { name: "Envoi en cours..." })).toBeDisabled();
    const banner = page.getByRole("alert").filter({ hasText: "Votre inscription a été envoyée avec succès!" });
    await expect(banner).toBeVisible();
    expect(dbQuery("select id from enrollments where email = ?", "double.clic@exemple.dz")).toHaveLength(1);
    await banner.getByRole("button", { name: "Fermer le message" }).click();
    await expect(banner).toBeHidden();

    await page.getByRole("link", { name: "S'inscrire maintenant" }).click();
    const next = await dialog.locator("input[name=submission_key]").inputValue();
    expect(next).not.toBe(key);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    await expect(dialog.getByLabel(/^Email/)).toHaveValue("");
    expect(id).toBeGreaterThan(0);
  });

  test("closes with the cross, 'Annuler' and Escape", async ({ page }) => {
    await openFormation(page);
    const dialog = page.getByRole("dialog", { name: "Inscription à la formation" });
    const open = page.getByRole("link", { name: "S'inscrire maintenant" });
    await open.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Fermer le formulaire d'inscription" }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
    await open.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("shows French messages next to the fields and keeps the dialog open", async ({ page }) => {
    await openFormation(page);
    await page.getByRole("link", { name: "S'inscrire maintenant" }).click();
    const dialog = page.getByRole("dialog", { name: "Inscription à la formation" });
    await dialog.getByLabel(/^Email/).fill("pas-un-email");
    await dialog.getByRole("button", { name: "Envoyer mon inscription" }).click();
    await expect(dialog.getByText("Indiquez votre nom.")).toBeVisible();
    await expect(dialog.getByText("Indiquez votre prénom.")).toBeVisible();
    await expect(dialog.getByText("Adresse e-mail invalide (exemple : nom@domaine.com).")).toBeVisible();
    await expect(dialog.getByText("Indiquez votre numéro de téléphone.")).toBeVisible();
    await expect(dialog.getByText("Cochez cette case pour nous permettre de traiter votre inscription.")).toBeVisible();
    await expect(dialog.getByLabel(/^Nom/)).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel(/^Nom/)).toBeFocused();
    await expect(dialog.getByLabel(/^Email/)).toHaveValue("pas-un-email");
    await expect(dialog).toBeVisible();
  });

  test("a failure shows 'Erreur lors de l'inscription. Veuillez réessayer.' and keeps the input", async ({ page }) => {
    await openFormation(page);
    await page.route(
      (url) => url.pathname === "/inscription",
      (route) => route.abort("connectionreset"),
    );
    await page.getByRole("link", { name: "S'inscrire maintenant" }).click();
    const dialog = page.getByRole("dialog", { name: "Inscription à la formation" });
    await dialog.getByLabel(/^Nom/).fill("Bouzid");
    await dialog.getByLabel(/^Prénom/).fill("Lina");
    await dialog.getByLabel(/^Email/).fill("lina.bouzid@exemple.dz");
    await dialog.getByLabel(/^Téléphone/).fill("0661 00 11 22");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Envoyer mon inscription" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Erreur lors de l'inscription. Veuillez réessayer.");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/^Nom/)).toHaveValue("Bouzid");
    await expect(dialog.getByLabel(/^Email/)).toHaveValue("lina.bouzid@exemple.dz");
    expect(dbQuery("select id from enrollments where email = ?", "lina.bouzid@exemple.dz")).toEqual([]);
  });

  test("a full session says 'Complet' and the server refuses the last-second enrolment", async ({ page }) => {
    const full = unique("Session pleine");
    const fullId = featured({ title: full, max_participants: 1 });
    insertEnrollment({ formation_id: fullId, user_name: "Déjà", status: "confirmed" });
    const last = unique("Dernière place");
    const lastId = featured({ title: last, max_participants: 1, created_at: "2100-01-02T00:00:00.000Z" });
    await openFormation(page);

    const fullCard = page.getByRole("article").filter({ hasText: full });
    await expect(fullCard.getByText("Complet", { exact: true })).toBeVisible();
    await expect(fullCard.getByRole("link", { name: /S'inscrire/ })).toHaveCount(0);
    await expect(fullCard.getByRole("link", { name: "Nous appeler" })).toBeVisible();

    await clickWhenStill(page.getByRole("link", { name: `S'inscrire à « ${last} »` }));
    const dialog = page.getByRole("dialog", { name: "Inscription à la formation" });
    await expect(dialog.getByRole("option", { name: `${full} (Complet)` })).toBeDisabled();
    await dialog.getByLabel(/^Nom/).fill("Tardif");
    await dialog.getByLabel(/^Prénom/).fill("Yanis");
    await dialog.getByLabel(/^Email/).fill("yanis.tardif@exemple.dz");
    await dialog.getByLabel(/^Téléphone/).fill("0550 98 76 54");
    await dialog.getByRole("checkbox").check();
    // someone else takes the last place meanwhile
    insertEnrollment({ formation_id: lastId, user_name: "Rapide" });
    await dialog.getByRole("button", { name: "Envoyer mon inscription" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Cette session est complète. Choisissez une autre session ou contactez-nous.");
    await expect(dialog.getByLabel(/Formation choisie/)).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel(/^Nom/)).toHaveValue("Tardif");
    expect(dbQuery("select id from enrollments where email = ?", "yanis.tardif@exemple.dz")).toEqual([]);
    expect(dbQuery<{ n: number }>("select count(*) as n from enrollments where formation_id = ?", lastId)[0].n).toBe(1);
  });

  test("no serious accessibility violation on the page and in the open dialog (375 px)", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openFormation(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "S'inscrire maintenant" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("enrolment without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the enrol button leads to /inscription, whose post lands on the success page", async ({ page }) => {
    const title = unique("Session sans JS");
    const id = featured({ title });
    await page.goto("/formation");
    await clickWhenStill(page.getByRole("link", { name: `S'inscrire à « ${title} »` }));
    await expect(page).toHaveURL(new RegExp(`/inscription\\?formation=${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Inscription à la formation" })).toBeVisible();
    await expect(page.getByLabel(/Formation choisie/)).toHaveValue(String(id));

    // a refused post comes back with the messages and what was typed
    await page.getByLabel(/^Nom/).fill("Sans");
    await page.getByLabel(/^Email/).fill("sans.js@exemple.dz");
    await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    await expect(page.getByText("Indiquez votre prénom.")).toBeVisible();
    await expect(page.getByLabel(/^Nom/)).toHaveValue("Sans");
    await expect(page.getByLabel(/^Email/)).toHaveValue("sans.js@exemple.dz");
    await expect(page.getByLabel(/Formation choisie/)).toHaveValue(String(id));

    await page.getByLabel(/^Prénom/).fill("Javascript");
    await page.getByLabel(/^Téléphone/).fill("0550 11 11 11");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Votre inscription a été envoyée avec succès!");
    const rows = dbQuery<{ status: string; formation_id: number; user_surname: string }>("select * from enrollments where email = ?", "sans.js@exemple.dz");
    expect(rows).toEqual([expect.objectContaining({ status: "pending", formation_id: id, user_surname: "Javascript" })]);
  });
});
