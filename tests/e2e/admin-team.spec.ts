import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors, dbQuery, dbRun, expectNoSeriousA11yViolations, loginAsStaff } from "./helpers";

/**
 * 'Équipe' (/admin/equipe; docs/product.md, "Staff: team"): an administrator adds an assistant
 * and sees the one-time password once; the assistant signs in with it and is made to change it;
 * the administrator disables the account and the assistant's open page loses its session at the
 * next navigation. The confirmation step works without JavaScript too.
 */

const NEW_PASSWORD = "Mon-Propre-Mot-De-Passe-2026";

async function addMember(page: Page, name: string, email: string, role: string) {
  await page.getByText("Ajouter un membre", { exact: true }).click();
  await page.getByLabel("Nom").fill(name);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Rôle").selectOption({ label: role });
  await page.getByRole("button", { name: "Créer le compte" }).click();
  const card = page.getByRole("region", { name: `Compte de ${name} créé` });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Communiquez ce mot de passe à ${name} (${email}) ; il devra le changer à sa première connexion.`);
  const password = (await card.getByLabel("Mot de passe à usage unique").innerText()).trim();
  expect(password).toMatch(/^[A-Za-z0-9]{6}-[A-Za-z0-9]{6}-[A-Za-z0-9]{6}$/);
  return password;
}

test("an administrator adds an assistant, who signs in with the one-time password, changes it, and is signed out when disabled", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const email = `assistante.${Date.now()}@clinique.test`;
  await loginAsStaff(page, "/admin/equipe");
  await expect(page.getByRole("heading", { level: 1, name: "Équipe" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const oneTime = await addMember(page, "Samira Test", email, "Assistant(e)");
  // shown once: the page read again no longer has it
  await page.reload();
  await expect(page.getByText(oneTime)).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Assistant(e)");
  await expect(row).toContainText("Mot de passe provisoire");
  const [created] = dbQuery<{ id: number; must_change_password: number }>("select id, must_change_password from staff_users where email = ?", email);
  expect(created.must_change_password).toBe(1);

  // the assistant, in another browser, signs in with it and is made to change it first
  const other = await browser.newContext();
  const desk = await other.newPage();
  await desk.goto("/login?redirectTo=%2Fadmin%2Fagenda");
  await desk.getByLabel("Adresse e-mail").fill(email);
  await desk.getByLabel("Mot de passe").fill(oneTime);
  await desk.getByRole("button", { name: "Se connecter" }).click();
  await desk.waitForURL("**/admin/account");
  await expect(desk.getByText("Choisissez votre propre mot de passe pour continuer.")).toBeVisible();
  // until then the navigation offers only what opens: Mon compte
  const deskNav = desk.getByRole("navigation", { name: "Administration" });
  await expect(deskNav.getByRole("link", { name: "Mon compte", exact: true })).toHaveCount(1);
  await expect(deskNav.getByRole("link", { name: "Agenda", exact: true })).toHaveCount(0);
  await desk.goto("/admin/agenda");
  await expect(desk).toHaveURL(/\/admin\/account$/);
  await desk.getByLabel("Mot de passe actuel").fill(oneTime);
  await desk.getByLabel("Nouveau mot de passe", { exact: true }).fill(NEW_PASSWORD);
  await desk.getByLabel("Confirmer le nouveau mot de passe").fill(NEW_PASSWORD);
  await desk.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(desk.getByText("Choisissez votre propre mot de passe pour continuer.")).toHaveCount(0);
  await desk.goto("/admin/agenda");
  await expect(desk).toHaveURL(/\/admin\/agenda/);
  await expect(deskNav.getByRole("link", { name: "Agenda", exact: true })).toHaveCount(1);
  // an assistant has no 'Équipe' and cannot open it
  await expect(desk.getByRole("link", { name: "Équipe" })).toHaveCount(0);
  expect((await desk.request.get("/admin/equipe")).status()).toBe(403);

  // the administrator disables the account: confirmation first, then the toast
  await page.goto("/admin/equipe");
  await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Gérer le compte de Samira Test" }).click();
  const panel = page.getByRole("region", { name: "Samira Test", exact: true });
  await expect(panel).toBeVisible();
  await panel.getByText("Désactiver le compte…").click();
  await expect(panel.getByText("Ses sessions ouvertes sont fermées immédiatement")).toBeVisible();
  await panel.getByRole("button", { name: "Oui, désactiver ce compte" }).click();
  await expect(page.getByText("Compte de Samira Test désactivé : ses sessions sont fermées et il ne peut plus se connecter.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Réactiver le compte" })).toBeVisible();

  // the assistant's open page: the next navigation finds no session
  await desk.getByRole("link", { name: "Patients" }).first().click();
  await desk.waitForURL(/\/login/);
  await expect(desk.getByRole("button", { name: "Se connecter" })).toBeVisible();
  // and signing in again is refused
  await desk.getByLabel("Adresse e-mail").fill(email);
  await desk.getByLabel("Mot de passe").fill(NEW_PASSWORD);
  await desk.getByRole("button", { name: "Se connecter" }).click();
  await expect(desk).toHaveURL(/\/login/);
  await other.close();

  const actions = dbQuery<{ action: string }>("select action from audit_log where target_id = ? order by id", String(created.id)).map((r) => r.action);
  expect(actions).toEqual(expect.arrayContaining(["account.created", "account.disabled"]));
  expect(errors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the one-time password, a role change and the confirmation step work as plain posts", async ({ page }) => {
    test.setTimeout(90_000);
    const email = `dentiste.${Date.now()}@clinique.test`;
    await loginAsStaff(page, "/admin/equipe");
    const password = await addMember(page, "Dr Sans Script", email, "Dentiste");
    expect(password.length).toBe(20);

    await page.goto("/admin/equipe");
    await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Gérer le compte de Dr Sans Script" }).click();
    const panel = page.getByRole("region", { name: "Dr Sans Script", exact: true });
    await panel.getByLabel("Rôle").selectOption({ label: "Assistant(e)" });
    await panel.getByRole("button", { name: "Enregistrer le rôle" }).click();
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Assistant(e)");

    await panel.getByText("Réinitialiser le mot de passe…").click();
    await panel.getByRole("button", { name: "Oui, créer un nouveau mot de passe" }).click();
    const card = page.getByRole("region", { name: "Nouveau mot de passe de Dr Sans Script" });
    await expect(card).toContainText("il devra le changer à sa prochaine connexion.");
    const next = (await card.getByLabel("Mot de passe à usage unique").innerText()).trim();
    expect(next).not.toBe(password);

    await page.getByRole("region", { name: "Dr Sans Script", exact: true }).getByText("Désactiver le compte…").click();
    await page.getByRole("button", { name: "Oui, désactiver ce compte" }).click();
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Désactivé");
    const rows = dbQuery<{ detail: string }>("select detail from audit_log where action = 'account.role_changed' order by id desc limit 1");
    expect(rows[0].detail).toBe(`${email} : Dentiste → Assistant(e)`);
  });

  test("the last administrator's panel offers neither the role change nor the disabling", async ({ page }) => {
    const userId = await loginAsStaff(page, "/admin/equipe");
    // the other administrators of this run (made by other specs, which make them active again) step aside
    dbRun("update staff_users set disabled_at = ? where role = 'admin' and disabled_at is null and id != ?", new Date().toISOString(), userId);
    await page.goto(`/admin/equipe?compte=${userId}`);
    const panel = page.locator("#gerer");
    await expect(panel).toContainText("C'est le seul administrateur actif");
    await expect(panel.getByRole("button", { name: "Enregistrer le rôle" })).toHaveCount(0);
    await expect(panel).toContainText("Vous ne pouvez pas désactiver votre propre compte");
  });
});
