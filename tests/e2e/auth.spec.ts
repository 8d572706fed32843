import { hash } from "@node-rs/argon2";
import { expect, test, type Page } from "@playwright/test";
import { dbQuery, dbRun, E2E_ADMIN, ensureStaffAccount, expectNoSeriousA11yViolations, trustBrowser } from "./helpers";

/**
 * A staff account of its own for a test (argon2id, as the app stores them): a dentist, so that
 * two-factor sign-in is not required (tests/e2e/two-factor.spec.ts covers it).
 */
async function createStaff(label: string, password: string) {
  const email = `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@clinique.test`;
  const passwordHash = await hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const now = new Date().toISOString();
  dbRun("insert into staff_users (email, password_hash, role, created_at, updated_at) values (?, ?, 'dentist', ?, ?)", email, passwordHash, now, now);
  const [{ id }] = dbQuery<{ id: number }>("select id from staff_users where email = ?", email);
  return { email, password, id };
}

async function login(page: Page, email: string, password: string) {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** The e2e administrator uses two-factor sign-in: this browser is made one of its trusted devices. */
async function trustAdmin(page: Page) {
  await trustBrowser(page.context(), await ensureStaffAccount(E2E_ADMIN));
}

function sessionsOf(userId: number) {
  return dbQuery<{ id_hash: string }>("select id_hash from sessions where user_id = ?", userId);
}

test.describe("staff login", () => {
  test("the page keeps the dentists-only notice, asks for an e-mail and a password, and is accessible", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByText("Cette page de connexion est réservée aux dentistes.")).toBeVisible();
    await expect(page.getByLabel("Adresse e-mail")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Mot de passe")).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mot de passe oublié ?" })).toHaveAttribute("href", "/mot-de-passe-oublie");
    await expectNoSeriousA11yViolations(page);
  });

  test("success leads to today's agenda in the staff work layout", async ({ page }) => {
    await trustAdmin(page);
    await page.goto("/login");
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/agenda$/);
    await expect(page.getByText("Espace de Travail", { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /^Agenda/ })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Administration" });
    await expect(nav.getByRole("link", { name: "Agenda", exact: true })).toHaveAttribute("href", "/admin/agenda");
    await expect(nav.getByRole("link", { name: "Rendez-vous" })).toHaveAttribute("href", "/admin/appointments");
    await expect(nav.getByRole("link", { name: "Horaires et fermetures" })).toHaveAttribute("href", "/admin/horaires");
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/admin/blog");
    await expect(nav.getByRole("link", { name: "Formations" })).toHaveAttribute("href", "/admin/formations");
    await expect(nav.getByRole("link", { name: "Mon compte" })).toHaveAttribute("href", "/admin/account");
    await expect(nav.getByRole("link", { name: /^Site public/ })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    await expect(page).toHaveTitle("Agenda | Admin Dashboard");

    // /admin alone is the staff home while 'Avant la mise en ligne' has lines (the demo values), the agenda one tap away;
    // the appointments list is one tap away, as SPEC has it
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 2, name: "Avant la mise en ligne" })).toBeVisible();
    await page.getByRole("link", { name: "Ouvrir l'agenda du jour" }).click();
    await expect(page).toHaveURL(/\/admin\/agenda$/);
    await nav.getByRole("link", { name: "Rendez-vous" }).click();
    await expect(page).toHaveURL(/\/admin\/appointments$/);
    await expect(page.getByRole("heading", { level: 1, name: "Liste des Rendez-vous" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Rendez-vous" })).toHaveAttribute("aria-current", "page");
  });

  test("a wrong password shows the red box and stays; an unknown e-mail too", async ({ page }) => {
    const staff = await createStaff("mauvais", "Bon-Mot-De-Passe-1");
    await page.goto("/login");
    await login(page, staff.email, "Pas-le-bon-mot-de-passe");
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("Incorrect password. Please try again.");
    await expect(alert).toHaveClass(/bg-red-50/);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(staff.email);
    // the page is answered by the server (not hydrated): the message takes the focus, as it would in React
    await expect(alert).toBeFocused();
    expect(sessionsOf(staff.id)).toHaveLength(0);

    await login(page, "personne@clinique.test", "Pas-le-bon-mot-de-passe");
    await expect(page.getByRole("alert")).toHaveText("Incorrect password. Please try again.");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("returns to the page the user was sent away from, same-origin paths only", async ({ page }) => {
    await trustAdmin(page);
    await page.goto("/admin/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Faccount$/);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();

    await page.context().clearCookies();
    await trustAdmin(page);
    await page.goto("/login?redirectTo=https%3A%2F%2Fevil.example%2F");
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin\/agenda$/);

    await page.context().clearCookies();
    await trustAdmin(page);
    await page.goto("/login?redirectTo=%2F%2Fevil.example%2Fx");
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin\/agenda$/);
  });

  test("a blocked account is told to wait, even with the right password", async ({ page }) => {
    const staff = await createStaff("bloque", "Bon-Mot-De-Passe-2");
    const until = new Date(Date.now() + 10 * 60_000 - 5000).toISOString();
    dbRun("insert into login_throttle (key, failures, blocked_until, updated_at) values (?, 60, ?, ?)", `login:acct:${staff.email}`, until, new Date().toISOString());
    await page.goto("/login");
    await login(page, staff.email, staff.password);
    await expect(page.getByRole("alert")).toHaveText("Trop de tentatives de connexion. Réessayez dans 10 minutes.");
    await expect(page).toHaveURL(/\/login$/);
    expect(sessionsOf(staff.id)).toHaveLength(0);
  });

  test("logout destroys the session: the old cookie no longer opens the admin area", async ({ page, browser }) => {
    const staff = await createStaff("sortie", "Bon-Mot-De-Passe-3");
    await page.goto("/login");
    await login(page, staff.email, staff.password);
    await expect(page).toHaveURL(/\/admin\/agenda$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "clinic_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(sessionsOf(staff.id)).toHaveLength(1);

    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(sessionsOf(staff.id)).toHaveLength(0);
    // the sign-in page is not hydrated: its server renders the toast, which closes at its cross
    const toast = page.getByRole("status").filter({ hasText: "Vous avez été déconnecté." });
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Fermer la notification" }).click();
    await expect(toast).toBeHidden();
    await page.reload();
    await expect(page.getByText("Vous avez été déconnecté.")).toHaveCount(0);
    await page.goto("/admin/appointments");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);

    // someone who kept a copy of the cookie gets nowhere
    const replay = await browser.newContext();
    await replay.addCookies(cookies);
    const other = await replay.newPage();
    await other.goto("/admin/appointments");
    await expect(other).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fappointments$/);
    await replay.close();
  });

  test("a session idle for more than 30 minutes ends", async ({ page }) => {
    const staff = await createStaff("inactif", "Bon-Mot-De-Passe-4");
    await page.goto("/login");
    await login(page, staff.email, staff.password);
    await expect(page).toHaveURL(/\/admin\/agenda$/);
    dbRun("update sessions set last_seen_at = ? where user_id = ?", new Date(Date.now() - 31 * 60_000).toISOString(), staff.id);
    await page.goto("/admin/appointments?q=x");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fappointments%3Fq%3Dx$/);
    expect(sessionsOf(staff.id)).toHaveLength(0);
  });

  test("changing the own password needs the current one and ends every other session", async ({ page, browser }) => {
    const staff = await createStaff("compte", "Ancien-Mot-De-Passe");
    await page.goto("/login?redirectTo=%2Fadmin%2Faccount");
    await login(page, staff.email, staff.password);
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByText("Connecté avec l'adresse")).toContainText(staff.email);

    const phone = await browser.newContext();
    const phonePage = await phone.newPage();
    await phonePage.goto("/login");
    await login(phonePage, staff.email, staff.password);
    await expect(phonePage).toHaveURL(/\/admin\/agenda$/);
    expect(sessionsOf(staff.id)).toHaveLength(2);

    // wrong current password
    await page.getByLabel("Mot de passe actuel").fill("pas-le-bon-mot");
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("Nouveau-Mot-De-Passe-9");
    await page.getByLabel("Confirmer le nouveau mot de passe").fill("Nouveau-Mot-De-Passe-9");
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(page.getByText("Le mot de passe actuel est incorrect.")).toBeVisible();
    await expect(page.getByLabel("Mot de passe actuel")).toHaveAttribute("aria-invalid", "true");
    expect(sessionsOf(staff.id)).toHaveLength(2);

    await page.getByLabel("Mot de passe actuel").fill(staff.password);
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("Nouveau-Mot-De-Passe-9");
    await page.getByLabel("Confirmer le nouveau mot de passe").fill("Nouveau-Mot-De-Passe-9");
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Votre mot de passe a été modifié. Vos autres sessions ont été fermées." })).toBeVisible();
    expect(sessionsOf(staff.id)).toHaveLength(1);

    // this browser stays signed in, the other one is out
    await page.goto("/admin/appointments");
    await expect(page).toHaveURL(/\/admin\/appointments$/);
    await phonePage.goto("/admin/appointments");
    await expect(phonePage).toHaveURL(/\/login\?redirectTo=/);

    // the old password no longer works, the new one does
    await login(phonePage, staff.email, staff.password);
    await expect(phonePage.getByRole("alert")).toHaveText("Incorrect password. Please try again.");
    await login(phonePage, staff.email, "Nouveau-Mot-De-Passe-9");
    await expect(phonePage).toHaveURL(/\/admin\/appointments$/);
    await phone.close();
  });
});
