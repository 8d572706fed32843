import { expect, test, type Page } from "@playwright/test";
import { dbRun, E2E_ADMIN, ensureStaffAccount, trustBrowser } from "./helpers";

/** The e2e administrator signs in; it uses two-factor sign-in, so the browser is made one of its trusted devices first. */
async function signIn(page: Page, redirectTo?: string) {
  await trustBrowser(page.context(), await ensureStaffAccount(E2E_ADMIN));
  await page.goto(redirectTo === undefined ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Adresse e-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Mot de passe").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

test.describe("login throttle and redirect", () => {
  test("a browser that signed in before passes a block set by strangers; a new browser is told to wait", async ({ page, browser }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/admin\/agenda$/);
    const device = (await page.context().cookies()).find((c) => c.name === "clinic_device");
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(179 * 24 * 3600 * 1000);
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/login$/);

    // strangers have blocked the account for 10 minutes
    const key = `login:acct:${E2E_ADMIN.email}`;
    dbRun("insert or replace into login_throttle (key, failures, blocked_until, updated_at) values (?, 60, ?, ?)", key, new Date(Date.now() + 10 * 60_000 - 5000).toISOString(), new Date().toISOString());
    try {
      await signIn(page);
      await expect(page).toHaveURL(/\/admin\/agenda$/);

      const fresh = await browser.newContext();
      const other = await fresh.newPage();
      await signIn(other);
      await expect(other.getByRole("alert")).toHaveText("Trop de tentatives de connexion. Réessayez dans 10 minutes.");
      await expect(other).toHaveURL(/\/login$/);
      await fresh.close();
    } finally {
      dbRun("delete from login_throttle where key = ?", key);
    }
  });

  test("a tricky redirectTo never takes the browser to another host", async ({ page, baseURL }) => {
    for (const redirectTo of ["/./\\evil.example", "/..//evil.example", "/admin/../\\evil.example", "/\\evil.example", "/\t/evil.example", "/%5Cevil.example", "https:evil.example"]) {
      await page.context().clearCookies();
      await signIn(page, redirectTo);
      await page.waitForURL((u) => !u.pathname.startsWith("/login"));
      expect(new URL(page.url()).origin, JSON.stringify(redirectTo)).toBe(new URL(baseURL!).origin);
    }
  });
});
