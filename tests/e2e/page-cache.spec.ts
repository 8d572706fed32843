import { expect, test, type APIRequestContext } from "@playwright/test";
import { collectConsoleErrors, E2E_DENTIST, hydrated, loginAsStaff } from "./helpers";

/**
 * The page cache (docs/architecture.md, "Page cache") as a browser sees it: public pages stored
 * whole and served to every visitor without a cookie, with a policy of script hashes under which
 * their scripts run; nothing personal stored. Its answers to cookies, 404s and If-None-Match are
 * tests/http/public-pages.test.ts; a staff change reaching every server sharing the database is
 * tests/http/page-cache-servers.test.ts.
 */
const RUN = Date.now().toString(36);

/** An anonymous GET twice: the second answer is the stored page. */
async function storedPage(request: APIRequestContext, url: string) {
  await request.get(url);
  await expect.poll(async () => (await request.get(url)).headers()["x-cache"], { timeout: 5000 }).toBe("HIT");
  return request.get(url);
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test.describe("stored public pages", () => {
  test("a stored page has a policy of hashes, no nonce, and its scripts run: the menu, the enrolment dialog, the booking key", async ({ page, playwright, baseURL }) => {
    const anon = await playwright.request.newContext({ baseURL });
    for (const url of ["/", "/formation", "/appointment", "/implants-dentaires"]) {
      const res = await storedPage(anon, url);
      const csp = res.headers()["content-security-policy"];
      expect(csp, url).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+;/);
      expect(csp, url).not.toContain("nonce-");
      expect(await res.text(), url).not.toContain(" nonce=");
    }
    await anon.dispose();

    const errors = collectConsoleErrors(page);
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
    await page.addInitScript(() => document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`)));

    await page.setViewportSize({ width: 375, height: 800 });
    const home = await page.goto("/");
    expect(home?.headers()["x-cache"]).toBe("HIT");
    await hydrated(page);
    await page.getByRole("button", { name: /menu/i }).first().click();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Blog" }).first()).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/formation");
    await hydrated(page);
    await page.getByRole("link", { name: /^S.inscrire/ }).first().click();
    await expect(page.getByRole("dialog", { name: "Inscription à la formation" })).toBeVisible();

    await page.goto("/appointment");
    await expect(page.locator('input[name="submission_key"]')).toHaveValue(/^[0-9a-f-]{36}$/);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("nothing personal is stored: a signed-in page, a flash message, a POST's answer, the staff area, a personal link", async ({ page, playwright, baseURL }) => {
    // signed in: the public page is rendered for the staff member, never taken from the store
    await loginAsStaff(page, "/admin/appointments", E2E_DENTIST);
    const signedIn = await page.request.get("/");
    expect(signedIn.headers()["x-cache"]).toBeUndefined();
    expect(nonceOf(signedIn.headers()["content-security-policy"])).toBeTruthy();

    // the flash message after signing out is shown to that browser only
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    const toastShown = page.getByText(/déconnecté/i).first();
    await expect(toastShown).toBeVisible();
    const anon = await playwright.request.newContext({ baseURL });
    const login = await anon.get("/login");
    expect(await login.text()).not.toMatch(/déconnecté/i);
    // and it goes by itself after its 4 seconds
    await expect(toastShown).toBeHidden({ timeout: 6000 });

    // the staff area and a personal link page are never candidates
    for (const url of ["/admin", "/admin/appointments", "/rdv/abcdefghijklmnopqrstuvwxyz012345"]) {
      await anon.get(url, { maxRedirects: 0 });
      const res = await anon.get(url, { maxRedirects: 0 });
      expect([url, res.headers()["x-cache"]]).toEqual([url, undefined]);
    }

    // a POST's answer (a booking refused for its fields) is not what the next visitor gets
    const posted = await anon.post("/appointment", { form: { name: `Visiteur ${RUN}`, email: "x", phone: "1", service: "", date: "", time: "", submission_key: "", website: "" }, headers: { Origin: baseURL! } });
    expect(posted.status()).toBe(400);
    expect(posted.headers()["x-cache"]).toBeUndefined();
    const next = await storedPage(anon, "/appointment");
    expect(await next.text()).not.toContain(`Visiteur ${RUN}`);
    await anon.dispose();
  });
});
