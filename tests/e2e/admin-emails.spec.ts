import { expect, test } from "@playwright/test";
import { dbQuery, dbRun, E2E_DENTIST, expectNoSeriousA11yViolations, loginAsStaff , reviewShot } from "./helpers";

/**
 * E-mail visibility (docs/product.md, "Staff: e-mails"). The e2e server has no SMTP_URL: every
 * staff page says that sending is not configured and how many e-mails wait; an administrator
 * sees the outbox (masked recipients, no bodies) and hands a failed message back to the worker;
 * a dentist gets the 403 page.
 */
function queueFailed(to: string) {
  const r = dbRun(
    `insert into outbox (to_address, subject, body_text, status, attempts, last_error, created_at, kind, next_attempt_at)
     values (?, 'Objet e2e secret', 'Corps e2e secret', 'failed', 8, '550 <destinataire>: boîte inconnue', ?, 'appointment_confirmed', ?)`,
    to,
    new Date().toISOString(),
    new Date(Date.now() + 3_600_000).toISOString(),
  );
  return Number(r.lastInsertRowid);
}

const pending = () => dbQuery<{ n: number }>("select count(*) as n from outbox where status = 'pending'")[0].n;

test("the staff area says that e-mail sending is not configured, with the count waiting", async ({ page }) => {
  await loginAsStaff(page, "/admin/agenda");
  const banner = page.getByRole("region", { name: "Envoi des e-mails" });
  await expect(banner).toContainText("Envoi des e-mails non configuré");
  const n = pending();
  await expect(banner).toContainText(n === 0 ? "aucun e-mail en attente" : `${n} e-mail${n > 1 ? "s" : ""} en attente`);
  await expect(banner).toContainText("SMTP_URL");
  await expect(banner.getByRole("link", { name: "Voir les e-mails" })).toHaveAttribute("href", "/admin/emails");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await reviewShot(page, `banner-${width}`, { fullPage: false });
  }
});

test("an administrator sees the outbox and retries a failed message", async ({ page }) => {
  const id = queueFailed(`patient.e2e.${Date.now()}@gmail.com`);
  await loginAsStaff(page, "/admin/emails");
  await expect(page.getByRole("heading", { level: 1, name: "E-mails" })).toBeVisible();
  await expect(page.getByText("Envoi des e-mails non configuré : rien ne part")).toBeVisible();
  // the layout's banner is not repeated on this page
  await expect(page.getByRole("region", { name: "Envoi des e-mails" })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Filtrer par état" }).getByRole("link", { name: "Échec" }).click();
  await expect(page).toHaveURL(/statut=echec/);
  const card = page.getByRole("listitem", { name: `Rendez-vous confirmé · n° ${id}` });
  await expect(card).toContainText("Échec");
  await expect(card).toContainText("À : p•••@gmail.com");
  await expect(card).toContainText("550 <destinataire>: boîte inconnue");
  await expect(card).toContainText("Essais8");
  await expect(page.getByText("patient.e2e")).toHaveCount(0);
  await expect(page.getByText("Corps e2e secret")).toHaveCount(0);
  await expect(page.getByText("Objet e2e secret")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await reviewShot(page, `emails-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole("button", { name: "Réessayer" }).click();
  await expect(page.getByText("Le message est remis dans la file ; il partira quand l'envoi des e-mails sera configuré.")).toBeVisible();
  expect(dbQuery("select status, attempts, next_attempt_at from outbox where id = ?", id)).toEqual([{ status: "pending", attempts: 0, next_attempt_at: null }]);
  expect(dbQuery("select action, target_type, target_id from audit_log where action = 'outbox.retry' and target_id = ?", String(id))).toEqual([
    { action: "outbox.retry", target_type: "outbox", target_id: String(id) },
  ]);
  // it left the failed list; under 'En attente' it has nothing left to retry
  await expect(page.getByRole("listitem", { name: `Rendez-vous confirmé · n° ${id}` })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Filtrer par état" }).getByRole("link", { name: "En attente" }).click();
  const again = page.getByRole("listitem", { name: `Rendez-vous confirmé · n° ${id}` });
  await expect(again).toContainText("En attente");
  await expect(again.getByRole("button", { name: "Réessayer" })).toHaveCount(0);
});

test("a dentist gets the 403 page on /admin/emails and no 'E-mails' tab", async ({ page }) => {
  await loginAsStaff(page, "/admin/agenda", E2E_DENTIST);
  await expect(page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "E-mails" })).toHaveCount(0);
  // the banner tells a dentist what to do, without a link to a screen they cannot open
  const banner = page.getByRole("region", { name: "Envoi des e-mails" });
  await expect(banner).toContainText("Prévenez l'administrateur du site.");
  await expect(banner.getByRole("link")).toHaveCount(0);
  const res = await page.goto("/admin/emails");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Accès non autorisé" })).toBeVisible();
});
