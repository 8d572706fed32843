import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors, dbQuery, E2E_DENTIST, enableTwoFactor, ensureStaffAccount, expectNoSeriousA11yViolations } from "./helpers";

/**
 * 'Mot de passe oublié ?' (docs/product.md, "Staff: account and login"): the request page answers
 * the same for any address; the e-mail (read from the outbox of the e2e database) holds the link;
 * the link asks the new password twice, ends every session, works once; the sign-in that follows
 * still asks the second factor of an account that has it.
 */

const SAME_ANSWER = "Si un compte existe pour cette adresse, un e-mail avec un lien de réinitialisation vient d'être envoyé. Le lien est valable 30 minutes.";

async function askForLink(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mot de passe oublié" })).toBeVisible();
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByText(SAME_ANSWER)).toBeVisible();
}

/** The link of the newest reset e-mail to `email`, once the outbox has it. */
async function linkFromOutbox(email: string, after: number): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const rows = dbQuery<{ body_text: string }>("select body_text from outbox where kind = 'password_reset' and to_address = ? and id > ? order by id desc", email, after);
      link = /https?:\/\/\S+\/reinitialiser-mot-de-passe\/[A-Za-z0-9_-]{43}/.exec(rows[0]?.body_text ?? "")?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

const lastOutboxId = () => dbQuery<{ id: number | null }>("select max(id) as id from outbox")[0].id ?? 0;

test("a forgotten password: link by e-mail, a new password, every session ended, then sign-in", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const account = { ...E2E_DENTIST, email: `oubli.${Date.now()}@clinique.test` };
  await ensureStaffAccount(account);

  // a session open elsewhere ends with the reset
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto("/login?redirectTo=%2Fadmin%2Fagenda");
  await other.getByLabel("Adresse e-mail").fill(account.email);
  await other.getByLabel("Mot de passe").fill(account.password);
  await other.getByRole("button", { name: "Se connecter" }).click();
  await other.waitForURL("**/admin/agenda");

  const before = lastOutboxId();
  await askForLink(page, account.email);
  await expectNoSeriousA11yViolations(page);
  const link = await linkFromOutbox(account.email, before);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau mot de passe" })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // two different entries are refused beside the field
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("Nouveau-Mot-De-Passe-2026");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("Autre-Chose-2026");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Les deux saisies ne correspondent pas")).toBeVisible();
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("Nouveau-Mot-De-Passe-2026");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await page.waitForURL(/\/login$/);
  await expect(page.getByText("Mot de passe modifié. Connectez-vous avec le nouveau mot de passe.")).toBeVisible();

  // the other browser lost its session
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await elsewhere.close();

  // the old password no longer works, the new one does
  await page.getByLabel("Adresse e-mail").fill(account.email);
  await page.getByLabel("Mot de passe").fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Incorrect password. Please try again.")).toBeVisible();
  await page.getByLabel("Mot de passe").fill("Nouveau-Mot-De-Passe-2026");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL(/\/admin\//);

  // the link worked once
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Lien plus valable" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Demander un nouveau lien" })).toBeVisible();
  // the refused sign-in (401) and the used link (404) are answers the test asked for
  expect(errors.filter((e) => !/status of (401|404)/.test(e))).toEqual([]);
});

test("an unknown address gets the same answer and no e-mail; a wrong link the same page as a used one", async ({ page }) => {
  const before = lastOutboxId();
  // the answer is shown once the request has been handled (an e-mail is queued before it)
  await askForLink(page, `personne.${Date.now()}@clinique.test`);
  expect(dbQuery("select id from outbox where kind = 'password_reset' and id > ?", before)).toHaveLength(0);
  const res = await page.goto(`/reinitialiser-mot-de-passe/${"A".repeat(43)}`);
  expect(res?.status()).toBe(404);
  expect(res?.headers()["cache-control"]).toContain("no-store");
  // the route's policy comes after the site's default one: the last one counts (as for /rdv)
  expect(res?.headers()["referrer-policy"].split(/[,\n]/).map((s) => s.trim()).at(-1)).toBe("same-origin");
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "same-origin");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1, name: "Lien plus valable" })).toBeVisible();
  await page.getByRole("link", { name: "Demander un nouveau lien" }).click();
  await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
});

test("after a reset, an account with two-factor sign-in is still asked for its code", async ({ page }) => {
  const account = { email: `admin.oubli.${Date.now()}@clinique.test`, password: "Ancien-Mot-De-Passe-2026", role: "admin" as const };
  const id = await ensureStaffAccount(account);
  enableTwoFactor(id);
  const before = lastOutboxId();
  await askForLink(page, account.email);
  await page.goto(await linkFromOutbox(account.email, before));
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("Nouveau-Mot-De-Passe-2026");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("Nouveau-Mot-De-Passe-2026");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await page.waitForURL(/\/login$/);
  await page.getByLabel("Adresse e-mail").fill(account.email);
  await page.getByLabel("Mot de passe").fill("Nouveau-Mot-De-Passe-2026");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Vérification en deux étapes" })).toBeVisible();
  await expect(page.getByLabel("Code de vérification")).toBeVisible();
});
