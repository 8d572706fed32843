import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { dbQuery, loginAsStaff } from "./helpers";

/**
 * Bad input seen from a browser: staff answers are private, a cross-site sign-out is refused, and
 * a form posted past its limit shows the French 413 page. The sweep of malformed requests over
 * every route needs no browser: it runs in the HTTP tier (tests/http/bad-input.test.ts).
 */
test.describe("staff answers and sign-out", () => {
  test("staff pages, their data and the CSV export are private, no-store", async ({ page }) => {
    await loginAsStaff(page);
    for (const target of ["/admin/appointments", "/admin/appointments.data", "/admin/blog", "/admin/formations.data", "/admin/formations/sans-session/inscriptions.csv"]) {
      const res = await page.request.get(target);
      expect(res.status(), target).toBe(200);
      expect(res.headers()["cache-control"], target).toBe("private, no-store");
    }
  });

  test("/logout refuses a cross-site post (the session stays) and accepts the site's own", async ({ page }) => {
    await loginAsStaff(page);
    const sessions = () => dbQuery<{ n: number }>("select count(*) n from sessions")[0].n;
    const open = sessions();
    for (const origin of ["http://evil.example", "null", `http://127.0.0.1:${E2E_PORT + 1}`]) {
      const res = await page.request.post("/logout", { form: {}, headers: { Origin: origin }, maxRedirects: 0 });
      expect(res.status(), origin).toBe(403);
      expect(await res.text()).toContain("Accès refusé");
    }
    expect(sessions()).toBe(open);
    await page.goto("/admin/appointments");
    await expect(page.getByRole("heading", { level: 1, name: "Liste des Rendez-vous" })).toBeVisible();

    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(sessions()).toBe(open - 1);
  });

  test("a body over the limit posted by a browser form shows the French 413 page", async ({ page }) => {
    await page.goto("/login");
    // a form of the site, filled past its limit (a person cannot type 64 KiB, a script can)
    await page.evaluate(() => {
      const form = document.querySelector("form[method=post]") as HTMLFormElement;
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "padding";
      input.value = "x".repeat(100 * 1024);
      form.append(input);
      form.noValidate = true;
      HTMLFormElement.prototype.submit.call(form);
    });
    await expect(page.getByRole("heading", { level: 1, name: "Envoi trop volumineux" })).toBeVisible();
    await expect(page.getByText("Les données envoyées dépassent la taille permise. Rien n'a été enregistré.")).toBeVisible();
  });
});
